package contracts

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Event is one decoded contract event.
type Event struct {
	Contract string
	Name     string
	// Fields holds the event's arguments by name (indexed ones included).
	Fields map[string]any
	Log    types.Log
}

// WatchOptions tune Watch.
type WatchOptions struct {
	// Interval between polls once caught up (default 1s).
	Interval time.Duration
	// MaxRange is the widest block range one eth_getLogs asks for (default 2,000: nodes
	// refuse wider ones).
	MaxRange uint64
	// MaxBackoff bounds the pause after failures (default 30s).
	MaxBackoff time.Duration
	// OnError is told about each failure before the retry (for logs and metrics).
	OnError func(error)
}

// Watch delivers every event of the deployment's contracts from block `from` on, in chain
// order, to fn, with its block. It reads logs in bounded ranges up to the head minus the
// chain's confirmations, so a reorg shallower than that never reaches fn. Node errors are
// retried with backoff (a dropped connection reconnects on the next call); fn's error stops
// it. The caller keeps the last block fn accepted and passes the next one to resume: after a
// restart it backfills everything it missed.
func (d *Deployment) Watch(ctx context.Context, from uint64, opts WatchOptions, fn func(Event) error) error {
	if opts.Interval <= 0 {
		opts.Interval = time.Second
	}
	if opts.MaxRange == 0 {
		opts.MaxRange = 2000
	}
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = 30 * time.Second
	}
	decoders := d.eventDecoders()
	addrs := []common.Address{d.Addresses.GFL, d.Addresses.DPS, d.Addresses.Registry, d.Addresses.Settlement, d.Addresses.Escrow}
	backoff := time.Duration(0)
	next := from
	for {
		delivered, err := d.watchOnce(ctx, &next, opts.MaxRange, addrs, decoders, fn)
		switch {
		case err == nil:
			backoff = 0
		case ctx.Err() != nil:
			return ctx.Err()
		case isHandlerError(err):
			return err
		default:
			if opts.OnError != nil {
				opts.OnError(err)
			}
			backoff = min(max(2*backoff, 500*time.Millisecond), opts.MaxBackoff)
		}
		wait := backoff
		if err == nil && !delivered {
			wait = opts.Interval
		}
		if wait > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
	}
}

type handlerError struct{ err error }

func (e handlerError) Error() string { return e.err.Error() }
func (e handlerError) Unwrap() error { return e.err }

func isHandlerError(err error) bool {
	_, ok := err.(handlerError)
	return ok
}

// watchOnce reads one range; delivered says whether it got anywhere (so the caller does not
// wait before reading the next).
func (d *Deployment) watchOnce(ctx context.Context, next *uint64, maxRange uint64, addrs []common.Address, decoders map[common.Hash]eventDecoder, fn func(Event) error) (bool, error) {
	head, err := d.Chain.backend.BlockNumber(ctx)
	if err != nil {
		return false, fmt.Errorf("watch: head block: %w", err)
	}
	if head < d.Chain.Confirmations {
		return false, nil
	}
	safe := head - d.Chain.Confirmations
	if *next > safe {
		return false, nil
	}
	to := min(safe, *next+maxRange-1)
	logs, err := d.Chain.backend.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(*next), ToBlock: new(big.Int).SetUint64(to), Addresses: addrs})
	if err != nil {
		return false, fmt.Errorf("watch: logs %d–%d: %w", *next, to, err)
	}
	for _, l := range logs {
		if l.Removed || len(l.Topics) == 0 {
			continue
		}
		dec, ok := decoders[l.Topics[0]]
		if !ok {
			continue
		}
		ev, err := dec.decode(l)
		ev.Contract = d.contractAt(l.Address)
		if err != nil {
			return false, fmt.Errorf("watch: decoding %s log in block %d: %w", dec.name, l.BlockNumber, err)
		}
		if err := fn(ev); err != nil {
			return false, handlerError{err}
		}
	}
	*next = to + 1
	return true, nil
}

type eventDecoder struct {
	name  string
	event abi.Event
}

func (e eventDecoder) decode(l types.Log) (Event, error) {
	fields := map[string]any{}
	if len(l.Data) > 0 {
		if err := e.event.Inputs.NonIndexed().UnpackIntoMap(fields, l.Data); err != nil {
			return Event{}, err
		}
	}
	var indexed abi.Arguments
	for _, in := range e.event.Inputs {
		if in.Indexed {
			indexed = append(indexed, in)
		}
	}
	if err := abi.ParseTopicsIntoMap(fields, indexed, l.Topics[1:]); err != nil {
		return Event{}, err
	}
	return Event{Name: e.name, Fields: fields, Log: l}, nil
}

func (d *Deployment) eventDecoders() map[common.Hash]eventDecoder {
	out := map[common.Hash]eventDecoder{}
	for _, a := range []abi.ABI{d.GFL.GetABI(), d.DPS.GetABI(), d.Registry.GetABI(), d.Settlement.GetABI(), d.Escrow.GetABI()} {
		// Events with one signature (GFL's and DPS's Transfer) decode alike; the log's
		// address says which contract emitted it.
		for _, ev := range a.Events {
			out[ev.ID] = eventDecoder{name: ev.Name, event: ev}
		}
	}
	return out
}

// contractAt names the deployment's contract at an address.
func (d *Deployment) contractAt(a common.Address) string {
	switch a {
	case d.Addresses.GFL:
		return "GFL"
	case d.Addresses.DPS:
		return "DPS"
	case d.Addresses.Registry:
		return "ProviderRegistry"
	case d.Addresses.Settlement:
		return "Settlement"
	case d.Addresses.Escrow:
		return "JobEscrow"
	}
	return a.Hex()
}
