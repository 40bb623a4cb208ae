package gateway

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/pocp"
	"github.com/petagrid/petagrid/tokenomics"
)

// settler takes in what sites prove and claim: their PoCP reports (verified, then stored for
// the epoch's settlement) and their jobs' usage (billed, then the job's escrow settled on
// chain).
type settler struct {
	store    *store.Store
	deploy   *contracts.Deployment
	chain    *contracts.Chain
	key      *ecdsa.PrivateKey
	calendar pocp.Calendar
	catalog  *tokenomics.Catalog
	// policy are the report acceptance rules; domain is the EIP-712 domain reports are signed in.
	policy  pocp.Policy
	domain  pocp.Domain
	log     logrus.FieldLogger
	now     func() time.Time
	metrics *metrics
}

// CostOf bills a finished job of site from its usage report, now (see billing.go).
func (s *settler) CostOf(site gatewayapi.Site) func(gatewayapi.Job, protocol.Usage) (store.Bill, error) {
	return func(j gatewayapi.Job, u protocol.Usage) (store.Bill, error) {
		b, err := billJob(billInputs{job: j, usage: u, reportedAt: s.now(),
			capacityMegaFLOPS: site.Registration.Inventory.CapacityMegaFLOPS, referenceMegaFLOPS: s.catalog.ReferenceScore().PerDeviceMegaFLOPS})
		if err != nil {
			return store.Bill{}, err
		}
		if len(b.Billing.Caps) > 0 {
			s.log.WithField("site", site.Name).WithField("job", j.ID).WithField("claimedComputeHoursMilli", b.Billing.ClaimedComputeHoursMilli).
				WithField("billedComputeHoursMilli", b.Billing.BilledComputeHoursMilli).WithField("cost", b.CostWei).
				WithField("caps", strings.Join(b.Billing.Caps, "; ")).
				Warn("a site's usage report claimed more than the job could have used; billing the bounds (GET /v1/jobs/ID shows them)")
		}
		return b, nil
	}
}

// Run settles the escrow of every job whose cost is known, every two seconds until ctx
// ends: the cost goes to the reward pool, the rest back to the researcher.
func (s *settler) Run(ctx context.Context) {
	every(ctx, 2*time.Second, nil, func(ctx context.Context) {
		jobs, err := s.store.ToSettle(ctx, 50)
		if err != nil {
			if ctx.Err() == nil {
				s.log.WithError(err).Warn("escrow settler")
			}
			return
		}
		for _, j := range jobs {
			if !s.settleEscrow(ctx, j) {
				return // the chain or the state failed: the next round retries
			}
		}
	})
}

// settleEscrow settles one job's escrow and records it; false when the chain or the state
// failed (a job whose record is malformed is logged and skipped).
func (s *settler) settleEscrow(ctx context.Context, j gatewayapi.Job) bool {
	log := s.log.WithField("job", j.ID)
	b := common.FromHex(j.EscrowID)
	if len(b) != 32 {
		log.WithField("escrow", j.EscrowID).Error("escrow settler: malformed escrow id in the state")
		return true
	}
	var id [32]byte
	copy(id[:], b)
	researcher := common.HexToAddress(j.Researcher)
	cost, err := s.costToSettle(ctx, j)
	if err != nil {
		log.WithError(err).Error("escrow settler: malformed cost in the state")
		return true
	}
	esc, err := s.deploy.EscrowOf(ctx, researcher, id)
	s.metrics.observeChain(chainRead, err)
	if err != nil {
		log.WithError(err).Warn("escrow settler: reading the escrow")
		return false
	}
	if esc.MaxAmount != nil && cost.Cmp(esc.MaxAmount) > 0 {
		cost = new(big.Int).Set(esc.MaxAmount)
	}
	if !s.settleOnChain(ctx, log, j, esc, id, cost) {
		return false
	}
	if err := s.store.EscrowSettled(ctx, j.ID); err != nil {
		log.WithError(err).Warn("escrow settler")
		return false
	}
	return true
}

// costToSettle is what a job's escrow settles for: its cost, capped at its worst case; a
// replicated job's, its decided group's cost (each replica's capped when it was billed),
// capped at the budget.
func (s *settler) costToSettle(ctx context.Context, j gatewayapi.Job) (*big.Int, error) {
	if j.Replica == nil {
		cost, err := protocol.ParseWei(j.CostWei)
		if err != nil {
			return nil, err
		}
		return settlementCap(s.log.WithField("job", j.ID), j, cost), nil
	}
	g, err := s.store.ReplicaGroup(ctx, j.Replica.Group)
	if err != nil {
		return nil, err
	}
	cost, err := protocol.ParseWei(g.CostWei)
	if err != nil {
		return nil, fmt.Errorf("replica group %s: %w", g.Job, err)
	}
	budget, err := protocol.ParseWei(j.MaxCostWei)
	if err != nil {
		return nil, err
	}
	if cost.Cmp(budget) > 0 {
		s.log.WithField("job", j.ID).WithField("cost", cost.String()).WithField("budget", budget.String()).Error("escrow settler: the replica group's cost is above the budget; settling the budget")
		cost = budget
	}
	return cost, nil
}

// settleOnChain settles a locked escrow for cost. The escrow was read first, so that a
// settlement sent before a crash is recorded rather than sent again; false when the
// settlement failed.
func (s *settler) settleOnChain(ctx context.Context, log logrus.FieldLogger, j gatewayapi.Job, esc contracts.EscrowOnChain, id [32]byte, cost *big.Int) bool {
	switch esc.Status {
	case contracts.EscrowLocked:
		err := s.deploy.SettleEscrow(ctx, s.key, common.HexToAddress(j.Researcher), id, cost)
		s.metrics.observeChain(chainSettleEscrow, err)
		if err != nil {
			log.WithError(err).Warn("escrow settler: settling (will retry)")
			return false
		}
		log.WithField("cost", cost.String()).WithField("refund", new(big.Int).Sub(esc.MaxAmount, cost).String()).Info("escrow settled")
	case contracts.EscrowSettled:
		// Settled before a crash let the state record it: nothing to send, but the
		// amount must be the one computed.
		if esc.Cost.Cmp(cost) != 0 {
			log.WithField("chainCost", esc.Cost.String()).WithField("cost", cost.String()).Error("escrow settler: the escrow was settled on chain at another cost")
		}
	case contracts.EscrowReclaimed:
		log.Warn("escrow settler: the researcher reclaimed the escrow before the job's usage arrived; nothing to charge")
	case contracts.EscrowNone:
		log.Error("escrow settler: the escrow is gone from the chain (a chain that lost blocks?); nothing to charge")
	}
	return true
}
