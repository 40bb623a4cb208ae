// Command plugin-misbehaving is a test double of a placement plugin that misbehaves on
// demand, so that the host's recovery can be tested against a real plugin process: the job
// name says what it does ("hang": never answers; "crash": exits mid-call; "panic": panics in
// the author's code; anything else: answers with the candidates in reverse order). With the
// argument --protocol=N it serves plugin protocol N instead, to test version negotiation.
package main

import (
	"context"
	"os"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type misbehaving struct{}

func (misbehaving) Rank(ctx context.Context, req *pluginv1.RankRequest) (*pluginv1.RankResponse, error) {
	switch req.GetJob() {
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
	}
	return out, nil
}

func main() {
	for _, a := range os.Args[1:] {
		if v, ok := strings.CutPrefix(a, "--protocol="); ok {
			n, _ := strconv.Atoi(v)
			plugins.ServeVersion(n, plugins.ServeOpts{Name: "misbehaving", Placement: misbehaving{}})
			return
		}
	}
	plugins.Serve(plugins.ServeOpts{Name: "misbehaving", Placement: misbehaving{}})
}
