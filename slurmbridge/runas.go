package slurmbridge

import (
	"errors"
	"fmt"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
)

// Ways of running a Slurm command as another local user.
const (
	// RunAsRunuser is util-linux runuser(1): the daemon runs as root and becomes the user for
	// the one command (no PAM session, no password, no shell).
	RunAsRunuser = "runuser"
	// RunAsSudo is sudo -n -u: the daemon runs as an unprivileged account that a sudoers rule
	// lets run sbatch and scancel (only) as the mapped users.
	RunAsSudo = "sudo"
	// RunAsSetuid is what runuser does without a PAM session: the daemon, as root, starts the
	// command with the user's uid, gid and groups set by the kernel between fork and exec.
	// It spares an exec and the PAM stack per command (about 4 ms on the test machine).
	RunAsSetuid = "setuid"
)

// localUserPattern is what useradd accepts by default (and no leading dash, which runuser
// and sudo would read as an option).
var localUserPattern = regexp.MustCompile(`^[a-z_][a-z0-9_.-]{0,31}$`)

// RunAs names the local user whose identity a bridge's commands carry, so that Slurm and its
// accounting see the job as that user's, and how the daemon becomes that user. The daemon
// never holds a key or password of the user: runuser needs root, sudo a rule written by the
// site's administrator.
type RunAs struct {
	User   string
	Method string // RunAsRunuser, RunAsSudo or RunAsSetuid
	// Path is the runuser or sudo binary; empty looks it up on PATH.
	Path string
	// UID, GID, Groups and Home are the user's, for RunAsSetuid (see LookupRunAs).
	UID, GID uint32
	Groups   []uint32
	Home     string
}

func (r RunAs) validate() error {
	if !localUserPattern.MatchString(r.User) {
		return fmt.Errorf("local user name %q is not a valid user name", truncate(r.User, 40))
	}
	if r.User == "root" {
		return errors.New("jobs are never submitted as root")
	}
	switch r.Method {
	case RunAsRunuser, RunAsSudo:
	case RunAsSetuid:
		if r.UID == 0 || r.GID == 0 {
			return fmt.Errorf("run-as %s: user %s has uid %d gid %d; root's ids are refused", r.Method, r.User, r.UID, r.GID)
		}
	default:
		return fmt.Errorf("run-as method %q: use %q, %q or %q", truncate(r.Method, 20), RunAsRunuser, RunAsSudo, RunAsSetuid)
	}
	if r.Path != "" && !filepath.IsAbs(r.Path) {
		return fmt.Errorf("%s path %q must be absolute", r.Method, r.Path)
	}
	return nil
}

// As returns a bridge that runs every command as ra.User. The new bridge shares nothing
// mutable with b.
func (b *Bridge) As(ra RunAs) (*Bridge, error) {
	if err := ra.validate(); err != nil {
		return nil, fmt.Errorf("run as: %w", err)
	}
	if ra.Path == "" && ra.Method != RunAsSetuid {
		path, err := exec.LookPath(ra.Method)
		if err != nil {
			return nil, &MissingCommandError{Command: ra.Method, Path: "$PATH", Err: err}
		}
		ra.Path = path
	}
	nb := &Bridge{cfg: b.cfg, log: b.log.WithField("runAs", ra.User), runAs: &ra, observe: b.observe}
	return nb, nil
}

// RunAsUser is the local user the bridge's commands run as; empty for the daemon's own user.
func (b *Bridge) RunAsUser() string {
	if b.runAs == nil {
		return ""
	}
	return b.runAs.User
}

// wrap turns "command args…" into the runuser or sudo command line that runs it as the
// bridge's user. The target command is given by absolute path, so that neither tool looks
// it up on a PATH it may reset.
func (b *Bridge) wrap(path string, args []string) (string, []string) {
	if b.runAs == nil || b.runAs.Method == RunAsSetuid {
		return path, args
	}
	var out []string
	switch b.runAs.Method {
	case RunAsSudo:
		// -n: fail at once rather than wait for a password nobody will type.
		out = []string{"-n", "-u", b.runAs.User, "--", path}
	default:
		out = []string{"-u", b.runAs.User, "--", path}
	}
	return b.runAs.Path, append(out, args...)
}

// LookupRunAs resolves a local user's ids and groups from the password and group databases,
// for RunAsSetuid.
func LookupRunAs(name string) (RunAs, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return RunAs{}, fmt.Errorf("local user %s: %w", name, err)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return RunAs{}, fmt.Errorf("local user %s has a non-numeric uid or gid", name)
	}
	ra := RunAs{User: name, Method: RunAsSetuid, UID: uint32(uid), GID: uint32(gid), Home: u.HomeDir}
	groups, err := u.GroupIds()
	if err != nil {
		return RunAs{}, fmt.Errorf("groups of %s: %w", name, err)
	}
	for _, g := range groups {
		id, err := strconv.ParseUint(g, 10, 32)
		if err != nil {
			return RunAs{}, fmt.Errorf("local user %s has a non-numeric group id %q", name, g)
		}
		ra.Groups = append(ra.Groups, uint32(id))
	}
	return ra, nil
}

// credential is the process credential for RunAsSetuid, nil otherwise.
func (b *Bridge) credential() *syscall.Credential {
	if b.runAs == nil || b.runAs.Method != RunAsSetuid {
		return nil
	}
	return &syscall.Credential{Uid: b.runAs.UID, Gid: b.runAs.GID, Groups: b.runAs.Groups}
}

// identityEnv is what runuser would set: the user's HOME, USER and LOGNAME.
func (b *Bridge) identityEnv() []string {
	if b.runAs == nil || b.runAs.Method != RunAsSetuid {
		return nil
	}
	home := b.runAs.Home
	if home == "" {
		home = "/"
	}
	return []string{"HOME=" + home, "USER=" + b.runAs.User, "LOGNAME=" + b.runAs.User}
}
