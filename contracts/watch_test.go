package contracts

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/petagrid/petagrid/tokenomics"
)

// flakyBackend fails every other log query, as a node that drops connections would.
type flakyBackend struct {
	Backend
	calls atomic.Int64
}

func (f *flakyBackend) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	if f.calls.Add(1)%2 == 1 {
		return nil, errors.New("connection reset by peer")
	}
	return f.Backend.FilterLogs(ctx, q)
}

// TestWatchBackfillsAndResumes settles two epochs, then watches from block 0 through a node
// that fails every other query: every Settlement event arrives once, in order. A second
// watcher resumes after the last block the first processed and sees only what came after.
func TestWatchBackfillsAndResumes(t *testing.T) {
	w := newWorld(t, 2)
	a := addrOf(w.providers[0])
	settle := func(epoch uint64) {
		t.Helper()
		w.ok(w.sim.AdjustTime(period))
		_, err := w.d.SettleEpoch(w.ctx, w.gateway, EpochSettlement{Epoch: epoch, Medians: []Median{{a, tokenomics.MustAmount("10")}}, RewardsRoot: common.Hash{9}, RewardsTotal: tokenomics.MustAmount("0.02")}, 1)
		w.ok(err)
	}
	settle(0)
	settle(1)

	flaky := &flakyBackend{Backend: w.d.Chain.backend}
	chain := &Chain{backend: flaky, chainID: w.d.Chain.chainID, PollInterval: w.d.Chain.PollInterval}
	watched := Attach(chain, w.d.Addresses)
	var got []string
	var last Cursor
	failures := 0
	ctx, cancel := context.WithTimeout(w.ctx, 20*time.Second)
	defer cancel()
	stop := errors.New("seen enough")
	err := watched.Watch(ctx, Cursor{}, WatchOptions{Interval: 10 * time.Millisecond, MaxRange: 3, MaxBackoff: 20 * time.Millisecond, OnError: func(error) { failures++ }}, func(e Event) error {
		if e.Contract == "Settlement" {
			got = append(got, e.Name)
			last = e.Next()
			if e.Name == "EpochCommitted" && e.Fields["epoch"].(uint64) == 1 {
				return stop
			}
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("watch: %v", err)
	}
	// Deployment: admin, gateway, pauser and funder roles, then the escrow's and Staking's.
	want := []string{"RoleGranted", "RoleGranted", "RoleGranted", "RoleGranted", "RoleGranted", "RoleGranted", "PoolFunded", "EpochOpened", "Rebalanced", "EpochCommitted", "EpochOpened", "Rebalanced", "EpochCommitted"}
	if len(got) != len(want) {
		t.Fatalf("events %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("events %v, want %v", got, want)
		}
	}
	if failures == 0 {
		t.Error("the flaky node never failed: the retry path is untested")
	}

	settle(2)
	var resumed []string
	ctx2, cancel2 := context.WithTimeout(w.ctx, 10*time.Second)
	defer cancel2()
	err = w.d.Watch(ctx2, last, WatchOptions{Interval: 10 * time.Millisecond}, func(e Event) error {
		if e.Contract == "Settlement" {
			resumed = append(resumed, e.Name)
			if e.Name == "EpochCommitted" {
				if e.Fields["epoch"].(uint64) != 2 {
					t.Errorf("resumed watcher saw epoch %v again", e.Fields["epoch"])
				}
				return stop
			}
		}
		return nil
	})
	if !errors.Is(err, stop) || len(resumed) != 3 {
		t.Fatalf("resumed: %v %v", resumed, err)
	}
}
