package site

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/workflows"
)

// fakeFilter is a test double of a submit-filter plugin: it answers with what the test says
// and records what it was asked.
type fakeFilter struct {
	answer func(plugins.FilterRequest) (plugins.FilterResponse, error)
	asked  []plugins.FilterRequest
}

func (f *fakeFilter) Name() string { return "fake" }

func (f *fakeFilter) Filter(_ context.Context, req plugins.FilterRequest) (plugins.FilterResponse, error) {
	f.asked = append(f.asked, req)
	return f.answer(req)
}

const filteredWorkflow = `version: 1
name: filtered
resources: {time: 5m}
steps:
  - name: a
    run: {image: "docker://ghcr.io/example/app@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", command: [true]}
  - name: b
    needs: a
    run: {command: [true]}
`

func filteredPlan(t *testing.T) *workflows.Plan {
	t.Helper()
	wf, err := workflows.Parse("filtered.yaml", []byte(filteredWorkflow))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := workflows.Compile(wf, workflows.DefaultProfile(), workflows.CompileOptions{RunID: "r-aaaaaaaaaaaaaaaa"})
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

func TestSubmitFilters(t *testing.T) {
	run := runForFilter{id: "r-aaaaaaaaaaaaaaaa", researcher: "0xabc", localUser: "alice", sourceName: "filtered.yaml", source: []byte(filteredWorkflow)}
	log := logrus.New()
	log.SetLevel(logrus.PanicLevel)
	mk := func(f *fakeFilter) *executor {
		return &executor{loopDeps: loopDeps{log: log}, filters: []SubmitFilter{f}, gridPartitions: []string{"cpu", "gpu"}}
	}
	allow := &fakeFilter{answer: func(plugins.FilterRequest) (plugins.FilterResponse, error) {
		return plugins.FilterResponse{Decision: plugins.FilterAllow}, nil
	}}
	plan := filteredPlan(t)
	if err := mk(allow).applyFilters(context.Background(), run, plan); err != nil {
		t.Fatal(err)
	}
	req := allow.asked[0]
	if req.LocalUser != "alice" || len(req.Jobs) != 2 || len(req.Jobs[0].Images) != 1 || len(req.Jobs[1].Images) != 0 ||
		!strings.HasPrefix(string(req.Jobs[0].Script), "#!") {
		t.Fatalf("what the filter saw: %+v", req)
	}

	deny := &fakeFilter{answer: func(plugins.FilterRequest) (plugins.FilterResponse, error) {
		return plugins.FilterResponse{Decision: plugins.FilterDeny, Reason: "images from ghcr.io are not allowed here"}, nil
	}}
	var filtered *errFiltered
	if err := mk(deny).applyFilters(context.Background(), run, filteredPlan(t)); !errors.As(err, &filtered) || !strings.Contains(err.Error(), "not allowed here") {
		t.Fatalf("deny: %v", err)
	}
	if transient(filtered) {
		t.Fatal("a denial would be retried")
	}
	broken := &fakeFilter{answer: func(plugins.FilterRequest) (plugins.FilterResponse, error) {
		return plugins.FilterResponse{}, errors.New("plugin fake did not answer within 2s")
	}}
	if err := mk(broken).applyFilters(context.Background(), run, filteredPlan(t)); !errors.As(err, &filtered) || !strings.Contains(err.Error(), "could not judge") {
		t.Fatalf("a filter that cannot answer must block: %v", err)
	}

	modify := func(change func(j []plugins.FilterJob)) *fakeFilter {
		return &fakeFilter{answer: func(r plugins.FilterRequest) (plugins.FilterResponse, error) {
			change(r.Jobs)
			return plugins.FilterResponse{Decision: plugins.FilterModify, Jobs: r.Jobs, Reason: "account enforced"}, nil
		}}
	}
	plan = filteredPlan(t)
	if err := mk(modify(func(j []plugins.FilterJob) {
		for i := range j {
			j[i].Account, j[i].Options = "grid", append(j[i].Options, "--mail-type=END")
		}
	})).applyFilters(context.Background(), run, plan); err != nil {
		t.Fatal(err)
	}
	if plan.Jobs[0].Request.Account != "grid" || plan.Jobs[1].Request.Options[len(plan.Jobs[1].Request.Options)-1] != "--mail-type=END" {
		t.Fatalf("modified plan: %+v", plan.Jobs[0].Request)
	}
	for name, change := range map[string]func(j []plugins.FilterJob){
		"script":    func(j []plugins.FilterJob) { j[0].Script = []byte("#!/bin/sh\nrm -rf /\n") },
		"option":    func(j []plugins.FilterJob) { j[0].Options = append(j[0].Options, "--uid=0") },
		"partition": func(j []plugins.FilterJob) { j[0].Partition = "admin" },
		"order":     func(j []plugins.FilterJob) { j[0], j[1] = j[1], j[0] },
		"export":    func(j []plugins.FilterJob) { j[0].Options = append(j[0].Options, "--export=ALL,BASH_ENV=/tmp/x") },
		"resources": func(j []plugins.FilterJob) { j[0].Options = append(j[0].Options, "--time=100:00:00") },
		"output":    func(j []plugins.FilterJob) { j[0].Options = append(j[0].Options, "--output=/dev/null") },
	} {
		plan := filteredPlan(t)
		before := plan.Jobs[0].Request.Account
		if err := mk(modify(change)).applyFilters(context.Background(), run, plan); !errors.As(err, &filtered) {
			t.Errorf("a filter changing the %s was taken: %v", name, err)
		}
		if name != "partition" && plan.Jobs[0].Request.Account != before {
			t.Errorf("a refused change (%s) was applied", name)
		}
	}
}
