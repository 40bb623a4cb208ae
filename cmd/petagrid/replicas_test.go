package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/site/siteapi"
)

// A group's view says how many of its reruns were used and which replica each rerun runs
// again; what the gateway sends is shown escaped, never interpreted by the terminal.
func TestPrintReplicaGroupShowsReruns(t *testing.T) {
	var stdout bytes.Buffer
	e := &env{stdout: &stdout}
	g := &siteapi.ReplicaGroup{Job: "r-a", Replicas: 3, Quorum: 2, Reruns: 2, State: gatewayapi.GroupVoting, Members: []siteapi.ReplicaMember{
		{Job: "r-a", Index: 0, Site: "alpha", State: "failed", Vote: ""},
		{Job: "r-b", Index: 1, Site: "beta", State: "running"},
		{Job: "r-c", Index: 2, Site: "gamma", State: "running"},
		{Job: "r-d", Index: 3, Replaces: "r-a", Site: "delta", State: "queued"},
		{Job: "r-e", Index: 4, Replaces: "r-\x1b[2Jx", Site: "eps", State: "queued"},
	}}
	if err := printReplicaGroup(e, &printer{w: &stdout}, g); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	for _, want := range []string{"Replicas: 3, quorum 2, 2 of 2 reruns used, voting", "RERUN OF", `"r-\x1b[2Jx"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	rerunRow := false
	for _, line := range strings.Split(out, "\n") {
		rerunRow = rerunRow || strings.Join(strings.Fields(line), " ") == "r-d 3 r-a delta queued - - -"
	}
	if !rerunRow {
		t.Errorf("no row for the rerun of r-a:\n%s", out)
	}
	if strings.Contains(out, "\x1b") {
		t.Errorf("an escape sequence reached the terminal:\n%q", out)
	}
	stdout.Reset()
	g.Reruns = 0
	if err := printReplicaGroup(e, &printer{w: &stdout}, g); err != nil || !strings.Contains(stdout.String(), "Replicas: 3, quorum 2, voting") {
		t.Fatalf("without reruns: %v\n%s", err, stdout.String())
	}
}
