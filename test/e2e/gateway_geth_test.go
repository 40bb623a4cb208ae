package e2e

import (
	"context"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/contracts"
	"github.com/petagrid/petagrid/gateway"
	"github.com/petagrid/petagrid/internal/reqsign"
	"github.com/petagrid/petagrid/test/gatewaytest"
	"github.com/petagrid/petagrid/tokenomics"
)

// TestGatewayOnGethDev runs the gateway against a real node (`geth --dev` over JSON-RPC): it
// deploys the contracts at first start, admits a site in the provider registry, takes the
// site's signed report, settles the epoch (GFL = the median), and the provider claims its
// rewards through the gateway's relay to geth. A restart finds the same deployment.
func TestGatewayOnGethDev(t *testing.T) {
	url := startGethDev(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	dev, err := crypto.HexToECDSA(gethDevKey)
	if err != nil {
		t.Fatal(err)
	}
	funder, err := contracts.Dial(ctx, url, 0)
	if err != nil {
		t.Fatal(err)
	}
	// Epochs of an hour that began two hours ago: epoch 0 is over by the node's clock.
	genesis := time.Now().UTC().Add(-2 * time.Hour).Truncate(time.Minute)
	g := gatewaytest.StartGrid(t, func(c *gateway.Config) {
		c.Chain = gateway.ChainConfig{Mode: gateway.ChainJSONRPC, URL: url}
		c.Epochs.Genesis = genesis.Format(time.RFC3339)
		key, err := reqsign.LoadKeyFile(c.Key)
		if err != nil {
			t.Fatal(err)
		}
		if err := funder.SendETH(ctx, dev, crypto.PubkeyToAddress(key.PublicKey), tokenomics.MustAmount("100")); err != nil {
			t.Fatal(err)
		}
	})
	if kind := g.Gateway.Info().Chain.Kind; kind != gateway.ChainJSONRPC {
		t.Fatalf("chain kind %s", kind)
	}
	cat, _ := tokenomics.LoadEmbeddedCatalog()
	node := 4 * cat.ReferenceScore().PerDeviceMegaFLOPS
	site := &gatewaytest.Site{T: t, Name: "geth-site", Key: gatewaytest.NewKey(t, filepath.Join(g.Dir, "site.key")), URL: g.URL}
	if code := site.Register(gatewaytest.Inventory(t, "a100", 4, 2, node), tokenomics.MustAmount("1").String()); code != http.StatusCreated {
		t.Fatalf("registration: %d", code)
	}
	op := g.Client(g.Operator)
	if _, err := gatewaytest.ApproveListed(ctx, op, "geth-site", ""); err != nil {
		t.Fatal(err)
	}
	d := g.Gateway.Deployment()
	if p, err := d.Provider(ctx, site.Addr()); err != nil || p.Status != contracts.ProviderAdmitted {
		t.Fatalf("registry on geth: %+v %v", p, err)
	}
	// The site pays its own gas on a real chain.
	if err := funder.SendETH(ctx, dev, site.Addr(), tokenomics.MustAmount("1")); err != nil {
		t.Fatal(err)
	}
	rep := gatewaytest.Report(t, g, site, 0, node, 2, 0)
	if code, ans := site.SendReport(rep); code != http.StatusCreated {
		t.Fatalf("report: %d %+v", code, ans)
	}
	sum, err := op.CloseEpoch(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := tokenomics.GFLFromMegaFLOPS(rep.MedianMegaFLOPS)
	if bal, err := d.GFLBalance(ctx, site.Addr()); err != nil || bal.Cmp(want) != 0 {
		t.Fatalf("GFL on geth %v, want the median %s (%v)", bal, want, err)
	}
	got, _, err := g.Client(site.Key).Claim(ctx)
	if err != nil || got.String() != sum.RewardsTotalWei || got.Sign() == 0 {
		t.Fatalf("claim through the relay to geth: %v %v (epoch rewards %s)", got, err, sum.RewardsTotalWei)
	}
	addrs := d.Addresses
	g.Stop()
	g.Start()
	if g.Gateway.Deployment().Addresses != addrs {
		t.Fatal("a restart deployed the contracts again")
	}
}
