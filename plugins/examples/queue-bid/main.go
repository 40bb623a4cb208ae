// Command queue-bid is an example bid policy: the site bids its configured price, raised by
// a share for every run it already holds, and promises to start later the busier it is; it
// declines when its grid partitions have no node available at all.
//
//	queue-bid [--percent-per-run=10] [--max-percent=300] [--minutes-per-run=5]
//
// With 3 runs in hand and the defaults, a site that posts 2 DPS a Compute Hour bids 2.6 DPS
// and promises to start 15 minutes from now. The site daemon raises a bid below its floor
// to the floor, and declines for it a bid the job's budget cannot pay.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/plugins"
	"github.com/petagrid/petagrid/plugins/proto/pluginv1"
)

type queueBid struct {
	percentPerRun, maxPercent int64
	perRun                    time.Duration
}

// maxRuns bounds the runs the policy counts, and maxDelay the start it promises, so that a
// hostile count or large flags cannot overflow.
const (
	maxRuns  = 1 << 20
	maxDelay = 30 * 24 * time.Hour
)

func (q queueBid) Bid(_ context.Context, req *pluginv1.BidRequest) (*pluginv1.BidResponse, error) {
	base, ok := new(big.Int).SetString(req.GetDefaultPriceWei(), 10)
	if !ok || base.Sign() < 0 {
		return nil, fmt.Errorf("the default price %q is not an amount of wei", req.GetDefaultPriceWei())
	}
	if req.GetAvailableNodes() <= 0 {
		return &pluginv1.BidResponse{Reason: "no node of the grid partitions is available"}, nil
	}
	runs := min(max(req.GetActiveRuns(), 0), maxRuns)
	raise := min(runs*q.percentPerRun, q.maxPercent)
	price := new(big.Int).Mul(base, big.NewInt(100+raise))
	price.Quo(price, big.NewInt(100))
	// At most maxDelay later: runs × perRun would overflow a Duration with large flags.
	delay := maxDelay
	if q.perRun == 0 || runs < int64(maxDelay/q.perRun) {
		delay = time.Duration(runs) * q.perRun
	}
	start := time.Unix(req.GetNowUnix(), 0).Add(delay)
	return &pluginv1.BidResponse{Bid: true, PricePerComputeHourWei: price.String(), EarliestStartUnix: start.Unix(),
		Reason: fmt.Sprintf("%d run(s) in hand: the configured price + %d %%", runs, raise)}, nil
}

func parse(args []string) (queueBid, error) {
	q := queueBid{percentPerRun: 10, maxPercent: 300, perRun: 5 * time.Minute}
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			return q, fmt.Errorf("argument %q: want --name=value", a)
		}
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil || n < 0 || n > 100_000 {
			return q, fmt.Errorf("%s: a whole number from 0 to 100000", name)
		}
		switch name {
		case "--percent-per-run":
			q.percentPerRun = n
		case "--max-percent":
			q.maxPercent = n
		case "--minutes-per-run":
			q.perRun = time.Duration(n) * time.Minute
		default:
			return q, errors.New("unknown argument " + name + " (--percent-per-run, --max-percent, --minutes-per-run)")
		}
	}
	return q, nil
}

func main() {
	q, err := parse(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "queue-bid:", err)
		os.Exit(2)
	}
	plugins.Serve(plugins.ServeOpts{Name: "queue-bid", BidPolicy: q})
}
