package challenge

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// nodesSpec is a challenge of n nodes small enough for a unit test.
func nodesSpec(n int) Spec {
	s := testSpec(256, 1, 16)
	s.Nodes = n
	return s
}

// proveNodes is an honest challenge of several nodes: each part proved under its own spec.
func proveNodes(t testing.TB, spec Spec) *NodesAnswer {
	t.Helper()
	a := &NodesAnswer{Version: AnswerVersion, Nonce: spec.Nonce}
	for i := range spec.NodeCount() {
		part, err := spec.PartSpec(i)
		if err != nil {
			t.Fatal(err)
		}
		ans, _, _ := prove(t, part)
		a.Parts = append(a.Parts, *ans)
	}
	return a
}

func encodeNodes(t testing.TB, a *NodesAnswer) []byte {
	t.Helper()
	b, err := a.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPartSpecs(t *testing.T) {
	one := testSpec(256, 2, 16)
	part, err := one.PartSpec(0)
	if err != nil || part != one {
		t.Fatalf("the one part of a one-node challenge is the spec itself: %+v %v", part, err)
	}
	if _, err := one.PartSpec(1); err == nil {
		t.Fatal("part 1 of a one-node challenge")
	}
	spec := nodesSpec(3)
	nonces := map[Hash]bool{spec.Nonce: true}
	for i := range 3 {
		part, err := spec.PartSpec(i)
		if err != nil {
			t.Fatal(err)
		}
		if part.Nodes != 0 || part.Order != spec.Order || part.Products != spec.Products || part.Openings != spec.Openings ||
			!part.Deadline.Equal(spec.Deadline) || part.Validate() != nil {
			t.Fatalf("part %d: %+v", i, part)
		}
		if nonces[part.Nonce] {
			t.Fatalf("part %d's nonce %s is not its own", i, part.Nonce)
		}
		nonces[part.Nonce] = true
	}
	for _, i := range []int{-1, 3} {
		if _, err := spec.PartSpec(i); err == nil {
			t.Fatalf("part %d of 3", i)
		}
	}
}

func TestNodesSpecBounds(t *testing.T) {
	one, err := testSpec(256, 1, 16).Encode()
	if err != nil || strings.Contains(string(one), "nodes") {
		t.Fatalf("a one-node spec is written as before nodes existed: %s %v", one, err)
	}
	three, err := nodesSpec(3).Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseSpec(three)
	if err != nil || back != nodesSpec(3) {
		t.Fatalf("round trip: %+v %v", back, err)
	}
	for name, mutate := range map[string]func(*Spec){
		"negative nodes":      func(s *Spec) { s.Nodes = -1 },
		"one node, spelt out": func(s *Spec) { s.Nodes = 1 },
		"too many nodes":      func(s *Spec) { s.Nodes = MaxNodes + 1 },
		"products in all":     func(s *Spec) { s.Nodes, s.Products = 2, MaxProducts/2+1 },
		"openings in all":     func(s *Spec) { s.Nodes, s.Openings = 5, MaxTotalOpenings/5+1 },
		"openings at the cap": func(s *Spec) { s.Nodes, s.Openings = MaxNodes, MaxOpenings },
	} {
		s := nodesSpec(2)
		mutate(&s)
		if err := s.Validate(); err == nil {
			t.Errorf("%s: %+v validated", name, s)
		}
	}
}

func TestVerifyNodes(t *testing.T) {
	ctx := context.Background()
	spec := nodesSpec(3)
	honest := proveNodes(t, spec)
	data := encodeNodes(t, honest)
	parts, err := ParseAnswers(data, spec)
	if err != nil {
		t.Fatal(err)
	}
	res, err := VerifyNodes(ctx, spec, parts, inTime(spec))
	if err != nil {
		t.Fatal(err)
	}
	if res.Openings != 3*spec.Openings || res.EntriesChecked != 3*spec.Openings*ChunkEntries {
		t.Fatalf("result %+v: every part's openings are checked", res)
	}

	// reparse gives a fresh copy of the honest answer to spoil.
	reparse := func() *NodesAnswer {
		var a NodesAnswer
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		return &a
	}
	for name, tc := range map[string]struct {
		spoil func(*NodesAnswer)
		want  string
	}{
		// One node answering for two: its part copied into another's place.
		"a part copied": {func(a *NodesAnswer) { a.Parts[2] = a.Parts[0] }, "part 2 of 3: challenge verify: the answer is for nonce"},
		"parts swapped": {func(a *NodesAnswer) { a.Parts[0], a.Parts[1] = a.Parts[1], a.Parts[0] }, "part 0 of 3"},
		// One wrong entry in the last part fails the whole.
		"one wrong entry": {func(a *NodesAnswer) {
			a.Parts[2].Openings[5].Values[7] += 64
		}, "part 2 of 3: challenge verify: opening 5"},
	} {
		a := tc.spoil
		spoiled := reparse()
		a(spoiled)
		parts, err := ParseAnswers(encodeNodes(t, spoiled), spec)
		if err != nil {
			t.Fatalf("%s: parsing: %v", name, err)
		}
		if _, err := VerifyNodes(ctx, spec, parts, inTime(spec)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}

	// Shapes refused before any check.
	for name, tc := range map[string]struct {
		data func() []byte
		want string
	}{
		"a part missing": {func() []byte { a := reparse(); a.Parts = a.Parts[:2]; return encodeNodes(t, a) }, "2 parts for a challenge of 3 nodes"},
		"another nonce": {func() []byte {
			a := reparse()
			a.Nonce[0] ^= 1
			return encodeNodes(t, a)
		}, "replayed or forwarded"},
		"one answer for three nodes": {func() []byte { return encode(t, &honest.Parts[0]) }, "unknown field"},
		"too long": {func() []byte {
			return []byte(`{"version":1,"parts":[` + strings.Repeat(" ", MaxAnswerBytes(spec)) + `]}`)
		}, "more than the"},
	} {
		if _, err := ParseAnswers(tc.data(), spec); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
	// Each part may name MaxDevices; all parts together at most MaxNodesDevices.
	big := nodesSpec(5)
	a := &NodesAnswer{Version: AnswerVersion, Nonce: big.Nonce}
	for range 5 {
		p := honest.Parts[0]
		p.Devices = make([]Device, MaxDevices)
		for j := range p.Devices {
			p.Devices[j] = Device{Kind: "cpu"}
		}
		a.Parts = append(a.Parts, p)
	}
	if err := a.CheckShape(big); err == nil || !strings.Contains(err.Error(), "devices in all parts") {
		t.Fatalf("1,280 devices: %v", err)
	}

	// A multi-node spec is never checked as one answer.
	if _, err := Verify(ctx, spec, &honest.Parts[0], inTime(spec)); err == nil || !strings.Contains(err.Error(), "part by part") {
		t.Fatalf("Verify of a part against the whole spec: %v", err)
	}
	// A one-node spec goes through the same calls with one answer.
	single := testSpec(256, 1, 16)
	ans, _, _ := prove(t, single)
	parts, err = ParseAnswers(encode(t, ans), single)
	if err != nil || len(parts) != 1 {
		t.Fatalf("one node: %v", err)
	}
	if _, err := VerifyNodes(ctx, single, parts, inTime(single)); err != nil {
		t.Fatal(err)
	}
}
