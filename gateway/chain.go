package gateway

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"time"

	"github.com/petagrid/petagrid/contracts"
)

// deploymentVersion is the contracts' generation a state was deployed with: the contracts'
// interfaces changed with version 2 (the registry bounds every rebalance, rewards scale with
// the epoch, the halving is anchored to genesis) and version 3 (Staking; the registry admits
// only staked providers) and version 4 (GFL snapshots; the registry may take admissions from
// a governor), and a state of an older generation settles on contracts this gateway cannot
// drive.
const deploymentVersion = 4

// deploymentRecord is what the state keeps of the contracts it settles on.
type deploymentRecord struct {
	Version             int                 `json:"version"`
	ChainID             string              `json:"chainId"`
	Addresses           contracts.Addresses `json:"addresses"`
	Genesis             time.Time           `json:"genesis"`
	PeriodSeconds       uint64              `json:"periodSeconds"`
	EraSeconds          uint64              `json:"eraSeconds"`
	EraThresholdGFL     string              `json:"eraThresholdGflWei"`
	DPSSupply           string              `json:"dpsSupplyWei"`
	ReclaimAfterSeconds uint64              `json:"reclaimAfterSeconds"`
}

const metaDeployment = "deployment"

// openChain connects to the chain and binds (or first deploys) the contracts.
func (g *Gateway) openChain(ctx context.Context) error {
	if err := g.connectChain(ctx); err != nil {
		return err
	}
	raw, ok, err := g.store.Meta(ctx, metaDeployment)
	if err != nil {
		return err
	}
	if !ok {
		return g.deployContracts(ctx)
	}
	var rec deploymentRecord
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		return fmt.Errorf("the state's deployment record: %w", err)
	}
	if err := checkDeploymentRecord(rec, g.chain.ChainID().String(), g.params); err != nil {
		return err
	}
	if g.deploy, g.params, err = attachDeployment(ctx, g.chain, rec, g.params); err != nil {
		return err
	}
	return checkDeployedSettings(ctx, g.deploy, g.params)
}

// connectChain opens the embedded chain or dials the JSON-RPC one, with the relay to it.
func (g *Gateway) connectChain(ctx context.Context) error {
	switch g.cfg.Chain.Mode {
	case ChainEmbedded:
		dev, err := contracts.OpenDevChain(ctx, g.cfg.Chain.Dir, g.address)
		if err != nil {
			return fmt.Errorf("embedded chain: %w", err)
		}
		g.dev, g.chain = dev, dev.Chain
		g.relay = contracts.NewRelay(dev.Chain, dev.RPC(), g.log)
	default:
		c, err := contracts.Dial(ctx, g.cfg.Chain.URL, g.cfg.Chain.Confirmations)
		if err != nil {
			return fmt.Errorf("gateway.chain.url: %w", err)
		}
		g.chain = c
		if rc := c.RPCClient(); rc != nil {
			g.relay = contracts.NewRelay(c, rc, g.log)
		}
	}
	return nil
}

// deployContracts deploys the contracts (the first start), funds the reward pool and
// records the deployment in the state, so that every later start settles on the same ones.
func (g *Gateway) deployContracts(ctx context.Context) error {
	g.log.WithField("chainId", g.chain.ChainID()).Info("deploying the contracts (first start)")
	d, err := contracts.Deploy(ctx, g.chain, g.key, g.address, g.address, g.params)
	if err != nil {
		return err
	}
	if g.res.rewardPoolWei.Sign() > 0 {
		if err := d.FundPool(ctx, g.key, g.res.rewardPoolWei); err != nil {
			return fmt.Errorf("funding the reward pool: %w", err)
		}
	}
	rec := deploymentRecord{Version: deploymentVersion, ChainID: g.chain.ChainID().String(), Addresses: d.Addresses, Genesis: g.params.Genesis, PeriodSeconds: g.params.PeriodSeconds,
		EraSeconds: g.params.EraSeconds, EraThresholdGFL: g.params.EraThresholdGFL.String(), DPSSupply: g.params.DPSSupply.String(), ReclaimAfterSeconds: g.params.ReclaimAfterSeconds,
	}
	data, _ := json.Marshal(rec)
	if err := g.store.SetMeta(ctx, metaDeployment, string(data)); err != nil {
		return err
	}
	g.deploy = d
	g.log.WithField("settlement", d.Addresses.Settlement.Hex()).WithField("escrow", d.Addresses.Escrow.Hex()).Info("contracts deployed")
	return nil
}

