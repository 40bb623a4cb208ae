package site

import (
	"testing"

	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/workflows"
)

// FuzzSubmitBody feeds hostile request bodies through what POST /v1/jobs does before it
// journals anything: strict JSON decoding, then parsing and compiling the workflow.
func FuzzSubmitBody(f *testing.F) {
	f.Add([]byte(`{"workflow":"version: 1\nname: a\nsteps:\n  - name: s\n    run: {shell: \"true\"}\n","params":{"n":"1"}}`))
	f.Add([]byte(`{"workflow":"x","fileName":"../../etc/passwd"}`))
	f.Add([]byte(`{"workflow":"a: &a [*a]","idempotencyKey":"k"}{}`))
	f.Add([]byte(`[]`))
	e := &executor{profile: workflows.DefaultProfile()}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := decodeSubmit(body)
		if err != nil {
			return
		}
		if !fileNamePattern.MatchString(req.FileName) {
			t.Fatalf("accepted file name %q", req.FileName)
		}
		plan, _, err := e.compile(siteapi.Run{ID: "r-aaaaaaaaaaaaaaaa", LocalUser: "alice", SourceName: req.FileName, Source: []byte(req.Workflow), Params: req.Params})
		if err == nil && len(plan.Jobs) == 0 {
			t.Fatal("a workflow compiled to no jobs")
		}
	})
}
