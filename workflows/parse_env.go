package workflows

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// reservedEnvPrefixes are names a researcher may not set: they steer srun, sbatch, the
// container runtime, the dynamic loader or PetaGrid itself (APPTAINER_BIND would bypass the
// mount allow-list, SLURM_* and SRUN_* change how steps launch, LD_PRELOAD loads code into
// every process, BASH_* changes how the step's own shell behaves).
var reservedEnvPrefixes = []string{"SLURM_", "SBATCH_", "SRUN_", "SALLOC_", "APPTAINER", "SINGULARITY", "ENROOT_", "PYXIS_", "PMIX_", "PMI_", "PETAGRID_", "PG_", "BASH", "LD_", "COMP_", "NVIDIA_", "MELLANOX_"}

// reservedEnvNames are single names with the same power: the shell's own variables (some
// evaluate what is assigned to them, like RANDOM), the C library's loader and locale knobs,
// the GPU visibility Slurm sets, names Apptainer will not take, and what the site sets for
// every job. NVIDIA_* and MELLANOX_* are passed by pyxis to enroot's device hooks.
var reservedEnvNames = []string{"ENV", "IFS", "PS4", "SHELLOPTS", "CDPATH", "GLOBIGNORE", "FUNCNEST", "EXECIGNORE",
	"POSIXLY_CORRECT", "TMOUT", "PROMPT_COMMAND", "OPTIND", "OPTARG", "UID", "EUID", "PPID", "SHLVL", "HISTFILE",
	"GLIBC_TUNABLES", "GCONV_PATH", "LOCPATH", "NLSPATH", "HOSTALIASES", "RESOLV_HOST_CONF", "MALLOC_CHECK_",
	"RANDOM", "SRANDOM", "HISTCMD", "SECONDS", "LINENO", "EPOCHSECONDS", "EPOCHREALTIME", "GROUPS", "FUNCNAME",
	"DIRSTACK", "PWD", "OLDPWD", "GID", "CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "GPU_DEVICE_ORDINAL",
	"HOME", "USER", "LOGNAME", "PATH", "SHELL", "TMPDIR"}

func (d *decoder) env(n *yaml.Node) []EnvVar {
	pairs, ok := d.pairs(n, "env")
	if !ok {
		return nil
	}
	if len(pairs) > MaxEnvVars {
		d.fail(n, "env has %d variables; the limit is %d", len(pairs), MaxEnvVars)
		return nil
	}
	var out []EnvVar
	for _, p := range pairs {
		name := p.key.Value
		if !d.envName(p.key, name) {
			continue
		}
		v, ok := d.scalarText(p.value, "env "+name)
		if !ok {
			continue
		}
		if len(v) > MaxStringBytes {
			d.fail(p.value, "env %s is longer than %d bytes", name, MaxStringBytes)
			continue
		}
		if err := controlError(v, true); err != nil {
			// Apptainer's env-file reader turns CR LF into LF; other controls hide text.
			d.fail(p.value, "env %s %v", name, err)
			continue
		}
		t, err := parseText(v, posOf(p.value))
		if err != nil {
			d.fail(p.value, "env %s: %v", name, err)
			continue
		}
		out = append(out, EnvVar{Name: name, Value: t, At: posOf(p.key)})
	}
	return out
}

func (d *decoder) envName(n *yaml.Node, name string) bool {
	if !identPattern.MatchString(name) || len(name) > 128 {
		d.fail(n, "environment variable name %+q must match ^[A-Za-z_][A-Za-z0-9_]*$ (at most 128)", clip(name))
		return false
	}
	upper := strings.ToUpper(name)
	for _, p := range reservedEnvPrefixes {
		if strings.HasPrefix(upper, p) {
			d.fail(n, "environment variable %s is reserved: names starting with %s steer Slurm, the container runtime or PetaGrid", name, p)
			return false
		}
	}
	if contains(reservedEnvNames, upper) {
		d.fail(n, "environment variable %s is reserved: it is set by the site", name)
		return false
	}
	return true
}

func (d *decoder) secrets(n *yaml.Node) []SecretRef {
	pairs, ok := d.pairs(n, "secrets")
	if !ok {
		return nil
	}
	var out []SecretRef
	for _, p := range pairs {
		if !d.envName(p.key, p.key.Value) {
			continue
		}
		ref, ok := d.str(p.value, "secret "+p.key.Value)
		if !ok {
			continue
		}
		if !secretRefPattern.MatchString(ref) {
			d.fail(p.value, "secret reference %+q must be the name of a secret held by the site (1-128 characters from A-Z a-z 0-9 . _ -), never the secret itself", clip(ref))
			continue
		}
		out = append(out, SecretRef{Name: p.key.Value, Ref: ref, At: posOf(p.key)})
	}
	return out
}
