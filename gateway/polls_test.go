package gateway

import (
	"testing"
	"time"
)

func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// A site holds at most two polls: each newer one supersedes the oldest still held; a poll
// that ended gives its place back; other sites are not affected.
func TestSitePollsKeepTheNewestTwo(t *testing.T) {
	p := newSitePolls()
	first, releaseFirst := p.hold("a")
	second, releaseSecond := p.hold("a")
	other, releaseOther := p.hold("b")
	if isClosed(first) || isClosed(second) || isClosed(other) {
		t.Fatal("a poll was superseded within the limit")
	}
	third, releaseThird := p.hold("a")
	if !isClosed(first) || isClosed(second) || isClosed(third) || isClosed(other) {
		t.Fatal("the third poll must supersede the first, and only it")
	}
	releaseFirst() // the superseded poll answers and ends: nothing more to release
	if n := p.held("a"); n != 2 {
		t.Fatalf("site a holds %d polls, want 2", n)
	}
	releaseSecond()
	fourth, releaseFourth := p.hold("a")
	if isClosed(third) || isClosed(fourth) {
		t.Fatal("a poll was superseded although one had ended")
	}
	releaseThird()
	releaseFourth()
	releaseOther()
	if len(p.bySite) != 0 {
		t.Fatalf("sites with no poll are still tracked: %v", p.bySite)
	}
}

func TestSeenInterval(t *testing.T) {
	for offline, want := range map[time.Duration]time.Duration{
		90 * time.Second: 15 * time.Second, // the default
		5 * time.Second:  time.Second,      // the shortest allowed offlineAfter
		time.Hour:        time.Minute,
	} {
		if got := seenInterval(offline); got != want {
			t.Errorf("offlineAfter %s: seen interval %s, want %s", offline, got, want)
		}
	}
}
