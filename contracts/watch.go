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

// Cursor is a position in the event stream: the next log to deliver is the first at or after
// (Block, Index). Resume after an event e with e.Next().
type Cursor struct {
	Block uint64
	Index uint
}

// Next is the cursor just after this event.
func (e Event) Next() Cursor { return Cursor{Block: e.Log.BlockNumber, Index: e.Log.Index + 1} }

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
	// MaxRange is the widest block range one eth_getLogs asks for (default 2,000, at most
	// 100,000: nodes refuse wider ones). After a failed query the range is halved, since a
	// node that answers "too many results" wants a narrower one.
	MaxRange uint64
	// MaxBackoff bounds the pause after failures (default 30s).
	MaxBackoff time.Duration
	// OnError is told about each failure before the retry (for logs and metrics).
	OnError func(error)
}

// Watch delivers every event of the deployment's contracts from the cursor on, in chain
// order, to fn. It reads logs in bounded ranges up to the head minus the chain's
// confirmations, so a reorg shallower than that never reaches fn. Node errors are retried
// with backoff (a dropped connection reconnects on the next call). fn's error stops it, as
// does a log of these contracts that does not decode (the ABI and the chain disagree: no retry
// fixes that). The caller keeps the Next() of the last event fn accepted and passes it to
// resume: after a restart it backfills everything it missed, and nothing twice.
func (d *Deployment) Watch(ctx context.Context, from Cursor, opts WatchOptions, fn func(Event) error) error {
	if opts.Interval <= 0 {
		opts.Interval = time.Second
	}
	if opts.MaxRange == 0 {
		opts.MaxRange = 2000
	}
	opts.MaxRange = min(opts.MaxRange, 100_000)
	if opts.MaxBackoff <= 0 {
		opts.MaxBackoff = 30 * time.Second
	}
	decoders := d.eventDecoders()
	addrs := []common.Address{d.Addresses.GFL, d.Addresses.DPS, d.Addresses.Registry, d.Addresses.Settlement, d.Addresses.Escrow, d.Addresses.Staking}
	if d.HasGovernor() {
		addrs = append(addrs, d.Addresses.Governor)
	}
	backoff := time.Duration(0)
	next := from
	span := opts.MaxRange
	for {
		delivered, err := d.watchOnce(ctx, &next, span, addrs, decoders, fn)
		switch {
		case err == nil:
			backoff = 0
			span = min(2*span, opts.MaxRange)
		case ctx.Err() != nil:
			return ctx.Err()
		case isFatal(err):
			return err
		default:
			if opts.OnError != nil {
				opts.OnError(err)
			}
			backoff = min(max(2*backoff, 500*time.Millisecond), opts.MaxBackoff)
			span = max(span/2, 1)
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

// fatalError stops Watch: fn's own error, or a log that does not decode.
type fatalError struct{ err error }

func (e fatalError) Error() string { return e.err.Error() }
func (e fatalError) Unwrap() error { return e.err }

func isFatal(err error) bool {
	_, ok := err.(fatalError)
	return ok
}

// watchOnce reads one range; delivered says whether it got anywhere (so the caller does not
// wait before reading the next).
func (d *Deployment) watchOnce(ctx context.Context, next *Cursor, span uint64, addrs []common.Address, decoders map[common.Hash]eventDecoder, fn func(Event) error) (bool, error) {
	head, err := d.Chain.backend.BlockNumber(ctx)
	if err != nil {
		return false, fmt.Errorf("watch: head block: %w", err)
	}
	if head < d.Chain.Confirmations {
		return false, nil
	}
	safe := head - d.Chain.Confirmations
	if next.Block > safe {
		return false, nil
	}
	to := safe
	if safe-next.Block >= span {
		to = next.Block + span - 1
	}
	logs, err := d.Chain.backend.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(next.Block), ToBlock: new(big.Int).SetUint64(to), Addresses: addrs})
	if err != nil {
		return false, fmt.Errorf("watch: logs %d–%d: %w", next.Block, to, err)
	}
	for _, l := range logs {
		if l.Removed || len(l.Topics) == 0 || (l.BlockNumber == next.Block && l.Index < next.Index) {
			continue
		}
		dec, ok := decoders[l.Topics[0]]
		if !ok {
			continue
		}
		ev, err := dec.decode(l)
		if err != nil {
			return false, fatalError{fmt.Errorf("watch: decoding %s log %d in block %d: %w", dec.name, l.Index, l.BlockNumber, err)}
		}
		ev.Contract = d.contractAt(l.Address)
		if err := fn(ev); err != nil {
			return false, fatalError{err}
		}
		*next = ev.Next()
	}
	*next = Cursor{Block: to + 1}
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
	for _, a := range []abi.ABI{d.GFL.GetABI(), d.DPS.GetABI(), d.Registry.GetABI(), d.Settlement.GetABI(), d.Escrow.GetABI(), d.Staking.GetABI(), d.Governor.GetABI()} {
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
	case d.Addresses.Staking:
		return "Staking"
	}
	if d.HasGovernor() && a == d.Addresses.Governor {
		return "AdmissionGovernor"
	}
	return a.Hex()
}
