package gateway

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
)

// ErrRegistrationChanged refuses an approval whose registration is not the site's current one.
var ErrRegistrationChanged = errors.New("the site's registration is not the one approved")

// ErrSharedDevices refuses an approval while the site registers a GPU an admitted site
// registered first.
var ErrSharedDevices = errors.New("devices registered by another site")

// ErrInsufficientStake refuses an approval until the provider has bonded the stake its
// capacity needs.
var ErrInsufficientStake = errors.New("not enough stake")

// registry admits sites as providers: their registrations, an operator's approvals and
// suspensions, in the state and in the chain's provider registry.
type registry struct {
	store   *store.Store
	deploy  *contracts.Deployment
	chain   *contracts.Chain
	key     *ecdsa.PrivateKey
	lock    *epochLock
	wake    *wakeups
	log     logrus.FieldLogger
	now     func() time.Time
	metrics *metrics
	// catalog grades the sites for the prices the provider list shows.
	catalog *tokenomics.Catalog
	// offlineAfter is how long a site may be silent and still be shown online.
	offlineAfter time.Duration
	// fundWei is the gas money each approved site gets for its claims (nil: none).
	fundWei *big.Int
	// siteMu serialises site registrations with approvals: an approval checks and admits
	// the registration the operator reviewed with nothing registered in between.
	siteMu sync.Mutex
}

// Register records a site's registration: a new site is pending an operator's approval; an
// approved site that registers more than it was approved with is pending again (its
// unsubmitted work goes elsewhere), one that registers less stays approved and the registry
// follows. err is store.ErrSiteKey when the name belongs to another key.
func (r *registry) Register(ctx context.Context, signer common.Address, reg protocol.Registration) (gatewayapi.Site, bool, error) {
	// Under the lock approvals take: an approval never admits a registration that changed
	// after it was checked.
	r.siteMu.Lock()
	defer r.siteMu.Unlock()
	site, created, err := r.store.Register(ctx, signer.Hex(), reg)
	if err != nil {
		return gatewayapi.Site{}, false, err
	}
	log := r.log.WithField("site", site.Name).WithField("key", signer.Hex()).WithField("capacityMegaFlops", reg.Inventory.CapacityMegaFLOPS)
	if shared, err := r.store.SharedDevicesOf(ctx, site.Name); err == nil && shared != nil {
		log.WithField("sharedDevices", shared.Count).WithField("firstShared", shared.FirstUUID).WithField("otherSites", shared.Sites).
			Warn("the site registers GPUs an admitted site registered first: it is not approved while it does")
	}
	if created {
		log.Info("site registered: pending an operator's approval (petagrid gateway providers approve " + site.Name + ")")
		return site, true, nil
	}
	switch site.Status {
	case store.SiteApproved:
		// No more than approved (nodes retired, partitions renamed): the registry follows.
		// More needs an operator (the store sent the site back to pending).
		r.followRegistration(ctx, site, log)
	case store.SitePending:
		if site.StatusReason != "" {
			log.WithField("reason", site.StatusReason).Warn("an approved site registered more capacity: it waits for an operator's approval again")
			if _, _, err := r.store.SiteSilent(ctx, site.Name); err != nil {
				log.WithError(err).Warn("re-placing the site's unsubmitted jobs")
			}
		}
	}
	log.Info("site registration updated")
	r.wake.wakePlacer()
	return site, false, nil
}

// followRegistration brings the registry in line with an approved site's new registration (no
// more capacity than approved), unless an epoch is being settled: its recorded medians were
// checked against the capacity admitted before, and must stay within it on chain. The registry
// keeps the larger capacity it admitted until the site registers again.
func (r *registry) followRegistration(ctx context.Context, site gatewayapi.Site, log logrus.FieldLogger) {
	// A close holds the lock for its transactions: the site's registration does not wait.
	if !r.lock.tryLock() {
		log.Warn("an epoch is being settled: the provider registry keeps the admitted capacity until the site registers again")
		return
	}
	defer r.lock.unlock()
	if busy, err := r.lock.settlementInProgress(ctx); err != nil || busy != "" {
		log.WithError(err).WithField("settlement", busy).Warn("the provider registry keeps the admitted capacity until the site registers again")
		return
	}
	inv := site.Registration.Inventory
	adm := contracts.Admission{CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs), Registration: site.Registration.Digest()}
	err := r.deploy.AdmitProvider(ctx, r.key, common.HexToAddress(site.Address), adm)
	r.metrics.observeChain(chainRegistry, err)
	if err != nil {
		log.WithError(err).Warn("updating the provider registry")
	}
}

