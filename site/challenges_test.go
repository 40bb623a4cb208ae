package site

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/pocp/challenge"
	"github.com/petagrid/petagrid/site/challengerun"
	"github.com/petagrid/petagrid/site/journal"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/test/fakeslurm"
	logtest "github.com/sirupsen/logrus/hooks/test"
)

const (
	challengeA = "c-aaaaaaaaaaaaaaaa"
	challengeB = "c-bbbbbbbbbbbbbbbb"
	// testBinary has a space: the script must quote it.
	testBinary = "/opt/petagrid tools/petagrid"
)

// fakeAnswerer is the gateway as the runner sees it: it records the answers posted and
// answers with verdict (nil: "passed").
type fakeAnswerer struct {
	mu      sync.Mutex
	posts   [][]byte
	verdict func(n int) (protocol.ChallengeAnswer, error)
}

func (f *fakeAnswerer) PostChallengeAnswer(_ context.Context, id string, answer []byte, _ time.Time) (protocol.ChallengeAnswer, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.posts = append(f.posts, answer)
	if f.verdict != nil {
		return f.verdict(len(f.posts))
	}
	return protocol.ChallengeAnswer{ID: id, Outcome: "passed"}, nil
}

func (f *fakeAnswerer) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.posts)
}

// challengeSite is a loop site with a challenge runner, which must live in a synctest bubble.
type challengeSite struct {
	*loopSite
	runner *ChallengeRunner
	gw     *fakeAnswerer
	stop   func()
}

// startChallengeSite opens a site on the journal in dir and starts its challenge runner,
// as "me" on slurm, with answers going to gw.
func startChallengeSite(t *testing.T, slurm *fakeslurm.Slurm, dir string, gw *fakeAnswerer, configure func(*Config)) *challengeSite {
	t.Helper()
	s := openLoopSite(t, slurm, dir, configure)
	r := &ChallengeRunner{log: s.d.log, journal: s.d.journal, slurm: s.slurm, mapper: s.d.mapper, answerer: gw, account: "me",
		workspaceRoot: s.d.profile.WorkspaceRoot, binary: testBinary, srun: "srun", heterogeneous: s.d.cfg.Challenges.SplitsOverNodeLimit(), partitions: s.d.cfg.GridPartitions,
		now: func() time.Time { return time.Now().UTC() }, interval: 5 * time.Second, retryMax: time.Minute, maxHeld: DefaultMaxChallenges, held: map[string]bool{}}
	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	wg.Go(func() { r.run(ctx) })
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			cancel()
			wg.Wait()
			s.stop()
		}
	}
	t.Cleanup(stop)
	synctest.Wait()
	return &challengeSite{loopSite: s, runner: r, gw: gw, stop: stop}
}

// newChallenge is a challenge on partition cpu due in 10 minutes of the bubble's time.
func newChallenge(t *testing.T, id string) protocol.Challenge {
	t.Helper()
	now := time.Now().UTC().Truncate(time.Second)
	spec := challenge.Spec{Version: challenge.SpecVersion, Order: 256, Products: 1, Openings: 16, IssuedAt: now, Deadline: now.Add(10 * time.Minute)}
	copy(spec.Nonce[:], "a nonce of thirty-two bytes, yes")
	c := protocol.Challenge{ID: id, Partition: "cpu", Spec: spec}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func (s *challengeSite) start(c protocol.Challenge) error {
	err := s.runner.Start(s.t.Context(), c)
	synctest.Wait()
	return err
}

func (s *challengeSite) challenge(id string) journal.Challenge {
	s.t.Helper()
	c, err := s.d.journal.Challenge(s.t.Context(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return c
}

// answer writes a true answer to c where its job would.
func (s *challengeSite) answer(c protocol.Challenge) []byte {
	s.t.Helper()
	ans, err := challengerun.Run(s.t.Context(), c.Spec, challengerun.Options{Devices: func(context.Context) ([]challenge.Device, error) {
		return []challenge.Device{{Kind: "cpu", Model: "test CPU", Cores: 2}}, nil
	}})
	if err != nil {
		s.t.Fatal(err)
	}
	path := filepath.Join(s.challenge(c.ID).Workspace, challengeAnswerFile)
	if err := challengerun.WriteAnswer(path, ans); err != nil {
		s.t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		s.t.Fatal(err)
	}
	return data
}

// A challenge is journaled and its one job submitted as asked (whole node, until the
// deadline, the quoted command alone); sent again, it is not submitted again; its answer is
// posted once, and the gateway's verdict journaled.
func TestChallengeRunsOnceAndItsAnswerIsPostedOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, nil)
		c := newChallenge(t, challengeA)
		c.CPUs = 2
		for range 3 {
			if err := s.start(c); err != nil {
				t.Fatal(err)
			}
		}
		got := s.challenge(challengeA)
		jobs := slurm.JobsTagged(ChallengeTag(challengeA))
		if got.State != journal.ChallengeSubmitted || len(jobs) != 1 || got.JobID != jobs[0] || len(slurm.Calls("sbatch")) != 1 {
			t.Fatalf("after three sends: %+v, jobs %v, %d sbatch", got, jobs, len(slurm.Calls("sbatch")))
		}
		req := slurm.Request(got.JobID)
		specPath := filepath.Join(got.Workspace, challengeSpecFile)
		answerPath := filepath.Join(got.Workspace, challengeAnswerFile)
		wantScript := "exec '" + testBinary + "' challenge run --spec " + specPath + " --out " + answerPath + "\n"
		if req.Partition != "cpu" || req.WorkDir != got.Workspace || !strings.HasSuffix(string(req.Script), wantScript) ||
			!strings.HasPrefix(string(req.Script), "#!/bin/sh\n") || strings.Count(string(req.Script), "\n") != 3 {
			t.Fatalf("request %+v\nscript:\n%s", req, req.Script)
		}
		for _, o := range []string{"--nodes=1", "--exclusive", "--time=10", "--no-requeue", "--mincpus=2"} {
			if !slices.Contains(req.Options, o) {
				t.Errorf("options %v lack %s", req.Options, o)
			}
		}
		spec, err := os.ReadFile(specPath)
		if want, _ := c.Spec.Encode(); err != nil || string(spec) != string(want) {
			t.Fatalf("spec file %q %v", spec, err)
		}

		// The job runs; nothing is posted until its answer exists.
		slurm.Start(got.JobID)
		s.sleep(time.Minute)
		if s.gw.count() != 0 {
			t.Fatal("posted before there was an answer")
		}
		answer := s.answer(c)
		s.sleep(5 * time.Second)
		if s.gw.count() != 1 || string(s.gw.posts[0]) != string(answer) {
			t.Fatalf("%d posts", s.gw.count())
		}
		if got := s.challenge(challengeA); got.State != journal.ChallengeAnswered || got.Outcome != "passed" {
			t.Fatalf("after the verdict: %+v", got)
		}
		slurm.Complete(got.JobID)
		if err := s.start(c); err != nil {
			t.Fatal(err)
		}
		s.sleep(time.Minute)
		if s.gw.count() != 1 || len(slurm.Calls("sbatch")) != 1 {
			t.Fatalf("after the answer: %d posts, %d sbatch", s.gw.count(), len(slurm.Calls("sbatch")))
		}
	})
}

