package challenge

import (
	"bytes"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A crafted answer of the largest size the spec allows, made of the smallest elements
// (`{}` decodes into a whole Answer or Opening, `null` into a Hash), is refused as soon as a
// list passes its bound: the decoder allocates a small multiple of the document, not the
// gigabytes that decoding every element would take.
func TestCraftedListsAreRefusedEarly(t *testing.T) {
	wide := testSpec(16384, 1, 64)
	wide.Nodes = MaxNodes
	if err := wide.Validate(); err != nil {
		t.Fatal(err)
	}
	one := testSpec(16384, 1, 1024)
	fill := func(prefix, element, suffix string, limit int) []byte {
		n := (limit - len(prefix) - len(suffix)) / (len(element) + 1)
		var b bytes.Buffer
		b.WriteString(prefix)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(element)
		}
		b.WriteString(suffix)
		return b.Bytes()
	}
	for _, tc := range []struct {
		name  string
		spec  Spec
		data  []byte
		parse func([]byte, Spec) error
		want  string
	}{
		{"parts", wide, fill(`{"version":1,"parts":[`, `{}`, `]}`, MaxAnswerBytes(wide)), parseAnswers, "parts: more than 64"},
		{"openings", one, fill(`{"version":1,"openings":[`, `{}`, `]}`, MaxAnswerBytes(one)), parseAnswer, "openings: more than 1024"},
		{"roots", one, fill(`{"version":1,"roots":[`, `"`+strings.Repeat("0", 64)+`"`, `]}`, MaxAnswerBytes(one)), parseAnswer, "roots: more than 32768"},
		{"null roots", one, fill(`{"version":1,"roots":[`, `null`, `]}`, MaxAnswerBytes(one)), parseAnswer, "roots: element 0: a hash is a JSON string"},
		{"devices", one, fill(`{"version":1,"devices":[`, `{}`, `]}`, MaxAnswerBytes(one)), parseAnswer, "devices: more than 256"},
		{"a path", one, fill(`{"version":1,"openings":[{"path":[`, `"`+strings.Repeat("0", 64)+`"`, `]}]}`, MaxAnswerBytes(one)), parseAnswer, "path: more than " + strconv.Itoa(maxTreeDepth)},
		{"empty paths", wide, fill(`{"version":1,"parts":[{"openings":[`, `{"path":[]}`, `]}]}`, MaxAnswerBytes(wide)), parseAnswers, "openings: more than 1024"},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		err := tc.parse(tc.data, tc.spec)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
		if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 8*uint64(len(tc.data)) {
			t.Errorf("%s: %d bytes allocated reading %d", tc.name, allocated, len(tc.data))
		}
	}
}

func parseAnswers(data []byte, spec Spec) error { _, err := ParseAnswers(data, spec); return err }
func parseAnswer(data []byte, spec Spec) error  { _, err := ParseAnswer(data, spec); return err }
