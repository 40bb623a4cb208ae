// Package backoff spaces out the retries of something that keeps failing (a Slurm command,
// a sacct window): the wait starts at Initial, doubles after every failure up to Max, and
// starts over after a success. It reads no clock of its own: Sleep uses the time package,
// which a testing/synctest bubble replaces with its fake clock.
package backoff

import (
	"context"
	"math/rand/v2"
	"time"
)

// Exponential is the doubling wait between retries. The zero value waits zero; set Initial
// and Max (Max at least Initial).
type Exponential struct {
	Initial time.Duration
	Max     time.Duration
	// Jitter draws each wait at random from its upper half, [wait/2, wait]: many clients of
	// one server (every site's link to its gateway) that failed together then do not all
	// retry in the same instant.
	Jitter bool
	next   time.Duration // the wait after the next failure; 0: Initial
}

// Next returns the wait after one more failure, and doubles the one after it, never past
// Max.
func (b *Exponential) Next() time.Duration {
	if b.next == 0 {
		b.next = b.Initial
	}
	wait := min(b.next, b.Max)
	if b.next > b.Max/2 {
		b.next = b.Max
	} else {
		b.next *= 2
	}
	if b.Jitter && wait > 0 {
		half := wait / 2
		wait = half + rand.N(wait-half+1)
	}
	return wait
}

// Reset starts over at Initial, after a success.
func (b *Exponential) Reset() { b.next = 0 }

// Sleep waits d, or until ctx ends; it returns ctx's error if ctx ended first.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
