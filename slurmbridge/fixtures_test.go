package slurmbridge

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

func readFixture(t *testing.T, parts ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, parts...)...))
	if err != nil {
		t.Fatalf("reading fixture: %v", err)
	}
	return data
}

func jobByID(t *testing.T, jobs []Job, id uint32) Job {
	t.Helper()
	for _, j := range jobs {
		if j.ID == id {
			return j
		}
	}
	t.Fatalf("job %d not in %d jobs", id, len(jobs))
	return Job{}
}

func recordByID(t *testing.T, recs []AccountingRecord, id uint32) AccountingRecord {
	t.Helper()
	for _, r := range recs {
		if r.JobID == id {
			return r
		}
	}
	t.Fatalf("record %d not in %d records", id, len(recs))
	return AccountingRecord{}
}

// recorded is one release's fixtures recorded by test/cluster/record-fixtures on a test cluster.
type recorded struct {
	dir     string
	release Release
	node    string // the test cluster's node
}

// recordedReleases are the releases recorded on real clusters (make fixtures): 22.05 on the
// host, 24.11 from the Debian trixie root.
var recordedReleases = []recorded{
	{dir: "slurm-22.05", release: Release{22, 5, 8}, node: "petagrid-n1"},
	{dir: "slurm-24.11", release: Release{24, 11, 5}, node: "petagrid24-n1"},
}

// forEachRecorded runs check on each recorded release, as a subtest named after it.
func forEachRecorded(t *testing.T, check func(t *testing.T, rec recorded)) {
	for _, rec := range recordedReleases {
		t.Run(rec.dir, func(t *testing.T) { check(t, rec) })
	}
}

// recordedIDs maps the cases of test/cluster/record-fixtures to the job ids of the recording.
func recordedIDs(t *testing.T, dir string) map[string]uint32 {
	t.Helper()
	ids := map[string]uint32{}
	for _, line := range strings.Split(strings.TrimSpace(string(readFixture(t, dir, "jobs.txt"))), "\n") {
		name, value, ok := strings.Cut(line, "=")
		id, err := strconv.ParseUint(value, 10, 32)
		if !ok || err != nil {
			t.Fatalf("jobs.txt line %q", line)
		}
		ids[name] = uint32(id)
	}
	return ids
}

// arrayTask finds the job id Slurm gave to one task of an array.
func arrayTask(t *testing.T, jobs []Job, master, task uint32) Job {
	t.Helper()
	for _, j := range jobs {
		if j.ArrayJobID == master && j.ArrayTaskID != nil && *j.ArrayTaskID == task {
			return j
		}
	}
	t.Fatalf("no task %d of array %d", task, master)
	return Job{}
}

// yearMinutes is the limit Slurm 24.11 may give a job that has none when it starts it.
const yearMinutes = 365 * 24 * 60

func u32(v uint32) *uint32 { return &v }
func i64(v int64) *int64   { return &v }

func TestRecordedSqueue(t *testing.T) {
	forEachRecorded(t, testRecordedSqueue)
}

