package backoff

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

func TestExponentialDoublesUpToMaxAndResets(t *testing.T) {
	b := Exponential{Initial: time.Second, Max: 10 * time.Second}
	var got []time.Duration
	for range 6 {
		got = append(got, b.Next())
	}
	want := []time.Duration{1, 2, 4, 8, 10, 10}
	for i := range want {
		if got[i] != want[i]*time.Second {
			t.Fatalf("waits %v, want %v seconds", got, want)
		}
	}
	b.Reset()
	if w := b.Next(); w != time.Second {
		t.Fatalf("after a reset: %s", w)
	}
	// Max below Initial caps the first wait too.
	low := Exponential{Initial: 5 * time.Second, Max: 3 * time.Second}
	if a, b := low.Next(), low.Next(); a != 3*time.Second || b != 3*time.Second {
		t.Fatalf("capped: %s %s", a, b)
	}
	// A huge Max does not overflow.
	huge := Exponential{Initial: time.Second, Max: time.Duration(1<<63 - 1)}
	prev := time.Duration(0)
	for range 80 {
		w := huge.Next()
		if w < prev {
			t.Fatalf("wait shrank from %s to %s", prev, w)
		}
		prev = w
	}
}

func TestSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		if err := Sleep(t.Context(), time.Minute); err != nil || time.Since(start) != time.Minute {
			t.Fatalf("%v after %s", err, time.Since(start))
		}
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		if err := Sleep(ctx, time.Hour); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) != time.Minute+time.Second {
			t.Fatalf("%v after %s", err, time.Since(start))
		}
		if err := Sleep(ctx, 0); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("zero wait on an ended context: %v", err)
		}
	})
}

func TestJitterKeepsEachWaitInTheUpperHalf(t *testing.T) {
	b := Exponential{Initial: 100 * time.Millisecond, Max: time.Second, Jitter: true}
	plain := Exponential{Initial: 100 * time.Millisecond, Max: time.Second}
	spread := map[time.Duration]bool{}
	for i := range 200 {
		ceiling := plain.Next()
		w := b.Next()
		if w < ceiling/2 || w > ceiling {
			t.Fatalf("failure %d: wait %s outside [%s, %s]", i, w, ceiling/2, ceiling)
		}
		spread[w] = true
	}
	if len(spread) < 10 {
		t.Fatalf("jittered waits took only %d values", len(spread))
	}
	b.Reset()
	if w := b.Next(); w > 100*time.Millisecond {
		t.Fatalf("after a reset: %s", w)
	}
}
