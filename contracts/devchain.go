package contracts

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core"
	"github.com/ethereum/go-ethereum/core/rawdb"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/eth"
	"github.com/ethereum/go-ethereum/eth/catalyst"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/eth/filters"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/ethdb"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/p2p"
	"github.com/ethereum/go-ethereum/params"
	"github.com/ethereum/go-ethereum/rpc"
)

// devChainGasLimit is the dev chain's block gas limit (NewSimulated's).
const devChainGasLimit = 60_000_000

// The dev chain's memory caches, in MiB.
const (
	devChainDatabaseCacheMiB = 64
	devChainTrieCacheMiB     = 32
)

// devChainNodeName names the node's instance directory inside the data directory. It is fixed
// because go-ethereum otherwise names it after the executable, and the gateway binary and a
// test binary must find the same chain.
const devChainNodeName = "petagrid-devchain"

// ErrGenesisMismatch is a data directory whose chain was created with another genesis (another
// set of funded accounts): opening it would need a different chain, which is refused.
var ErrGenesisMismatch = errors.New("dev chain genesis mismatch")

// DevChain is an embedded, persistent chain with the simulated chain's rules: the gateway's
// chain when no real network is configured. Unlike NewSimulated, whose backend forks back to
// genesis every time it starts, its state lives in a data directory and survives restarts. It
// keeps every block's state (archive mode) and syncs the database after each block it mines,
// so a block whose receipt was seen survives a killed process (and, the write-ahead log being
// fsynced, a machine crash): go-ethereum alone writes asynchronously, and a killed process
// loses its last block or two. Blocks are
// mined on demand: one per transaction, and by AdjustTime.
type DevChain struct {
	*Chain

	node   *node.Node
	beacon *catalyst.SimulatedBeacon
	db     ethdb.KeyValueSyncer
	rpc    *rpc.Client

	// mu guards closed, syncErr and every use of the beacon: mining after the node stopped
	// would touch a closed database.
	mu     sync.Mutex
	closed bool
	// syncErr is the first failure to make a mined block durable (Chain.commit cannot return
	// it); AdjustTime and Close report it.
	syncErr error
}

// OpenDevChain opens (or creates) the dev chain in dir, with each funded account holding
// 1,000,000 ETH from genesis. The funded set is part of the genesis: reopening a directory with
// another set fails with ErrGenesisMismatch. A new chain gets its first block at once, so that
// contracts reading block.timestamp see the current time, not the genesis block's 1970; ctx
// bounds the reads around it.
func OpenDevChain(ctx context.Context, dir string, funded ...common.Address) (*DevChain, error) {
	if dir == "" {
		return nil, errors.New("dev chain: data directory is not set")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("dev chain: creating %s: %w", dir, err)
	}
	nodeConf := node.DefaultConfig
	nodeConf.Name = devChainNodeName
	nodeConf.DataDir = dir
	// No listeners at all: the chain is reached in process, and through the gateway's relay.
	nodeConf.P2P = p2p.Config{NoDiscovery: true, MaxPeers: 0, ListenAddr: ""}
	nodeConf.HTTPHost, nodeConf.WSHost, nodeConf.IPCPath = "", "", ""
	stack, err := node.New(&nodeConf)
	if err != nil {
		return nil, fmt.Errorf("dev chain: node in %s: %w", dir, err)
	}
	backend, err := eth.New(stack, devChainEthConfig(funded))
	if err != nil {
		closeErr := stack.Close()
		var mismatch *core.GenesisMismatchError
		if errors.As(err, &mismatch) {
			return nil, fmt.Errorf("%w: %s holds a chain created with another set of funded accounts (genesis %x, these accounts give %x)",
				ErrGenesisMismatch, dir, mismatch.Stored, mismatch.New)
		}
		return nil, errors.Join(fmt.Errorf("dev chain: ethereum service in %s: %w", dir, err), closeErr)
	}
	// eth_getLogs lives in the filter API, which eth.New does not register (Watch needs it).
	filterSystem := filters.NewFilterSystem(backend.APIBackend, filters.Config{})
	stack.RegisterAPIs([]rpc.API{{Namespace: "eth", Service: filters.NewFilterAPI(filterSystem)}})
	if err := stack.Start(); err != nil {
		return nil, errors.Join(fmt.Errorf("dev chain: starting node in %s: %w", dir, err), stack.Close())
	}
	// No Fork back to genesis (what the simulated backend does): the chain resumes at its head.
	beacon, err := catalyst.NewSimulatedBeacon(0, common.Address{}, backend)
	if err != nil {
		return nil, errors.Join(fmt.Errorf("dev chain: block producer: %w", err), stack.Close())
	}
	rpcClient := stack.Attach()
	d := &DevChain{node: stack, beacon: beacon, db: backend.ChainDb(), rpc: rpcClient}
	d.Chain = &Chain{backend: ethclient.NewClient(rpcClient), chainID: SimulatedChainID, commit: d.commit, PollInterval: 10 * time.Millisecond}
	if err := d.mineFirstBlock(ctx); err != nil {
		return nil, errors.Join(err, d.Close())
	}
	return d, nil
}

