package gatewaylink

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/internal/backoff"
	"github.com/petagrid/petagrid/site"
)

// ChallengeRunner runs the gateway's compute challenges; *site.ChallengeRunner is one.
type ChallengeRunner interface {
	// Start takes a challenge in and returns without waiting for its job. It is idempotent
	// by id: the gateway sends a challenge again in every poll until it is answered.
	Start(ctx context.Context, c protocol.Challenge) error
}

// maxNotedChallenges bounds the challenge ids whose refusal the poll loop remembers having
// logged (a hostile gateway could send new ones without end).
const maxNotedChallenges = 1024

// challengeIntake is the poll loop's part in challenges: it checks each challenge of a poll
// answer and hands it to the runner. It is owned by the poll loop.
type challengeIntake struct {
	// runner is nil when the site runs no challenges: they are ignored (logged once).
	runner ChallengeRunner
	log    logrus.FieldLogger
	now    func() time.Time

	ignoredLogged bool
	// noted are the ids whose refusal was logged: a challenge is sent again every poll, and
	// one log line says enough.
	noted map[string]bool
}

// take checks the challenges of a poll answer against the site (partitions is the inventory
// the site registered) and starts the good ones.
func (ci *challengeIntake) take(ctx context.Context, challenges []protocol.Challenge, partitions []protocol.Partition) {
	if len(challenges) == 0 {
		return
	}
	if ci.runner == nil {
		if !ci.ignoredLogged {
			ci.ignoredLogged = true
			ci.log.WithField("challenges", len(challenges)).Warn("the gateway sends compute challenges, and this site does not run them (site.challenges): the time they would verify counts as unverified")
		}
		return
	}
	now := ci.now()
	for _, c := range challenges {
		if err := checkChallenge(c, partitions, now); err != nil {
			ci.note(c.ID, err, "refused a compute challenge from the gateway")
			continue
		}
		if err := ci.runner.Start(ctx, c); err != nil {
			// Not remembered as refused: the gateway sends it again, and the runner may take
			// it then (a challenge finished, or the runner started).
			ci.note(c.ID, err, "could not take a compute challenge now")
			continue
		}
		delete(ci.noted, c.ID)
	}
}

// checkChallenge refuses a challenge this site cannot or must not run: malformed, on a
// partition the site did not register, or past its deadline.
func checkChallenge(c protocol.Challenge, partitions []protocol.Partition, now time.Time) error {
	if err := c.Validate(); err != nil {
		return err
	}
	known := false
	for _, p := range partitions {
		known = known || p.Name == c.Partition
	}
	if !known {
		return fmt.Errorf("challenge %s: partition %s is not one of this site's grid partitions", c.ID, c.Partition)
	}
	if !now.Before(c.Spec.Deadline) {
		return fmt.Errorf("challenge %s: its deadline %s has passed", c.ID, c.Spec.Deadline.Format(time.RFC3339))
	}
	return nil
}

// note logs a challenge's refusal once per id.
func (ci *challengeIntake) note(id string, err error, msg string) {
	key := clean(id, 64)
	if ci.noted[key] {
		return
	}
	if len(ci.noted) >= maxNotedChallenges {
		clear(ci.noted)
	}
	ci.noted[key] = true
	ci.log.WithError(err).WithField("challenge", key).Warn(msg)
}

// challengePoster posts challenge answers to the gateway.
type challengePoster struct {
	client *client
	log    logrus.FieldLogger
	// backoff is the wait between attempts.
	backoff      func() *backoff.Exponential
	maxAckAnswer int64
}

// PostChallengeAnswer posts a challenge job's answer file to the gateway and returns its
// verdict. Network failures and 5xx are tried again with backoff until deadline; a 409 (the
// gateway holds an answer already) is site.ErrChallengeAnswered, any other final 4xx
// site.ErrChallengeAnswerRefused, neither tried again. It satisfies site.ChallengeAnswerer.
func (l *Link) PostChallengeAnswer(ctx context.Context, id string, answer []byte, deadline time.Time) (protocol.ChallengeAnswer, error) {
	return l.answers.post(ctx, id, answer, deadline)
}

func (p *challengePoster) post(ctx context.Context, id string, answer []byte, deadline time.Time) (protocol.ChallengeAnswer, error) {
	if !protocol.ValidChallengeID(id) {
		return protocol.ChallengeAnswer{}, fmt.Errorf("%q is not a challenge id", clean(id, 64))
	}
	// The gateway takes an answer up to its grace after the deadline: one on its way then
	// is not cut off.
	ctx, cancel := context.WithDeadline(ctx, deadline.Add(protocol.AnswerGrace))
	defer cancel()
	path := protocol.PathChallenges + id
	bo := p.backoff()
	log := p.log.WithField("challenge", id)
	for {
		ans, err := p.once(ctx, path, id, answer)
		if err == nil {
			return ans, nil
		}
		var se *statusError
		switch {
		case errors.As(err, &se) && se.Status == http.StatusConflict:
			return protocol.ChallengeAnswer{}, fmt.Errorf("%w: %w", site.ErrChallengeAnswered, err)
		case errors.As(err, &se) && se.final():
			return protocol.ChallengeAnswer{}, fmt.Errorf("%w: %w", site.ErrChallengeAnswerRefused, err)
		case ctx.Err() != nil:
			return protocol.ChallengeAnswer{}, fmt.Errorf("posting the answer to challenge %s before its deadline %s: %w", id, deadline.Format(time.RFC3339), err)
		}
		wait := bo.Next()
		logFailure(log, err, "posting a challenge answer", wait)
		if backoff.Sleep(ctx, wait) != nil {
			return protocol.ChallengeAnswer{}, fmt.Errorf("posting the answer to challenge %s before its deadline %s: %w", id, deadline.Format(time.RFC3339), err)
		}
	}
}

// once posts the answer once and reads the gateway's verdict.
func (p *challengePoster) once(ctx context.Context, path, id string, answer []byte) (protocol.ChallengeAnswer, error) {
	var ans protocol.ChallengeAnswer
	_, data, err := p.client.call(ctx, http.MethodPost, path, http.Header{"Content-Type": {"application/json"}}, answer, requestTimeout, p.maxAckAnswer)
	if err != nil {
		return ans, err
	}
	if err := decodeStrict(data, &ans); err != nil {
		return ans, &answerError{What: "POST " + path, Err: err}
	}
	if ans.ID != "" && ans.ID != id {
		return protocol.ChallengeAnswer{}, &answerError{What: "POST " + path, Err: fmt.Errorf("the verdict is for challenge %q", clean(ans.ID, 64))}
	}
	return ans, nil
}

// The link and the site's runner fit each other's interfaces.
var (
	_ site.ChallengeAnswerer = (*Link)(nil)
	_ ChallengeRunner        = (*site.ChallengeRunner)(nil)
)