func testRecordedSqueue(t *testing.T, rec recorded) {
	ids := recordedIDs(t, rec.dir)
	jobs, err := parseJobs("squeue --json", readFixture(t, rec.dir, "squeue.json"))
	if err != nil {
		t.Fatal(err)
	}
	gpu := jobByID(t, jobs, ids["gpu"])
	if gpu.State != StateRunning || gpu.Partition != "gpu" || gpu.Exit != nil {
		t.Errorf("gpu job: state %s partition %s exit %v", gpu.State, gpu.Partition, gpu.Exit)
	}
	wantGRES := []NodeGRES{{Node: rec.node, GRES: []GRES{{Name: "gpu", Type: "fake", Count: 2, Indices: []int{0, 1}}}}}
	if !reflect.DeepEqual(gpu.GRES, wantGRES) {
		t.Errorf("gpu job GRES = %+v, want %+v", gpu.GRES, wantGRES)
	}
	if n := GPUs(gpu.AllocTRES); n != 2 {
		t.Errorf("gpu job holds %d GPUs, want 2", n)
	}
	// Submitted without a limit to a partition without one. 24.11 may give such a job one
	// year (525,600 minutes) when it starts it (recorded); 22.05 leaves it unlimited.
	if l := gpu.TimeLimitMinutes; l != nil && !(rec.release.AtLeast(24, 11) && *l == yearMinutes) {
		t.Errorf("unlimited job has limit %d", *l)
	}

	hostile := jobByID(t, jobs, ids["hostile"])
	if hostile.Name != `bad|name "q" 's ünï` {
		t.Errorf("hostile name came out as %q", hostile.Name)
	}
	if hostile.State != StateFailed || hostile.Exit == nil || *hostile.Exit != (ExitStatus{Code: 3}) {
		t.Errorf("failing job: state %s exit %+v, want FAILED exit 3", hostile.State, hostile.Exit)
	}
	if nl := jobByID(t, jobs, ids["newline"]); nl.Name != "new\nline" {
		t.Errorf("newline name came out as %q", nl.Name)
	}
	if sig := jobByID(t, jobs, ids["signalled"]); sig.Exit == nil || sig.Exit.Signal != 9 {
		t.Errorf("signalled job exit %+v, want signal 9", sig.Exit)
	}
	if c := jobByID(t, jobs, ids["cancelled"]); c.State != StateCancelled || c.Exit == nil || c.Exit.Signal != 15 {
		t.Errorf("cancelled job: %s %+v", c.State, c.Exit)
	}
	if held := jobByID(t, jobs, ids["held"]); held.State != StatePending || held.Reason != "JobHeldUser" || held.Exit != nil {
		t.Errorf("held job: %s %q %+v", held.State, held.Reason, held.Exit)
	}
	if first := arrayTask(t, jobs, ids["array"], 0); first.ID == ids["array"] || first.State != StateCompleted {
		t.Errorf("array task 0 %+v should have its own id and be COMPLETED", first)
	}
	if last := jobByID(t, jobs, ids["array"]); last.ArrayTaskID == nil || *last.ArrayTaskID != 2 {
		t.Errorf("the last array task reuses the master id and should be task 2, got %v", last.ArrayTaskID)
	}
	hetComponent := jobByID(t, jobs, ids["het"]+1)
	if hetComponent.HetJobID != ids["het"] || hetComponent.HetOffset == nil || *hetComponent.HetOffset != 1 {
		t.Errorf("het component +1: het %d offset %v", hetComponent.HetJobID, hetComponent.HetOffset)
	}
	for _, j := range jobs {
		if !j.SubmitTime.IsZero() && j.SubmitTime.Location() != time.UTC {
			t.Errorf("job %d submit time not in UTC", j.ID)
		}
	}
	// JobQuery on a master id finds every task of the array.
	var q = JobQuery{IDs: []uint32{ids["array"]}}
	var tasks int
	for _, j := range jobs {
		if q.match(j) {
			tasks++
		}
	}
	if tasks != 3 {
		t.Errorf("the array matched %d records, want its 3 tasks", tasks)
	}
}

func TestRecorded2205AccountingJSONNeedsPatch(t *testing.T) {
	ids := recordedIDs(t, "slurm-22.05")
	release := Release{22, 5, 8}
	records, parser, err := parseAccountingJSON(readFixture(t, "slurm-22.05", "sacct.json"), release)
	if err != nil {
		t.Fatal(err)
	}
	if parser != "openapi/dbv0.0.38" || !needsParsablePatch(parser) {
		t.Fatalf("parser %q should be recognised as needing the -P patch", parser)
	}
	// The defect the patch exists for: 22.05's JSON says the failing job succeeded.
	if r := recordByID(t, records, ids["hostile"]); r.Exit == nil || r.Exit.Code != 0 {
		t.Fatalf("expected the recorded 22.05 JSON to misreport the failing job's exit code, got %+v", r.Exit)
	}
	if err := applyParsablePatch(records, readFixture(t, "slurm-22.05", "sacct-patch.txt")); err != nil {
		t.Fatal(err)
	}
	failed := recordByID(t, records, ids["hostile"])
	if failed.Exit == nil || *failed.Exit != (ExitStatus{Code: 3}) {
		t.Errorf("after the patch the failing job's exit = %+v, want 3:0", failed.Exit)
	}
	if failed.Name != "bad|name `q` 's ünï" {
		t.Errorf("name as slurmdbd stores it: %q", failed.Name)
	}
	if failed.Provenance.SlurmRelease != "22.05.8" || failed.Provenance.Format != "json openapi/dbv0.0.38 + parsable" || len(failed.Provenance.RawSHA256) != 64 {
		t.Errorf("provenance %+v", failed.Provenance)
	}
	checkRecordedAccounting(t, records, ids)
	het := recordByID(t, records, ids["het"]+1)
	if het.HetJobID != ids["het"] || het.HetOffset == nil || *het.HetOffset != 1 || het.State != StatePending || het.Nodes != "" {
		t.Errorf("het component: %+v", het)
	}
}

