package workflows

import (
	_ "embed"
	"errors"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/petagrid/petagrid/internal/strictyaml"
)

// Runtime is how a step's command runs on the compute nodes.
type Runtime string

// Container runtimes.
const (
	RuntimeApptainer Runtime = "apptainer"
	RuntimeEnroot    Runtime = "enroot" // through the pyxis SPANK plugin's srun options
	// RuntimeCharliecloud runs directory images and tarballs the site prepares with ch-run,
	// unprivileged, in a user namespace.
	RuntimeCharliecloud Runtime = "charliecloud"
	RuntimeNone         Runtime = "none"
)

// SiteProfile is what a site knows and researchers never type: how containers run, which
// devices and variables GPUs and InfiniBand need, where things live, and the site's limits.
// It is part of the site daemon's configuration.
type SiteProfile struct {
	Name    string  `yaml:"name"`
	Runtime Runtime `yaml:"runtime"`
	// Srun is the srun command used inside jobs (a name looked up in PATH, or absolute).
	Srun      string           `yaml:"srun"`
	Apptainer ApptainerProfile `yaml:"apptainer"`
	// Charliecloud configures runtime charliecloud.
	Charliecloud CharliecloudProfile `yaml:"charliecloud"`
	GPU          GPUProfile          `yaml:"gpu"`
	InfiniBand   InfiniBandProfile   `yaml:"infiniband"`
	MPI          MPIProfile          `yaml:"mpi"`
	Partitions   PartitionProfile    `yaml:"partitions"`
	Account      string              `yaml:"account"`
	QOS          string              `yaml:"qos"`
	// AllowedMounts are the host paths researchers may bind into containers.
	AllowedMounts []AllowedMount `yaml:"allowedMounts"`
	// MaxTime caps a step's whole job (every attempt, backoff and staging).
	MaxTime time.Duration `yaml:"maxTime"`
	// DefaultTime is one attempt's time when a workflow gives none.
	DefaultTime time.Duration `yaml:"defaultTime"`
	// SetupTime is added to a step's time limit for staging inputs, pulling the image and
	// publishing outputs.
	SetupTime time.Duration `yaml:"setupTime"`
	// MaxArraySize is Slurm's MaxArraySize: a matrix may have at most this many combinations.
	MaxArraySize int `yaml:"maxArraySize"`
	// WorkspaceRoot holds one workspace per run, on storage every compute node mounts.
	WorkspaceRoot string `yaml:"workspaceRoot"`
	// SecretsDir holds one directory per user with one file per secret, readable by that
	// user only; jobs read SecretsDir/USER/REF when a step starts.
	SecretsDir string `yaml:"secretsDir"`
}

// ApptainerProfile configures the apptainer runtime.
type ApptainerProfile struct {
	Binary string `yaml:"binary"`
	// ImageCache holds SIF files pulled from docker:// references, one per reference.
	ImageCache string `yaml:"imageCache"`
	// Flags are added to every apptainer exec (e.g. --no-home, --writable-tmpfs); flags that
	// would drop the environment or the binds are refused.
	Flags []string `yaml:"flags"`
}

// CharliecloudProfile configures the charliecloud runtime.
type CharliecloudProfile struct {
	// Binary is the ch-run command.
	Binary string `yaml:"binary"`
	// ImageCache holds image tarballs unpacked into directories, per user and per tarball
	// version, because ch-run runs directories.
	ImageCache string `yaml:"imageCache"`
	// Flags are added to every ch-run; only those in allowedCharliecloudFlags are accepted.
	Flags []string `yaml:"flags"`
}

// GPUProfile applies to steps that ask for GPUs.
type GPUProfile struct {
	// Env holds variables such as NCCL_* defaults; a workflow's env overrides them.
	Env map[string]string `yaml:"env"`
}

// InfiniBandProfile applies to MPI steps and steps on more than one node.
type InfiniBandProfile struct {
	Enabled bool `yaml:"enabled"`
	// Binds are host paths bound into containers at the same place (/dev/infiniband,
	// /etc/libibverbs.d, provider libraries).
	Binds []string `yaml:"binds"`
	// Env holds UCX_* and similar defaults; a workflow's env overrides them.
	Env map[string]string `yaml:"env"`
}

// MPIProfile names the site's srun --mpi plugins.
type MPIProfile struct {
	PMIx string `yaml:"pmix"`
	PMI2 string `yaml:"pmi2"`
}

