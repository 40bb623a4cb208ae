//go:build !linux

package plugins

import (
	"context"
	"errors"
	"os"
	"os/exec"
)

// errNotLinux: the host runs a plugin by executing the very file it checked, through
// /proc/self/fd, which only Linux offers; elsewhere it refuses rather than check one file
// and run whatever the path names a moment later.
var errNotLinux = errors.New("plugins run only on Linux: the host executes the file it checked through /proc/self/fd")

func openPinned(dir, name string, want []byte) (*os.File, error) { return nil, errNotLinux }

func pinnedCommand(ctx context.Context, f *os.File, name string, args []string) (*exec.Cmd, error) {
	return nil, errNotLinux
}
