package gateway

import "sync"

// wakeups are the signals between the gateway's parts: a site's held long poll learns that
// it has something to send, and the placer that a job waits. A signal is never lost and
// never queues up: each channel holds at most one.
type wakeups struct {
	mu     sync.Mutex
	sites  map[string]chan struct{}
	placer chan struct{}
}

func newWakeups() *wakeups {
	return &wakeups{sites: map[string]chan struct{}{}, placer: make(chan struct{}, 1)}
}

// wakeSite tells the site's held poll (or its next one) to look for work.
func (w *wakeups) wakeSite(site string) {
	select {
	case w.siteChannel(site) <- struct{}{}:
	default:
	}
}

// siteWake is what the site's held poll waits on.
func (w *wakeups) siteWake(site string) <-chan struct{} { return w.siteChannel(site) }

func (w *wakeups) siteChannel(site string) chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	ch, ok := w.sites[site]
	if !ok {
		ch = make(chan struct{}, 1)
		w.sites[site] = ch
	}
	return ch
}

// wakePlacer tells the placer to place the queued jobs now rather than at its next round.
func (w *wakeups) wakePlacer() {
	select {
	case w.placer <- struct{}{}:
	default:
	}
}

// placerWake is what the placer waits on between rounds.
func (w *wakeups) placerWake() <-chan struct{} { return w.placer }
