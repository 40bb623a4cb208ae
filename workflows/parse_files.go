package workflows

import (
	"path"

	"gopkg.in/yaml.v3"
)

func (d *decoder) inputs(n *yaml.Node) []Input {
	items, ok := d.list(n, "inputs")
	if !ok {
		return nil
	}
	var out []Input
	for _, it := range items {
		f, ok := d.mapping(it, "input", "url", "path", "sha256")
		if !ok {
			continue
		}
		in := Input{At: posOf(it)}
		good := true
		for _, key := range []string{"url", "path", "sha256"} {
			if _, ok := f[key]; !ok {
				d.fail(it, "input needs %s", key)
				good = false
			}
		}
		if !good {
			continue
		}
		if s, ok := d.str(f["url"].value, "url"); ok {
			if err := checkURL(s); err != nil {
				d.fail(f["url"].value, "input url: %v", err)
				good = false
			}
			in.URL = s
		}
		if s, ok := d.str(f["path"].value, "path"); ok {
			if err := checkPath(s, false); err != nil {
				d.fail(f["path"].value, "input path: %v", err)
				good = false
			}
			in.Path = path.Clean(s)
		}
		if s, ok := d.str(f["sha256"].value, "sha256"); ok {
			if !sha256Pattern.MatchString(s) {
				d.fail(f["sha256"].value, "sha256 must be 64 lowercase hex digits (the output of sha256sum)")
				good = false
			}
			in.SHA256 = s
		}
		if good {
			out = append(out, in)
		}
	}
	return out
}

func (d *decoder) outputs(n *yaml.Node) []Output {
	items, ok := d.list(n, "outputs")
	if !ok {
		return nil
	}
	if len(items) > MaxOutputs {
		// Each output of an array step is checked for every array task when compiled.
		d.fail(n, "outputs has %d entries; the limit is %d (list a directory to keep many files)", len(items), MaxOutputs)
		return nil
	}
	var out []Output
	for _, it := range items {
		if o, ok := d.output(it); ok {
			out = append(out, o)
		}
	}
	return out
}

// output reads one output: a path in the workspace, and where to publish it. It reports
// whether the output can be kept.
func (d *decoder) output(n *yaml.Node) (Output, bool) {
	f, ok := d.mapping(n, "output", "path", "publish")
	if !ok {
		return Output{}, false
	}
	o := Output{At: posOf(n)}
	v, ok := f["path"]
	if !ok {
		d.fail(n, "output needs a path (relative to the workspace)")
		return Output{}, false
	}
	s, ok := d.str(v.value, "path")
	if !ok {
		return Output{}, false
	}
	t, err := parseText(s, posOf(v.value))
	if err != nil {
		d.fail(v.value, "output path: %v", err)
		return Output{}, false
	}
	if lit, isLit := t.literal(); isLit {
		if err := checkPath(lit, false); err != nil {
			d.fail(v.value, "output path: %v", err)
			return Output{}, false
		}
	}
	o.Path = t
	if v, ok := f["publish"]; ok {
		if u, ok := d.str(v.value, "publish"); ok {
			t, err := parseText(u, posOf(v.value))
			if err != nil {
				d.fail(v.value, "publish: %v", err)
				return Output{}, false
			}
			if lit, isLit := t.literal(); isLit {
				if err := checkURL(lit); err != nil {
					d.fail(v.value, "publish: %v", err)
					return Output{}, false
				}
			}
			o.Publish = some(t, posOf(v.value))
		}
	}
	return o, true
}
