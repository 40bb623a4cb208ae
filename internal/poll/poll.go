// Package poll repeats an attempt at an interval until it reports done, retrying a few
// failures in a row that may pass (a daemon restarting, a busy controller): the loop the
// command-line tools use to wait for runs and jobs.
package poll

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/petagrid/petagrid/internal/backoff"
)

// ErrStopped is wrapped, with the context's error, by Until's error when the context ended
// while waiting for the next attempt: the caller stopped waiting, nothing failed.
var ErrStopped = errors.New("stopped waiting")

// Retry says which failed attempts are tried again at the next interval.
type Retry struct {
	// Limit is how many failed attempts in a row are retried; the one after is returned.
	// 0 retries none.
	Limit int
	// Retryable tells a failure that may pass from one that will not; nil retries every
	// failure.
	Retryable func(error) bool
	// Notify, when set, is told of each failure that will be retried.
	Notify func(error)
}

// Until calls attempt, and again each interval after the previous attempt returned, until
// it reports done (Until returns nil) or fails for good (Until returns its error as it is).
// A failure is retried while the context is live, retry allows it and fewer than
// retry.Limit failures in a row came before; a success resets the count. When the context
// ends between attempts, Until returns an error wrapping ErrStopped and the context's error.
func Until(ctx context.Context, interval time.Duration, retry Retry, attempt func(context.Context) (done bool, err error)) error {
	failures := 0
	for {
		done, err := attempt(ctx)
		switch {
		case err == nil && done:
			return nil
		case err == nil:
			failures = 0
		case ctx.Err() != nil || failures >= retry.Limit || (retry.Retryable != nil && !retry.Retryable(err)):
			return err
		default:
			failures++
			if retry.Notify != nil {
				retry.Notify(err)
			}
		}
		if err := backoff.Sleep(ctx, interval); err != nil {
			return fmt.Errorf("%w: %w", ErrStopped, err)
		}
	}
}
