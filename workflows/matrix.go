package workflows

import (
	"fmt"
	"sort"
)

// Limits on a matrix's shape. With them, and MaxMatrixElements on the product, the work of
// compiling a matrix is bounded before anything is expanded: counting what survives the
// excludes costs at most MaxMatrixElements × MaxMatrixAxes steps of MaxMatrixExcludes/64
// words, and the combinations built are at most the site's MaxArraySize.
const (
	// MaxMatrixAxes bounds the axes of one matrix: every array task holds a value of each.
	MaxMatrixAxes = 32
	// MaxMatrixExcludes bounds the exclude entries of one matrix.
	MaxMatrixExcludes = 1000
)

// matrixAxisNames lists the axes in the order the values file holds them: as written, or,
// for a matrix of include entries only, the keys of the first entry in alphabetical order.
func matrixAxisNames(m *Matrix) []string {
	axes := make([]string, len(m.Axes))
	for i, a := range m.Axes {
		axes[i] = a.Name
	}
	if len(axes) == 0 && len(m.Include) > 0 {
		for k := range m.Include[0].Values {
			axes = append(axes, k)
		}
		sort.Strings(axes)
	}
	return axes
}

// axesProduct multiplies the axes' sizes, stopping as soon as the product passes limit so
// that it cannot overflow whatever the axes hold. It returns 0 for a matrix without axes.
func axesProduct(axes []Axis, limit int64) (product int64, within bool) {
	if len(axes) == 0 {
		return 0, true
	}
	product = 1
	for _, a := range axes {
		n := int64(len(a.Values))
		if n > 0 && product > limit/n {
			return limit + 1, false
		}
		product *= n
	}
	return product, product <= limit
}

// matrixSize is what a matrix expands to, found without building a single combination.
type matrixSize struct {
	combinations int64 // after excluding, includes added
	dataBytes    int64 // of the values file: every value of every combination and its NUL
}

// measureMatrix checks a matrix's shape against the language's limits and counts what it
// expands to. Parse has checked the same limits; Compile checks them again because a
// Workflow may be built by a caller without Parse.
func measureMatrix(m *Matrix) (matrixSize, error) {
	if len(m.Axes) > MaxMatrixAxes || len(matrixAxisNames(m)) > MaxMatrixAxes {
		return matrixSize{}, fmt.Errorf("has more than %d axes", MaxMatrixAxes)
	}
	if len(m.Exclude) > MaxMatrixExcludes {
		return matrixSize{}, fmt.Errorf("has %d exclude entries; the limit is %d", len(m.Exclude), MaxMatrixExcludes)
	}
	product, within := axesProduct(m.Axes, MaxMatrixElements)
	if !within || product+int64(len(m.Include)) > MaxMatrixElements {
		return matrixSize{}, fmt.Errorf("expands to more than %d combinations", MaxMatrixElements)
	}
	var size matrixSize
	if len(m.Exclude) == 0 {
		size = productSize(m.Axes, product)
	} else {
		matcher := newExcludeMatcher(m)
		walkProduct(m.Axes, matcher, func(idx []int) {
			size.combinations++
			for i, a := range m.Axes {
				size.dataBytes += int64(len(a.Values[idx[i]])) + 1
			}
		})
	}
	for _, inc := range m.Include {
		size.combinations++
		for _, v := range inc.Values {
			size.dataBytes += int64(len(v)) + 1
		}
	}
	return size, nil
}

// productSize is the size of the whole product: each value of an axis appears in
// product/len(axis) combinations.
func productSize(axes []Axis, product int64) matrixSize {
	size := matrixSize{combinations: product}
	for _, a := range axes {
		var bytes int64
		for _, v := range a.Values {
			bytes += int64(len(v)) + 1
		}
		size.dataBytes += product / int64(len(a.Values)) * bytes
	}
	return size
}

// expandMatrix lists the combinations: the cartesian product of the axes in written order
// (the last axis varies fastest), without the excluded ones, then the included ones. The
// caller has measured the matrix, so what is built is what the site accepts.
func expandMatrix(m *Matrix, count int64) ([]string, [][]string) {
	axes := matrixAxisNames(m)
	k := len(axes)
	// One backing array for every value: one allocation instead of one per combination.
	flat := make([]string, 0, count*int64(k))
	combos := make([][]string, 0, count)
	add := func(values func(i int) string) {
		start := len(flat)
		for i := range k {
			flat = append(flat, values(i))
		}
		combos = append(combos, flat[start:len(flat):len(flat)])
	}
	if len(m.Axes) > 0 {
		walkProduct(m.Axes, newExcludeMatcher(m), func(idx []int) {
			add(func(i int) string { return m.Axes[i].Values[idx[i]] })
		})
	}
	for _, inc := range m.Include {
		add(func(i int) string { return inc.Values[axes[i]] })
	}
	return axes, combos
}