// PartitionProfile chooses a partition from what a step asks for.
type PartitionProfile struct {
	// Default is used for steps without GPUs ("" leaves it to Slurm).
	Default string `yaml:"default"`
	// GPU is used for steps with GPUs of no particular type, or of a type not in GPUTypes
	// when GPUTypes is empty.
	GPU string `yaml:"gpu"`
	// GPUTypes maps a gpuType to its partition; when set, other types are refused.
	GPUTypes map[string]string `yaml:"gpuTypes"`
}

// AllowedMount is a host path (and everything below it) researchers may bind.
type AllowedMount struct {
	Path      string `yaml:"path"`
	ReadWrite bool   `yaml:"readWrite"`
}

//go:embed profiles/default.yaml
var defaultProfileYAML []byte

// DefaultProfile is the built-in profile (profiles/default.yaml): Apptainer, no InfiniBand.
func DefaultProfile() *SiteProfile {
	p, err := LoadProfile("default profile", nil)
	if err != nil {
		// The embedded file is checked by a test; this cannot happen in a released binary.
		panic(fmt.Sprintf("embedded default site profile is invalid: %v", err))
	}
	return p
}

// LoadProfile reads a site profile over the built-in one, so a site writes only what
// differs, and checks the result.
func LoadProfile(file string, data []byte) (*SiteProfile, error) {
	p := &SiteProfile{}
	if err := strictyaml.Unmarshal("built-in default profile", defaultProfileYAML, p); err != nil {
		return nil, err
	}
	if err := strictyaml.Unmarshal(file, data, p); err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return p, nil
}

// refusedApptainerFlags would take away what steps rely on: the environment (secrets,
// PETAGRID_* and the PMI variables MPI ranks need) or the workspace binds.
var refusedApptainerFlags = map[string]string{
	"--cleanenv":     "it drops secrets, PETAGRID_* variables and the PMI variables MPI ranks need",
	"--containall":   "it implies --cleanenv, which drops secrets, PETAGRID_* variables and the PMI variables MPI ranks need",
	"--no-mount":     "steps need the workspace bind",
	"--bind":         "binds come from allowedMounts and infiniband.binds",
	"--env-file":     "PetaGrid writes each step's env file",
	"--fakeroot":     "jobs run as the researcher's own user",
	"--writable":     "images are shared read-only",
	"--userns":       "leave namespace choices to the site's apptainer.conf",
	"--add-caps":     "jobs get no extra capabilities",
	"--allow-setuid": "jobs get no setuid",
	"--compat":       "it implies --containall and --cleanenv, which drop the environment steps need",
	"--oci":          "OCI mode runs with a clean environment, which drops what steps need",
}

// allowedCharliecloudFlags are the ch-run flags a site may add. The rest would change the
// user, the image, the environment or the binds PetaGrid sets up, so the list is closed.
var allowedCharliecloudFlags = map[string]bool{
	"--private-tmp": true, // a private /tmp instead of the node's
	"--no-passwd":   true, // the image's own /etc/passwd and /etc/group
	"--home":        true, // the user's home at /home/USER
}