// 24.11's JSON (data_parser/v0.0.42) says what happened by itself: no -P patch is needed.
func TestRecorded2411AccountingJSON(t *testing.T) {
	ids := recordedIDs(t, "slurm-24.11")
	records, parser, err := parseAccountingJSON(readFixture(t, "slurm-24.11", "sacct.json"), Release{24, 11, 5})
	if err != nil {
		t.Fatal(err)
	}
	if parser != "data_parser/v0.0.42" || needsParsablePatch(parser) {
		t.Fatalf("parser %q: want data_parser/v0.0.42, without the -P patch", parser)
	}
	failed := recordByID(t, records, ids["hostile"])
	if failed.State != StateFailed || failed.Exit == nil || *failed.Exit != (ExitStatus{Code: 3}) {
		t.Errorf("the failing job: %s exit %+v, want FAILED 3:0", failed.State, failed.Exit)
	}
	if failed.Name != "bad|name `q` 's ünï" {
		t.Errorf("name as slurmdbd stores it: %q", failed.Name)
	}
	if failed.Provenance.SlurmRelease != "24.11.5" || failed.Provenance.Format != "json data_parser/v0.0.42" || len(failed.Provenance.RawSHA256) != 64 {
		t.Errorf("provenance %+v", failed.Provenance)
	}
	checkRecordedAccounting(t, records, ids)
	// Step 0 burnt 2.5 s of CPU: the JSON's milliseconds read as whole seconds, as -P says.
	if cpu, ok := TRESCount(recordByID(t, records, ids["steps"]).Steps[1].UsageTRES, "cpu"); !ok || cpu != 2 {
		t.Errorf("step .0 CPU usage %d s (present %v), want 2", cpu, ok)
	}
	// slurmdbd 24.11 keeps no heterogeneous link for a het job that never started (-P prints
	// its components as plain jobs too; squeue still has the link): each component is a
	// pending job of its own, which is what accounting can say of it.
	het := recordByID(t, records, ids["het"]+1)
	if het.HetJobID != 0 || het.HetOffset != nil || het.State != StatePending || het.Nodes != "" {
		t.Errorf("het component: %+v", het)
	}
}

// checkRecordedAccounting checks what every release's accounting says of the recorded jobs.
func checkRecordedAccounting(t *testing.T, records []AccountingRecord, ids map[string]uint32) {
	t.Helper()
	steps := recordByID(t, records, ids["steps"])
	if len(steps.Steps) != 3 || steps.Steps[1].ID != "0" || steps.Steps[2].ID != "1" {
		t.Fatalf("srun steps = %+v", steps.Steps)
	}
	// The step allocated 64 MiB in Python: its peak RSS must be in that region, in bytes.
	if mem, ok := TRESCount(steps.Steps[1].UsageTRES, "mem"); !ok || mem < 64<<20 || mem > 256<<20 {
		t.Errorf("step .0 memory usage = %d bytes (present %v), want 64-256 MiB", mem, ok)
	}
	if u, s := steps.Steps[1].UserCPUMicroseconds, steps.Steps[1].SystemCPUMicroseconds; u <= 0 || s <= 0 || u%1000 == 0 && s%1000 == 0 {
		t.Errorf("step .0 CPU user %d µs system %d µs: want microsecond values from the JSON", u, s)
	}
	if r := recordByID(t, records, ids["requeued"]); r.State != StateRequeued {
		t.Errorf("requeued incarnation state %s", r.State)
	}
	if r := recordByID(t, records, ids["cancelled"]); r.State != StateCancelled {
		t.Errorf("cancelled job state %s", r.State)
	}
	if r := recordByID(t, records, ids["signalled"]); r.Exit == nil || r.Exit.Signal != 9 {
		t.Errorf("signalled job exit %+v", r.Exit)
	}
	gpu := recordByID(t, records, ids["gpu"])
	if GPUs(gpu.AllocTRES) != 2 {
		t.Errorf("gpu job allocated %v", gpu.AllocTRES)
	}
	if mem, _ := TRESCount(gpu.AllocTRES, "mem"); mem != 256 {
		t.Errorf("gpu job memory %d MiB, want 256", mem)
	}
}

