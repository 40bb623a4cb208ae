package gateway

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/store"
)

// ErrSettlementInProgress refuses a registry change while an epoch is being settled: the
// settlement recorded medians the registry must still admit.
var ErrSettlementInProgress = errors.New("an epoch settlement is in progress")

// epochLock serialises epoch closes (the automatic one and an operator's), and the provider
// registry's changes with them: the registry and the epoch closer share one.
type epochLock struct {
	mu      sync.Mutex
	deploy  *contracts.Deployment
	store   *store.Store
	metrics *metrics
}

func (l *epochLock) lock()         { l.mu.Lock() }
func (l *epochLock) unlock()       { l.mu.Unlock() }
func (l *epochLock) tryLock() bool { return l.mu.TryLock() }

// settlementInProgress says which epoch is being settled ("" when none): open on chain, or
// computed and recorded but not yet opened (a settlement a crash interrupted). The caller
// holds the lock, so that no close starts until it is done.
func (l *epochLock) settlementInProgress(ctx context.Context) (string, error) {
	open, epoch, err := l.deploy.EpochInProgress(ctx)
	l.metrics.observeChain(chainRead, err)
	if err != nil {
		return "", err
	}
	if open {
		return fmt.Sprintf("epoch %d is open on chain", epoch), nil
	}
	oc, err := l.deploy.State(ctx)
	l.metrics.observeChain(chainRead, err)
	if err != nil {
		return "", err
	}
	rec, err := l.store.Epoch(ctx, oc.NextEpoch)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return "", nil
	case err != nil:
		return "", err
	case rec.Status == store.EpochComputed:
		return fmt.Sprintf("epoch %d is computed and waits for the chain", oc.NextEpoch), nil
	}
	return "", nil
}
