package slurmbridge

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseJobsRejectsBadDocuments(t *testing.T) {
	good := string(readFixture(t, "slurm-22.05", "squeue.json"))
	cases := map[string]struct {
		input string
		want  string
	}{
		"empty":            {"", "empty output"},
		"whitespace":       {"  \n", "empty output"},
		"truncated":        {good[:len(good)/2], "truncated JSON"},
		"not json":         {"slurm_load_jobs error: Unable to contact slurm controller", "not a JSON object"},
		"array":            {"[]", "not a JSON object"},
		"no jobs key":      {`{"meta": {}, "errors": []}`, `no "jobs" array`},
		"jobs null":        {`{"jobs": null}`, `no "jobs" array`},
		"job without id":   {`{"jobs": [{"name": "x", "job_state": "RUNNING"}]}`, "missing or invalid job_id"},
		"job id string":    {`{"jobs": [{"job_id": "12", "job_state": "RUNNING"}]}`, "expected a number"},
		"job id negative":  {`{"jobs": [{"job_id": -4, "job_state": "RUNNING"}]}`, "missing or invalid job_id"},
		"job id float":     {`{"jobs": [{"job_id": 1.5, "job_state": "RUNNING"}]}`, "expected an integer"},
		"unknown state":    {`{"jobs": [{"job_id": 1, "job_state": "LEVITATING"}]}`, `unknown Slurm job state "LEVITATING"`},
		"no state":         {`{"jobs": [{"job_id": 1}]}`, "no state"},
		"two base states":  {`{"jobs": [{"job_id": 1, "job_state": ["RUNNING", "FAILED"]}]}`, "two base states"},
		"state wrong type": {`{"jobs": [{"job_id": 1, "job_state": 3}]}`, "expected a string or an array"},
		"bad number obj":   {`{"jobs": [{"job_id": 1, "job_state": "RUNNING", "time_limit": {"foo": 1}}]}`, "not a Slurm number"},
		"bad exit status":  {`{"jobs": [{"job_id": 1, "job_state": "FAILED", "exit_code": {"status": ["EXPLODED"]}}]}`, `unknown status "EXPLODED"`},
		"bad gres detail":  {`{"jobs": [{"job_id": 1, "job_state": "RUNNING", "nodes": "n[1-2]", "gres_detail": ["gpu:1(IDX:0)"]}]}`, "1 entries for 2 nodes"},
		"bad hostlist":     {`{"jobs": [{"job_id": 1, "job_state": "RUNNING", "nodes": "n[1-", "gres_detail": ["gpu:1"]}]}`, "unclosed"},
		"bad tres":         {`{"jobs": [{"job_id": 1, "job_state": "RUNNING", "tres_alloc_str": "cpu"}]}`, "not key=value"},
		"trailing garbage": {`{"jobs": []} {"jobs": []}`, "trailing data"},
		"slurm errors":     {`{"jobs": [], "errors": [{"description": "Invalid job id specified", "error_number": 2017}]}`, "Invalid job id specified"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			jobs, err := parseJobs("squeue --json", []byte(c.input))
			if err == nil {
				t.Fatalf("accepted %q as %d jobs", truncate(c.input, 60), len(jobs))
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
			if jobs != nil {
				t.Errorf("returned %d jobs with an error", len(jobs))
			}
		})
	}
	var unknown *UnknownStateError
	_, err := parseJobs("squeue --json", []byte(cases["unknown state"].input))
	if !errors.As(err, &unknown) || unknown.State != "LEVITATING" {
		t.Errorf("unknown state is not a typed *UnknownStateError: %v", err)
	}
	_, err = parseJobs("squeue --json", []byte(`{"jobs": [], "errors": [{"error": "Unable to contact slurm controller (connect failure)"}]}`))
	if !errors.Is(err, ErrControllerUnreachable) {
		t.Errorf("controller error in the errors array not recognised: %v", err)
	}
}

