package gateway

import (
	"sync"
	"time"
)

// maxPollsPerSite is how many long polls one site may hold at once. A site's link polls one
// at a time; a second covers the moment it polls again over a new connection while the
// gateway still holds the poll of one that died. More are refused by superseding the
// oldest, so that no key (registering a pending site costs nothing) can hold hundreds of
// requests, goroutines and store reads open.
const maxPollsPerSite = 2

// HeaderPoll is set to PollSuperseded on the answer to a long poll that a newer poll of the
// same site replaced: an empty answer, after which the site polls again as after any other.
const (
	HeaderPoll     = "PetaGrid-Poll"
	PollSuperseded = "superseded"
)

// sitePolls holds each site's long polls, oldest first.
type sitePolls struct {
	mu     sync.Mutex
	bySite map[string][]chan struct{}
}

func newSitePolls() *sitePolls { return &sitePolls{bySite: map[string][]chan struct{}{}} }

// hold registers a new long poll of site. When the site already holds maxPollsPerSite, the
// oldest is superseded: its channel is closed and it must answer at once. release ends the
// poll's hold (when it answers, whatever the reason).
func (p *sitePolls) hold(site string) (superseded <-chan struct{}, release func()) {
	ch := make(chan struct{})
	p.mu.Lock()
	defer p.mu.Unlock()
	held := p.bySite[site]
	for len(held) >= maxPollsPerSite {
		close(held[0])
		held = held[1:]
	}
	p.bySite[site] = append(held, ch)
	return ch, func() { p.release(site, ch) }
}

func (p *sitePolls) release(site string, ch chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	held := p.bySite[site]
	for i, c := range held {
		if c == ch {
			held = append(held[:i:i], held[i+1:]...)
			break
		}
	}
	if len(held) == 0 {
		delete(p.bySite, site) // the map follows the sites polling now
		return
	}
	p.bySite[site] = held
}

// held is how many long polls site holds now (tests).
func (p *sitePolls) held(site string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.bySite[site])
}

// seenInterval is how often a site's last_seen is written at most: often enough that a
// site that polls is never taken for silent (a sixth of gateway.sites.offlineAfter), rarely
// enough that polls cost no stream of writes (at most a minute, so that the dashboard's
// "last seen" stays close).
func seenInterval(offlineAfter time.Duration) time.Duration {
	return min(max(offlineAfter/6, time.Second), time.Minute)
}
