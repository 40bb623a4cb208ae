package workflows

import (
	"fmt"
	"hash/maphash"
	"strings"
)

// checkOutputPaths checks output paths once parameters are in, as every array task will
// see them: a parameter or matrix value must not lead a path out of the workspace.
func (c *compiler) checkOutputPaths(ctx *stepContext) {
	for _, o := range ctx.outputs {
		c.checkExpanded(ctx, o.Path, o.At, "output path", func(_ int, v string) error { return checkPath(v, false) })
		if o.Publish.Set {
			urls := newDistinctTexts(ctx, o.Publish.Value)
			c.checkExpanded(ctx, o.Publish.Value, o.Publish.At, "publish URL", func(combo int, u string) error {
				if !urls.add(combo, u) {
					return fmt.Errorf("two array tasks would upload to %s; make the URL differ for every combination", quoteValue(u))
				}
				return checkURL(u)
			})
		}
	}
}

// checkExecLimits checks the command line the step's job will execute, with the parameter
// values, the site's variables and, for an array, each matrix value at the longest of its
// axis, against what Linux will start.
func (c *compiler) checkExecLimits(ctx *stepContext) {
	longest := longestValues(ctx)
	textLen := func(t Text) int {
		n := 0
		for _, seg := range t.Segments {
			n += len(seg.Literal) + int(longest[seg.Name])
		}
		return n
	}
	s := ctx.step
	strs := commandStrings(ctx.command, s.Run.Shell, nil, textLen)
	for _, e := range ctx.env {
		strs = append(strs, execString{what: "env " + e.name, bytes: len(e.name) + 1 + len(e.value), at: s.Run.At})
	}
	when := "with its parameters"
	if len(ctx.combos) > 0 {
		when = "with its parameters and each matrix value at its axis's longest"
	}
	if at, err := execLimitError(strs, when); err != nil {
		c.d.failAt(orPos(at, s.Run.At), "step %s: %v", s.Name, err)
	}
}

// longestValues maps each matrix axis of the step to the length of its longest value,
// from the matrix as written (its axes and includes), so in time linear in what was
// written rather than in the combinations.
func longestValues(ctx *stepContext) map[string]int64 {
	longest := make(map[string]int64, len(ctx.axes))
	m := ctx.step.Matrix
	if m == nil || len(ctx.combos) == 0 {
		return longest
	}
	for _, a := range m.Axes {
		for _, v := range a.Values {
			longest[a.Name] = max(longest[a.Name], int64(len(v)))
		}
	}
	for _, inc := range m.Include {
		for k, v := range inc.Values {
			longest[k] = max(longest[k], int64(len(v)))
		}
	}
	return longest
}

// MaxOutputCheckBytes bounds the text checkOutputPaths builds for one step: every output
// path and publish URL that uses matrix values, expanded for every array task.
const MaxOutputCheckBytes = 64 << 20

// minExpansionBytes is what one expansion costs at the least, whatever its length: a small
// text still takes a map lookup, an allocation and a path or URL check.
const minExpansionBytes = 64

// outputCheckBytes is, before anything is expanded, how much text checking the step's
// outputs will build: each templated text at its longest (every matrix value counted at
// the longest of its axis) times the array tasks.
func outputCheckBytes(ctx *stepContext) int64 {
	if len(ctx.combos) == 0 {
		return 0
	}
	longest := longestValues(ctx)
	var perTask int64
	for _, o := range ctx.outputs {
		texts := []Text{o.Path}
		if o.Publish.Set {
			texts = append(texts, o.Publish.Value)
		}
		for _, t := range texts {
			if _, literal := t.literal(); literal {
				continue
			}
			var n int64
			for _, seg := range t.Segments {
				n += int64(len(seg.Literal)) + longest[seg.Name]
			}
			perTask += max(n, minExpansionBytes)
		}
	}
	return perTask * int64(len(ctx.combos))
}

// distinctTexts finds two array tasks that expand a text to the same string. It keeps a
// hash and the combination of each string rather than the string: a 4 KiB URL times
// 100,000 tasks would otherwise hold hundreds of MiB. Equal hashes are compared in full.
type distinctTexts struct {
	ctx  *stepContext
	text Text
	seed maphash.Seed
	seen map[uint64][]int // hash → the combinations whose text has it
}

func newDistinctTexts(ctx *stepContext, t Text) *distinctTexts {
	return &distinctTexts{ctx: ctx, text: t, seed: maphash.MakeSeed(), seen: map[uint64][]int{}}
}

// add records combination combo's text s and reports whether no earlier one had it.
func (d *distinctTexts) add(combo int, s string) bool {
	h := maphash.String(d.seed, s)
	for _, earlier := range d.seen[h] {
		if d.text.expand(comboValues(d.ctx, earlier)) == s {
			return false
		}
	}
	d.seen[h] = append(d.seen[h], combo)
	return true
}

// comboValues maps the axes to combination i's values.
func comboValues(ctx *stepContext, i int) map[string]string {
	values := make(map[string]string, len(ctx.axes))
	for j, a := range ctx.axes {
		values[a] = ctx.combos[i][j]
	}
	return values
}

// checkExpanded checks a text as every array task will see it (or once, when it holds no
// matrix value; combo is then -1).
func (c *compiler) checkExpanded(ctx *stepContext, t Text, at Pos, what string, check func(combo int, s string) error) {
	if lit, ok := t.literal(); ok {
		if err := check(-1, lit); err != nil {
			c.d.failAt(at, "step %s: %s: %v", ctx.step.Name, what, err)
		}
		return
	}
	values := make(map[string]string, len(ctx.axes))
	for i, combo := range ctx.combos {
		for j, a := range ctx.axes {
			values[a] = combo[j]
		}
		if err := check(i, t.expand(values)); err != nil {
			c.d.failAt(at, "step %s: %s for %s: %v", ctx.step.Name, what, describeCombo(ctx.axes, combo), err)
			return
		}
	}
}

func describeCombo(axes, combo []string) string {
	parts := make([]string, len(axes))
	for i, a := range axes {
		parts[i] = a + "=" + quoteValue(combo[i])
	}
	return strings.Join(parts, ", ")
}