// SetStatus approves or suspends a site: in the state and in the chain's provider registry
// (the chain first, so that a failed transaction leaves the state unchanged and the
// operator's retry completes both). An approval admits the registration whose digest the
// operator reviewed, and is refused if the site registered anything else since: the site
// registers and is approved under the same lock, so nothing changes between the check and
// the admission. No registry change is made while an epoch is being settled (its recorded
// medians must stay admissible). An approved site gets gas money for its claims when the
// registry was given some.
// An approval may name who operates the site (operator, "" : unchanged), recorded with the
// status.
func (r *registry) SetStatus(ctx context.Context, name, status, reason, operator string, reviewed common.Hash, op common.Address) (gatewayapi.Site, error) {
	r.siteMu.Lock()
	defer r.siteMu.Unlock()
	r.lock.lock()
	defer r.lock.unlock()
	s, err := r.store.Site(ctx, name)
	if err != nil {
		return gatewayapi.Site{}, err
	}
	if busy, err := r.lock.settlementInProgress(ctx); err != nil {
		return gatewayapi.Site{}, err
	} else if busy != "" {
		return gatewayapi.Site{}, fmt.Errorf("%w (%s): the provider registry changes once it is settled; retry then (petagrid gateway epoch close settles it now)", ErrSettlementInProgress, busy)
	}
	switch status {
	case store.SiteApproved:
		err = r.admit(ctx, s, reviewed)
	case store.SiteSuspended:
		err = r.deploy.SuspendProvider(ctx, r.key, common.HexToAddress(s.Address))
		r.metrics.observeChain(chainRegistry, err)
		if err != nil {
			err = fmt.Errorf("suspending %s in the provider registry: %w", name, err)
		}
	}
	if err != nil {
		return gatewayapi.Site{}, err
	}
	if s, err = r.store.SetSiteStatusOperated(ctx, name, status, reason, operator); err != nil {
		return gatewayapi.Site{}, err
	}
	r.log.WithField("site", name).WithField("status", status).WithField("operator", op.Hex()).WithField("reason", reason).Info("site status changed")
	if status == store.SiteSuspended {
		// Its unsubmitted work goes elsewhere, exactly as if it had gone silent.
		if requeued, _, err := r.store.SiteSilent(ctx, name); err == nil && len(requeued) > 0 {
			r.log.WithField("site", name).WithField("jobs", len(requeued)).Info("re-placing the suspended site's unsubmitted jobs")
		}
	}
	r.wake.wakePlacer()
	r.wake.wakeSite(name)
	return s, nil
}

// admit admits the site's registration in the chain's registry if it is the one reviewed,
// and sends the site its gas money.
func (r *registry) admit(ctx context.Context, s gatewayapi.Site, reviewed common.Hash) error {
	current, err := reviewedRegistration(s, reviewed)
	if err != nil {
		return err
	}
	inv := s.Registration.Inventory
	adm := contracts.Admission{CapacityMegaFLOPS: inv.CapacityMegaFLOPS, GPUs: uint32(inv.GPUs), Registration: current}
	addr := common.HexToAddress(s.Address)
	if err := r.checkDevices(ctx, s.Name); err != nil {
		return err
	}
	if err := r.checkStake(ctx, s.Name, addr, inv.CapacityMegaFLOPS); err != nil {
		return err
	}
	err = r.deploy.AdmitProvider(ctx, r.key, addr, adm)
	r.metrics.observeChain(chainRegistry, err)
	var revert *contracts.RevertError
	if errors.As(err, &revert) && revert.Name == "AdmissionByVoteOnly" {
		return fmt.Errorf("%w since the operator's transition ended (gateway.economy.governance.transitionEnds): put %s to the GFL holders' vote (petagrid gateway providers propose %s --registration %s)",
			ErrAdmissionByVote, s.Name, s.Name, current.Hex())
	}
	if errors.As(err, &revert) && revert.Name == "InsufficientStake" {
		// Unbonded between the check and the admission: the same answer as the check's.
		return fmt.Errorf("%w: %s (%s) no longer has the stake its %d MFLOPS need: the provider stakes first (petagrid provider stake)", ErrInsufficientStake, s.Name, addr.Hex(), inv.CapacityMegaFLOPS)
	}
	if err != nil {
		return fmt.Errorf("admitting %s in the provider registry: %w", s.Name, err)
	}
	r.sendGasMoney(ctx, s.Name, addr)
	return nil
}

