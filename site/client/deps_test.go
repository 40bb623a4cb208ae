package client

import (
	"context"
	"testing"

	"github.com/petagrid/petagrid/internal/depcheck"
)

// The site client builds without cgo and links neither the daemon, its journal (SQLite) nor
// anything else heavy: a program that only talks to a site needs none of it.
func TestLinksNothingHeavy(t *testing.T) {
	if err := depcheck.Check(context.Background(), "."); err != nil {
		t.Error(err)
	}
}