// A daemon that died between sbatch and the journal finds the job by its name after the
// restart and follows it rather than submit another; a daemon that died with the job
// journaled follows it on.
func TestChallengeSurvivesARestart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		dir := t.TempDir()
		gw := &fakeAnswerer{}
		first := startChallengeSite(t, slurm, dir, gw, nil)
		a, b := newChallenge(t, challengeA), newChallenge(t, challengeB)
		if err := first.start(a); err != nil {
			t.Fatal(err)
		}
		jobA := first.challenge(challengeA).JobID
		// b is journaled, and its sbatch reached Slurm, but the daemon died before it
		// journaled the answer.
		spec, _ := b.Spec.Encode()
		ws := filepath.Join(first.d.profile.WorkspaceRoot, "me", challengeDirPrefix+challengeB)
		if _, _, err := first.d.journal.AcceptChallenge(t.Context(), journal.Challenge{ID: challengeB, Partition: "cpu", Spec: spec,
			Deadline: b.Spec.Deadline, LocalUser: "me", Workspace: ws}); err != nil {
			t.Fatal(err)
		}
		lost, err := first.slurm.Submit(t.Context(), slurmbridge.SubmitRequest{Script: []byte("#!/bin/sh\ntrue\n"), Tag: ChallengeTag(challengeB), WorkDir: ws, Partition: "cpu"})
		if err != nil {
			t.Fatal(err)
		}
		first.stop()

		second := startChallengeSite(t, slurm, dir, gw, nil)
		for _, c := range []protocol.Challenge{a, b} {
			if err := second.start(c); err != nil {
				t.Fatal(err)
			}
		}
		if got := second.challenge(challengeB); got.State != journal.ChallengeSubmitted || got.JobID != lost.JobID {
			t.Fatalf("b after the restart: %+v (lost job %d)", got, lost.JobID)
		}
		if got := second.challenge(challengeA); got.JobID != jobA || len(slurm.Calls("sbatch")) != 2 {
			t.Fatalf("a after the restart: %+v, %d sbatch for two challenges", got, len(slurm.Calls("sbatch")))
		}
		slurm.Start(jobA)
		if err := os.MkdirAll(filepath.Join(ws, ".petagrid", "outputs"), 0o700); err != nil {
			t.Fatal(err)
		}
		second.answer(a)
		second.answer(b)
		second.sleep(5 * time.Second)
		if gw.count() != 2 || second.challenge(challengeA).State != journal.ChallengeAnswered || second.challenge(challengeB).State != journal.ChallengeAnswered {
			t.Fatalf("%d posts; a %+v; b %+v", gw.count(), second.challenge(challengeA), second.challenge(challengeB))
		}
	})
}

