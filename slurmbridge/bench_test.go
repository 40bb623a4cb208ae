package slurmbridge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkSpawn compares the bridge's way of running a command (argv, scrubbed environment,
// stdin and captured output, process group, deadline) with a bare exec of the same binary,
// /bin/true standing in for a Slurm command so that only the plumbing is measured.
func BenchmarkSpawn(b *testing.B) {
	dir := b.TempDir()
	if err := os.Symlink("/bin/true", filepath.Join(dir, "sbatch")); err != nil {
		b.Fatal(err)
	}
	script := []byte("#!/bin/sh\ntrue\n")
	b.Run("bridge", func(b *testing.B) {
		br, err := New(Config{BinDir: dir}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < b.N; i++ {
			if _, err := br.run(context.Background(), invocation{name: "sbatch", args: []string{"--parsable"}, stdin: script}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bare-exec", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if err := exec.Command(filepath.Join(dir, "sbatch"), "--parsable").Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// syntheticSqueue replicates the recorded 22.05 jobs into a document of n jobs.
func syntheticSqueue(b *testing.B, n int) []byte {
	var doc struct {
		Meta json.RawMessage              `json:"meta"`
		Jobs []map[string]json.RawMessage `json:"jobs"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "slurm-22.05", "squeue.json"))
	if err != nil {
		b.Fatal(err)
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	base := doc.Jobs
	doc.Jobs = make([]map[string]json.RawMessage, 0, n)
	for i := 0; i < n; i++ {
		j := map[string]json.RawMessage{}
		for k, v := range base[i%len(base)] {
			j[k] = v
		}
		j["job_id"] = json.RawMessage(fmt.Sprint(100000 + i))
		doc.Jobs = append(doc.Jobs, j)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

func BenchmarkParseSqueueJSON1000(b *testing.B) {
	data := syntheticSqueue(b, 1000)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parseJobs("squeue --json", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseJobStatuses1000(b *testing.B) {
	line := []byte("12|12|N/A|N/A|N/A|RUNNING|1700000000|1700000001|NONE|gpu[01-02]|None\n")
	data := bytes.Repeat(line, 1000)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := parseJobStatuses(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseSacctJSON(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("testdata", "slurm-22.05", "sacct.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, _, err := parseAccountingJSON(data, Release{22, 5, 8}); err != nil {
			b.Fatal(err)
		}
	}
}
