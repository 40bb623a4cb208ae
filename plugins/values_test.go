package plugins

import (
	"testing"
	"time"

	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

// A filter's request reaches the plugin whole, and its answer comes back whole; a decision
// this build does not know is no decision.
func TestFilterValuesOnTheWire(t *testing.T) {
	req := FilterRequest{Run: "r-1", Researcher: "0xabc", LocalUser: "alice", Workflow: "wf",
		Jobs: []FilterJob{{Step: "a", Partition: "gpu", Account: "grid", QOS: "normal", Options: []string{"--nice=5"}, Script: []byte("#!/bin/sh\n"), Images: []string{"docker://x"}}}}
	w := filterRequestToWire(req)
	if w.GetRun() != "r-1" || w.GetResearcher() != "0xabc" || w.GetLocalUser() != "alice" || w.GetWorkflow() != "wf" || len(w.GetJobs()) != 1 {
		t.Fatalf("request on the wire: %+v", w)
	}
	j := w.GetJobs()[0]
	if j.GetStep() != "a" || j.GetPartition() != "gpu" || j.GetAccount() != "grid" || j.GetQos() != "normal" || j.GetOptions()[0] != "--nice=5" ||
		string(j.GetScript()) != "#!/bin/sh\n" || j.GetImages()[0] != "docker://x" {
		t.Fatalf("job on the wire: %+v", j)
	}
	j.Options[0] = "--changed"
	if req.Jobs[0].Options[0] != "--nice=5" {
		t.Error("the wire request shares the caller's options")
	}

	for decision, want := range map[pluginv1.FilterResponse_Decision]FilterDecision{
		pluginv1.FilterResponse_ALLOW:                FilterAllow,
		pluginv1.FilterResponse_DENY:                 FilterDeny,
		pluginv1.FilterResponse_MODIFY:               FilterModify,
		pluginv1.FilterResponse_DECISION_UNSPECIFIED: FilterUndecided,
		pluginv1.FilterResponse_Decision(42):         FilterUndecided,
	} {
		if got := filterResponseFromWire(&pluginv1.FilterResponse{Decision: decision}); got.Decision != want {
			t.Errorf("%v: %v, want %v", decision, got.Decision, want)
		}
	}
	resp := filterResponseFromWire(&pluginv1.FilterResponse{Decision: pluginv1.FilterResponse_MODIFY, Reason: "why", Jobs: []*pluginv1.Job{{Step: "a", Qos: "low", Options: []string{"--nice=1"}}}})
	if resp.Reason != "why" || len(resp.Jobs) != 1 || resp.Jobs[0].Step != "a" || resp.Jobs[0].QOS != "low" || resp.Jobs[0].Options[0] != "--nice=1" {
		t.Fatalf("answer: %+v", resp)
	}
	if got := filterResponseFromWire(nil); got.Decision != FilterUndecided || got.Jobs != nil {
		t.Fatalf("no answer: %+v", got)
	}
}

// Readings keep their figures; a reading without a time has none (the host takes its own).
func TestReadingsFromTheWire(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	got := readingsFromWire(&pluginv1.ReadResponse{Readings: []*pluginv1.Reading{
		{Device: "hwmon0/1", Kind: "node", Model: "m", TimeUnixNano: at.UnixNano(), PowerMilliwatts: 5, HasPower: true},
		{Device: "hwmon1/1", Kind: "gpu", EnergyMillijoules: 7, HasEnergy: true},
	}})
	if len(got) != 2 || got[0].Device != "hwmon0/1" || got[0].Kind != "node" || got[0].Model != "m" || !got[0].At.Equal(at) || got[0].PowerMilliwatts != 5 || !got[0].HasPower ||
		got[1].At != (time.Time{}) || got[1].EnergyMillijoules != 7 || !got[1].HasEnergy || got[1].HasPower {
		t.Fatalf("readings: %+v", got)
	}
	if readingsFromWire(nil) != nil {
		t.Error("readings from no answer")
	}
}