// The gateway's 409 (it holds an answer already) is journaled as its final word: nothing is
// posted again, even when the gateway sends the challenge once more.
func TestChallengeConflictIsFinal(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		gw := &fakeAnswerer{verdict: func(int) (protocol.ChallengeAnswer, error) {
			return protocol.ChallengeAnswer{}, errors.Join(ErrChallengeAnswered, errors.New("409 Conflict"))
		}}
		s := startChallengeSite(t, slurm, t.TempDir(), gw, nil)
		c := newChallenge(t, challengeA)
		if err := s.start(c); err != nil {
			t.Fatal(err)
		}
		s.answer(c)
		s.sleep(time.Minute)
		if err := s.start(c); err != nil {
			t.Fatal(err)
		}
		s.sleep(time.Minute)
		if got := s.challenge(challengeA); gw.count() != 1 || got.State != journal.ChallengeAnswered || got.Outcome != "already-answered" {
			t.Fatalf("%d posts; %+v", gw.count(), got)
		}
	})
}

// A job still running without an answer at the deadline is cancelled and the challenge
// expires; a job that ends without one, or with a forged one, fails it. Nothing is posted.
func TestChallengeWithoutAnAnswer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, nil)
		// Due at 10m30s: the job's time limit, 11 minutes, has not ended it then.
		slow := newChallenge(t, challengeA)
		slow.Spec.Deadline = slow.Spec.Deadline.Add(30 * time.Second)
		if err := s.start(slow); err != nil {
			t.Fatal(err)
		}
		job := s.challenge(challengeA).JobID
		slurm.Start(job)
		s.sleep(9 * time.Minute)
		if len(slurm.Calls("scancel")) != 0 || s.challenge(challengeA).State != journal.ChallengeSubmitted {
			t.Fatal("given up before the deadline")
		}
		s.sleep(2 * time.Minute)
		states, err := slurm.JobStates(t.Context(), []uint32{job})
		if got := s.challenge(challengeA); got.State != journal.ChallengeExpired || len(slurm.Calls("scancel")) != 1 ||
			err != nil || len(states) != 1 || states[0].State != slurmbridge.StateCancelled {
			t.Fatalf("at the deadline: %+v, scancel %d, job %+v %v", got, len(slurm.Calls("scancel")), states, err)
		}

		failing := newChallenge(t, challengeB)
		if err := s.start(failing); err != nil {
			t.Fatal(err)
		}
		job = s.challenge(challengeB).JobID
		slurm.Start(job)
		slurm.Fail(job, 1)
		s.sleep(5 * time.Second)
		if got := s.challenge(challengeB); got.State != journal.ChallengeFailed || !strings.Contains(got.Detail, "without an answer") {
			t.Fatalf("after the job failed: %+v", got)
		}

		forged := newChallenge(t, "c-cccccccccccccccc")
		if err := s.start(forged); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(s.challenge(forged.ID).Workspace, challengeAnswerFile)
		if err := os.WriteFile(path, []byte(`{"version":1,"products":["nonsense"]}`), 0o600); err != nil {
			t.Fatal(err)
		}
		s.sleep(5 * time.Second)
		if got := s.challenge(forged.ID); got.State != journal.ChallengeFailed || !strings.Contains(got.Detail, "unusable") {
			t.Fatalf("with a forged answer: %+v", got)
		}
		if s.gw.count() != 0 {
			t.Fatalf("%d answers posted", s.gw.count())
		}
	})
}

// Challenges the site must not run are refused before anything is journaled or submitted:
// a bad id, a deadline passed, a partition outside site.gridPartitions, one too many.
func TestHostileChallengesAreRefused(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, func(c *Config) { c.GridPartitions = []string{"cpu"} })
		s.runner.maxHeld = 1
		badID := newChallenge(t, challengeA)
		badID.ID = "c-../../../etc"
		late := newChallenge(t, challengeA)
		late.Spec.IssuedAt, late.Spec.Deadline = late.Spec.IssuedAt.Add(-time.Hour), late.Spec.IssuedAt.Add(-time.Minute)
		foreign := newChallenge(t, challengeA)
		foreign.Partition = "gpu"
		for name, c := range map[string]protocol.Challenge{"bad id": badID, "late": late, "foreign partition": foreign} {
			if err := s.start(c); err == nil {
				t.Errorf("%s: taken", name)
			}
		}
		if open, err := s.d.journal.OpenChallenges(t.Context()); err != nil || len(open) != 0 || len(slurm.Calls("sbatch")) != 0 {
			t.Fatalf("journaled %+v (%v), %d sbatch", open, err, len(slurm.Calls("sbatch")))
		}
		if err := s.start(newChallenge(t, challengeA)); err != nil {
			t.Fatal(err)
		}
		if err := s.start(newChallenge(t, challengeB)); !errors.Is(err, ErrTooManyChallenges) {
			t.Fatalf("a second challenge with room for one: %v", err)
		}
		if _, err := s.d.journal.Challenge(t.Context(), challengeB); !errors.Is(err, journal.ErrChallengeNotFound) || len(slurm.Calls("sbatch")) != 1 {
			t.Fatalf("the refused challenge: %v, %d sbatch", err, len(slurm.Calls("sbatch")))
		}
	})
}

