package reqsign

import (
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// KeyEnv names the environment variable that overrides the default key file location.
const KeyEnv = "PETAGRID_KEY"

// keyFileHexLen is the length of a key file's content without its trailing newline.
const keyFileHexLen = 2 * 32

// DefaultKeyPath returns $PETAGRID_KEY if set, else <user config dir>/petagrid/key.
func DefaultKeyPath() (string, error) {
	if p := os.Getenv(KeyEnv); p != "" {
		return p, nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("reqsign: no user config directory for the key file (set %s to the key file's path): %w", KeyEnv, err)
	}
	return filepath.Join(dir, "petagrid", "key"), nil
}

// GenerateKeyFile creates a new secp256k1 key at path, as 64 hex digits and a newline, readable
// by its owner only, and returns its address. It refuses to overwrite an existing file
// (errors.Is(err, fs.ErrExist)): losing a key loses the identity sites know the researcher by.
func GenerateKeyFile(path string) (common.Address, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return common.Address{}, fmt.Errorf("reqsign: creating key directory: %w", err)
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return common.Address{}, fmt.Errorf("reqsign: generating key: %w", err)
	}
	// O_EXCL also refuses a dangling symlink at path, so the key cannot be written through it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return common.Address{}, fmt.Errorf("reqsign: key file %s already exists, refusing to overwrite it: %w", path, err)
		}
		return common.Address{}, fmt.Errorf("reqsign: creating key file: %w", err)
	}
	raw := crypto.FromECDSA(key)
	content := make([]byte, 0, keyFileHexLen+1)
	content = hex.AppendEncode(content, raw)
	content = append(content, '\n')
	defer clear(raw)
	defer clear(content)

	// A umask cannot widen 0600, but an unusual one could narrow it to unreadable.
	err = f.Chmod(0o600)
	if err == nil {
		_, err = f.Write(content)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		// A truncated key file would fail to load later, far from the cause.
		os.Remove(path)
		return common.Address{}, fmt.Errorf("reqsign: writing key file: %w", err)
	}
	return crypto.PubkeyToAddress(key.PublicKey), nil
}

// LoadKeyFile reads a key written by GenerateKeyFile (64 hex digits, optionally followed by a
// newline). It refuses a symlink, anything but a regular file, and a file group or others
// could read or write, as ssh does for private keys: another local user who can read the key
// can act as the researcher on every site.
func LoadKeyFile(path string) (*ecdsa.PrivateKey, error) {
	lfi, err := os.Lstat(path)
	if err != nil {
		return nil, fmt.Errorf("reqsign: key file: %w", err)
	}
	if lfi.Mode()&os.ModeSymlink != 0 {
		// Whoever controls a link's target controls the identity; name the real file.
		return nil, fmt.Errorf("reqsign: key file %s is a symbolic link; refusing it, use the path of the file itself (or set %s to it)", path, KeyEnv)
	}
	if !lfi.Mode().IsRegular() {
		return nil, fmt.Errorf("reqsign: key file %s is not a regular file", path)
	}
	if err := checkKeyMode(path, lfi.Mode()); err != nil {
		return nil, err
	}

	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reqsign: key file: %w", err)
	}
	defer f.Close()
	// Check again on the open file: the path could have been swapped between Lstat and Open.
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reqsign: key file: %w", err)
	}
	if !os.SameFile(lfi, fi) {
		return nil, fmt.Errorf("reqsign: key file %s changed while being opened", path)
	}
	if err := checkKeyMode(path, fi.Mode()); err != nil {
		return nil, err
	}

	// Read one byte more than the longest valid content, to tell "too long" from valid.
	buf := make([]byte, keyFileHexLen+3)
	defer clear(buf)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("reqsign: reading key file: %w", err)
	}
	content := buf[:n]
	switch {
	case len(content) == keyFileHexLen+2 && content[keyFileHexLen] == '\r' && content[keyFileHexLen+1] == '\n':
		content = content[:keyFileHexLen]
	case len(content) == keyFileHexLen+1 && content[keyFileHexLen] == '\n':
		content = content[:keyFileHexLen]
	}
	// The content is secret: errors describe it, never quote it.
	if len(content) != keyFileHexLen {
		got := fmt.Sprintf("%d bytes", n)
		if n == len(buf) {
			got = "more"
		}
		return nil, fmt.Errorf("reqsign: key file %s: want %d hex digits and a newline, got %s", path, keyFileHexLen, got)
	}
	raw := make([]byte, keyFileHexLen/2)
	defer clear(raw)
	if _, err := hex.Decode(raw, content); err != nil {
		return nil, fmt.Errorf("reqsign: key file %s: not hexadecimal", path)
	}
	key, err := crypto.ToECDSA(raw)
	if err != nil {
		return nil, fmt.Errorf("reqsign: key file %s: not a valid secp256k1 key", path)
	}
	return key, nil
}

func checkKeyMode(path string, mode os.FileMode) error {
	// Windows reports synthetic permission bits; access there is governed by ACLs.
	if runtime.GOOS == "windows" {
		return nil
	}
	if perm := mode.Perm(); perm&0o077 != 0 {
		return fmt.Errorf("reqsign: key file %s has mode %04o, so group or others can access it; fix with: chmod 600 %s", path, perm, path)
	}
	return nil
}
