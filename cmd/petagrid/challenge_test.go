package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// The site's job answers a challenge with the command line, and the gateway's check (here
// the verify command) accepts it, refuses it changed in one entry, and refuses it late.
func TestChallengeRunThenVerify(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().UTC().Truncate(time.Second)
	spec := challenge.Spec{Version: challenge.SpecVersion, Nonce: challenge.Hash{1, 2, 3}, Order: 256, Products: 2, Openings: 16, IssuedAt: now, Deadline: now.Add(10 * time.Minute)}
	data, err := spec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	specPath, answerPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "answer.json")
	if err := os.WriteFile(specPath, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "challenge", "run", "--spec", specPath, "--out", answerPath); code != 0 || !strings.Contains(stderr, "challenge answered: 2 products of order 256, 16 chunks opened") {
		t.Fatalf("challenge run: %d %s", code, stderr)
	}
	if code, stdout, stderr := runCLI(t, "challenge", "verify", "--spec", specPath, "--answer", answerPath); code != 0 || !strings.Contains(stdout, "answer verified: 16 chunks opened, 1024 entries checked") {
		t.Fatalf("challenge verify: %d %s %s", code, stdout, stderr)
	}
	late := spec.Deadline.Add(time.Second).Format(time.RFC3339)
	if code, _, stderr := runCLI(t, "challenge", "verify", "--spec", specPath, "--answer", answerPath, "--received", late); code == 0 || !strings.Contains(stderr, "deadline") {
		t.Fatalf("a late answer: %d %s", code, stderr)
	}
	answer, err := os.ReadFile(answerPath)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(answer, []byte(`"values":[`)) + len(`"values":[`)
	tampered := append(append(append([]byte{}, answer[:i]...), '1', '0', '0', '0', ','), answer[i:]...)
	// One more value in the first opening: refused by its shape before anything is computed.
	if err := os.WriteFile(answerPath, tampered, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "challenge", "verify", "--spec", specPath, "--answer", answerPath); code == 0 || stderr == "" {
		t.Fatalf("a tampered answer: %d %s", code, stderr)
	}
	// A deadline already passed: nothing is computed.
	old := spec
	old.IssuedAt, old.Deadline = now.Add(-time.Hour), now.Add(-time.Minute)
	data, _ = old.Encode()
	if err := os.WriteFile(specPath, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "challenge", "run", "--spec", specPath, "--out", filepath.Join(dir, "late.json")); code == 0 || !strings.Contains(stderr, "deadline") {
		t.Fatalf("a run after the deadline: %d %s", code, stderr)
	}
}

// A challenge of two nodes: each task writes its part (the rank from SLURM_PROCID as srun
// sets it, or --part), combine joins them, and verify checks both parts.
func TestChallengeOfTwoNodes(t *testing.T) {
	dir := t.TempDir()
	now := time.Now().UTC().Truncate(time.Second)
	spec := challenge.Spec{Version: challenge.SpecVersion, Nonce: challenge.Hash{4, 5, 6}, Order: 256, Products: 1, Openings: 16, Nodes: 2,
		IssuedAt: now, Deadline: now.Add(10 * time.Minute)}
	data, err := spec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	specPath, answerPath, parts := filepath.Join(dir, "spec.json"), filepath.Join(dir, "answer.json"), filepath.Join(dir, "parts")
	if err := os.WriteFile(specPath, data, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--out", answerPath}, {"--parts", parts, "--out", answerPath}, {"--parts", parts, "--part", "2"}} {
		if code, _, stderr := runCLI(t, append([]string{"challenge", "run", "--spec", specPath}, args...)...); code == 0 {
			t.Fatalf("challenge run %v: accepted (%s)", args, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "challenge", "run", "--spec", specPath, "--parts", parts, "--part", "0"); code != 0 || !strings.Contains(stderr, "challenge part 0 of 2 answered") {
		t.Fatalf("part 0: %d %s", code, stderr)
	}
	// The second part missing: nothing to send.
	if code, _, stderr := runCLI(t, "challenge", "combine", "--spec", specPath, "--parts", parts, "--out", answerPath); code == 0 || !strings.Contains(stderr, "part 1 of 2") {
		t.Fatalf("combine without part 1: %d %s", code, stderr)
	}
	t.Setenv("SLURM_PROCID", "1")
	if code, _, stderr := runCLI(t, "challenge", "run", "--spec", specPath, "--parts", parts); code != 0 || !strings.Contains(stderr, "challenge part 1 of 2 answered") {
		t.Fatalf("part 1 by its rank: %d %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "challenge", "combine", "--spec", specPath, "--parts", parts, "--out", answerPath); code != 0 || !strings.Contains(stderr, "2 parts combined") {
		t.Fatalf("combine: %d %s", code, stderr)
	}
	if code, stdout, stderr := runCLI(t, "challenge", "verify", "--spec", specPath, "--answer", answerPath); code != 0 || !strings.Contains(stdout, "answer verified: 32 chunks opened") {
		t.Fatalf("challenge verify: %d %s %s", code, stdout, stderr)
	}
	// A part written for the other rank's place: combine refuses it.
	p0, _ := os.ReadFile(filepath.Join(parts, "part-0.json"))
	if err := os.WriteFile(filepath.Join(parts, "part-1.json"), p0, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "challenge", "combine", "--spec", specPath, "--parts", parts, "--out", answerPath); code == 0 || !strings.Contains(stderr, "another part") {
		t.Fatalf("combine with part 0 twice: %d %s", code, stderr)
	}
	// A rank the challenge has no part for.
	t.Setenv("SLURM_PROCID", "2")
	if code, _, stderr := runCLI(t, "challenge", "run", "--spec", specPath, "--parts", parts); code == 0 || !strings.Contains(stderr, "more tasks than the challenge nodes") {
		t.Fatalf("rank 2 of 2: %d %s", code, stderr)
	}
}
