package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/petagrid/petagrid/internal/atomicfile"
)

// KnownSites remembers, per site URL, the name (audience) the site gave the first time it
// was contacted, like ssh's known_hosts: requests to that URL are then signed for that name
// only, so a server that later poses as another site cannot collect signatures valid there.
// The first contact is trusted; pin the name with --audience to avoid even that.
type KnownSites struct {
	Path string
}

// DefaultKnownSitesPath is <user config dir>/petagrid/known_sites.json, or
// $PETAGRID_KNOWN_SITES.
func DefaultKnownSitesPath() (string, error) {
	if p := os.Getenv("PETAGRID_KNOWN_SITES"); p != "" {
		return p, nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("locating the known-sites file: %w", err)
	}
	return filepath.Join(dir, "petagrid", "known_sites.json"), nil
}

// siteKey is the URL's scheme and host: the site, whatever path a request takes.
func siteKey(target string) (string, error) {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) site URL", target)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

func (k KnownSites) load() (map[string]string, error) {
	data, err := os.ReadFile(k.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("known sites: %w", err)
	}
	sites := map[string]string{}
	if err := json.Unmarshal(data, &sites); err != nil {
		return nil, fmt.Errorf("known sites %s: %w (fix or remove the file)", k.Path, err)
	}
	return sites, nil
}

// Lookup returns the name remembered for target.
func (k KnownSites) Lookup(target string) (string, bool, error) {
	key, err := siteKey(target)
	if err != nil {
		return "", false, err
	}
	sites, err := k.load()
	if err != nil {
		return "", false, err
	}
	name, ok := sites[key]
	if ok && !usableAudience(name) {
		return "", false, fmt.Errorf("known sites %s: the name stored for %s is not usable; remove that entry", k.Path, key)
	}
	return name, ok, nil
}

// Remember records name for target (the file is private: 0600 in a 0700 directory, written
// to a temporary file and renamed).
func (k KnownSites) Remember(target, name string) error {
	key, err := siteKey(target)
	if err != nil {
		return err
	}
	if !usableAudience(name) {
		return fmt.Errorf("site %s announced an unusable name %q", key, clean(name, 80))
	}
	sites, err := k.load()
	if err != nil {
		return err
	}
	sites[key] = name
	data, err := json.MarshalIndent(sites, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(k.Path), 0o700); err != nil {
		return fmt.Errorf("known sites: %w", err)
	}
	if err := atomicfile.Write(k.Path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("known sites: %w", err)
	}
	return nil
}
