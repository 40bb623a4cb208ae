package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"golang.org/x/sys/unix"

	"github.com/petagrid/petagrid/site/runstate"
	"github.com/petagrid/petagrid/site/siteapi"
	"github.com/petagrid/petagrid/test/fakeslurm"
	"github.com/petagrid/petagrid/workflows"
)

const outputsWorkflow = `version: 1
name: outputs
resources: {time: 10m}
steps:
  - name: main
    run: {command: [sh, -c, 'echo 42 >answer.txt']}
    outputs: [{path: answer.txt}]
`

func sumOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// writeOutputs plays the run's job: it writes files into the run's outputs directory.
func writeOutputs(t *testing.T, run siteapi.Run, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(run.Workspace, workflows.OutputsDir)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A run that completes has the digest of the manifests its jobs wrote journaled with its
// outcome; one that fails has none; one whose manifests cannot be read completes without
// one, and its history and the log say why.
func TestCompletedRunJournalsItsOutputsDigest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		good, failed, linked, none := s.accept(outputsWorkflow).ID, s.accept(outputsWorkflow).ID, s.accept(outputsWorkflow).ID, s.accept(oneStepWorkflow).ID
		manifest := map[string]string{"main.sha256": sumOf("42\n") + "  answer.txt\n", "challenge-answer.json": "{}"}
		dir := writeOutputs(t, s.run(good), manifest)
		writeOutputs(t, s.run(failed), manifest)
		secret := filepath.Join(t.TempDir(), "secret")
		os.WriteFile(secret, []byte(sumOf("x")+"  x\n"), 0o600)
		if err := os.Symlink(secret, filepath.Join(writeOutputs(t, s.run(linked), nil), "main.sha256")); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{good, failed, linked, none} {
			job := step(t, s.run(id), "main").JobID
			slurm.Start(job)
			if id == failed {
				slurm.Fail(job, 1)
			} else {
				slurm.Complete(job)
			}
		}
		s.sleep(10 * time.Second)

		want, err := workflows.OutputsDigest(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		if r := s.run(good); r.State != runstate.Completed || r.OutputsSHA256 != want || r.Error != "" {
			t.Fatalf("completed: %s %q %q, want digest %s", r.State, r.OutputsSHA256, r.Error, want)
		}
		if r := s.run(failed); r.State != runstate.Failed || r.OutputsSHA256 != "" {
			t.Fatalf("failed: %s %q", r.State, r.OutputsSHA256)
		}
		r := s.run(linked)
		if r.State != runstate.Completed || r.OutputsSHA256 != "" || r.Error != "" {
			t.Fatalf("completed with a linked manifest: %s %q %q", r.State, r.OutputsSHA256, r.Error)
		}
		if note := lastNote(t, s, linked); !strings.Contains(note, "no outputs digest") || !strings.Contains(note, "main.sha256") {
			t.Fatalf("history of the linked run: %q", note)
		}
		if n := s.logged("outputs digest cannot be computed"); n != 1 {
			t.Fatalf("%d warnings, want one (the linked run's)", n)
		}
		// A run that declared no outputs simply has none.
		if r := s.run(none); r.State != runstate.Completed || r.OutputsSHA256 != "" {
			t.Fatalf("no outputs: %s %q", r.State, r.OutputsSHA256)
		}
		if note := lastNote(t, s, none); !strings.Contains(note, "declared no outputs") {
			t.Fatalf("history of the run without outputs: %q", note)
		}
	})
}

// A replica of a replicated workflow that completes without a digest it can show fails:
// completed without one, its provider would be slashed for withholding it.
func TestReplicaWithoutDigestFails(t *testing.T) {
	replicated := strings.Replace(outputsWorkflow, "name: outputs\n", "name: outputs\ndeterministic: true\nverify: {replicas: 2}\n", 1)
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startLoopSite(t, slurm, t.TempDir(), nil)
		shown, hidden := s.accept(replicated).ID, s.accept(replicated).ID
		writeOutputs(t, s.run(shown), map[string]string{"main.sha256": sumOf("42\n") + "  answer.txt\n"})
		for _, id := range []string{shown, hidden} {
			job := step(t, s.run(id), "main").JobID
			slurm.Start(job)
			slurm.Complete(job)
		}
		s.sleep(10 * time.Second)
		if r := s.run(shown); r.State != runstate.Completed || r.OutputsSHA256 == "" {
			t.Fatalf("a replica with its digest: %s %q", r.State, r.OutputsSHA256)
		}
		if r := s.run(hidden); r.State != runstate.Failed || !strings.Contains(r.Error, "must show its outputs digest") {
			t.Fatalf("a replica without its digest: %s %q", r.State, r.Error)
		}
	})
}

func lastNote(t *testing.T, s *loopSite, id string) string {
	t.Helper()
	history, err := s.d.journal.History(context.Background(), id)
	if err != nil || len(history) == 0 {
		t.Fatalf("history: %v", err)
	}
	return history[len(history)-1].Detail
}

// The manifests are read only as the run's account's files, beneath the workspace root and
// never through a link on the way; the workspace root itself may be reached through one.
func TestOutputsDigestReadsOnlyTheAccountsFiles(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	run := &siteapi.Run{ID: "r-1", Workspace: filepath.Join(root, "me", "r-1")}
	dir := writeOutputs(t, *run, map[string]string{"main.sha256": sumOf("a") + "  a\n"})
	me := uint32(os.Getuid())
	want, err := workflows.OutputsDigest(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := outputsDigest(ctx, root, run, me); err != nil || got != want {
		t.Fatalf("digest %q %v, want %s", got, err, want)
	}
	if _, err := outputsDigest(ctx, root, run, me+1); err == nil || !strings.Contains(err.Error(), "not to the run's account") {
		t.Fatalf("another account's directory: %v", err)
	}
	// A workspace that is a link (to another's outputs) is not followed.
	other := &siteapi.Run{ID: "r-2", Workspace: filepath.Join(root, "me", "r-2")}
	if err := os.Symlink(run.Workspace, other.Workspace); err != nil {
		t.Fatal(err)
	}
	if _, err := outputsDigest(ctx, root, other, me); err == nil {
		t.Fatal("a linked workspace was followed")
	}
	// A workspace outside the root is refused.
	if _, err := outputsDigest(ctx, filepath.Join(root, "me", "r-9"), run, me); err == nil || !strings.Contains(err.Error(), "outside the workspace root") {
		t.Fatalf("outside the root: %v", err)
	}
	// A run whose jobs never made the directory declared nothing.
	empty := &siteapi.Run{ID: "r-3", Workspace: filepath.Join(root, "me", "r-3")}
	os.MkdirAll(empty.Workspace, 0o700)
	if _, err := outputsDigest(ctx, root, empty, me); err != workflows.ErrNoOutputs {
		t.Fatalf("no outputs directory: %v", err)
	}
	// A FIFO as a manifest neither blocks nor counts.
	fifo := &siteapi.Run{ID: "r-4", Workspace: filepath.Join(root, "me", "r-4")}
	fifoDir := writeOutputs(t, *fifo, nil)
	if err := unix.Mkfifo(filepath.Join(fifoDir, "main.sha256"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := outputsDigest(ctx, root, fifo, me); err == nil {
		t.Fatal("a FIFO manifest was digested")
	}
	// A stopping daemon stops reading.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := outputsDigest(cancelled, root, run, me); err == nil {
		t.Fatal("digest computed after the context ended")
	}
}
