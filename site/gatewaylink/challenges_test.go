package gatewaylink

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/petagrid/petagrid/accounting"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site"
)

const (
	challengeA = "c-aaaaaaaaaaaaaaaa"
	challengeB = "c-bbbbbbbbbbbbbbbb"
)

// fakeRunner records the challenges handed to it.
type fakeRunner struct {
	mu      sync.Mutex
	started []string
	err     error
}

func (f *fakeRunner) Start(_ context.Context, c protocol.Challenge) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.started = append(f.started, c.ID)
	return f.err
}

func testChallenge(id, partition string, deadline time.Time) protocol.Challenge {
	spec := challenge.Spec{Version: challenge.SpecVersion, Order: 256, Products: 1, Openings: 16,
		IssuedAt: deadline.Add(-time.Hour), Deadline: deadline}
	spec.Nonce[0] = 1
	return protocol.Challenge{ID: id, Partition: partition, Spec: spec}
}

// A poll's challenges reach the runner only when they fit the site: a bad id, a partition
// the site did not register or a deadline passed are refused, and an answer with more
// challenges than the protocol allows is refused whole.
func TestPollHandsChallengesToTheRunner(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	runner := &fakeRunner{}
	e.link.poll.challenges.runner = runner
	later := time.Now().UTC().Add(time.Hour).Truncate(time.Second)
	good := testChallenge(challengeA, "gpu", later)
	badID := testChallenge("c-../../etc", "gpu", later)
	foreign := testChallenge(challengeB, "someone-elses", later)
	late := testChallenge(challengeB, "gpu", time.Now().UTC().Add(-time.Minute).Truncate(time.Second))
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Protocol: 3, Challenges: []protocol.Challenge{good, badID, foreign, late}})
	for range 2 {
		if _, err := e.link.poll.once(ctx); err != nil {
			t.Fatal(err)
		}
	}
	// Sent twice, handed on twice: the runner keys them by id.
	if strings.Join(runner.started, ",") != challengeA+","+challengeA {
		t.Fatalf("started %v, want %s twice", runner.started, challengeA)
	}
	if len(e.link.poll.challenges.noted) != 2 {
		t.Fatalf("refusals noted: %v (the bad id, and %s's two refusals under one id)", e.link.poll.challenges.noted, challengeB)
	}

	runner.started = nil
	many := protocol.PollResponse{Status: StatusApproved}
	for range protocol.MaxChallenges + 1 {
		many.Challenges = append(many.Challenges, good)
	}
	e.gw.poll = pollAnswer(t, many)
	if _, err := e.link.poll.once(ctx); err == nil || !strings.Contains(err.Error(), "at most 16") {
		t.Fatalf("%d challenges in one answer: %v", len(many.Challenges), err)
	}
	if len(runner.started) != 0 {
		t.Fatalf("an oversized answer started %v", runner.started)
	}

	// A link without a runner ignores them.
	e.link.poll.challenges.runner = nil
	e.gw.poll = pollAnswer(t, protocol.PollResponse{Status: StatusApproved, Challenges: []protocol.Challenge{good}})
	if _, err := e.link.poll.once(ctx); err != nil || !e.link.poll.challenges.ignoredLogged {
		t.Fatalf("without a runner: %v, logged %v", err, e.link.poll.challenges.ignoredLogged)
	}
}

