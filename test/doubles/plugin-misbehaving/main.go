// Command plugin-misbehaving is a test double of a placement plugin that misbehaves on
// demand, so that the host's recovery can be tested against a real plugin process: the job
// name (or the argument --mode=M, for every job) says what it does ("hang": never answers;
// "crash": exits mid-call; "panic": panics in the author's code; "nan": a valid order with NaN
// scores; anything else: answers with the candidates in reverse order). With the argument --protocol=N it serves plugin protocol
// N instead, to test version negotiation.
package main

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type misbehaving struct{ mode string }

func (m misbehaving) Rank(ctx context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	mode := m.mode
	if mode == "" {
		mode = req.GetJob()
	}
	switch mode {
	case "hang":
		<-ctx.Done()
		select {} // and never return, as a stuck plugin does
	case "crash":
		os.Exit(3)
	case "panic":
		panic("the author's bug")
	}
	out := &pluginv1.RankResponse{}
	for i := len(req.GetCandidates()) - 1; i >= 0; i-- {
		out.Sites = append(out.Sites, req.GetCandidates()[i].GetSite())
		if mode == "nan" {
			out.Scores = append(out.Scores, math.NaN())
		}
	}
	return out, nil
}

func main() {
	version, m := plugins.ProtocolVersion, misbehaving{}
	for _, a := range os.Args[1:] {
		if v, ok := strings.CutPrefix(a, "--protocol="); ok {
			version, _ = strconv.Atoi(v)
		}
		if v, ok := strings.CutPrefix(a, "--mode="); ok {
			m.mode = v
		}
	}
	plugins.ServeVersion(version, plugins.ServeOpts{Name: "misbehaving", Placement: m})
}
