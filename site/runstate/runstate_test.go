package runstate

import "testing"

// Terminal is true exactly for the states after Running; a state this package does not define
// (a gateway's queued, assigned or unknown) is still live.
func TestTerminal(t *testing.T) {
	over := false
	for _, s := range All() {
		if s == Completed {
			over = true
		}
		if s.Terminal() != over {
			t.Errorf("%s: Terminal() = %v", s, s.Terminal())
		}
	}
	for _, s := range []State{"queued", "assigned", "unknown", ""} {
		if s.Terminal() {
			t.Errorf("%q is terminal", s)
		}
	}
}