func TestParseJobState(t *testing.T) {
	cases := []struct {
		words     []string
		want      JobState
		wantFlags []string
	}{
		{[]string{"PENDING"}, StatePending, nil},
		{[]string{"CANCELLED by 1000"}, StateCancelled, nil},
		{[]string{"COMPLETING"}, StateCompleting, nil},
		{[]string{"COMPLETED", "COMPLETING"}, StateCompleting, []string{"COMPLETED"}},
		{[]string{"PENDING", "REQUEUED"}, StateRequeued, []string{"PENDING"}},
		{[]string{"RUNNING", "LAUNCH_FAILED"}, StateRunning, []string{"LAUNCH_FAILED"}},
		{[]string{"OUT_OF_MEMORY"}, StateOutOfMemory, nil},
		{[]string{"OOM"}, StateOutOfMemory, nil},
		{[]string{"node_fail"}, StateNodeFail, nil},
		{[]string{"BOOT_FAIL"}, StateBootFail, nil},
		{[]string{"DEADLINE"}, StateDeadline, nil},
		{[]string{"PREEMPTED"}, StatePreempted, nil},
		{[]string{"TIMEOUT"}, StateTimeout, nil},
		{[]string{"SUSPENDED"}, StateSuspended, nil},
		{[]string{"SPECIAL_EXIT"}, StateSpecialExit, nil},
		{[]string{"REVOKED"}, StateRevoked, nil},
	}
	for _, c := range cases {
		got, flags, err := parseJobState(c.words)
		if err != nil || got != c.want || !reflect.DeepEqual(flags, c.wantFlags) {
			t.Errorf("parseJobState(%q) = %s %v %v, want %s %v", c.words, got, flags, err, c.want, c.wantFlags)
		}
	}
	for st, class := range stateClasses {
		if n := btoi(st.Terminal()) + btoi(st.Pending()) + btoi(st.Active()); n != 1 || !st.Known() {
			t.Errorf("state %s (class %d) is in %d classes", st, class, n)
		}
	}
	if !StateTimeout.Terminal() || StateRequeued.Terminal() || !StateRequeued.Pending() || !StateCompleting.Active() {
		t.Error("state classes are wrong")
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestExpandHostlist(t *testing.T) {
	cases := map[string][]string{
		"":                    nil,
		"n1":                  {"n1"},
		"n[1-3]":              {"n1", "n2", "n3"},
		"gpu[01-03,07],login": {"gpu01", "gpu02", "gpu03", "gpu07", "login"},
		"r[1-2]-n[8-9]":       {"r1-n8", "r1-n9", "r2-n8", "r2-n9"},
		"n[009-011]":          {"n009", "n010", "n011"},
		"None assigned":       nil,
	}
	for in, want := range cases {
		got, err := ExpandHostlist(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ExpandHostlist(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"n[1-", "n]", "n[3-1]", "n[a-b]", "n[1-2", ",n1", "n[0-99999999999]", "n[0-999999],m[0-999999]"} {
		if got, err := ExpandHostlist(bad); err == nil {
			t.Errorf("ExpandHostlist(%q) accepted: %d hosts", bad, len(got))
		}
	}
}

func TestParseGRESAndTRES(t *testing.T) {
	gres := map[string][]GRES{
		"gpu:fake:4(S:0)":                            {{Name: "gpu", Type: "fake", Count: 4}},
		"gpu:h100:2(IDX:0-1),gpu:h200:4(IDX:2-5)":    {{Name: "gpu", Type: "h100", Count: 2, Indices: []int{0, 1}}, {Name: "gpu", Type: "h200", Count: 4, Indices: []int{2, 3, 4, 5}}},
		"gpu:8(IDX:0,2-7)":                           {{Name: "gpu", Count: 8, Indices: []int{0, 2, 3, 4, 5, 6, 7}}},
		"gpu:tesla:0(IDX:N/A)":                       {{Name: "gpu", Type: "tesla", Count: 0}},
		"gres:gpu:fake:2":                            {{Name: "gpu", Type: "fake", Count: 2}},
		"gpu:a100:no_consume:1":                      {{Name: "gpu", Type: "a100", Count: 1}},
		"mps:400K":                                   {{Name: "mps", Count: 400 << 10}},
		"gpu:a100_3g.20gb:1(IDX:0)":                  {{Name: "gpu", Type: "a100_3g.20gb", Count: 1, Indices: []int{0}}},
		"(null)":                                     nil,
		"gpu:fake:2(IDX:0-1),gpu:fake:1(IDX:3)(S:0)": {{Name: "gpu", Type: "fake", Count: 2, Indices: []int{0, 1}}, {Name: "gpu", Type: "fake", Count: 1, Indices: []int{3}}},
	}
	for in, want := range gres {
		got, err := ParseGRES(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("ParseGRES(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"gpu:2(IDX:0-1", ":2", "gpu:1(IDX:5-1)", "gpu:abc1"} {
		if got, err := ParseGRES(bad); err == nil && !(bad == "gpu:abc1" && len(got) == 1 && got[0].Type == "abc1") {
			t.Errorf("ParseGRES(%q) accepted: %+v", bad, got)
		}
	}

	tres, err := ParseTRES("cpu=2,mem=1.5G,node=1,billing=2,gres/gpu=3,gres/gpu:a100=1,gres/gpu:v100=2")
	if err != nil {
		t.Fatal(err)
	}
	if mem, _ := TRESCount(tres, "mem"); mem != 1536 {
		t.Errorf("mem = %d MiB, want 1536", mem)
	}
	if GPUs(tres) != 3 {
		t.Errorf("GPUs = %d, want the untyped total 3", GPUs(tres))
	}
	typedOnly, _ := ParseTRES("cpu=1,gres/gpu:a100=1,gres/gpu:v100=2")
	if GPUs(typedOnly) != 3 {
		t.Errorf("GPUs without an untyped entry = %d, want the sum 3", GPUs(typedOnly))
	}
	usage, err := ParseTRESUsage("cpu=01:02:03,energy=0,fs/disk=53162,mem=12460K,pages=2,vmem=221344K")
	if err != nil {
		t.Fatal(err)
	}
	want := []TRES{{Type: "cpu", Count: 3723}, {Type: "energy"}, {Type: "fs", Name: "disk", Count: 53162}, {Type: "mem", Count: 12460 << 10}, {Type: "pages", Count: 2}, {Type: "vmem", Count: 221344 << 10}}
	if !reflect.DeepEqual(usage, want) {
		t.Errorf("usage %+v\nwant %+v", usage, want)
	}
	for _, bad := range []string{"cpu", "=1", "mem=-1M", "mem=lotsM", "cpu=1:2:3:4", "node=NaN", "gres/gpu=1e400"} {
		if got, err := ParseTRES(bad); err == nil {
			t.Errorf("ParseTRES(%q) accepted: %+v", bad, got)
		}
	}
}

func TestParseSlurmDuration(t *testing.T) {
	cases := map[string]int64{"30": 1800, "05:30": 330, "01:02:03": 3723, "2-00:00:00": 172800, "1-02": 93600, "1-02:30": 95400, "00:00.421": 0}
	for in, want := range cases {
		if got, err := parseSlurmDuration(in); err != nil || got != want {
			t.Errorf("parseSlurmDuration(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "1:2:3:4", "-1", "1-", "01:-2", "1.5.5"} {
		if got, err := parseSlurmDuration(bad); err == nil {
			t.Errorf("parseSlurmDuration(%q) accepted: %d", bad, got)
		}
	}
	if got, err := parseCPUTimeMicros("00:00.421"); err != nil || got != 421000 {
		t.Errorf("parseCPUTimeMicros = %d %v", got, err)
	}
}

func TestParseParsableAnswer(t *testing.T) {
	good := map[string]SubmitResult{"123\n": {JobID: 123}, "77;site-a\n": {JobID: 77, Cluster: "site-a"}, " 9 ": {JobID: 9}}
	for in, want := range good {
		if got, err := parseParsable([]byte(in)); err != nil || got != want {
			t.Errorf("parseParsable(%q) = %+v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "Submitted batch job 12", "12\n13", "0", "99999999999", "12;", "12;a b", "-3", "12abc"} {
		if got, err := parseParsable([]byte(bad)); err == nil {
			t.Errorf("parseParsable(%q) accepted: %+v", bad, got)
		}
	}
}

func TestSubmitRequestValidation(t *testing.T) {
	ok := SubmitRequest{Script: []byte("#!/bin/sh\ntrue\n"), Tag: "pg-1", WorkDir: "/tmp"}
	if err := ok.validate(); err != nil {
		t.Fatalf("valid request refused: %v", err)
	}
	bad := map[string]func(*SubmitRequest){
		"pipe in tag":        func(r *SubmitRequest) { r.Tag = "a|b" },
		"newline in tag":     func(r *SubmitRequest) { r.Tag = "a\nb" },
		"quote in tag":       func(r *SubmitRequest) { r.Tag = `a"b` },
		"utf-8 in tag":       func(r *SubmitRequest) { r.Tag = "ünï" },
		"comma in tag":       func(r *SubmitRequest) { r.Tag = "a,b" },
		"empty tag":          func(r *SubmitRequest) { r.Tag = "" },
		"long tag":           func(r *SubmitRequest) { r.Tag = strings.Repeat("a", 65) },
		"empty script":       func(r *SubmitRequest) { r.Script = nil },
		"no shebang":         func(r *SubmitRequest) { r.Script = []byte("true\n") },
		"nul in script":      func(r *SubmitRequest) { r.Script = []byte("#!/bin/sh\n\x00") },
		"huge script":        func(r *SubmitRequest) { r.Script = append([]byte("#!/bin/sh\n"), make([]byte, MaxScriptBytes)...) },
		"relative workdir":   func(r *SubmitRequest) { r.WorkDir = "tmp" },
		"partition injected": func(r *SubmitRequest) { r.Partition = "cpu --qos=high" },
		"bad array":          func(r *SubmitRequest) { r.Array = "0-9; rm -rf /" },
		"bad dependency":     func(r *SubmitRequest) { r.Dependency = "afterok:1 --hold" },
		"short option":       func(r *SubmitRequest) { r.Options = []string{"-p", "gpu"} },
		"override job name":  func(r *SubmitRequest) { r.Options = []string{"--job-name=other"} },
		"override chdir":     func(r *SubmitRequest) { r.Options = []string{"--chdir=/"} },
		"abbreviated name":   func(r *SubmitRequest) { r.Options = []string{"--job-n=evil"} },
		"abbreviated chdir":  func(r *SubmitRequest) { r.Options = []string{"--chd=/root"} },
		"abbreviated wrap":   func(r *SubmitRequest) { r.Options = []string{"--wr=id"} },
		"export file":        func(r *SubmitRequest) { r.Options = []string{"--export-fi=/etc/shadow"} },
		"uid":                func(r *SubmitRequest) { r.Options = []string{"--uid=0"} },
		"other cluster":      func(r *SubmitRequest) { r.Options = []string{"--clusters=elsewhere"} },
		"abbreviated gres":   func(r *SubmitRequest) { r.Options = []string{"--gre=gpu:1"} },
		"multi-line option":  func(r *SubmitRequest) { r.Options = []string{"--comment=a\nb"} },
		"multi-line comment": func(r *SubmitRequest) { r.Comment = "a\nb" },
		"het component's job name": func(r *SubmitRequest) {
			r.HetComponents = [][]string{{"--nodes=1"}, {"--job-name=other"}}
		},
		"het component's short option": func(r *SubmitRequest) { r.HetComponents = [][]string{{"-N", "1"}} },
		"het component's separator":    func(r *SubmitRequest) { r.HetComponents = [][]string{{":"}} },
		"het array": func(r *SubmitRequest) {
			r.Array, r.HetComponents = "0-1", [][]string{{"--nodes=1"}}
		},
		"too many het components": func(r *SubmitRequest) { r.HetComponents = make([][]string, MaxHetComponents) },
		"empty het component":     func(r *SubmitRequest) { r.HetComponents = [][]string{{"--nodes=1"}, {}} },
		"bare value option":       func(r *SubmitRequest) { r.Options = []string{"--output"} },
		"het bare value option":   func(r *SubmitRequest) { r.HetComponents = [][]string{{"--time"}} },
	}
	for name, mutate := range bad {
		r := ok
		mutate(&r)
		if err := r.validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	for _, good := range []SubmitRequest{
		{Script: ok.Script, Tag: "x", WorkDir: "/", Array: "1,3,5-7%2", Dependency: "afterok:12:13,afterany:14", Options: []string{"--gres=gpu:fake:1", "--exclusive"}},
		{Script: ok.Script, Tag: "x", WorkDir: "/", Dependency: "singleton"},
		{Script: ok.Script, Tag: "x", WorkDir: "/", Options: []string{"--exclusive", "--no-requeue", "--requeue", "--nice", "--exclusive=user", "--output=/tmp/o"}},
	} {
		if err := good.validate(); err != nil {
			t.Errorf("refused %+v: %v", good, err)
		}
	}
	// A heterogeneous job: each further component after sbatch's ":", in the same partition
	// and account; the bridge's own options go with the first.
	het := SubmitRequest{Script: ok.Script, Tag: "x", WorkDir: "/w", Partition: "cpu", Account: "a", Options: []string{"--nodes=2"},
		HetComponents: [][]string{{"--nodes=1", "--exclusive"}, {"--nodes=1"}}}
	if err := het.validate(); err != nil {
		t.Fatalf("a heterogeneous job refused: %v", err)
	}
	want := []string{"--nodes=2", "--partition=cpu", "--account=a", "--parsable", "--job-name=x", "--chdir=/w",
		":", "--nodes=1", "--exclusive", "--partition=cpu", "--account=a", ":", "--nodes=1", "--partition=cpu", "--account=a"}
	if got := het.Argv(); !slices.Equal(got, want) {
		t.Errorf("heterogeneous argv %q, want %q", got, want)
	}
	if err := ValidateTag("a|b"); !errors.Is(err, ErrInvalidTag) {
		t.Errorf("ValidateTag error %v is not ErrInvalidTag", err)
	}
}

func TestClassifyRefusal(t *testing.T) {
	// Messages as Slurm 22.05 printed them on the test cluster.
	cases := map[string]error{
		"sbatch: error: invalid partition specified: nope\nsbatch: error: Batch job submission failed: Invalid partition name specified\n":                                         ErrInvalidPartition,
		"sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n":                                                                 ErrInvalidAccount,
		"sbatch: error: QOSMaxCpuPerJobLimit\nsbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n": ErrQOSLimit,
		"sbatch: error: Batch job submission failed: Invalid qos specification\n":                                                                                                  ErrInvalidQOS,
		"sbatch: error: Batch job submission failed: Requested node configuration is not available\n":                                                                              ErrUnavailableConfig,
		"sbatch: error: Memory specification can not be satisfied\nsbatch: error: Batch job submission failed: Requested node configuration is not available\n":                    ErrUnavailableConfig,
		"sbatch: error: Invalid --time specification\n":                                                                                                                            ErrInvalidTimeLimit,
		"sbatch: unrecognized option '--bogus'\nTry \"sbatch --help\" for more information\n":                                                                                      ErrInvalidOption,
		"sbatch: error: Batch job submission failed: Invalid generic resource (gres) specification\n":                                                                              ErrInvalidGRES,
	}
	for stderr, want := range cases {
		r := classifyRefusal("sbatch", stderr)
		if r == nil || !errors.Is(r, want) {
			t.Errorf("classifyRefusal(%q) = %v, want %v", stderr, r, want)
			continue
		}
		if strings.Contains(r.Message, "sbatch: error:") || r.Message == "" {
			t.Errorf("refusal message %q should be Slurm's own words without the prefix", r.Message)
		}
	}
	if r := classifyRefusal("sbatch", "sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)\n"); r != nil {
		t.Errorf("an unreachable controller is not a refusal: %v", r)
	}
	ce := &CommandError{Command: "sbatch", ExitCode: 1, Stderr: "sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)"}
	if !errors.Is(ce, ErrControllerUnreachable) {
		t.Error("CommandError does not recognise an unreachable controller")
	}
}

func TestParseRelease(t *testing.T) {
	good := map[string]Release{"slurm-wlm 22.05.8\n": {22, 5, 8}, "slurm 23.11.10": {23, 11, 10}, "24.05.3": {24, 5, 3}, "slurm 25.05.0-0rc1": {25, 5, 0}}
	for in, want := range good {
		if got, err := ParseRelease(in); err != nil || got != want {
			t.Errorf("ParseRelease(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "slurm", "sinfo: error: could not establish a configuration source", "slurm 1.2.3", "slurm 22.55.1"} {
		if got, err := ParseRelease(bad); err == nil {
			t.Errorf("ParseRelease(%q) accepted: %v", bad, got)
		}
	}
	if !(Release{23, 2, 0}).AtLeast(23, 2) || (Release{22, 5, 8}).AtLeast(23, 2) || !(Release{24, 11, 0}).AtLeast(23, 2) {
		t.Error("AtLeast is wrong")
	}
}

func TestParseAccountingParsableHostile(t *testing.T) {
	const d = "~pgtest0123~"
	row := func(raw, name string) string {
		f := []string{raw, raw, "c", "u", "g", "a", "p", "normal", "COMPLETED", "None", "0:0", "0:0",
			"1700000000", "1700000000", "1700000001", "1700000002", "1", "UNLIMITED", "1", "n1", "cpu=1", "cpu=1",
			"", "", "00:00:00", "00:00:00", "/home/u/dir|with\nnewline", "", name}
		return strings.Join(f, d)
	}
	// A name that tries to forge a record with the separators an attacker could guess.
	forged := "innocent\n999|999|c|alice|g|a|p|normal|COMPLETED|None|0:0|0:0|1700000000|1700000000|1700000001|1700000002|1|UNLIMITED|1|n1|cpu=64|cpu=64|||00:00:00|00:00:00|||forged"
	recs, err := parseAccountingParsable([]byte(row("1", forged)+"\n"+row("2", "plain")+"\n"+row("2.batch", "batch")+"\n"), d, Release{22, 5, 8})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Name != forged || recs[0].JobID != 1 || recs[1].Name != "plain" || len(recs[1].Steps) != 1 {
		t.Fatalf("records %+v", recs)
	}
	if recs[0].WorkDir != "/home/u/dir|with\nnewline" {
		t.Errorf("work dir %q", recs[0].WorkDir)
	}
	good := row("1", "x")
	for name, input := range map[string]string{
		"too few fields":  "1" + d + "2\n",
		"bad id":          strings.Replace(good, "1"+d+"1"+d, "x"+d+"1"+d, 1),
		"bad time":        strings.Replace(good, "1700000001", "yesterday", 1),
		"bad exit":        strings.Replace(good, "0:0"+d+"0:0", "zero"+d+"0:0", 1),
		"bad tres":        strings.Replace(good, "cpu=1"+d+"cpu=1", "cpu"+d+"cpu=1", 1),
		"step before job": row("3.batch", "x"),
		"no newline":      good + d + "extra",
	} {
		if recs, err := parseAccountingParsable([]byte(input+"\n"), d, Release{}); err == nil {
			t.Errorf("%s: accepted %+v", name, recs)
		}
	}
	// A state from a newer Slurm is history all the same: kept as printed and flagged, never
	// dropped and never mistaken for an ended run.
	unknown, err := parseAccountingParsable([]byte(strings.Replace(good, "COMPLETED", "EXPLODED", 1)+"\n"), d, Release{})
	if err != nil || len(unknown) != 1 || !unknown[0].UnknownState || unknown[0].State != "EXPLODED" || unknown[0].RunEnded() {
		t.Errorf("unknown state: %+v, %v", unknown, err)
	}
	// A finished run whose completion record has not reached slurmdbd yet (replayed after
	// an outage): its end is Unknown and its ElapsedRaw runs on, so it is a placeholder.
	noEnd, err := parseAccountingParsable([]byte(strings.Replace(good, "1700000002", "Unknown", 1)+"\n"), d, Release{})
	if err != nil || len(noEnd) != 1 || !noEnd[0].Incomplete {
		t.Errorf("terminal state without an end time: %+v, %v", noEnd, err)
	}
	if ended, err := parseAccountingParsable([]byte(good+"\n"), d, Release{}); err != nil || len(ended) != 1 || ended[0].Incomplete {
		t.Errorf("a complete record taken for a placeholder: %+v, %v", ended, err)
	}
	if err := applyParsablePatch(nil, []byte("1|2|3\n")); err == nil {
		t.Error("a patch line with the wrong number of fields was accepted")
	}
	d1, err1 := newDelimiter()
	d2, err2 := newDelimiter()
	if err1 != nil || err2 != nil || d1 == d2 || len(d1) < 20 {
		t.Errorf("delimiters %q %q", d1, d2)
	}
}

func TestFlexTypes(t *testing.T) {
	var f flexInt
	for in, want := range map[string]flexInt{
		`5`: {Set: true, Value: 5}, `null`: {}, `{"set":true,"infinite":false,"number":7}`: {Set: true, Value: 7},
		`{"set":false,"infinite":true,"number":0}`: {Infinite: true}, `{"set":false,"infinite":false,"number":0}`: {},
		`4294967295`: {Set: true, Value: 4294967295}, `2.0`: {Set: true, Value: 2},
	} {
		if err := f.UnmarshalJSON([]byte(in)); err != nil || f != want {
			t.Errorf("flexInt(%s) = %+v, %v", in, f, err)
		}
	}
	for _, bad := range []string{`"5"`, `[1]`, `true`, `{}`, `1.5`, `{"number":"x"}`} {
		if err := f.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("flexInt accepted %s", bad)
		}
	}
	var e flexExitCode
	for in, want := range map[string]*ExitStatus{
		`768`: {Code: 3}, `9`: {Signal: 9}, `137`: {Signal: 9, CoreDumped: true}, `0`: {},
		`{"set":true,"infinite":false,"number":256}`:                                             {Code: 1},
		`{"status":"SIGNALED","return_code":null,"signal":{"signal_id":15}}`:                     {Signal: 15},
		`{"status":["ERROR"],"return_code":{"set":true,"number":2},"signal":{}}`:                 {Code: 2},
		`{"status":["PENDING"],"return_code":{"set":false,"number":0}}`:                          nil,
		`{"status":["CORE_DUMPED"],"return_code":null,"signal":{"id":{"set":true,"number":11}}}`: {Signal: 11, CoreDumped: true},
		`4294967294`: nil,
	} {
		if err := e.UnmarshalJSON([]byte(in)); err != nil || !reflect.DeepEqual(e.ptr(), want) {
			t.Errorf("flexExitCode(%s) = %+v, %v; want %+v", in, e.ptr(), err, want)
		}
	}
}

// failsFast requires parse(input) to return an error within 5 seconds.
func failsFast(t *testing.T, name, input string, parse func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- parse() }()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("%s(%q) accepted", name, truncate(input, 60))
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%s(%q) still running after 5s", name, truncate(input, 60))
	}
}

// Ranges that overflow, or expand to huge numbers of hosts or bytes, must fail fast.
func TestHostileRangesFailFast(t *testing.T) {
	inputs := []string{
		"n[0-9223372036854775807]",
		"n[9223372036854775806-9223372036854775807]",
		"n[" + strings.Repeat("0", 1000) + "-1048575]",
		strings.Repeat("x", 100000) + "[0-999999]",
		"n[0-1048576]",
		"a[0-1023]-b[0-1023]-c[0-1]",
	}
	for _, in := range inputs {
		failsFast(t, "ExpandHostlist", in, func() error { _, err := ExpandHostlist(in); return err })
	}
	for _, in := range []string{"gpu:1(IDX:0-9223372036854775807)", "gpu:1(IDX:0-99999999999)", "gpu:1(IDX:0-2000000)"} {
		failsFast(t, "ParseGRES", in, func() error { _, err := ParseGRES(in); return err })
	}
	// The largest legitimate expansion still works.
	if hosts, err := ExpandHostlist("n[0-1048575]"); err != nil || len(hosts) != MaxHostlistSize {
		t.Errorf("a full-size hostlist: %d hosts, %v", len(hosts), err)
	}
}

func TestParseClusterName(t *testing.T) {
	name, err := parseClusterName("Configuration data as of 2026-11-22T10:00:00\nAccountingStorageBackupHost = (null)\nClusterName             = petagrid\nCompleteWait = 0 sec\n")
	if err != nil || name != "petagrid" {
		t.Fatalf("got %q, %v", name, err)
	}
	for _, bad := range []string{"", "ClusterName = \n", "ClusterName = a b\n", "ClusterName = x;rm\n"} {
		if name, err := parseClusterName(bad); err == nil {
			t.Errorf("%q: accepted %q", bad, name)
		}
	}
}

func TestParseBootTime(t *testing.T) {
	// As scontrol prints it with SLURM_TIME_FORMAT=%s (22.05 and 24.11 alike).
	boot, err := parseBootTime("Configuration data as of 1795718900\nAuthType                = auth/munge\nBOOT_TIME               = 1795718888\nBurstBufferType         = (null)\n")
	if err != nil || !boot.Equal(time.Unix(1795718888, 0)) || boot.Location() != time.UTC {
		t.Fatalf("got %v, %v", boot, err)
	}
	for _, bad := range []string{"", "BOOT_TIME = \n", "BOOT_TIME = 2026-11-26T18:48:08\n", "BOOT_TIME = 12\n", "BOOT_TIME = 99999999999999999999\n", "BOOT_TIME = -5\n"} {
		if got, err := parseBootTime(bad); err == nil {
			t.Errorf("%q: accepted %v", bad, got)
		}
	}
}

func TestParseSchedulerType(t *testing.T) {
	// As scontrol show config prints it (22.05 on the test cluster).
	got, err := parseSchedulerType("Configuration data as of 2026-11-26T23:55:00\nSchedulerTimeSlice      = 30 sec\nSchedulerType           = sched/backfill\nScronParameters         = (null)\n")
	if err != nil || got != "sched/backfill" {
		t.Fatalf("got %q, %v", got, err)
	}
	for _, bad := range []string{"", "SchedulerType = \n", "SchedulerType = backfill\n", "SchedulerType = sched/$(x)\n", "SchedulerType = sched/" + strings.Repeat("a", 40) + "\n"} {
		if got, err := parseSchedulerType(bad); err == nil {
			t.Errorf("%q: accepted %q", bad, got)
		}
	}
}

// The -P delimiter is random per query; a record's hash must not depend on it, or every
// re-read would look like a change.
func TestParsableHashIgnoresTheDelimiter(t *testing.T) {
	d1 := strings.TrimSpace(string(readFixture(t, "slurm-22.05", "sacct-parsable.delimiter")))
	data := readFixture(t, "slurm-22.05", "sacct-parsable.txt")
	d2 := "~pg000000000000000000000000~"
	a, err := parseAccountingParsable(data, d1, Release{22, 5, 8})
	if err != nil {
		t.Fatal(err)
	}
	b, err := parseAccountingParsable([]byte(strings.ReplaceAll(string(data), d1, d2)), d2, Release{22, 5, 8})
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) || len(a) == 0 {
		t.Fatalf("%d and %d records", len(a), len(b))
	}
	for i := range a {
		if a[i].Provenance.RawSHA256 != b[i].Provenance.RawSHA256 {
			t.Errorf("record %d (job %d) hashes differently with another delimiter", i, a[i].JobID)
		}
	}
}