// reviewedRegistration is the site's current registration digest when it is the one the
// operator reviewed (an approval or a proposal names it), ErrRegistrationChanged otherwise.
func reviewedRegistration(s gatewayapi.Site, reviewed common.Hash) (common.Hash, error) {
	current := common.Hash(s.Registration.Digest())
	if reviewed != current {
		return current, fmt.Errorf("%w: %s now registers %d MFLOPS and %d GPUs (digest %s), not the registration %s: list the providers and review it again",
			ErrRegistrationChanged, s.Name, s.Registration.Inventory.CapacityMegaFLOPS, s.Registration.Inventory.GPUs, current.Hex(), reviewed.Hex())
	}
	return current, nil
}

// checkDevices refuses to approve a site that registers a GPU an admitted site registers
// too: the first site admitted with a GPU holds it, and the operator must find out which
// site counts hardware it does not have.
func (r *registry) checkDevices(ctx context.Context, name string) error {
	shared, err := r.store.SharedDevicesOf(ctx, name)
	if err != nil || shared == nil {
		return err
	}
	return fmt.Errorf("%w: %s registers %d GPUs that %s registered first (one is %s): the same device cannot be in two sites",
		ErrSharedDevices, name, shared.Count, strings.Join(shared.Sites, ", "), shared.FirstUUID)
}

// checkStake refuses an approval the registry would refuse for want of stake, saying how
// much is missing (the chain's revert names only the requirement).
func (r *registry) checkStake(ctx context.Context, name string, addr common.Address, capacityMegaFLOPS uint64) error {
	required, err := r.deploy.RequiredStake(ctx, capacityMegaFLOPS)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return fmt.Errorf("reading the stake %s needs: %w", name, err)
	}
	if required.Sign() == 0 {
		return nil
	}
	stake, err := r.deploy.StakeOf(ctx, addr)
	r.metrics.observeChain(chainRead, err)
	if err != nil {
		return err
	}
	if stake.BondedWei.Cmp(required) < 0 {
		return fmt.Errorf("%w: %s (%s) has %s DPS bonded; its %d MFLOPS need %s DPS: the provider stakes the rest first (petagrid provider stake)",
			ErrInsufficientStake, name, addr.Hex(), tokenomics.FormatAmount(stake.BondedWei), capacityMegaFLOPS, tokenomics.FormatAmount(required))
	}
	return nil
}

// sendGasMoney tops the site's account up to fundWei, so that it can pay for its claims. A
// failure is logged, not returned: the approval stands.
func (r *registry) sendGasMoney(ctx context.Context, name string, addr common.Address) {
	if r.fundWei == nil {
		return
	}
	bal, err := r.chain.BalanceAt(ctx, addr)
	r.metrics.observeChain(chainRead, err)
	if err != nil || bal.Cmp(r.fundWei) >= 0 {
		return
	}
	err = r.chain.SendETH(ctx, r.key, addr, r.fundWei)
	r.metrics.observeChain(chainTransfer, err)
	if err != nil {
		r.log.WithField("site", name).WithError(err).Warn("sending gas money to the approved site")
	}
}

// Providers lists every registered site with its standing.
func (r *registry) Providers(ctx context.Context) ([]gatewayapi.ProviderView, error) {
	sites, err := r.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	shared, err := r.store.SharedDevices(ctx)
	if err != nil {
		return nil, err
	}
	latest, err := r.store.LatestReports(ctx)
	if err != nil {
		return nil, err
	}
	quotes := quoteSites(sites, latest, r.catalog)
	out := make([]gatewayapi.ProviderView, 0, len(sites))
	for _, s := range sites {
		q := quotes[s.Name]
		v := gatewayapi.ProviderView{Site: s, Online: r.now().Sub(s.LastSeen) < r.offlineAfter, RegistrationDigest: s.Registration.Digest(),
			SharedDevices: shared[s.Name], Grades: q.grade.String()}
		if q.priceWei != nil {
			v.PricePerComputeHourWei = q.priceWei.String()
		}
		if s.Registration.Prices.HasGradePrices() {
			v.PriceBasis = q.basis.String()
		}
		bal, err := r.deploy.GFLBalance(ctx, common.HexToAddress(s.Address))
		r.metrics.observeChain(chainRead, err)
		if err == nil {
			v.GFLWei = bal.String()
		}
		p, err := r.deploy.Provider(ctx, common.HexToAddress(s.Address))
		r.metrics.observeChain(chainRead, err)
		if err == nil {
			v.Admitted = p.Registration
		}
		if reps, err := r.store.Reports(ctx, -1, s.Name); err == nil {
			v.Accepted = len(reps)
		}
		out = append(out, v)
	}
	return out, nil
}