// An answer is posted signed, as it is, to PathChallenges + id, and the verdict decoded.
// A 409 and a 4xx are final; 5xx are tried again until the deadline.
func TestChallengeAnswerPosting(t *testing.T) {
	j, _ := openJournal(t)
	e := newEnv(t, j, nil, nil)
	ctx := ctxT(t)
	answer := []byte(`{"version":1}` + "\n")
	deadline := time.Now().Add(time.Minute)

	e.gw.answer = func(_ int, id string) (int, string) {
		return http.StatusOK, `{"id":"` + id + `","outcome":"failed","reasons":["opening 3: wrong entry"]}`
	}
	verdict, err := e.link.PostChallengeAnswer(ctx, challengeA, answer, deadline)
	if err != nil || verdict.Outcome != "failed" || len(verdict.Reasons) != 1 {
		t.Fatalf("verdict %+v, %v", verdict, err)
	}
	if len(e.gw.answers) != 1 || e.gw.answers[0].id != challengeA || string(e.gw.answers[0].body) != string(answer) {
		t.Fatalf("posted %+v", e.gw.answers)
	}

	cases := []struct {
		name   string
		status int
		want   error
	}{
		{"conflict", http.StatusConflict, site.ErrChallengeAnswered},
		{"refused", http.StatusUnprocessableEntity, site.ErrChallengeAnswerRefused},
		{"unknown", http.StatusNotFound, site.ErrChallengeAnswerRefused},
	}
	for _, c := range cases {
		e.gw.answers = nil
		e.gw.answer = func(int, string) (int, string) { return c.status, `{"error":"no"}` }
		_, err := e.link.PostChallengeAnswer(ctx, challengeA, answer, deadline)
		if !errors.Is(err, c.want) || len(e.gw.answers) != 1 {
			t.Errorf("%s: %v after %d posts (want %v after one)", c.name, err, len(e.gw.answers), c.want)
		}
	}

	// Down twice, then the verdict; an answer for another challenge is not one.
	e.gw.answers = nil
	e.gw.answer = func(n int, id string) (int, string) {
		switch n {
		case 1, 2:
			return http.StatusServiceUnavailable, `{"error":"busy"}`
		case 3:
			return http.StatusOK, `{"id":"` + challengeB + `","outcome":"passed"}`
		}
		return http.StatusOK, `{"id":"` + id + `","outcome":"passed"}`
	}
	if verdict, err := e.link.PostChallengeAnswer(ctx, challengeA, answer, deadline); err != nil || verdict.Outcome != "passed" || len(e.gw.answers) != 4 {
		t.Fatalf("after retries: %+v %v, %d posts", verdict, err, len(e.gw.answers))
	}

	// Down until the deadline: the error says so, and is neither final kind.
	e.gw.answers = nil
	e.gw.answer = func(int, string) (int, string) { return http.StatusBadGateway, `{"error":"down"}` }
	_, err = e.link.PostChallengeAnswer(ctx, challengeA, answer, time.Now().Add(200*time.Millisecond))
	if err == nil || errors.Is(err, site.ErrChallengeAnswered) || errors.Is(err, site.ErrChallengeAnswerRefused) || !strings.Contains(err.Error(), "before its deadline") {
		t.Fatalf("past the deadline: %v", err)
	}
	if len(e.gw.answers) < 2 {
		t.Fatalf("%d posts before the deadline: a 502 is tried again", len(e.gw.answers))
	}
	if _, err := e.link.PostChallengeAnswer(ctx, "../poll", answer, deadline); err == nil {
		t.Fatal("posted under a bad id")
	}
}

// A link built on a real daemon runs challenges by default (as the grid's pool account in
// mapped mode, which needs grid.localUser).
func TestNewRunsChallengesByDefault(t *testing.T) {
	d, _, mapped := newDaemon(t, &accounting.Config{})
	keyFile := filepath.Join(t.TempDir(), "site.key")
	if _, err := reqsign.GenerateKeyFile(keyFile); err != nil {
		t.Fatal(err)
	}
	cfg := Config{URL: "https://gateway.example.org", Key: keyFile, PricePerComputeHourWei: "1000"}
	if mapped {
		cfg.LocalUser = "nobody"
	}
	l, err := New(cfg, d, Options{Log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := l.poll.challenges.runner.(*site.ChallengeRunner); !ok {
		t.Fatalf("the link's runner: %T", l.poll.challenges.runner)
	}
}