func TestTimeLimitAndScript(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for left, want := range map[time.Duration]int{0: 1, time.Second: 1, time.Minute: 1, time.Minute + time.Second: 2, time.Hour: 60, -time.Hour: 1} {
		if got := timeLimitMinutes(now, now.Add(left)); got != want {
			t.Errorf("%s left: %d minutes, want %d", left, got, want)
		}
	}
	script, err := challengeScript("/bin/petagrid", "", "/ws/a'b; rm -rf ~/spec.json", "/ws/$(reboot)/answer")
	if err != nil {
		t.Fatal(err)
	}
	want := `exec /bin/petagrid challenge run --spec "/ws/a'b; rm -rf ~/spec.json" --out '/ws/$(reboot)/answer'` + "\n"
	if !strings.HasSuffix(string(script), want) {
		t.Fatalf("script:\n%s\nwant it to end with:\n%s", script, want)
	}
	if _, err := challengeScript("/bin/petagrid", "", "/ws/\n/spec", "/ws/answer"); err == nil {
		t.Fatal("a newline in a path was quoted for /bin/sh")
	}
	// The GPUs without fallback only where the site runs the GPU kernel and the gateway
	// timed them; a challenge sized for a CPU part runs anywhere.
	for _, tc := range []struct{ configured, timed, want string }{
		{"gpu", "gpu", "gpu"}, {"gpu", "cpu", "auto"}, {"gpu", "", "auto"}, {"", "gpu", ""}, {"auto", "gpu", "auto"}, {"cpu", "gpu", "auto"}, {"cpu", "", "cpu"}, {"cpu", "cpu", "cpu"},
	} {
		if got := jobKernel(tc.configured, tc.timed); got != tc.want {
			t.Errorf("site kernel %q, challenge timed %q: the job runs %q, want %q", tc.configured, tc.timed, got, tc.want)
		}
	}
	// The site's kernel, where it set one, goes to the run.
	script, err = challengeScript("/bin/petagrid", "cpu", "/ws/spec", "/ws/answer")
	if err != nil {
		t.Fatal(err)
	}
	if want := "exec /bin/petagrid challenge run --spec /ws/spec --out /ws/answer --kernel cpu\n"; !strings.HasSuffix(string(script), want) {
		t.Fatalf("script with a kernel:\n%s\nwant it to end with:\n%s", script, want)
	}
	// Several nodes: every argument of both commands quoted, the GPUs asked of the step too.
	script, err = challengeNodesScript("/usr/bin/srun", "/bin/petagrid", "gpu", "/ws/a'b", "/ws/$(x)/parts", "/ws/ans`y`", []int{4}, 16, 8, "h100")
	if err != nil {
		t.Fatal(err)
	}
	want = "set -e\n/usr/bin/srun '--nodes=4' '--ntasks=4' '--ntasks-per-node=1' '--mem=0' '--kill-on-bad-exit=1' '--cpus-per-task=16' '--gres=gpu:h100:8' " +
		`/bin/petagrid challenge run --spec "/ws/a'b" --parts '/ws/$(x)/parts' --kernel gpu` + "\n" +
		`exec /bin/petagrid challenge combine --spec "/ws/a'b" --parts '/ws/$(x)/parts' --out '/ws/ans` + "`y`'\n"
	if !strings.HasSuffix(string(script), want) {
		t.Fatalf("script:\n%s\nwant it to end with:\n%s", script, want)
	}
	if _, err := challengeNodesScript("srun\n", "/bin/petagrid", "", "/ws/s", "/ws/p", "/ws/a", []int{2}, 0, 0, ""); err == nil {
		t.Fatal("a newline in srun's name was quoted for /bin/sh")
	}
}

func TestChallengeBinaryMustExist(t *testing.T) {
	if _, err := challengeBinary(filepath.Join(t.TempDir(), "missing")); err == nil || !strings.Contains(err.Error(), "site.challenges.binary") {
		t.Fatalf("a missing binary: %v", err)
	}
	plain := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := challengeBinary(plain); err == nil {
		t.Fatal("a file that is not executable was taken")
	}
	if exe, err := challengeBinary(""); err != nil || exe == "" {
		t.Fatalf("the default (this executable): %q %v", exe, err)
	}
}

// The job asks for the node the deadline was sized for: its CPUs at least, its GPUs by type.
func TestChallengeNodeOptions(t *testing.T) {
	for _, c := range []struct {
		cpus, gpus int
		typ        string
		want       []string
	}{
		{0, 0, "", nil},
		{64, 0, "", []string{"--mincpus=64"}},
		{64, 4, "", []string{"--mincpus=64", "--gres=gpu:4"}},
		{64, 8, "h100", []string{"--mincpus=64", "--gres=gpu:h100:8"}},
	} {
		if got := challengeNodeOptions(c.cpus, c.gpus, c.typ); !slices.Equal(got, c.want) {
			t.Errorf("%d CPUs, %d %q GPUs: %v, want %v", c.cpus, c.gpus, c.typ, got, c.want)
		}
	}
}

