package workflows

import (
	"strconv"

	"gopkg.in/yaml.v3"
)

func (d *decoder) matrix(n *yaml.Node) *Matrix {
	pairs, ok := d.pairs(n, "matrix")
	if !ok {
		return nil
	}
	m := &Matrix{At: posOf(resolve(n))}
	for _, p := range pairs {
		switch p.key.Value {
		case "include":
			m.Include = d.combinations(p.value, "include", MaxMatrixElements)
		case "exclude":
			m.Exclude = d.combinations(p.value, "exclude", MaxMatrixExcludes)
		case "maxParallel":
			m.MaxParallel, _ = d.intField(p.value, "maxParallel", 1, 1<<20)
		default:
			name := p.key.Value
			if !identPattern.MatchString(name) || len(name) > 64 {
				d.fail(p.key, "matrix axis %+q must be a letter or _ followed by letters, digits or _ (include, exclude and maxParallel are the other keys)", clip(name))
				continue
			}
			items, ok := d.list(p.value, "matrix axis "+name)
			if !ok {
				continue
			}
			if len(items) == 0 {
				d.fail(p.value, "matrix axis %s has no values", name)
				continue
			}
			if len(items) > MaxAxisValues {
				d.fail(p.value, "matrix axis %s has %d values; the limit is %d", name, len(items), MaxAxisValues)
				continue
			}
			if len(m.Axes) == MaxMatrixAxes {
				// Every array task holds a value of every axis: past the limit, stop reading.
				d.fail(p.key, "matrix has more than %d axes; the limit is %d", MaxMatrixAxes, MaxMatrixAxes)
				return m
			}
			ax := Axis{Name: name, At: posOf(p.key)}
			for _, it := range items {
				if s, ok := d.matrixValue(it, name); ok {
					ax.Values = append(ax.Values, s)
				}
			}
			m.Axes = append(m.Axes, ax)
		}
	}
	if len(m.Axes) == 0 && len(m.Include) == 0 {
		d.fail(n, "matrix has no axes: add e.g. lr: [0.1, 0.01]")
	}
	return m
}

func (d *decoder) matrixValue(n *yaml.Node, axis string) (string, bool) {
	s, ok := d.scalarText(n, "matrix value of "+axis)
	if ok && len(s) > 4096 {
		d.fail(n, "matrix value of %s is longer than 4096 bytes", axis)
		return "", false
	}
	return s, ok
}

// combinations reads include or exclude entries, at most limit of them: past it the list is
// refused whole, before any entry is read.
func (d *decoder) combinations(n *yaml.Node, what string, limit int) []Combination {
	items, ok := d.list(n, what)
	if !ok {
		return nil
	}
	if len(items) > limit {
		d.fail(n, "matrix %s has %d entries; the limit is %d", what, len(items), limit)
		return nil
	}
	var out []Combination
	for _, it := range items {
		pairs, ok := d.pairs(it, what+" entry")
		if !ok {
			continue
		}
		c := Combination{Values: map[string]string{}, At: posOf(it)}
		for _, p := range pairs {
			if s, ok := d.matrixValue(p.value, p.key.Value); ok {
				c.Values[p.key.Value] = s
			}
		}
		out = append(out, c)
	}
	return out
}

// forLoop reads `for: {var, items | range, maxParallel}`, a one-axis matrix.
func (d *decoder) forLoop(n *yaml.Node) *Matrix {
	f, ok := d.mapping(n, "for", "var", "items", "range", "maxParallel")
	if !ok {
		return nil
	}
	m := &Matrix{At: posOf(resolve(n))}
	ax := Axis{Name: "item", At: posOf(resolve(n))}
	if v, ok := f["var"]; ok {
		if s, ok := d.str(v.value, "for var"); ok {
			if !identPattern.MatchString(s) || len(s) > 64 {
				d.fail(v.value, "for var %+q must be a letter or _ followed by letters, digits or _", clip(s))
			} else {
				ax.Name = s
			}
		}
	}
	items, hasItems := f["items"]
	rng, hasRange := f["range"]
	switch {
	case hasItems && hasRange:
		d.fail(rng.key, "for has both items and range; use one")
	case hasItems:
		list, ok := d.list(items.value, "for items")
		if ok && len(list) == 0 {
			d.fail(items.value, "for items is empty")
		}
		if len(list) > MaxMatrixElements {
			d.fail(items.value, "for items has %d values; the limit is %d", len(list), MaxMatrixElements)
			list = nil
		}
		for _, it := range list {
			if s, ok := d.matrixValue(it, ax.Name); ok {
				ax.Values = append(ax.Values, s)
			}
		}
	case hasRange:
		ax.Values = d.forRange(rng.value)
	default:
		d.fail(n, "for needs items (a list) or range ({from, to, step})")
	}
	if v, ok := f["maxParallel"]; ok {
		m.MaxParallel, _ = d.intField(v.value, "maxParallel", 1, 1<<20)
	}
	if len(ax.Values) > 0 {
		m.Axes = []Axis{ax}
	}
	return m
}

func (d *decoder) forRange(n *yaml.Node) []string {
	f, ok := d.mapping(n, "range", "from", "to", "step")
	if !ok {
		return nil
	}
	from, to, step := int64(0), int64(0), int64(1)
	good := true
	get := func(key string, dst *int64, required bool) {
		v, ok := f[key]
		if !ok {
			if required {
				d.fail(n, "range needs %s", key)
				good = false
			}
			return
		}
		x, ok := d.integer(v.value, "range "+key, -1<<40, 1<<40)
		if !ok {
			good = false
		}
		*dst = x
	}
	get("from", &from, true)
	get("to", &to, true)
	get("step", &step, false)
	if !good {
		return nil
	}
	if step <= 0 {
		d.fail(f["step"].value, "range step must be positive")
		return nil
	}
	if to < from {
		d.fail(n, "range is empty: to (%d) is below from (%d)", to, from)
		return nil
	}
	count := (to-from)/step + 1
	if count > MaxMatrixElements {
		d.fail(n, "range has %d values; the limit is %d", count, MaxMatrixElements)
		return nil
	}
	out := make([]string, 0, count)
	for v := from; v <= to; v += step {
		out = append(out, strconv.FormatInt(v, 10))
	}
	return out
}
