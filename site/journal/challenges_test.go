package journal

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestChallengesAreJournaledOnceAndEndOnce(t *testing.T) {
	ctx := context.Background()
	j, path := open(t)
	deadline := time.Date(2026, 11, 26, 13, 0, 0, 0, time.UTC)
	c := Challenge{ID: "c-aaaaaaaaaaaaaaaa", Partition: "gpu", Spec: []byte(`{"version":1}` + "\n"), Deadline: deadline, LocalUser: "me", Workspace: "/ws/me/challenge-c-aaaaaaaaaaaaaaaa",
		GPUs: 4, GPUType: "h100", Timed: "gpu"}
	got, created, err := j.AcceptChallenge(ctx, c)
	if err != nil || !created || got.State != ChallengeAccepted || got.JobID != 0 || !got.Deadline.Equal(deadline) || string(got.Spec) != string(c.Spec) ||
		got.GPUs != 4 || got.GPUType != "h100" || got.Timed != "gpu" {
		t.Fatalf("first accept: %+v %v %v", got, created, err)
	}
	// The gateway sends it again: the journal keeps the first.
	again := c
	again.Partition = "other"
	if got, created, err = j.AcceptChallenge(ctx, again); err != nil || created || got.Partition != "gpu" {
		t.Fatalf("second accept: %+v %v %v", got, created, err)
	}
	if err := j.EndChallenge(ctx, c.ID, ChallengeSubmitted, "", ""); err == nil {
		t.Fatal("submitted taken for a final state")
	}
	if err := j.RecordChallengeJob(ctx, c.ID, 42); err != nil {
		t.Fatal(err)
	}
	if err := j.RecordChallengeJob(ctx, c.ID, 43); !errors.Is(err, ErrChallengeMoved) {
		t.Fatalf("a second job for one challenge: %v", err)
	}
	pending, err := j.OpenChallenges(ctx)
	if err != nil || len(pending) != 1 || pending[0].State != ChallengeSubmitted || pending[0].JobID != 42 {
		t.Fatalf("open challenges: %+v %v", pending, err)
	}

	// It survives a reopen, then ends once.
	j.Close()
	j, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if err := j.EndChallenge(ctx, c.ID, ChallengeAnswered, "passed", ""); err != nil {
		t.Fatal(err)
	}
	if err := j.EndChallenge(ctx, c.ID, ChallengeExpired, "", "late"); !errors.Is(err, ErrChallengeMoved) {
		t.Fatalf("ending an answered challenge again: %v", err)
	}
	got, err = j.Challenge(ctx, c.ID)
	if err != nil || got.State != ChallengeAnswered || got.Outcome != "passed" || got.JobID != 42 {
		t.Fatalf("after the answer: %+v %v", got, err)
	}
	if pending, err := j.OpenChallenges(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("open challenges after the answer: %+v %v", pending, err)
	}
	// The metrics' counts: one answered and passed, one still open.
	other := c
	other.ID = "c-cccccccccccccccc"
	if _, _, err := j.AcceptChallenge(ctx, other); err != nil {
		t.Fatal(err)
	}
	counts, err := j.CountChallenges(ctx)
	want := []ChallengeCount{{State: ChallengeAccepted, Count: 1}, {State: ChallengeAnswered, Outcome: "passed", Count: 1}}
	if err != nil || !reflect.DeepEqual(counts, want) {
		t.Fatalf("counts %+v %v, want %+v", counts, err, want)
	}
	if _, err := j.Challenge(ctx, "c-bbbbbbbbbbbbbbbb"); !errors.Is(err, ErrChallengeNotFound) {
		t.Fatalf("unknown challenge: %v", err)
	}
}
