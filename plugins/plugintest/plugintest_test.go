package plugintest

import (
	"context"
	"strings"
	"testing"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type reverse struct{}

func (reverse) Rank(_ context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	if req.GetJob() == "boom" {
		panic("bug")
	}
	out := &pluginv1.RankResponse{}
	for i := len(req.GetCandidates()) - 1; i >= 0; i-- {
		out.Sites = append(out.Sites, req.GetCandidates()[i].GetSite())
	}
	return out, nil
}

// An implementation tested in process answers through the protocol, and the SDK turns its
// panics into errors as it does in a real plugin.
func TestServeInProcess(t *testing.T) {
	c := Serve(t, plugins.ServeOpts{Name: "reverse", Placement: reverse{}})
	if c.SubmitFilter != nil || c.Telemetry != nil {
		t.Fatal("kinds the plugin does not provide were dispensed")
	}
	resp, err := c.Placement.Rank(context.Background(), &pluginv1.RankRequest{Candidates: []*pluginv1.Candidate{{Site: "a"}, {Site: "b"}}})
	if err != nil || strings.Join(resp.GetSites(), ",") != "b,a" {
		t.Fatalf("rank: %v %v", resp, err)
	}
	if _, err := c.Placement.Rank(context.Background(), &pluginv1.RankRequest{Job: "boom"}); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Fatalf("a panic: %v", err)
	}
}

// Reattached, the host's own client code runs: the typed call and its error wrapping.
func TestReattach(t *testing.T) {
	p := Reattach(t, plugins.KindPlacement, plugins.ServeOpts{Name: "reverse", Placement: reverse{}})
	resp, err := p.Rank(context.Background(), &pluginv1.RankRequest{Candidates: []*pluginv1.Candidate{{Site: "a"}, {Site: "b"}, {Site: "c"}}})
	if err != nil || strings.Join(resp.GetSites(), ",") != "c,b,a" {
		t.Fatalf("rank: %v %v", resp, err)
	}
	if _, err := p.Filter(context.Background(), plugins.FilterRequest{}); err == nil || !strings.Contains(err.Error(), "not a submit filter") {
		t.Fatalf("a filter call to a placement plugin: %v", err)
	}
}