var (
	slurmName     = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,128}$`)
	commandName   = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)
	apptainerFlag = regexp.MustCompile(`^--[a-z][a-z0-9-]*$`)
)

// Validate checks a profile. Every value in it reaches scripts, so it is held to the same
// charset rules as researchers' input even though admins write it.
func (p *SiteProfile) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	switch p.Runtime {
	case RuntimeApptainer, RuntimeEnroot, RuntimeCharliecloud, RuntimeNone:
	default:
		bad("runtime %+q must be apptainer, enroot, charliecloud or none", p.Runtime)
	}
	for label, c := range map[string]string{"srun": p.Srun, "apptainer.binary": p.Apptainer.Binary, "charliecloud.binary": p.Charliecloud.Binary} {
		if !commandName.MatchString(c) && checkMountPath(c) != nil {
			bad("%s %+q must be a command name or an absolute path", label, c)
		}
	}
	for _, f := range p.Apptainer.Flags {
		if !apptainerFlag.MatchString(f) {
			bad("apptainer.flags: %+q must be a flag such as --no-home (no values)", f)
		} else if why, refused := refusedApptainerFlags[f]; refused {
			bad("apptainer.flags: %s is not allowed: %s", f, why)
		}
	}
	for _, f := range p.Charliecloud.Flags {
		if !allowedCharliecloudFlags[f] {
			bad("charliecloud.flags: %+q is not allowed (allowed: --home, --no-passwd, --private-tmp)", clip(f))
		}
	}
	for label, dir := range map[string]string{"apptainer.imageCache": p.Apptainer.ImageCache, "charliecloud.imageCache": p.Charliecloud.ImageCache, "workspaceRoot": p.WorkspaceRoot} {
		if err := checkMountPath(dir); err != nil || dir == "/" {
			bad("%s: must be an absolute directory path of letters, digits and . _ @ + / -", label)
		}
	}
	if p.SecretsDir != "" {
		if err := checkMountPath(p.SecretsDir); err != nil {
			bad("secretsDir: %v", err)
		}
	}
	for _, b := range p.InfiniBand.Binds {
		if err := checkMountPath(b); err != nil {
			bad("infiniband.binds: %v", err)
		}
	}
	for label, env := range map[string]map[string]string{"gpu.env": p.GPU.Env, "infiniband.env": p.InfiniBand.Env} {
		for k, v := range env {
			if !identPattern.MatchString(k) || strings.ContainsRune(v, 0) {
				bad("%s: %+q is not a valid variable", label, k)
			} else if err := controlError(v, true); err != nil {
				bad("%s: %s %v", label, k, err)
			} else if p.Runtime == RuntimeCharliecloud && strings.Contains(v, "\n") {
				bad("%s: %s holds a newline, which ch-run's --set-env file cannot carry", label, k)
			}
		}
	}
	for label, v := range map[string]string{"mpi.pmix": p.MPI.PMIx, "mpi.pmi2": p.MPI.PMI2} {
		if v != "" && !slurmName.MatchString(v) {
			bad("%s %+q is not an srun --mpi plugin name", label, v)
		}
	}
	names := map[string]string{"partitions.default": p.Partitions.Default, "partitions.gpu": p.Partitions.GPU, "account": p.Account, "qos": p.QOS}
	for t, part := range p.Partitions.GPUTypes {
		names["partitions.gpuTypes."+t] = part
		if !gpuTypePattern.MatchString(t) {
			bad("partitions.gpuTypes: %+q is not a GPU type name", t)
		}
	}
	for label, v := range names {
		if v != "" && !slurmName.MatchString(v) {
			bad("%s %+q is not a Slurm name", label, v)
		}
	}
	for _, m := range p.AllowedMounts {
		if err := checkMountPath(m.Path); err != nil {
			bad("allowedMounts: %v", err)
		}
	}
	if p.MaxTime <= 0 || p.DefaultTime <= 0 || p.SetupTime < 0 {
		bad("maxTime and defaultTime must be positive, setupTime not negative")
	}
	if p.DefaultTime > p.MaxTime {
		bad("defaultTime %s is longer than maxTime %s", p.DefaultTime, p.MaxTime)
	}
	if p.MaxArraySize < 1 || p.MaxArraySize > 4000001 {
		bad("maxArraySize %d must be between 1 and 4000001 (Slurm's range)", p.MaxArraySize)
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errors.Join(errs...)
}

// allowedMount returns the allowed path under which the site lets a step bind source
// (read-write when rw).
func (p *SiteProfile) allowedMount(source string, rw bool) (string, bool) {
	for _, m := range p.AllowedMounts {
		if (source == m.Path || strings.HasPrefix(source, strings.TrimSuffix(m.Path, "/")+"/")) && (!rw || m.ReadWrite) {
			return m.Path, true
		}
	}
	return "", false
}

// partitionFor picks the partition for a step's GPU request.
func (p *SiteProfile) partitionFor(gpus bool, gpuType string) (string, error) {
	if !gpus {
		return p.Partitions.Default, nil
	}
	if gpuType != "" && len(p.Partitions.GPUTypes) > 0 {
		part, ok := p.Partitions.GPUTypes[gpuType]
		if !ok {
			known := make([]string, 0, len(p.Partitions.GPUTypes))
			for t := range p.Partitions.GPUTypes {
				known = append(known, t)
			}
			sort.Strings(known)
			return "", fmt.Errorf("this site has no GPUs of type %s (it has: %s)", gpuType, strings.Join(known, ", "))
		}
		return part, nil
	}
	if p.Partitions.GPU != "" {
		return p.Partitions.GPU, nil
	}
	return p.Partitions.Default, nil
}

// imageCachePath is where the SIF pulled from a docker:// reference lives.
func (p *SiteProfile) imageCachePath(image string) string {
	return path.Join(p.Apptainer.ImageCache, sha256Hex([]byte(image))+".sif")
}
