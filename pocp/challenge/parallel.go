package challenge

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// parallelFor runs fn over [0, n) in pieces of grain items, handed out in order to up to
// runtime.GOMAXPROCS goroutines. Between pieces each goroutine checks ctx, so a cancelled
// computation stops after the pieces in progress; the error is then ctx's.
func parallelFor(ctx context.Context, n, grain int, fn func(lo, hi int)) error {
	if n <= 0 {
		return ctx.Err()
	}
	grain = max(grain, 1)
	pieces := (n + grain - 1) / grain
	workers := min(runtime.GOMAXPROCS(0), pieces)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				if ctx.Err() != nil {
					return
				}
				p := int(next.Add(1) - 1)
				if p >= pieces {
					return
				}
				lo := p * grain
				fn(lo, min(lo+grain, n))
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}
