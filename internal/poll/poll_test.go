package poll

import (
	"context"
	"errors"
	"testing"
	"time"
)

// script answers successive attempts from a list of (done, error) pairs.
type script struct {
	steps []step
	calls int
}

type step struct {
	done bool
	err  error
}

func (s *script) attempt(context.Context) (bool, error) {
	st := s.steps[min(s.calls, len(s.steps)-1)]
	s.calls++
	return st.done, st.err
}

var errTransient = errors.New("connection refused")

func TestUntilDone(t *testing.T) {
	s := &script{steps: []step{{}, {}, {done: true}}}
	if err := Until(context.Background(), time.Millisecond, Retry{}, s.attempt); err != nil || s.calls != 3 {
		t.Errorf("err %v after %d attempts", err, s.calls)
	}
}

func TestUntilRetriesUpToTheLimitInARow(t *testing.T) {
	var notified []error
	retry := Retry{Limit: 2, Notify: func(err error) { notified = append(notified, err) }}
	// Two failures, a success (the count starts again), two failures, done.
	s := &script{steps: []step{{err: errTransient}, {err: errTransient}, {}, {err: errTransient}, {err: errTransient}, {done: true}}}
	if err := Until(context.Background(), time.Millisecond, retry, s.attempt); err != nil || s.calls != 6 || len(notified) != 4 {
		t.Errorf("err %v after %d attempts, %d notified", err, s.calls, len(notified))
	}
	// The third failure in a row is returned as it is.
	notified = nil
	s = &script{steps: []step{{err: errTransient}}}
	if err := Until(context.Background(), time.Millisecond, retry, s.attempt); err != errTransient || s.calls != 3 || len(notified) != 2 {
		t.Errorf("err %v after %d attempts, %d notified", err, s.calls, len(notified))
	}
}

func TestUntilReturnsWhatMayNotBeRetried(t *testing.T) {
	refused := errors.New("403 forbidden")
	retry := Retry{Limit: 5, Retryable: func(err error) bool { return err == errTransient }}
	s := &script{steps: []step{{err: errTransient}, {err: refused}}}
	if err := Until(context.Background(), time.Millisecond, retry, s.attempt); err != refused || s.calls != 2 {
		t.Errorf("err %v after %d attempts", err, s.calls)
	}
	// No limit, no retry.
	s = &script{steps: []step{{err: errTransient}}}
	if err := Until(context.Background(), time.Millisecond, Retry{}, s.attempt); err != errTransient || s.calls != 1 {
		t.Errorf("err %v after %d attempts", err, s.calls)
	}
}

func TestUntilStops(t *testing.T) {
	// Stopped while waiting: ErrStopped with the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	s := &script{steps: []step{{}}}
	go func() {
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	err := Until(ctx, time.Hour, Retry{}, s.attempt)
	if !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) || s.calls != 1 {
		t.Errorf("err %v after %d attempts", err, s.calls)
	}
	// An attempt that fails once the context has ended is not retried, whatever the limit.
	s = &script{steps: []step{{err: errTransient}}}
	if err := Until(ctx, time.Millisecond, Retry{Limit: 5}, s.attempt); err != errTransient || s.calls != 1 {
		t.Errorf("err %v after %d attempts", err, s.calls)
	}
}
