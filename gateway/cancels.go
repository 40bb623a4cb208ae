package gateway

import (
	"sync"
	"time"
)

// cancelTracker remembers when each (site, job) cancel was last sent, so that a cancel in
// flight is not repeated on every poll.
type cancelTracker struct {
	mu   sync.Mutex
	sent map[string]time.Time
}

func newCancelTracker() *cancelTracker { return &cancelTracker{sent: map[string]time.Time{}} }

// due keeps the cancels not sent to the site since resend, and notes them sent at now.
func (c *cancelTracker) due(site string, ids []string, resend, now time.Time) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, id := range ids {
		k := site + "/" + id
		if at, ok := c.sent[k]; ok && at.After(resend) {
			continue
		}
		c.sent[k] = now
		out = append(out, id)
	}
	// Forget what is long past, so the map follows the cancels in flight.
	for k, at := range c.sent {
		if now.Sub(at) > time.Hour {
			delete(c.sent, k)
		}
	}
	return out
}
