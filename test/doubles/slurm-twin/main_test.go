package main

import (
	"encoding/json"
	"testing"
)

func TestTwin(t *testing.T) {
	out, err := twin([]byte(`{"meta":{"v":1},"nodes":[{"name":"n1","cpus":16,"state":"idle","partitions":["cpu"]}],"errors":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Meta  map[string]int    `json:"meta"`
		Nodes []map[string]any  `json:"nodes"`
		Errs  []json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Nodes) != 2 || doc.Nodes[0]["name"] != "n1" || doc.Nodes[1]["name"] != "n1-twin" || doc.Nodes[1]["cpus"] != float64(16) || doc.Meta["v"] != 1 {
		t.Fatalf("twinned: %s", out)
	}
	for _, bad := range []string{`{"nodes":[]}`, `{"sinfo":[]}`, `{"nodes":[{"cpus":1}]}`, `[`} {
		if _, err := twin([]byte(bad)); err == nil {
			t.Errorf("%s: twinned", bad)
		}
	}
}
