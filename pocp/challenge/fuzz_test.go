package challenge

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
)

// FuzzParseAnswer feeds arbitrary bytes to ParseAnswer and, when they parse, to Verify:
// neither may panic, and nothing that is not the honest answer may verify.
func FuzzParseAnswer(f *testing.F) {
	spec := testSpec(256, 2, 16)
	ans, _, _ := prove(f, spec)
	good, err := ans.Encode()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte(`{"version":1,"roots":[],"openings":[]}`))
	f.Add([]byte(`{"openings":[{"values":[1,2,3],"path":null}]}`))
	f.Add([]byte(`null`))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := ParseAnswer(data, spec)
		if err != nil {
			return
		}
		if _, err := Verify(context.Background(), spec, a, inTime(spec)); err == nil {
			// Only the honest roots and values verify; the JSON around them may differ.
			for p := range a.Roots {
				if a.Roots[p] != ans.Roots[p] {
					t.Fatalf("root %d differs from the honest one and verified", p)
				}
			}
		}
	})
}

// FuzzValues checks the values' own JSON reader against encoding/json reading []int32:
// the same arrays accepted with the same numbers, the same refused (up to 64 values).
func FuzzValues(f *testing.F) {
	for _, s := range []string{`[]`, `[1,-2, 3]`, `[2147483648]`, `[1.0]`, `[01]`, `null`, `[-0]`, `[1e2]`, `[ 5 ]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var ours Values
		errOurs := json.Unmarshal(data, &ours)
		var theirs []int32
		errTheirs := json.Unmarshal(data, &theirs)
		if errTheirs == nil && len(theirs) > ChunkEntries {
			if errOurs == nil {
				t.Fatalf("%q: %d values accepted", data, len(ours))
			}
			return
		}
		if (errOurs == nil) != (errTheirs == nil) {
			t.Fatalf("%q: ours %v, encoding/json %v", data, errOurs, errTheirs)
		}
		if errOurs == nil && !slices.Equal([]int32(ours), theirs) {
			t.Fatalf("%q: ours %v, encoding/json %v", data, ours, theirs)
		}
	})
}

// FuzzParseAnswers feeds arbitrary bytes to ParseAnswers for a challenge of two nodes and,
// when they parse, to VerifyNodes: neither may panic, and no part that is not the honest
// one may verify.
func FuzzParseAnswers(f *testing.F) {
	spec := nodesSpec(2)
	honest := proveNodes(f, spec)
	good, err := honest.Encode()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/3])
	f.Add([]byte(`{"version":1,"parts":[{"version":1},{"version":1}]}`))
	f.Add([]byte(`{"version":1,"parts":null}`))
	f.Add([]byte(`{"parts":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		parts, err := ParseAnswers(data, spec)
		if err != nil {
			return
		}
		if len(parts) != 2 {
			t.Fatalf("%d parts parsed for a challenge of two nodes", len(parts))
		}
		if _, err := VerifyNodes(context.Background(), spec, parts, inTime(spec)); err == nil {
			for i, p := range parts {
				if !slices.Equal(p.Roots, honest.Parts[i].Roots) {
					t.Fatalf("part %d's roots differ from the honest ones and verified", i)
				}
			}
		}
	})
}
