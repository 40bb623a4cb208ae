// Package catalogfile reads the hardware catalog an operator configured, or the embedded one:
// the one way the gateway, the site's link and the CLI load it. (tokenomics stays pure: it
// parses bytes and does no I/O.)
package catalogfile

import (
	"fmt"
	"io"
	"os"

	"github.com/petagrid/petagrid/tokenomics"
)

// MaxBytes bounds a catalog file: the shipped one is a few KiB, and a catalog is read whole
// before it is parsed.
const MaxBytes = 1 << 20

// Load loads the catalog at path, or the embedded one when path is empty. Errors in the
// catalog carry file:line:col.
func Load(path string) (*tokenomics.Catalog, error) {
	if path == "" {
		return tokenomics.LoadEmbeddedCatalog()
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("%s: larger than %d bytes; a hardware catalog is a few KiB", path, MaxBytes)
	}
	return tokenomics.LoadCatalog(path, data)
}