// A challenge of two nodes is one job of two nodes, one task on each: the script runs the
// parts in one srun step, each given the node's CPUs and memory, then combines them; the
// combined answer is what is posted. One of three nodes, on a partition of two, is refused
// by Slurm and ends failed: a site that claims nodes it has not cannot answer.
func TestChallengeOfSeveralNodes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, nil)
		c := newChallenge(t, challengeA)
		c.Spec.Nodes, c.CPUs = 2, 2
		three := newChallenge(t, challengeB)
		three.Spec.Nodes = 3
		for _, ch := range []protocol.Challenge{c, three} {
			if err := ch.Validate(); err != nil {
				t.Fatal(err)
			}
			if err := s.start(ch); err != nil {
				t.Fatal(err)
			}
		}
		if got := s.challenge(challengeB); got.State != journal.ChallengeFailed || !strings.Contains(got.Detail, "Requested node configuration is not available") {
			t.Fatalf("three nodes on a partition of two: %+v", got)
		}
		got := s.challenge(challengeA)
		if got.State != journal.ChallengeSubmitted {
			t.Fatalf("not submitted: %+v", got)
		}
		req := slurm.Request(got.JobID)
		for _, o := range []string{"--nodes=2", "--ntasks=2", "--ntasks-per-node=1", "--exclusive", "--mem=0", "--mincpus=2"} {
			if !slices.Contains(req.Options, o) {
				t.Errorf("options %v lack %s", req.Options, o)
			}
		}
		specPath := filepath.Join(got.Workspace, challengeSpecFile)
		parts := filepath.Join(got.Workspace, challengePartsDir)
		answerPath := filepath.Join(got.Workspace, challengeAnswerFile)
		bin := "'" + testBinary + "'"
		want := "#!/bin/sh\n# A compute challenge of 2 nodes from the grid gateway (petagrid).\nset -e\n" +
			"srun '--nodes=2' '--ntasks=2' '--ntasks-per-node=1' '--mem=0' '--kill-on-bad-exit=1' '--cpus-per-task=2' " +
			bin + " challenge run --spec " + specPath + " --parts " + parts + "\n" +
			"exec " + bin + " challenge combine --spec " + specPath + " --parts " + parts + " --out " + answerPath + "\n"
		if string(req.Script) != want {
			t.Fatalf("script:\n%s\nwant:\n%s", req.Script, want)
		}

		// The two tasks write their parts, the last command joins them.
		slurm.Start(got.JobID)
		for i := range 2 {
			part, err := c.Spec.PartSpec(i)
			if err != nil {
				t.Fatal(err)
			}
			ans, err := challengerun.Run(t.Context(), part, challengerun.Options{Devices: func(context.Context) ([]challenge.Device, error) {
				return []challenge.Device{{Kind: "cpu", Model: "test CPU", Cores: 2}}, nil
			}})
			if err != nil {
				t.Fatal(err)
			}
			if err := challengerun.WritePart(parts, i, ans); err != nil {
				t.Fatal(err)
			}
		}
		s.sleep(time.Minute)
		if s.gw.count() != 0 {
			t.Fatal("posted before the parts were combined")
		}
		combined, err := challengerun.Combine(c.Spec, parts)
		if err != nil {
			t.Fatal(err)
		}
		if err := challengerun.WriteNodesAnswer(answerPath, combined); err != nil {
			t.Fatal(err)
		}
		s.sleep(5 * time.Second)
		if s.gw.count() != 1 {
			t.Fatalf("%d posts", s.gw.count())
		}
		posted, err := challenge.ParseAnswers(s.gw.posts[0], c.Spec)
		if err != nil || len(posted) != 2 {
			t.Fatalf("the posted answer: %d parts, %v", len(posted), err)
		}
		if _, err := challenge.VerifyNodes(t.Context(), c.Spec, posted, c.Spec.IssuedAt.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
	})
}

// A partition's per-job node limit shares a challenge's nodes among the fewest components,
// as evenly as can be.
func TestComponentSizes(t *testing.T) {
	for _, c := range []struct {
		nodes, limit int
		want         []int
	}{
		{1, 0, []int{1}}, {3, 0, []int{3}}, {3, 3, []int{3}}, {3, 4, []int{3}},
		{3, 2, []int{2, 1}}, {5, 2, []int{2, 2, 1}}, {4, 1, []int{1, 1, 1, 1}}, {64, 10, []int{10, 9, 9, 9, 9, 9, 9}},
	} {
		got := componentSizes(c.nodes, c.limit)
		if !slices.Equal(got, c.want) {
			t.Errorf("%d nodes, limit %d: %v, want %v", c.nodes, c.limit, got, c.want)
		}
		sum := 0
		for _, n := range got {
			sum += n
			if c.limit > 0 && n > c.limit {
				t.Errorf("%d nodes, limit %d: a component of %d", c.nodes, c.limit, n)
			}
		}
		if sum != c.nodes {
			t.Errorf("%d nodes, limit %d: components hold %d", c.nodes, c.limit, sum)
		}
	}
}

