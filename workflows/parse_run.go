package workflows

import (
	"fmt"
	"strings"

	"github.com/petagrid/petagrid/internal/strictyaml"
	"gopkg.in/yaml.v3"
)

func (d *decoder) run(n *yaml.Node, step string) Run {
	r := Run{At: posOf(resolve(n))}
	f, ok := d.mapping(n, "run", "image", "command", "shell", "workdir", "mounts", "mpi")
	if !ok {
		return r
	}
	if v, ok := f["image"]; ok {
		if s, ok := d.str(v.value, "image"); ok {
			if err := checkImage(s); err != nil {
				d.fail(v.value, "%v", err)
			} else {
				r.Image = some(s, posOf(v.value))
			}
		}
	}
	cmd, hasCmd := f["command"]
	sh, hasShell := f["shell"]
	switch {
	case hasCmd && hasShell:
		d.fail(sh.key, "%s has both command and shell; use command (an argv list) or, when you need a shell, shell alone", step)
	case hasCmd:
		r.Command = d.command(cmd.value)
	case hasShell:
		r.Shell = d.shell(sh.value)
	default:
		d.fail(n, "run needs a command (an argv list such as [python, train.py]) or a shell script")
	}
	if v, ok := f["workdir"]; ok {
		if s, ok := d.str(v.value, "workdir"); ok {
			if err := checkPath(s, true); err != nil {
				d.fail(v.value, "workdir: %v", err)
			} else {
				r.Workdir = some(s, posOf(v.value))
			}
		}
	}
	if v, ok := f["mounts"]; ok {
		r.Mounts = d.mounts(v.value)
	}
	if v, ok := f["mpi"]; ok {
		r.MPI = d.mpi(v.value)
	}
	return r
}

// shell reads a shell script, which is run as it is written: nothing is interpolated into
// it.
func (d *decoder) shell(n *yaml.Node) Opt[string] {
	s, ok := d.str(n, "shell")
	if !ok {
		return Opt[string]{}
	}
	switch {
	case strings.TrimSpace(s) == "":
		d.fail(n, "shell is empty")
	case len(s) > MaxStringBytes:
		d.fail(n, "shell is longer than %d bytes", MaxStringBytes)
	case controlError(s, true) != nil:
		d.fail(n, "shell %v: sbatch refuses carriage returns, and the others hide or reorder text on a terminal", controlError(s, true))
	case strings.Contains(s, "${{"):
		d.fail(n, "shell scripts cannot interpolate ${{ … }}: the value would become shell code. Pass it through env (env: {X: \"${{ params.x }}\"}) and use \"$X\" in the script")
	default:
		return some(s, posOf(n))
	}
	return Opt[string]{}
}

// mpi reads the MPI plugin a step asks for.
func (d *decoder) mpi(n *yaml.Node) Opt[MPI] {
	s, ok := d.str(n, "mpi")
	if !ok {
		return Opt[MPI]{}
	}
	switch MPI(s) {
	case MPINone, MPIPMIx, MPIPMI2:
		return some(MPI(s), posOf(n))
	}
	d.fail(n, "mpi must be pmix, pmi2 or none, got %+q%s", clip(s), strictyaml.Suggest(s, []string{"pmix", "pmi2", "none"}))
	return Opt[MPI]{}
}

func (d *decoder) command(n *yaml.Node) []Text {
	n = resolve(n)
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" {
		d.fail(n, "command must be a list of words such as [python, train.py, --epochs, \"10\"]; for a shell command line write shell: instead")
		return nil
	}
	items, ok := d.list(n, "command")
	if !ok {
		return nil
	}
	if len(items) == 0 {
		d.fail(n, "command is empty")
		return nil
	}
	if len(items) > MaxCommandWords {
		d.fail(n, "command has %d words; the limit is %d", len(items), MaxCommandWords)
		return nil
	}
	out := make([]Text, 0, len(items))
	for i, it := range items {
		s, ok := d.scalarText(it, fmt.Sprintf("command word %d", i+1))
		if !ok {
			continue
		}
		if len(s) > MaxStringBytes {
			d.fail(it, "command word %d is longer than %d bytes", i+1, MaxStringBytes)
			continue
		}
		if err := controlError(s, true); err != nil {
			d.fail(it, "command word %d %v: sbatch refuses carriage returns, and the others hide or reorder text on a terminal", i+1, err)
			continue
		}
		t, err := parseText(s, posOf(it))
		if err != nil {
			d.fail(it, "%v", err)
			continue
		}
		out = append(out, t)
	}
	if len(out) > 0 {
		if w, ok := out[0].literal(); ok && w == "" {
			d.fail(items[0], "the first command word (the program) is empty")
		}
	}
	return out
}

func (d *decoder) mounts(n *yaml.Node) []Mount {
	items, ok := d.list(n, "mounts")
	if !ok {
		return nil
	}
	var out []Mount
	for _, it := range items {
		f, ok := d.mapping(it, "mount", "source", "target", "readOnly")
		if !ok {
			continue
		}
		m := Mount{ReadOnly: true, At: posOf(it)}
		good := true
		if v, ok := f["source"]; ok {
			if s, ok := d.str(v.value, "source"); ok {
				if err := checkMountPath(s); err != nil {
					d.fail(v.value, "mount source: %v", err)
					good = false
				}
				m.Source = s
			}
		} else {
			d.fail(it, "mount needs a source (a host path the site allows)")
			good = false
		}
		m.Target = m.Source
		if v, ok := f["target"]; ok {
			if s, ok := d.str(v.value, "target"); ok {
				if err := checkMountPath(s); err != nil {
					d.fail(v.value, "mount target: %v", err)
					good = false
				}
				m.Target = s
			}
		}
		if v, ok := f["readOnly"]; ok {
			m.ReadOnly, _ = d.boolean(v.value, "readOnly")
		}
		if good {
			out = append(out, m)
		}
	}
	return out
}
