package slurmbridge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Fuzz targets: every parser must return an error or a value for any input, never panic.
// `make test` runs them over their seeds; `go test -fuzz=FuzzParseJobs ./slurmbridge` explores.

func addFixtureSeeds(f *testing.F, pattern string) {
	f.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*", pattern))
	if err != nil || len(files) == 0 {
		f.Fatalf("no fixtures match %s: %v", pattern, err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/3])
	}
}

func FuzzParseJobs(f *testing.F) {
	addFixtureSeeds(f, "squeue*.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		jobs, err := parseJobs("squeue --json", data)
		if err != nil && jobs != nil {
			t.Fatal("jobs returned with an error")
		}
		for _, j := range jobs {
			if j.ID == 0 || !j.State.Known() {
				t.Fatalf("accepted job %+v", j)
			}
		}
	})
}

func FuzzParseAccountingJSON(f *testing.F) {
	addFixtureSeeds(f, "sacct.json")
	f.Fuzz(func(t *testing.T, data []byte) {
		records, _, err := parseAccountingJSON(data, Release{22, 5, 8})
		if err == nil {
			for _, r := range records {
				if r.JobID == 0 || !r.State.Known() {
					t.Fatalf("accepted record %+v", r)
				}
			}
		}
	})
}

func FuzzApplyParsablePatch(f *testing.F) {
	addFixtureSeeds(f, "sacct-patch.txt")
	records, _, err := parseAccountingJSON(mustRead(f, "slurm-22.05", "sacct.json"), Release{22, 5, 8})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		copied := append([]AccountingRecord(nil), records...)
		_ = applyParsablePatch(copied, data)
	})
}

func mustRead(f *testing.F, parts ...string) []byte {
	data, err := os.ReadFile(filepath.Join(append([]string{"testdata"}, parts...)...))
	if err != nil {
		f.Fatal(err)
	}
	return data
}

func FuzzParseAccountingParsable(f *testing.F) {
	addFixtureSeeds(f, "sacct-parsable.txt")
	delim := strings.TrimSpace(string(mustRead(f, "slurm-22.05", "sacct-parsable.delimiter")))
	f.Fuzz(func(t *testing.T, data []byte) {
		records, err := parseAccountingParsable(data, delim, Release{22, 5, 8})
		if err == nil {
			for _, r := range records {
				if r.JobID == 0 || !r.State.Known() {
					t.Fatalf("accepted record %+v", r)
				}
			}
		}
	})
}

func FuzzParseNodes(f *testing.F) {
	addFixtureSeeds(f, "sinfo.json")
	addFixtureSeeds(f, "nodes.json")
	addFixtureSeeds(f, "scontrol-partitions.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = parseNodes("sinfo --json", data)
		_, _ = parsePartitionsText("scontrol show partitions", data)
		_, _ = parseSdiag(data)
	})
}

func FuzzExpandHostlist(f *testing.F) {
	for _, s := range []string{"n[1-3]", "gpu[01-03,07],login", "r[1-2]-n[8-9]", "n[0-99999999]", "a[", "]", "[[1-2]]", "n[0-9223372036854775807]", "n[0000000000000000001-2]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hosts, err := ExpandHostlist(s)
		if err == nil && len(hosts) > MaxHostlistSize {
			t.Fatalf("%q expanded to %d hosts", s, len(hosts))
		}
	})
}

func FuzzParseGRESAndTRES(f *testing.F) {
	for _, s := range []string{"gpu:h100:2(IDX:0-1),gpu:h200:4(IDX:2-5)", "gpu:fake:4(S:0)", "cpu=1,mem=16000M,gres/gpu:fake=2", "mem=1.5G", "gpu:1(IDX:0-99999999)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_, _ = ParseGRES(s)
		_, _ = ParseTRES(s)
		_, _ = ParseTRESUsage(s)
		_, _ = parseSlurmDuration(s)
		_, _ = parseParsable([]byte(s))
		_, _ = ParseRelease(s)
	})
}

func FuzzParseJobStatuses(f *testing.F) {
	addFixtureSeeds(f, "squeue-states.txt")
	f.Fuzz(func(t *testing.T, data []byte) {
		statuses, err := parseJobStatuses(data)
		if err == nil {
			for _, s := range statuses {
				if s.ID == 0 || !s.State.Known() {
					t.Fatalf("accepted %+v", s)
				}
			}
		}
	})
}