// A challenge of three nodes on a partition whose jobs may hold two is one heterogeneous job
// of two components (two nodes, then one), each asking for whole nodes of the shape, and
// one srun step across both, a task per node.
func TestChallengeOverANodeLimitIsOneHeterogeneousJob(t *testing.T) {
	r := &ChallengeRunner{binary: "/bin/petagrid", srun: "srun", now: func() time.Time { return time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC) }}
	spec := challenge.Spec{Version: challenge.SpecVersion, Order: 256, Products: 1, Openings: 16, Nodes: 3,
		IssuedAt: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC), Deadline: time.Date(2026, 1, 1, 12, 4, 30, 0, time.UTC)}
	c := journal.Challenge{ID: "c1", Partition: "cpu", Workspace: "/ws/c1", CPUs: 4, GPUs: 2, GPUType: "fake"}
	req, err := r.request(c, spec, ChallengeTag("c1"), 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := req.Validate(); err != nil {
		t.Fatalf("the request does not validate: %v", err)
	}
	whole := func(n string) []string {
		return []string{"--nodes=" + n, "--exclusive", "--mem=0", "--no-requeue", "--time=5", "--ntasks=" + n, "--ntasks-per-node=1", "--mincpus=4", "--gres=gpu:fake:2"}
	}
	if want := append(whole("2"), "--output=/ws/c1/"+challengeLogFile); !slices.Equal(req.Options, want) {
		t.Errorf("first component %v, want %v", req.Options, want)
	}
	if len(req.HetComponents) != 1 || !slices.Equal(req.HetComponents[0], whole("1")) {
		t.Errorf("further components %v, want one of %v", req.HetComponents, whole("1"))
	}
	group := func(i, n string) string {
		return "'--het-group=" + i + "' '--nodes=" + n + "' '--ntasks=" + n + "' '--ntasks-per-node=1' '--mem=0' '--kill-on-bad-exit=1' '--cpus-per-task=4' '--gres=gpu:fake:2'"
	}
	want := "srun " + group("0", "2") + " : " + group("1", "1") + " /bin/petagrid challenge run --spec /ws/c1/" + challengeSpecFile + " --parts /ws/c1/" + challengePartsDir + "\n"
	if !strings.Contains(string(req.Script), want) || !strings.Contains(string(req.Script), "A compute challenge of 3 nodes") {
		t.Errorf("script:\n%s\nwant the step:\n%s", req.Script, want)
	}
	// Without a limit, or within it: one job of three nodes, as before.
	for _, limit := range []int{0, 3} {
		req, err := r.request(c, spec, ChallengeTag("c1"), limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(req.HetComponents) != 0 || !slices.Contains(req.Options, "--nodes=3") || strings.Contains(string(req.Script), "het-group") {
			t.Errorf("limit %d: %v %v\n%s", limit, req.Options, req.HetComponents, req.Script)
		}
	}
}

// The runner splits a challenge over its partition's MaxNodes into a heterogeneous job only
// where Slurm starts one (sched/backfill) and the site lets it (site.challenges.heterogeneous);
// otherwise its one job asks for every node, as before, which Slurm never starts: the
// challenge expires with Slurm's reason. A partition without a limit, or a challenge within
// it, is one job too.
func TestChallengeSplitOverANodeLimit(t *testing.T) {
	one := int64(1)
	nodes := []slurmbridge.Node{
		{Name: "node1", State: "IDLE", CPUs: 8, RealMemoryMiB: 32768, Partitions: []string{"cpu", "wide"}},
		{Name: "node2", State: "IDLE", CPUs: 8, RealMemoryMiB: 32768, Partitions: []string{"cpu", "wide"}},
	}
	partitions := []slurmbridge.Partition{{Name: "cpu", Default: true, MaxNodes: &one}, {Name: "wide"}}
	for _, tc := range []struct {
		name, scheduler, partition string
		heterogeneous              bool
		wantComponents             int
	}{
		{"backfill", "sched/backfill", "cpu", true, 1},
		{"builtin scheduler", "sched/builtin", "cpu", true, 0},
		{"turned off", "sched/backfill", "cpu", false, 0},
		{"no limit", "sched/backfill", "wide", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				slurm := fakeslurm.New(t, fakeslurm.Options{Nodes: nodes, Partitions: partitions, SchedulerType: tc.scheduler})
				s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, func(c *Config) {
					c.Challenges.Heterogeneous = &tc.heterogeneous
				})
				c := newChallenge(t, challengeA)
				c.Partition, c.Spec.Nodes = tc.partition, 2
				if err := s.start(c); err != nil {
					t.Fatal(err)
				}
				got := s.challenge(challengeA)
				if got.State != journal.ChallengeSubmitted {
					t.Fatalf("not submitted: %+v", got)
				}
				req := slurm.Request(got.JobID)
				if len(req.HetComponents) != tc.wantComponents {
					t.Fatalf("%d further components (%v), want %d", len(req.HetComponents), req.HetComponents, tc.wantComponents)
				}
				wantNodes := map[int]string{0: "--nodes=2", 1: "--nodes=1"}[tc.wantComponents]
				if !slices.Contains(req.Options, wantNodes) {
					t.Fatalf("first component %v, want %s", req.Options, wantNodes)
				}
				if tc.wantComponents == 1 && (!slices.Contains(req.HetComponents[0], "--nodes=1") || !strings.Contains(string(req.Script), "--het-group=1")) {
					t.Fatalf("component %v, script:\n%s", req.HetComponents[0], req.Script)
				}

				// None starts here. The one over the limit could not (Slurm's reason:
				// PartitionNodeLimit); the expiry says why the job had not started, and the
				// admin is told once that a per-job limit holds it.
				s.sleep(11 * time.Minute)
				overLimit := tc.partition == "cpu" && tc.wantComponents == 0
				want := "its job had not started (pending)"
				if overLimit {
					want = "its job had not started (pending: PartitionNodeLimit)"
				}
				if got := s.challenge(challengeA); got.State != journal.ChallengeExpired || !strings.HasSuffix(got.Detail, want) {
					t.Fatalf("at the deadline: %+v, want a detail ending %q", got, want)
				}
				wantWarned := 0
				if overLimit {
					wantWarned = 1
				}
				if warned := limitWarnings(s.logs, "PartitionNodeLimit"); warned != wantWarned {
					t.Fatalf("warned %d times of the per-job limit, want %d", warned, wantWarned)
				}
			})
		})
	}
}

