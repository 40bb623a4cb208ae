package client

import (
	"context"
	"testing"

	"github.com/petagrid/petagrid/internal/depcheck"
)

// The gateway client, its wire types and the site protocol build without cgo and link
// neither the gateway, its store (SQLite), a chain node nor anything else heavy: a
// researcher's or a provider's program needs none of it (the chain comes through relaychain,
// which a program links only if it locks escrows or claims).
func TestLinksNothingHeavy(t *testing.T) {
	if err := depcheck.Check(context.Background(), ".", "../gatewayapi", "../protocol"); err != nil {
		t.Error(err)
	}
}