// walkProduct calls visit with the value indexes of every combination of the axes that no
// exclude entry matches, in product order. idx is reused between calls.
func walkProduct(axes []Axis, matcher *excludeMatcher, visit func(idx []int)) {
	for _, a := range axes {
		if len(a.Values) == 0 {
			return // an empty axis has no combinations
		}
	}
	if len(axes) == 0 {
		return
	}
	idx := make([]int, len(axes))
	for changed := 0; changed >= 0; changed = nextCombination(idx, axes) {
		if !matcher.excludes(idx, changed) {
			visit(idx)
		}
	}
}

// nextCombination moves idx to the next combination, the last axis fastest, and returns
// the first axis whose index changed; -1 after the last combination.
func nextCombination(idx []int, axes []Axis) int {
	for i := len(idx) - 1; i >= 0; i-- {
		idx[i]++
		if idx[i] < len(axes[i].Values) {
			return i
		}
		idx[i] = 0
	}
	return -1
}

// excludeMatcher decides whether an exclude entry matches a combination axis by axis, so
// that the cost per combination does not grow with entries × axes. For each value of each
// axis it holds the set of entries that the value does not rule out (entries that do not
// name the axis, and those that name it with this value), as a bitset; an entry matches a
// combination when no axis rules it out, that is when its bit survives the AND of the sets
// of the combination's values. The running AND is kept per axis, so moving to the next
// combination redoes only the axes whose value changed: mostly the last one.
type excludeMatcher struct {
	allowed [][]bitset // [axis][value]
	running []bitset   // [axis]: the AND of named and allowed for axes 0..axis
	named   bitset     // entries that name at least one axis: an empty entry matches nothing
	// emptyFrom is the first axis whose running AND is empty, or len(axes): past it every
	// running AND is empty too, so nothing needs computing.
	emptyFrom int
}

type bitset []uint64

func (b bitset) set(i int) { b[i/64] |= 1 << (i % 64) }

// and writes x AND y into b and reports whether any bit is left.
func (b bitset) and(x, y bitset) bool {
	var any uint64
	for i := range b {
		b[i] = x[i] & y[i]
		any |= b[i]
	}
	return any != 0
}

// newExcludeMatcher prepares the per-value sets of a matrix's excludes; nil when it has
// none. It costs the axes' values × entries/64 words.
func newExcludeMatcher(m *Matrix) *excludeMatcher {
	if len(m.Exclude) == 0 || len(m.Axes) == 0 {
		return nil
	}
	words := (len(m.Exclude) + 63) / 64
	mt := &excludeMatcher{named: make(bitset, words), allowed: make([][]bitset, len(m.Axes)), running: make([]bitset, len(m.Axes))}
	for i, a := range m.Axes {
		mt.running[i] = make(bitset, words)
		free := make(bitset, words) // entries that leave this axis free
		byValue := map[string][]int{}
		for e, ex := range m.Exclude {
			if v, ok := ex.Values[a.Name]; ok {
				byValue[v] = append(byValue[v], e)
				mt.named.set(e)
			} else {
				free.set(e)
			}
		}
		mt.allowed[i] = make([]bitset, len(a.Values))
		for vi, v := range a.Values {
			entries := byValue[v]
			if len(entries) == 0 {
				mt.allowed[i][vi] = free // shared: never written
				continue
			}
			row := append(make(bitset, 0, words), free...)
			for _, e := range entries {
				row.set(e)
			}
			mt.allowed[i][vi] = row
		}
	}
	mt.emptyFrom = len(m.Axes)
	return mt
}

// excludes reports whether an entry matches the combination idx, given that the indexes
// of the axes before changed are those of the previous call.
func (mt *excludeMatcher) excludes(idx []int, changed int) bool {
	if mt == nil {
		return false
	}
	if changed > mt.emptyFrom {
		return false // an earlier axis already ruled every entry out
	}
	mt.emptyFrom = len(idx)
	for i := changed; i < len(idx); i++ {
		prev := mt.named
		if i > 0 {
			prev = mt.running[i-1]
		}
		if !mt.running[i].and(prev, mt.allowed[i][idx[i]]) {
			mt.emptyFrom = i
			return false
		}
	}
	return true // some entry survived every axis
}