// The -P parser and the JSON parser (with its patch where the release needs it) read the same
// jobs from two independent formats: they must agree on everything both formats carry.
func TestRecordedParsableAgreesWithJSON(t *testing.T) {
	forEachRecorded(t, testRecordedParsableAgreesWithJSON)
}

func testRecordedParsableAgreesWithJSON(t *testing.T, rec recorded) {
	fromJSON, parser, err := parseAccountingJSON(readFixture(t, rec.dir, "sacct.json"), rec.release)
	if err != nil {
		t.Fatal(err)
	}
	if needsParsablePatch(parser) {
		if err := applyParsablePatch(fromJSON, readFixture(t, rec.dir, "sacct-patch.txt")); err != nil {
			t.Fatal(err)
		}
	}
	delim := strings.TrimSpace(string(readFixture(t, rec.dir, "sacct-parsable.delimiter")))
	fromP, err := parseAccountingParsable(readFixture(t, rec.dir, "sacct-parsable.txt"), delim, rec.release)
	if err != nil {
		t.Fatal(err)
	}
	if len(fromP) != len(fromJSON) {
		t.Fatalf("-P gave %d records, JSON %d", len(fromP), len(fromJSON))
	}
	for _, p := range fromP {
		j := recordByID(t, fromJSON, p.JobID)
		same := func(field string, a, b any) {
			if !reflect.DeepEqual(a, b) {
				t.Errorf("job %d %s: -P %v, JSON %v", p.JobID, field, a, b)
			}
		}
		same("name", p.Name, j.Name)
		same("state", p.State, j.State)
		same("exit", p.Exit, j.Exit)
		same("submit", p.SubmitTime, j.SubmitTime)
		same("start", p.StartTime, j.StartTime)
		same("end", p.EndTime, j.EndTime)
		same("elapsed", p.ElapsedSeconds, j.ElapsedSeconds)
		same("array", [2]any{p.ArrayJobID, p.ArrayTaskID}, [2]any{j.ArrayJobID, j.ArrayTaskID})
		same("het", [2]any{p.HetJobID, p.HetOffset}, [2]any{j.HetJobID, j.HetOffset})
		same("gpus", GPUs(p.AllocTRES), GPUs(j.AllocTRES))
		same("nodes", p.Nodes, j.Nodes)
		same("workdir", p.WorkDir, j.WorkDir)
		same("steps", len(p.Steps), len(j.Steps))
		for k := range p.Steps {
			if k >= len(j.Steps) {
				break
			}
			same("step id", p.Steps[k].ID, j.Steps[k].ID)
			same("step state", p.Steps[k].State, j.Steps[k].State)
			same("step exit", p.Steps[k].Exit, j.Steps[k].Exit)
			same("step usage", p.Steps[k].UsageTRES, j.Steps[k].UsageTRES)
		}
	}
	if nl := recordByID(t, fromP, recordedIDs(t, rec.dir)["newline"]); nl.Name != "new\nline" {
		t.Errorf("-P lost the newline job's name: %q", nl.Name)
	}
}

func TestRecordedInventory(t *testing.T) {
	forEachRecorded(t, testRecordedInventory)
}