// The runner splits a challenge over the per-job node limit of the challenge account's QOS
// or association, or of the partition's QOS, read from accounting, as it does one over its
// partition's MaxNodes: Slurm
// checks those limits one component at a time. Under a QOS with DenyOnLimit no split helps
// (Slurm sums the components at submission): one job is submitted, refused, and the
// challenge fails. With accounting down, the limit is unknown: one job, which Slurm holds
// for the limit, and the challenge expires saying so.
func TestChallengeSplitUnderAQOSOrAssociationLimit(t *testing.T) {
	nodes := []slurmbridge.Node{
		{Name: "node1", State: "IDLE", CPUs: 8, RealMemoryMiB: 32768, Partitions: []string{"wide", "narrow", "gated"}},
		{Name: "node2", State: "IDLE", CPUs: 8, RealMemoryMiB: 32768, Partitions: []string{"wide", "narrow", "gated"}},
	}
	one := int64(1)
	// gated has a QOS of its own, which the daemon hands JobNodeLimit as the controller
	// lists it (the fake checks).
	partitions := []slurmbridge.Partition{{Name: "wide", Default: true}, {Name: "narrow", MaxNodes: &one}, {Name: "gated", QOS: "pgpart"}}
	for _, tc := range []struct {
		name, partition string
		limit           slurmbridge.PerJobNodeLimit
		accountingDown  bool
		wantComponents  int
		wantState       journal.ChallengeState
		wantReason      string
	}{
		{"qos", "wide", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos pgtest", QOS: "pgtest"}, false, 1, journal.ChallengeSubmitted, ""},
		{"association", "wide", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "association", QOS: "normal"}, false, 1, journal.ChallengeSubmitted, ""},
		{"the partition's qos", "gated", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos pgpart", QOS: "normal", PartitionQOS: "pgpart"}, false, 1, journal.ChallengeSubmitted, ""},
		{"within", "wide", slurmbridge.PerJobNodeLimit{Nodes: 2, From: "qos pgtest", QOS: "pgtest"}, false, 0, journal.ChallengeSubmitted, "Resources"},
		{"the partition limit smaller", "narrow", slurmbridge.PerJobNodeLimit{Nodes: 2, From: "qos pgtest", QOS: "pgtest"}, false, 1, journal.ChallengeSubmitted, ""},
		{"deny on limit", "wide", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos pgdeny", QOS: "pgdeny", DenyOnLimit: true}, false, 0, journal.ChallengeFailed, ""},
		{"deny on limit under the partition limit too", "narrow", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos pgdeny", QOS: "pgdeny", DenyOnLimit: true}, false, 0, journal.ChallengeFailed, ""},
		{"accounting down", "wide", slurmbridge.PerJobNodeLimit{Nodes: 1, From: "qos pgtest", QOS: "pgtest"}, true, 0, journal.ChallengeSubmitted, "QOSMaxNodePerJobLimit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				slurm := fakeslurm.New(t, fakeslurm.Options{Nodes: nodes, Partitions: partitions, JobNodeLimit: tc.limit})
				if tc.accountingDown {
					slurm.AccountingDown()
				}
				s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, nil)
				c := newChallenge(t, challengeA)
				c.Partition, c.Spec.Nodes = tc.partition, 2
				if err := s.start(c); err != nil {
					t.Fatal(err)
				}
				got := s.challenge(challengeA)
				if got.State != tc.wantState {
					t.Fatalf("state %s, want %s: %+v", got.State, tc.wantState, got)
				}
				if tc.wantState == journal.ChallengeFailed {
					if !strings.Contains(got.Detail, "QOS policy") {
						t.Fatalf("the refusal's detail: %q", got.Detail)
					}
					if n := logsWith(s.logs, "DenyOnLimit"); n == 0 {
						t.Fatal("no warning names DenyOnLimit")
					}
					return
				}
				req := slurm.Request(got.JobID)
				if len(req.HetComponents) != tc.wantComponents {
					t.Fatalf("%d further components (%v), want %d", len(req.HetComponents), req.HetComponents, tc.wantComponents)
				}
				if tc.wantReason == "" || tc.wantReason == "Resources" {
					// Within every limit: nothing holds it but the fake's Start.
					if st, err := slurm.JobStates(context.Background(), []uint32{got.JobID}); err != nil || len(st) != 1 || st[0].Reason != "" {
						t.Fatalf("the job within the limits: %+v %v", st, err)
					}
					return
				}
				s.sleep(11 * time.Minute)
				if got := s.challenge(challengeA); got.State != journal.ChallengeExpired || !strings.HasSuffix(got.Detail, "(pending: "+tc.wantReason+")") {
					t.Fatalf("at the deadline: %+v", got)
				}
				if warned := limitWarnings(s.logs, tc.wantReason); warned != 1 {
					t.Fatalf("warned %d times of the per-job limit, want 1", warned)
				}
			})
		})
	}
}