// devChainEthConfig is NewSimulated's chain (Osaka rules, 60M gas, funded accounts) with a
// database that keeps everything: full sync, no pruning, the hash state scheme.
func devChainEthConfig(funded []common.Address) *ethconfig.Config {
	alloc := core.SystemContractAllocs()
	for _, a := range funded {
		alloc[a] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1_000_000), big.NewInt(1e18))}
	}
	// Pinned to Osaka like NewSimulated (see its comment), so gas figures match.
	chainConfig := *params.AllDevChainProtocolChanges
	chainConfig.BogotaTime = nil
	conf := ethconfig.Defaults
	conf.Genesis = &core.Genesis{Config: &chainConfig, GasLimit: devChainGasLimit, Alloc: alloc}
	conf.Miner.GasCeil = devChainGasLimit
	conf.SyncMode = ethconfig.FullSync
	// Archive: each block's state is written with the block, nothing waits in memory for a
	// flush that a killed process would never do.
	conf.NoPruning = true
	conf.StateScheme = rawdb.HashScheme
	conf.TxPool.NoLocals = true
	// No log search index. Its maps cost every start a read of the head map's rows (tens of
	// seconds when pebble checks its invariants, as in race builds), and the index saves
	// nothing here: logs are read in ranges of at most Watch's MaxRange blocks, and the
	// unindexed search skips each block whose header bloom cannot match.
	conf.LogNoHistory = true
	// go-ethereum's defaults size a mainnet node (a 2 GiB database cache, whose memtables make
	// pebble preallocate write-ahead logs of ~280 MiB each, and GiBs of trie caches); the dev
	// chain is small and shares the gateway's process.
	conf.DatabaseCache = devChainDatabaseCacheMiB
	conf.TrieCleanCache = devChainTrieCacheMiB
	conf.TrieDirtyCache = 0 // unused in archive mode, where nothing waits in memory
	conf.SnapshotCache = devChainTrieCacheMiB
	return &conf
}

// mineFirstBlock mines a block on a chain still at genesis, whose block is dated 1970.
func (d *DevChain) mineFirstBlock(ctx context.Context) error {
	head, err := d.backend.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("dev chain: head block: %w", err)
	}
	if head != 0 {
		return nil
	}
	d.sending.Lock()
	defer d.sending.Unlock()
	d.commit()
	if head, err = d.backend.BlockNumber(ctx); err != nil {
		return fmt.Errorf("dev chain: head block: %w", err)
	}
	if head == 0 {
		return errors.New("dev chain: mining the first block failed")
	}
	return nil
}

// commit mines the pending transactions into a block dated now (Chain.commit) and makes it
// durable before anyone sees its receipt. The beacon logs a failure to mine rather than
// returning it; the caller's receipt wait then runs into its context's deadline.
func (d *DevChain) commit() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return
	}
	d.beacon.Commit()
	d.syncLocked()
}

// syncLocked flushes the database's write-ahead log to disk (go-ethereum writes without
// syncing and keeps the last writes in memory).
func (d *DevChain) syncLocked() {
	if err := d.db.SyncKeyValue(); err != nil && d.syncErr == nil {
		d.syncErr = fmt.Errorf("dev chain: syncing the database: %w", err)
	}
}

// AdjustTime mines an empty block dated the head block's time plus d: the contracts' clock
// moves by d at once (epochs, escrow timeouts). d must be at least a second, block times being
// whole seconds.
func (d *DevChain) AdjustTime(delta time.Duration) error {
	if delta < time.Second {
		return fmt.Errorf("dev chain: time can only move forward by 1 s or more, not %s", delta)
	}
	// Serialised with sends: a transaction sent but not yet mined would make the beacon refuse.
	d.sending.Lock()
	defer d.sending.Unlock()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return errors.New("dev chain: closed")
	}
	if err := adjustTime(d.beacon.AdjustTime, d.beacon.Commit, delta); err != nil {
		return fmt.Errorf("dev chain: moving time by %s: %w", delta, err)
	}
	d.syncLocked()
	return d.syncErr
}

// RPC is the in-process JSON-RPC client of the chain (for the gateway's relay).
func (d *DevChain) RPC() *rpc.Client { return d.rpc }

// Close stops the chain and flushes its state to the data directory. Closing twice is a no-op.
func (d *DevChain) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	d.rpc.Close()
	err := errors.Join(d.syncErr, d.beacon.Stop())
	if cerr := d.node.Close(); cerr != nil {
		err = errors.Join(err, fmt.Errorf("dev chain: stopping node: %w", cerr))
	}
	return err
}

// Tick mines an empty block dated now when the head block is at least a second old: the
// chain mines only on demand, and without a block its clock (block.timestamp, which decides
// when an epoch may close) would stand still.
func (d *DevChain) Tick(ctx context.Context) error {
	now, err := d.Now(ctx)
	if err != nil {
		return err
	}
	if time.Since(now) < time.Second {
		return nil
	}
	d.sending.Lock()
	defer d.sending.Unlock()
	d.commit()
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.syncErr
}