func testRecordedInventory(t *testing.T, rec recorded) {
	// 22.05 has nodes in sinfo's JSON only; from 23.02 the bridge reads scontrol's.
	nodesFile, nodesCommand := "sinfo.json", "sinfo --json"
	if rec.release.AtLeast(23, 2) {
		nodesFile, nodesCommand = "nodes.json", "scontrol show nodes --json"
	}
	nodes, err := parseNodes(nodesCommand, readFixture(t, rec.dir, nodesFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(nodes) != 1 {
		t.Fatalf("%d nodes", len(nodes))
	}
	n := nodes[0]
	if n.Name != rec.node || n.CPUs != 16 || n.RealMemoryMiB != 16000 || n.State != "MIXED" {
		t.Errorf("node %+v", n)
	}
	if !reflect.DeepEqual(n.GRES, []GRES{{Name: "gpu", Type: "fake", Count: 4}}) {
		t.Errorf("node GRES %+v", n.GRES)
	}
	if !reflect.DeepEqual(n.Partitions, []string{"cpu", "gpu"}) || !reflect.DeepEqual(n.Features, []string{"fakegpu"}) {
		t.Errorf("partitions %v features %v", n.Partitions, n.Features)
	}
	parts, err := parsePartitionsText("scontrol show partitions", readFixture(t, rec.dir, "scontrol-partitions.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []Partition{
		{Name: "cpu", Nodes: rec.node, TotalNodes: 1, TotalCPUs: 16, State: "UP", Default: true},
		{Name: "gpu", Nodes: rec.node, TotalNodes: 1, TotalCPUs: 16, State: "UP"},
	}
	for i := range parts {
		if GPUs(parts[i].TRES) != 4 {
			t.Errorf("partition %s TRES %v: want its 4 GPUs", parts[i].Name, parts[i].TRES)
		}
		parts[i].TRES = nil
	}
	if !reflect.DeepEqual(parts, want) {
		t.Errorf("partitions\n got %+v\nwant %+v", parts, want)
	}
	r, err := ParseRelease(string(readFixture(t, rec.dir, "version.txt")))
	if err != nil || r != rec.release {
		t.Errorf("release %v %v, want %v", r, err, rec.release)
	}
	stats, err := parseSdiag(readFixture(t, rec.dir, "sdiag.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if stats.RPCByType["REQUEST_SUBMIT_BATCH_JOB"].Count == 0 || stats.RPCByUser["root"].Count == 0 {
		t.Errorf("sdiag stats %+v", stats)
	}
}

// Why Partitions reads the text form on every release: 24.11's JSON says nothing of which
// partition is the default (the text form says Default=YES).
func TestRecorded2411PartitionsJSONHasNoDefault(t *testing.T) {
	var doc struct {
		Partitions []map[string]json.RawMessage `json:"partitions"`
	}
	if err := json.Unmarshal(readFixture(t, "slurm-24.11", "partitions.json"), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Partitions) != 2 {
		t.Fatalf("%d partitions", len(doc.Partitions))
	}
	for _, p := range doc.Partitions {
		for key, value := range p {
			if strings.Contains(strings.ToLower(key), "default") && key != "defaults" || bytes.Contains(bytes.ToUpper(value), []byte(`"DEFAULT"`)) {
				t.Errorf("24.11's partition JSON now says %s: %s (re-check Partitions)", key, value)
			}
		}
	}
	text := string(readFixture(t, "slurm-24.11", "scontrol-partitions.txt"))
	if !strings.Contains(text, "PartitionName=cpu ") || !strings.Contains(text, " Default=YES ") {
		t.Errorf("the text form lost Default=YES:\n%s", text)
	}
}

func TestNewerReleaseShapes(t *testing.T) {
	for _, dir := range []string{"slurm-23.02", "slurm-23.11"} {
		t.Run(dir, func(t *testing.T) {
			jobs, err := parseJobs("squeue --json", readFixture(t, dir, "squeue.json"))
			if err != nil {
				t.Fatal(err)
			}
			wantJobs := []Job{
				{
					ID: 101, Name: "train", Cluster: "hpc", User: "alice", Account: "physics", Partition: "gpu", QOS: "normal",
					State: StateRunning, SubmitTime: time.Unix(1700000000, 0).UTC(), StartTime: time.Unix(1700000010, 0).UTC(),
					EndTime: time.Unix(1700007210, 0).UTC(), TimeLimitMinutes: i64(120), Nodes: "gpu[01-02]", NodeCount: 2, CPUs: 16,
					AllocTRES: mustTRES(t, "cpu=16,mem=64G,node=2,billing=16,gres/gpu=8,gres/gpu:h100=8"),
					ReqTRES:   mustTRES(t, "cpu=16,mem=64G,node=2,billing=16,gres/gpu=8,gres/gpu:h100=8"),
					GRES: []NodeGRES{
						{Node: "gpu01", GRES: []GRES{{Name: "gpu", Type: "h100", Count: 4, Indices: []int{0, 1, 2, 3}}}},
						{Node: "gpu02", GRES: []GRES{{Name: "gpu", Type: "h100", Count: 4, Indices: []int{4, 5, 6, 7}}}},
					},
					WorkDir: "/home/alice", StdOut: "/home/alice/slurm-101.out", StdErr: "/home/alice/slurm-101.out",
				},
				{
					ID: 102, ArrayJobID: 100, ArrayTaskID: u32(2), Name: "bad|name \"q\"\nline", Cluster: "hpc", User: "bob", Account: "chem",
					Partition: "cpu", QOS: "normal", State: StateFailed, Reason: "NonZeroExitCode", Exit: &ExitStatus{Code: 3},
					SubmitTime: time.Unix(1700000100, 0).UTC(), StartTime: time.Unix(1700000110, 0).UTC(), EndTime: time.Unix(1700000170, 0).UTC(),
					Nodes: "cpu01", NodeCount: 1, CPUs: 2, AllocTRES: mustTRES(t, "cpu=2,mem=4G,node=1,billing=2"),
					ReqTRES: mustTRES(t, "cpu=2,mem=4G,node=1,billing=2"), WorkDir: "/home/bob",
				},
				{
					ID: 103, ArrayJobID: 103, ArrayTasks: "0-9%2", Name: "sweep", Cluster: "hpc", User: "alice", Account: "physics",
					Partition: "cpu", QOS: "normal", State: StatePending, Reason: "Priority", SubmitTime: time.Unix(1700000200, 0).UTC(),
					TimeLimitMinutes: i64(30), NodeCount: 1, CPUs: 1, ReqTRES: mustTRES(t, "cpu=1,mem=1G,node=1,billing=1"), WorkDir: "/home/alice",
				},
			}
			if !reflect.DeepEqual(jobs, wantJobs) {
				t.Errorf("jobs\n got %+v\nwant %+v", jobs, wantJobs)
			}

			records, _, err := parseAccountingJSON(readFixture(t, dir, "sacct.json"), Release{})
			if err != nil {
				t.Fatal(err)
			}
			if len(records) != 1 {
				t.Fatalf("%d records", len(records))
			}
			rec := records[0]
			if rec.Provenance.SlurmRelease == "unknown" || rec.Provenance.Format == "json" {
				t.Errorf("provenance %+v does not name the release and parser", rec.Provenance)
			}
			rec.Provenance = Provenance{}
			wantRec := AccountingRecord{
				Cluster: "hpc", JobID: 102, ArrayJobID: 100, ArrayTaskID: u32(2), Name: "bad|name `q`\nline", User: "bob", Group: "bob",
				Account: "chem", Partition: "cpu", QOS: "normal", State: StateFailed, Exit: &ExitStatus{Code: 3}, DerivedExit: &ExitStatus{},
				SubmitTime: time.Unix(1700000100, 0).UTC(), EligibleTime: time.Unix(1700000100, 0).UTC(),
				StartTime: time.Unix(1700000110, 0).UTC(), EndTime: time.Unix(1700000170, 0).UTC(), ElapsedSeconds: 60,
				Nodes: "cpu01", NodeCount: 1, WorkDir: "/home/bob",
				AllocTRES: []TRES{{Type: "cpu", Count: 2}, {Type: "mem", Count: 4096}, {Type: "node", Count: 1}, {Type: "billing", Count: 2}},
				ReqTRES:   []TRES{{Type: "cpu", Count: 2}, {Type: "mem", Count: 4096}, {Type: "node", Count: 1}, {Type: "billing", Count: 2}},
				Steps: []AccountingStep{
					{ID: "batch", Name: "batch", State: StateFailed, Exit: &ExitStatus{Code: 3}, StartTime: time.Unix(1700000110, 0).UTC(),
						EndTime: time.Unix(1700000170, 0).UTC(), ElapsedSeconds: 60, Nodes: "cpu01", NodeCount: 1, Tasks: 1,
						AllocTRES:           []TRES{{Type: "cpu", Count: 2}, {Type: "mem", Count: 4096}, {Type: "node", Count: 1}},
						UsageTRES:           []TRES{{Type: "fs", Name: "disk", Count: 26908}, {Type: "mem", Count: 10985472}},
						UserCPUMicroseconds: 1500000, SystemCPUMicroseconds: 250000},
					{ID: "0", Name: "python3", State: StateCompleted, Exit: &ExitStatus{}, StartTime: time.Unix(1700000111, 0).UTC(),
						EndTime: time.Unix(1700000161, 0).UTC(), ElapsedSeconds: 50, Nodes: "cpu01", NodeCount: 1, Tasks: 2,
						AllocTRES:           []TRES{{Type: "cpu", Count: 2}, {Type: "mem", Count: 4096}, {Type: "node", Count: 1}},
						UsageTRES:           []TRES{{Type: "fs", Name: "disk", Count: 1685846}, {Type: "mem", Count: 80814080}},
						UserCPUMicroseconds: 40000000, SystemCPUMicroseconds: 2000000},
				},
			}
			if !reflect.DeepEqual(rec, wantRec) {
				t.Errorf("record\n got %+v\nwant %+v", rec, wantRec)
			}

			nodes, err := parseNodes("scontrol show nodes --json", readFixture(t, dir, "nodes.json"))
			if err != nil {
				t.Fatal(err)
			}
			if len(nodes) != 2 {
				t.Fatalf("%d nodes", len(nodes))
			}
			if n := nodes[0]; n.State != "MIXED" || n.FreeMemoryMiB == nil || *n.FreeMemoryMiB != 300000 || n.AllocCPUs != 8 ||
				!reflect.DeepEqual(n.GRESUsed, []GRES{{Name: "gpu", Type: "h100", Count: 4, Indices: []int{0, 1, 2, 3}}}) ||
				!reflect.DeepEqual(n.Features, []string{"nvlink", "h100"}) || n.BootTime != time.Unix(1699990000, 0).UTC() {
				t.Errorf("gpu01 %+v", n)
			}
			if n := nodes[1]; n.State != "IDLE" || !n.HasFlag("DRAIN") || n.Reason != "maintenance" {
				t.Errorf("gpu02 %+v", n)
			}
		})
	}
}

func mustTRES(t *testing.T, s string) []TRES {
	t.Helper()
	list, err := ParseTRES(s)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

// The poll's text format and squeue's JSON, recorded a moment apart, describe the same jobs.
func TestRecordedStatusPollAgreesWithJSON(t *testing.T) {
	forEachRecorded(t, testRecordedStatusPollAgreesWithJSON)
}

func testRecordedStatusPollAgreesWithJSON(t *testing.T, rec recorded) {
	statuses, err := parseJobStatuses(readFixture(t, rec.dir, "squeue-states.txt"))
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := parseJobs("squeue --json", readFixture(t, rec.dir, "squeue.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(statuses) < 10 {
		t.Fatalf("only %d statuses", len(statuses))
	}
	for _, s := range statuses {
		j := jobByID(t, jobs, s.ID)
		if s.State != j.State || s.SubmitTime != j.SubmitTime || s.Nodes != j.Nodes || s.ArrayJobID != j.ArrayJobID ||
			!reflect.DeepEqual(s.ArrayTaskID, j.ArrayTaskID) || s.HetJobID != j.HetJobID || !reflect.DeepEqual(s.HetOffset, j.HetOffset) {
			t.Errorf("job %d: poll %+v\n  json %+v", s.ID, s, j)
		}
		// squeue prints NONE for a running job's end, or its start plus its limit when it
		// has one (24.11's year for a job that had none).
		wantEnd := time.Time{}
		if j.TimeLimitMinutes != nil {
			wantEnd = s.StartTime.Add(time.Duration(*j.TimeLimitMinutes) * time.Minute)
		}
		if s.State == StateRunning && (s.StartTime.IsZero() || !s.EndTime.Equal(wantEnd)) {
			t.Errorf("running job %d: start %s end %s, want %s", s.ID, s.StartTime, s.EndTime, wantEnd)
		}
	}
	ids := recordedIDs(t, rec.dir)
	want := map[uint32]string{ids["held"]: "JobHeldUser", ids["never"]: "DependencyNeverSatisfied", ids["hostile"]: "NonZeroExitCode"}
	for _, s := range statuses {
		if reason, ok := want[s.ID]; ok && s.Reason != reason {
			t.Errorf("job %d reason %q, want %q (squeue cuts unsized fields to 20 characters)", s.ID, s.Reason, reason)
		}
	}
}

func TestParseJobStatusesRejectsBadLines(t *testing.T) {
	good := "12|12|N/A|N/A|N/A|RUNNING|1700000000|1700000001|NONE|n1|None|"
	if s, err := parseJobStatuses([]byte(good + "\n")); err != nil || len(s) != 1 || s[0].Reason != "" || s[0].ArrayTaskID != nil {
		t.Fatalf("good line: %+v %v", s, err)
	}
	withPipe := strings.Replace(good, "|None|", "|ReqNodeNotAvail, UnavailableNodes:n|1|", 1)
	if s, err := parseJobStatuses([]byte(withPipe)); err != nil || s[0].Reason != "ReqNodeNotAvail, UnavailableNodes:n|1" {
		t.Errorf("a reason holding the separator: %+v %v", s, err)
	}
	for name, line := range map[string]string{
		"too few fields": "12|RUNNING",
		"bad id":         strings.Replace(good, "12|12|", "x|12|", 1),
		"bad task":       strings.Replace(good, "|N/A|N/A|N/A|", "|N/A|seven|N/A|", 1),
		"unknown state":  strings.Replace(good, "RUNNING", "DANCING", 1),
		"bad time":       strings.Replace(good, "1700000001", "soon", 1),
	} {
		if s, err := parseJobStatuses([]byte(line)); err == nil {
			t.Errorf("%s: accepted %+v", name, s)
		}
	}
}

// A step's usage is read from tres.requested (TRESUsageIn), in -P's units and order: CPU
// milliseconds as whole seconds (62,500 ms is cpu=00:01:02), sorted as sacct sorts its
// "name=value" strings, without Slurm's sentinels; tres.consumed (TRESUsageOut) is not usage.
func TestStepUsageReadsRequestedInParsableUnits(t *testing.T) {
	doc := `{"meta":{"plugin":{"data_parser":"data_parser/v0.0.42"},"slurm":{"version":{"major":"24","minor":"11","micro":"5"}}},
	"jobs":[{"job_id":5,"cluster":"c","name":"n","partition":"p","state":{"current":["COMPLETED"]},
	"time":{"submission":1700000000,"eligible":1700000000,"start":1700000001,"end":1700000100,"elapsed":99},
	"steps":[{"step":{"id":"5.0","name":"s"},"state":["COMPLETED"],"time":{"start":1700000001,"end":1700000100,"elapsed":99},
	"tres":{"allocated":[],
	"requested":{"total":[{"type":"mem","name":"","count":2048},{"type":"cpu","name":"","count":62500},
		{"type":"gres","name":"gpu","count":1},{"type":"gres","name":"gpu:h100","count":1},
		{"type":"energy","name":"","count":18446744073709551614},{"type":"fs","name":"disk","count":-2}]},
	"consumed":{"total":[{"type":"fs","name":"disk","count":99999}]}}}]}]}`
	records, _, err := parseAccountingJSON([]byte(doc), Release{24, 11, 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 1 || len(records[0].Steps) != 1 {
		t.Fatalf("records %+v", records)
	}
	want := []TRES{{Type: "cpu", Count: 62}, {Type: "gres", Name: "gpu:h100", Count: 1}, {Type: "gres", Name: "gpu", Count: 1}, {Type: "mem", Count: 2048}}
	if got := records[0].Steps[0].UsageTRES; !reflect.DeepEqual(got, want) {
		t.Errorf("usage\n got %+v\nwant %+v", got, want)
	}
	fromP, err := ParseTRESUsage("cpu=00:01:02,gres/gpu:h100=1,gres/gpu=1,mem=2K")
	if err != nil || !reflect.DeepEqual(fromP, want) {
		t.Errorf("-P's reading of the same usage: %+v %v", fromP, err)
	}
}
