package gateway

import (
	"testing"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
)

// The wait before a job's next auction doubles with each failure, within an hour: ten
// failures span hours.
func TestAuctionRetryWait(t *testing.T) {
	for _, c := range []struct {
		window time.Duration
		failed int
		want   time.Duration
	}{
		{30 * time.Second, 1, 30 * time.Second},
		{30 * time.Second, 2, time.Minute},
		{30 * time.Second, 4, 4 * time.Minute},
		{30 * time.Second, 9, time.Hour},
		{10 * time.Minute, 5, time.Hour},
		{5 * time.Second, 0, 5 * time.Second},
	} {
		if got := auctionRetryWait(c.window, c.failed); got != c.want {
			t.Errorf("auctionRetryWait(%s, %d) = %s, want %s", c.window, c.failed, got, c.want)
		}
	}
	total := time.Duration(0)
	for f := 1; f < maxFailedAuctions; f++ {
		total += auctionRetryWait(30*time.Second, f)
	}
	if total < 2*time.Hour {
		t.Errorf("%d failed auctions of 30 s windows span only %s", maxFailedAuctions, total)
	}
}

// An auction may be decided early only once its commitments are closed and every commitment
// is revealed.
func TestEveryBidIn(t *testing.T) {
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { v := t0.Add(d); return &v }
	a := gatewayapi.Auction{CommitBy: t0.Add(10 * time.Second), RevealBy: t0.Add(20 * time.Second), Bids: []gatewayapi.AuctionBid{
		{Site: "a", CommittedAt: at(time.Second), RevealedAt: at(11 * time.Second)},
		{Site: "b", DeclinedAt: at(time.Second)},
		{Site: "c"},
	}}
	if everyBidIn(a, a.CommitBy.Add(-time.Nanosecond)) {
		t.Error("decided while commitments are open")
	}
	if !everyBidIn(a, a.CommitBy) {
		t.Error("not decided at commitBy with every commitment revealed")
	}
	a.Bids[2].CommittedAt = at(2 * time.Second)
	if everyBidIn(a, a.CommitBy.Add(5*time.Second)) {
		t.Error("decided with a commitment not revealed")
	}
}