// checkDeploymentRecord refuses a state deployed with another generation of the contracts,
// on another chain, or with another calendar than the configuration's.
func checkDeploymentRecord(rec deploymentRecord, chainID string, params contracts.Params) error {
	if rec.Version != deploymentVersion {
		return fmt.Errorf("the state was deployed with contracts of generation %d, this gateway drives generation %d: start with a new gateway.state (and chain)", rec.Version, deploymentVersion)
	}
	if rec.ChainID != chainID {
		return fmt.Errorf("the state settles on chain %s, but the configured chain is %s: point gateway.chain at the chain the state was created with, or start with a new gateway.state", rec.ChainID, chainID)
	}
	if !rec.Genesis.Equal(params.Genesis) || rec.PeriodSeconds != params.PeriodSeconds {
		return fmt.Errorf("the contracts were deployed with genesis %s and %d-second epochs; gateway.epochs says %s and %d: the calendar cannot change after deployment",
			rec.Genesis.Format(time.RFC3339), rec.PeriodSeconds, params.Genesis.Format(time.RFC3339), params.PeriodSeconds)
	}
	return nil
}

// attachDeployment binds the recorded contracts, checking that they are on the chain, and
// returns the parameters with the economy's constants as deployed (the configuration's may
// have changed since; the contracts keep theirs).
func attachDeployment(ctx context.Context, chain *contracts.Chain, rec deploymentRecord, params contracts.Params) (*contracts.Deployment, contracts.Params, error) {
	d := contracts.Attach(chain, rec.Addresses)
	code, err := chain.Backend().CodeAt(ctx, rec.Addresses.Settlement, nil)
	if err != nil {
		return nil, params, fmt.Errorf("checking the settlement contract: %w", err)
	}
	if len(code) == 0 {
		return nil, params, fmt.Errorf("no contract at the recorded settlement address %s on chain %s: the chain is not the one the state was created with", rec.Addresses.Settlement.Hex(), rec.ChainID)
	}
	params.EraSeconds = rec.EraSeconds
	threshold, ok := new(big.Int).SetString(rec.EraThresholdGFL, 10)
	if !ok || threshold.Sign() <= 0 {
		return nil, params, fmt.Errorf("the state's deployment record has a malformed era threshold %q", rec.EraThresholdGFL)
	}
	params.EraThresholdGFL = threshold
	params.ReclaimAfterSeconds = rec.ReclaimAfterSeconds
	return d, params, nil
}

// checkDeployedSettings compares the settings the settlement contract holds with the
// configuration's, read from the contract itself: it enforces the capacity tolerance and
// allows environmental factors as deployed, so a gateway that accepted reports by another
// tolerance would send settlements the chain refuses.
func checkDeployedSettings(ctx context.Context, d *contracts.Deployment, params contracts.Params) error {
	tolerance, err := d.CapacityTolerancePPM(ctx)
	if err != nil {
		return fmt.Errorf("reading the settlement's capacity tolerance: %w", err)
	}
	if tolerance != params.CapacityTolerancePPM {
		return fmt.Errorf("the contracts were deployed with a capacity tolerance of %d ppm; gateway.pocp.capacityTolerance says %d ppm: it cannot change after deployment",
			tolerance, params.CapacityTolerancePPM)
	}
	factors, err := d.EnvironmentalFactorsEnabled(ctx)
	if err != nil {
		return fmt.Errorf("reading whether the settlement allows environmental factors: %w", err)
	}
	if factors != params.EnvironmentalFactors {
		return fmt.Errorf("the contracts were deployed with environmental factors enabled=%v; gateway.economy.environmentalFactors.enabled says %v: it cannot change after deployment",
			factors, params.EnvironmentalFactors)
	}
	staking, err := d.StakingSettings(ctx)
	if err != nil {
		return err
	}
	if !staking.Equal(params.Staking) {
		return fmt.Errorf("the contracts were deployed with staking of %s; gateway.economy.staking says %s: it cannot change after deployment", staking, params.Staking)
	}
	governance, err := d.GovernanceSettings(ctx)
	if err != nil {
		return err
	}
	if !governance.Equal(params.Governance) {
		return fmt.Errorf("the contracts were deployed with governance %s; gateway.economy.governance says %s: it cannot change after deployment", governance, params.Governance)
	}
	return nil
}
