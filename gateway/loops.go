package gateway

import (
	"context"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/protocol"
)

// siteMonitor handles sites that stopped polling: their unsubmitted work is placed
// elsewhere and their running jobs become unknown until they report again. On the embedded
// chain it also keeps the chain's clock moving.
func (g *Gateway) siteMonitor(ctx context.Context) {
	every(ctx, max(time.Second, g.cfg.Sites.OfflineAfter/3), nil, func(ctx context.Context) {
		if g.dev != nil {
			if err := g.dev.Tick(ctx); err != nil && ctx.Err() == nil {
				g.log.WithError(err).Warn("embedded chain: mining a block")
			}
		}
		silent, err := g.store.SilentSites(ctx, g.now().Add(-g.cfg.Sites.OfflineAfter))
		if err != nil {
			if ctx.Err() == nil {
				g.log.WithError(err).Warn("site monitor")
			}
			return
		}
		for _, s := range silent {
			requeued, unknown, err := g.store.SiteSilent(ctx, s)
			if err != nil {
				g.log.WithField("site", s).WithError(err).Warn("site monitor")
				continue
			}
			g.log.WithField("site", s).WithField("requeued", len(requeued)).WithField("unknown", unknown).
				Warn("site went silent: its unsubmitted jobs are placed elsewhere, its running jobs are unknown until it returns")
			if len(requeued) > 0 {
				g.wakePlacer()
			}
		}
	})
}

// escrowSettler settles the escrow of every job whose cost is known: the cost goes to the
// reward pool, the rest back to the researcher. It reads the escrow first, so that a
// settlement sent before a crash is recorded rather than sent again.
func (g *Gateway) escrowSettler(ctx context.Context) {
	every(ctx, 2*time.Second, nil, func(ctx context.Context) {
		jobs, err := g.store.ToSettle(ctx, 50)
		if err != nil {
			if ctx.Err() == nil {
				g.log.WithError(err).Warn("escrow settler")
			}
			return
		}
		for _, j := range jobs {
			log := g.log.WithField("job", j.ID)
			var id [32]byte
			b := common.FromHex(j.EscrowID)
			if len(b) != 32 {
				log.WithField("escrow", j.EscrowID).Error("escrow settler: malformed escrow id in the state")
				continue
			}
			copy(id[:], b)
			researcher := common.HexToAddress(j.Researcher)
			cost, err := protocol.ParseWei(j.CostWei)
			if err != nil {
				log.WithError(err).Error("escrow settler: malformed cost in the state")
				continue
			}
			esc, err := g.deploy.EscrowOf(ctx, researcher, id)
			if err != nil {
				log.WithError(err).Warn("escrow settler: reading the escrow")
				return
			}
			cost = settlementCap(log, j, cost)
			if esc.MaxAmount != nil && cost.Cmp(esc.MaxAmount) > 0 {
				cost = new(big.Int).Set(esc.MaxAmount)
			}
			switch esc.Status {
			case contracts.EscrowLocked:
				if err := g.deploy.SettleEscrow(ctx, g.key, researcher, id, cost); err != nil {
					log.WithError(err).Warn("escrow settler: settling (will retry)")
					return
				}
				log.WithField("cost", j.CostWei).WithField("refund", new(big.Int).Sub(esc.MaxAmount, cost).String()).Info("escrow settled")
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
			if err := g.store.EscrowSettled(ctx, j.ID); err != nil {
				log.WithError(err).Warn("escrow settler")
				return
			}
		}
	})
}
