package slurmbridge

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
)

// Ways of running a Slurm command as another local user.
const (
	// RunAsRunuser is util-linux runuser(1): the daemon runs as root and becomes the user for
	// the one command (no PAM session, no password, no shell).
	RunAsRunuser = "runuser"
	// RunAsSudo is sudo -n -u: the daemon runs as an unprivileged account that a sudoers rule
	// lets run sbatch and scancel (only) as the mapped users.
	RunAsSudo = "sudo"
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
	Method string // RunAsRunuser or RunAsSudo
	// Path is the runuser or sudo binary; empty looks it up on PATH.
	Path string
}

func (r RunAs) validate() error {
	if !localUserPattern.MatchString(r.User) {
		return fmt.Errorf("local user name %q is not a valid user name", truncate(r.User, 40))
	}
	if r.User == "root" {
		return errors.New("jobs are never submitted as root")
	}
	if r.Method != RunAsRunuser && r.Method != RunAsSudo {
		return fmt.Errorf("run-as method %q: use %q or %q", truncate(r.Method, 20), RunAsRunuser, RunAsSudo)
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
	if ra.Path == "" {
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
	if b.runAs == nil {
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