// logsWith counts log entries whose message holds text.
func logsWith(logs *logtest.Hook, text string) int {
	n := 0
	for _, e := range logs.AllEntries() {
		if strings.Contains(e.Message, text) {
			n++
		}
	}
	return n
}

// Slurm's per-job limits, which hold a job until an admin changes them or its nodes come
// back, each with its own hint, against reasons that clear by themselves.
func TestLimitHints(t *testing.T) {
	for reason, want := range map[string]string{
		"PartitionNodeLimit": "MaxNodes", "PartitionTimeLimit": "MaxTime",
		"QOSMaxNodePerJobLimit": "sacctmgr show qos", "QOSMaxGRESPerJob": "sacctmgr show qos",
		"AssocMaxNodePerJobLimit": "sacctmgr show assoc", "AssocMaxCpuPerJobLimit": "sacctmgr show assoc",
		"Resources": "", "Priority": "", "ReqNodeNotAvail": "", "QOSMaxNodePerUserLimit": "",
		"AssocGrpNodeLimit": "", "": "",
	} {
		got := limitHint(reason)
		if want == "" && got != "" || want != "" && !strings.Contains(got, want) {
			t.Errorf("limitHint(%q) = %q, want one naming %q", reason, got, want)
		}
	}
}

// limitWarnings counts the runner's warnings of a per-job limit with Slurm's reason.
func limitWarnings(logs *logtest.Hook, reason string) int {
	n := 0
	for _, e := range logs.AllEntries() {
		if strings.Contains(e.Message, "per-job limit") && e.Data["slurmReason"] == reason {
			n++
		}
	}
	return n
}

// A pending reason that comes and goes is warned of once per challenge, and a hostile one
// is escaped and bounded before it reaches the log and the journal.
func TestChallengeLimitWarnedOncePerReason(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		slurm := fakeslurm.New(t, fakeslurm.Options{})
		s := startChallengeSite(t, slurm, t.TempDir(), &fakeAnswerer{}, nil)
		if err := s.start(newChallenge(t, challengeA)); err != nil {
			t.Fatal(err)
		}
		job := s.challenge(challengeA).JobID
		hostile := "QOSMaxNodePerJobLimit\x1b[2J" + strings.Repeat("x", 500)
		for i, reason := range []string{"QOSMaxNodePerJobLimit", "Priority", "QOSMaxNodePerJobLimit", "AssocMaxNodePerJobLimit", "QOSMaxNodePerJobLimit", hostile} {
			slurm.SetPendingReason(job, reason)
			s.sleep(6 * time.Second)
			if i == 0 && limitWarnings(s.logs, "QOSMaxNodePerJobLimit") != 1 {
				t.Fatal("no warning of the QOS limit")
			}
		}
		if n := limitWarnings(s.logs, "QOSMaxNodePerJobLimit"); n != 1 {
			t.Errorf("warned %d times of QOSMaxNodePerJobLimit, want 1", n)
		}
		if n := limitWarnings(s.logs, "AssocMaxNodePerJobLimit"); n != 1 {
			t.Errorf("warned %d times of AssocMaxNodePerJobLimit, want 1", n)
		}
		s.sleep(11 * time.Minute)
		got := s.challenge(challengeA)
		if got.State != journal.ChallengeExpired || !strings.Contains(got.Detail, "its job had not started (pending: QOSMaxNodePerJobLimit") ||
			strings.ContainsRune(got.Detail, 0x1b) || len(got.Detail) > 200 {
			t.Fatalf("at the deadline: %+v", got)
		}
	})
}
