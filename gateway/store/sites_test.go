package store

import (
	"context"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
)

// fakeClock is a clock the test moves; safe for concurrent reads.
type fakeClock struct{ now atomic.Int64 }

func (c *fakeClock) Now() time.Time          { return time.Unix(0, c.now.Load()).UTC() }
func (c *fakeClock) Set(t time.Time)         { c.now.Store(t.UnixNano()) }
func (c *fakeClock) Advance(d time.Duration) { c.now.Add(int64(d)) }

// inventoryWith is a live inventory with available nodes of four.
func inventoryWith(available int) *protocol.Inventory {
	return &protocol.Inventory{CapacityMegaFLOPS: 1000, Partitions: []protocol.Partition{{Name: "gpu", Shapes: []protocol.NodeShape{{Nodes: 4, Available: available}}}}}
}

// lastSeen reads the site's last_seen and live inventory.
func lastSeen(t *testing.T, s *Store, name string) gatewayapi.Site {
	t.Helper()
	site, err := s.Site(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return site
}

// Many polls of one site at once, and long polls re-marking it every few seconds, write its
// last_seen at most once per seen interval (by an injected clock); a changed live inventory
// is written at once; a registration resets the pace.
func TestSeenWritesArePaced(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "gateway.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clock := &fakeClock{}
	t0 := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	clock.Set(t0)
	s.SetClock(clock.Now)
	s.SetSeenInterval(10 * time.Second)
	if _, _, err := s.Register(ctx, "0x00000000000000000000000000000000000000aa", protocol.Registration{Site: "busy", Inventory: *inventoryWith(4)}); err != nil {
		t.Fatal(err)
	}

	clock.Advance(time.Second)
	t1 := clock.Now()
	concurrentSeen := func(live func(i int) *protocol.Inventory) {
		t.Helper()
		var wg sync.WaitGroup
		errs := make(chan error, 50)
		for i := range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- s.Seen(ctx, "busy", live(i))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	none := func(int) *protocol.Inventory { return nil }
	concurrentSeen(none) // the first poll after the registration writes
	if got := lastSeen(t, s, "busy").LastSeen; !got.Equal(t1) {
		t.Fatalf("last_seen %s after the first polls, want %s", got, t1)
	}
	for range 9 { // polls and held polls' re-marks within the interval write nothing
		clock.Advance(time.Second)
		concurrentSeen(none)
		if got := lastSeen(t, s, "busy").LastSeen; !got.Equal(t1) {
			t.Fatalf("last_seen moved to %s within the interval after %s", got, t1)
		}
	}
	clock.Advance(time.Second) // t1 + 10s: due again
	concurrentSeen(none)
	t2 := clock.Now()
	if got := lastSeen(t, s, "busy").LastSeen; !got.Equal(t2) {
		t.Fatalf("last_seen %s once the interval passed, want %s", got, t2)
	}

	// The same inventory as before is no reason to write; a changed one is written at once.
	clock.Advance(time.Second)
	concurrentSeen(func(int) *protocol.Inventory { return inventoryWith(4) })
	clock.Advance(time.Second)
	concurrentSeen(func(int) *protocol.Inventory { return inventoryWith(4) })
	site := lastSeen(t, s, "busy")
	// The polls so far carried no inventory, so the first one with an inventory is written;
	// the second round's is the same.
	if t3 := t2.Add(time.Second); !site.LastSeen.Equal(t3) {
		t.Fatalf("last_seen %s after two rounds of the same inventory, want %s", site.LastSeen, t3)
	}
	clock.Advance(time.Second)
	t4 := clock.Now()
	concurrentSeen(func(int) *protocol.Inventory { return inventoryWith(2) })
	site = lastSeen(t, s, "busy")
	if available := site.Live.Partitions[0].Shapes[0].Available; !site.LastSeen.Equal(t4) || available != 2 {
		t.Fatalf("a changed inventory was not written at once: last_seen %s, available %d", site.LastSeen, available)
	}

	// A registration writes last_seen itself; the next poll writes again.
	clock.Advance(time.Second)
	if _, _, err := s.Register(ctx, "0x00000000000000000000000000000000000000aa", protocol.Registration{Site: "busy", Inventory: *inventoryWith(4)}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	concurrentSeen(none)
	if got := lastSeen(t, s, "busy").LastSeen; !got.Equal(clock.Now()) {
		t.Fatalf("last_seen %s after a registration and a poll, want %s", got, clock.Now())
	}
}
