package reqsign

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts"
)

// textHash is the EIP-191 personal-message hash wallets sign, the same as go-ethereum's.
func TestTextHashIsEIP191(t *testing.T) {
	for _, msg := range [][]byte{nil, []byte("a"), []byte("petagrid-request-v1\naudience\n"), []byte(strings.Repeat("x", 1000))} {
		if got, want := textHash(msg), accounts.TextHash(msg); !bytes.Equal(got, want) {
			t.Errorf("%q: %x, want %x", msg, got, want)
		}
	}
}
