package depcheck

import (
	"context"
	"strings"
	"testing"
)

func TestHeavy(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/mattn/go-sqlite3":                            true,
		"github.com/NVIDIA/go-nvml/pkg/nvml":                     true,
		"github.com/hashicorp/go-plugin":                         true,
		"github.com/cockroachdb/pebble/internal/base":            true,
		"github.com/ethereum/go-ethereum/node":                   true,
		"github.com/ethereum/go-ethereum/eth/ethconfig":          true,
		"github.com/ethereum/go-ethereum/core":                   true,
		"github.com/ethereum/go-ethereum/core/vm":                true,
		"github.com/ethereum/go-ethereum/ethclient/simulated":    true,
		"github.com/petagrid/petagrid/site":                      true,
		"github.com/petagrid/petagrid/site/journal":              true,
		"github.com/petagrid/petagrid/gateway":                   true,
		"github.com/petagrid/petagrid/gateway/store":             true,
		"github.com/petagrid/petagrid/contracts":                 true,
		"github.com/petagrid/petagrid/accounting/gpu":            true,
		"github.com/petagrid/petagrid/plugins/proto/pluginv1":    true,
		"github.com/ethereum/go-ethereum/core/types":             true,
		"github.com/ethereum/go-ethereum/crypto":                 false,
		"github.com/ethereum/go-ethereum/common":                 false,
		"github.com/ethereum/go-ethereum":                        true,
		"github.com/ethereum/go-ethereum/ethclient":              true,
		"github.com/ethereum/go-ethereum/accounts":               true,
		"github.com/ethereum/go-ethereum/crypto/secp256k1":       false,
		"github.com/ethereum/go-ethereum/common/hexutil":         false,
		"github.com/ethereum/go-ethereum/rlp":                    false,
		"github.com/ethereum/go-ethereum-fork/node":              false,
		"github.com/petagrid/petagrid/site/siteapi":              false,
		"github.com/petagrid/petagrid/site/client":               false,
		"github.com/petagrid/petagrid/gateway/gatewayapi":        false,
		"github.com/petagrid/petagrid/contracts/rewardtree":      false,
		"github.com/petagrid/petagrid/gateway/protocol":          false,
		"github.com/petagrid/petagrid/site/journalist-not-exist": false,
	} {
		if got := Heavy(path); got != want {
			t.Errorf("Heavy(%s) = %v, want %v", path, got, want)
		}
	}
}

// The check finds what a heavy package links, and a package that needs cgo.
func TestCheckFindsHeavyPackages(t *testing.T) {
	err := Check(context.Background(), "../../site/journal")
	if err == nil || !strings.Contains(err.Error(), "github.com/mattn/go-sqlite3") {
		t.Errorf("the journal passes as light: %v", err)
	}
	if err := BuildsWithoutCgo(context.Background(), "github.com/NVIDIA/go-nvml/pkg/nvml"); err == nil {
		t.Error("NVML's bindings build without cgo")
	}
	if err := Check(context.Background(), "../../site/runstate"); err != nil {
		t.Errorf("the run states: %v", err)
	}
}
