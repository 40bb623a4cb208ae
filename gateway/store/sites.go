package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/protocol"
)

// Site statuses (whitepaper §3.4.1: providers are admitted by the grid's operators).
const (
	SitePending   = "pending"
	SiteApproved  = "approved"
	SiteSuspended = "suspended"
)

// ErrSiteKey is returned when a site name is registered with another key, or a key with
// another site name.
var ErrSiteKey = errors.New("site name and key do not match the registration")

// Register records a site's registration. A new site starts pending. A known site must
// register with the same key; its status is kept, except that a changed inventory of an
// approved site is taken as is (the operator approved the site, not one inventory) while a
// suspended site stays suspended.
func (s *Store) Register(ctx context.Context, address string, reg protocol.Registration) (gatewayapi.Site, bool, error) {
	now := s.now()
	regJSON, err := marshal(reg)
	if err != nil {
		return gatewayapi.Site{}, false, err
	}
	invJSON, err := marshal(reg.Inventory)
	if err != nil {
		return gatewayapi.Site{}, false, err
	}
	created, devicesChanged := false, true
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var name, addr string
		err := tx.QueryRowContext(ctx, `SELECT name, address FROM sites WHERE name = ? OR address = ?`, reg.Site, address).Scan(&name, &addr)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			created = true
			_, err = tx.ExecContext(ctx, `INSERT INTO sites(name, address, status, registration, live_inventory, registered_at, updated_at, last_seen) VALUES (?,?,?,?,?,?,?,?)`,
				reg.Site, address, SitePending, regJSON, invJSON, unix(now), unix(now), unix(now))
		case err != nil:
		case name != reg.Site || !strings.EqualFold(addr, address):
			return fmt.Errorf("%w: site %s is registered with key %s", ErrSiteKey, name, addr)
		default:
			// The operator approved a capacity, not whatever the site claims next: more
			// capacity or GPUs than the registration the site was approved with sends it back
			// to pending, since reports (and so GFL) are bounded by it.
			var oldJSON, status string
			if err = tx.QueryRowContext(ctx, `SELECT registration, status FROM sites WHERE name = ?`, reg.Site).Scan(&oldJSON, &status); err != nil {
				break
			}
			var old protocol.Registration
			if err = json.Unmarshal([]byte(oldJSON), &old); err != nil {
				break
			}
			reason := ""
			if status == SiteApproved && (reg.Inventory.CapacityMegaFLOPS > old.Inventory.CapacityMegaFLOPS || reg.Inventory.GPUs > old.Inventory.GPUs) {
				status = SitePending
				reason = fmt.Sprintf("registered more than it was approved with (%d MFLOPS and %d GPUs, was %d and %d): awaiting approval again",
					reg.Inventory.CapacityMegaFLOPS, reg.Inventory.GPUs, old.Inventory.CapacityMegaFLOPS, old.Inventory.GPUs)
			} else if n := newDevices(old.Inventory.Devices, reg.Inventory.Devices); status == SiteApproved && n > 0 {
				// A GPU it was not approved with is checked against the other sites' like a
				// new site's: an approved site cannot swap in another site's devices.
				status = SitePending
				reason = fmt.Sprintf("registered %d GPUs it was not approved with: awaiting approval again", n)
			}
			devicesChanged = !sameDevices(old.Inventory.Devices, reg.Inventory.Devices)
			if reason != "" {
				_, err = tx.ExecContext(ctx, `UPDATE sites SET registration = ?, live_inventory = ?, status = ?, status_reason = ?, updated_at = ?, last_seen = ? WHERE name = ?`,
					regJSON, invJSON, status, reason, unix(now), unix(now), reg.Site)
			} else {
				_, err = tx.ExecContext(ctx, `UPDATE sites SET registration = ?, live_inventory = ?, updated_at = ?, last_seen = ? WHERE name = ?`, regJSON, invJSON, unix(now), unix(now), reg.Site)
			}
		}
		if err != nil {
			return fmt.Errorf("gateway store: registering site %s: %w", reg.Site, err)
		}
		if !devicesChanged {
			return nil // most registrations repeat the last: no rewrite of every device row
		}
		return replaceDevices(ctx, tx, reg.Site, reg.Inventory.Devices)
	})
	if err != nil {
		return gatewayapi.Site{}, false, err
	}
	s.seen.forget(reg.Site)
	site, err := s.Site(ctx, reg.Site)
	return site, created, err
}

const siteColumns = `name, address, status, status_reason, registration, live_inventory, registered_at, updated_at, last_seen, protocol, operator`

func scanSite(scan func(...any) error) (gatewayapi.Site, error) {
	var st gatewayapi.Site
	var reg, live string
	var registered, updated, seen int64
	if err := scan(&st.Name, &st.Address, &st.Status, &st.StatusReason, &reg, &live, &registered, &updated, &seen, &st.Protocol, &st.Operator); err != nil {
		return gatewayapi.Site{}, err
	}
	if err := json.Unmarshal([]byte(reg), &st.Registration); err != nil {
		return gatewayapi.Site{}, fmt.Errorf("gateway store: site %s registration: %w", st.Name, err)
	}
	if err := json.Unmarshal([]byte(live), &st.Live); err != nil {
		return gatewayapi.Site{}, fmt.Errorf("gateway store: site %s inventory: %w", st.Name, err)
	}
	st.RegisteredAt, st.UpdatedAt, st.LastSeen = fromUnix(registered), fromUnix(updated), fromUnix(seen)
	return st, nil
}

// Site returns one site by name.
func (s *Store) Site(ctx context.Context, name string) (gatewayapi.Site, error) {
	st, err := scanSite(s.db.QueryRowContext(ctx, `SELECT `+siteColumns+` FROM sites WHERE name = ?`, name).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return gatewayapi.Site{}, fmt.Errorf("site %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return gatewayapi.Site{}, fmt.Errorf("gateway store: site %s: %w", name, err)
	}
	return st, nil
}

// SiteByAddress returns the site whose key is address.
func (s *Store) SiteByAddress(ctx context.Context, address string) (gatewayapi.Site, error) {
	st, err := scanSite(s.db.QueryRowContext(ctx, `SELECT `+siteColumns+` FROM sites WHERE address = ? COLLATE NOCASE`, address).Scan)
	if errors.Is(err, sql.ErrNoRows) {
		return gatewayapi.Site{}, fmt.Errorf("no site is registered with key %s: %w", address, ErrNotFound)
	}
	if err != nil {
		return gatewayapi.Site{}, fmt.Errorf("gateway store: site of %s: %w", address, err)
	}
	return st, nil
}

// Sites lists every site by name.
func (s *Store) Sites(ctx context.Context) ([]gatewayapi.Site, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+siteColumns+` FROM sites ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("gateway store: sites: %w", err)
	}
	defer rows.Close()
	var out []gatewayapi.Site
	for rows.Next() {
		st, err := scanSite(rows.Scan)
		if err != nil {
			return nil, fmt.Errorf("gateway store: sites: %w", err)
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// SetSiteProtocol records the protocol version a site's polls say it speaks; it never
// lowers the one recorded (a site must not shed the duties of a version by saying less).
func (s *Store) SetSiteProtocol(ctx context.Context, name string, version int) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE sites SET protocol = MAX(protocol, ?) WHERE name = ?`, version, name); err != nil {
			return fmt.Errorf("gateway store: site %s protocol: %w", name, err)
		}
		return nil
	})
}

// SetSiteStatus approves or suspends a site.
func (s *Store) SetSiteStatus(ctx context.Context, name, status, reason string) (gatewayapi.Site, error) {
	return s.SetSiteStatusOperated(ctx, name, status, reason, "")
}

// SetSiteStatusOperated approves or suspends a site, and names who operates it in the same
// write ("" keeps the name it has).
func (s *Store) SetSiteStatusOperated(ctx context.Context, name, status, reason, operator string) (gatewayapi.Site, error) {
	switch status {
	case SitePending, SiteApproved, SiteSuspended:
	default:
		return gatewayapi.Site{}, fmt.Errorf("site status %q: approved, pending or suspended", status)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sites SET status = ?, status_reason = ?, updated_at = ?, operator = CASE WHEN ? != '' THEN ? ELSE operator END WHERE name = ?`,
			status, reason, unix(s.now()), operator, operator, name)
		if err != nil {
			return fmt.Errorf("gateway store: site %s status: %w", name, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("site %s: %w", name, ErrNotFound)
		}
		return nil
	})
	if err != nil {
		return gatewayapi.Site{}, err
	}
	return s.Site(ctx, name)
}

// DefaultSeenInterval is how often a site's last_seen is written at most, unless
// SetSeenInterval says otherwise.
const DefaultSeenInterval = 15 * time.Second

// SetSeenInterval sets how often a site's last_seen is written at most (the gateway derives
// it from how long a site may stay silent). Call it before the store is used.
func (s *Store) SetSeenInterval(d time.Duration) { s.seen.interval = d }

// Seen records a poll: the site is alive, with this live inventory (nil: unchanged). Every
// poll, and every few seconds of a held long poll, says so; the write happens at most once
// per site and seen interval, so that a site (or any key that registered one) cannot turn
// its polls into a stream of write transactions. A live inventory that differs from the one
// last written is written at once: placement reads it.
func (s *Store) Seen(ctx context.Context, name string, live *protocol.Inventory) error {
	inv := ""
	if live != nil {
		// The devices belong to the registration; a poll's copy is not kept.
		counts := *live
		counts.Devices = nil
		var err error
		if inv, err = marshal(counts); err != nil {
			return err
		}
	}
	now := s.now()
	if !s.seen.due(name, inv, now) {
		return nil
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if live != nil {
			_, err = tx.ExecContext(ctx, `UPDATE sites SET last_seen = ?, live_inventory = ? WHERE name = ?`, unix(now), inv, name)
		} else {
			_, err = tx.ExecContext(ctx, `UPDATE sites SET last_seen = ? WHERE name = ?`, unix(now), name)
		}
		if err != nil {
			return fmt.Errorf("gateway store: site %s seen: %w", name, err)
		}
		return nil
	})
	if err != nil {
		s.seen.forget(name) // the next poll writes again
	}
	return err
}

// seenWrites remembers, per site, when last_seen was last written and with which live
// inventory.
type seenWrites struct {
	mu       sync.Mutex
	interval time.Duration
	last     map[string]seenWrite
}

type seenWrite struct {
	at        time.Time
	inventory string // JSON, "" when none was written
}

// due reports whether a poll at now with inventory inv ("" for none) must be written, and
// if so counts it as written: of concurrent polls, one writes.
func (w *seenWrites) due(site, inv string, now time.Time) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	interval := w.interval
	if interval <= 0 {
		interval = DefaultSeenInterval
	}
	last, ok := w.last[site]
	changed := inv != "" && inv != last.inventory
	if ok && !changed && now.Sub(last.at) < interval && !now.Before(last.at) {
		return false
	}
	if w.last == nil {
		w.last = map[string]seenWrite{}
	}
	if inv == "" {
		inv = last.inventory
	}
	w.last[site] = seenWrite{at: now, inventory: inv}
	return true
}

// forget makes the site's next poll write (after a failed write, or a registration that
// wrote last_seen and the inventory itself).
func (w *seenWrites) forget(site string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.last, site)
}

// replaceDevices makes the site's devices those of its registration. UUIDs are kept in
// upper case: NVML prints hexadecimal either way, and one GPU must be one key.
func replaceDevices(ctx context.Context, tx *sql.Tx, site string, devices []protocol.DeviceIdentity) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM site_devices WHERE site = ?`, site); err != nil {
		return fmt.Errorf("gateway store: devices of site %s: %w", site, err)
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO site_devices(uuid, site, node, pci_bus_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
	if err != nil {
		return fmt.Errorf("gateway store: devices of site %s: %w", site, err)
	}
	defer stmt.Close()
	for _, d := range devices {
		if _, err := stmt.ExecContext(ctx, strings.ToUpper(d.UUID), site, d.Node, d.PCIBusID); err != nil {
			return fmt.Errorf("gateway store: device %s of site %s: %w", d.UUID, site, err)
		}
	}
	return nil
}

// deviceKeys are the devices' UUIDs as stored: upper case.
func deviceKeys(devices []protocol.DeviceIdentity) map[string]bool {
	out := make(map[string]bool, len(devices))
	for _, d := range devices {
		out[strings.ToUpper(d.UUID)] = true
	}
	return out
}

// newDevices counts the UUIDs in next that prev does not name.
func newDevices(prev, next []protocol.DeviceIdentity) int {
	had := deviceKeys(prev)
	n := 0
	for k := range deviceKeys(next) {
		if !had[k] {
			n++
		}
	}
	return n
}

// sameDevices says whether two lists name the same devices on the same nodes.
func sameDevices(a, b []protocol.DeviceIdentity) bool {
	if len(a) != len(b) {
		return false
	}
	byUUID := make(map[string]protocol.DeviceIdentity, len(a))
	for _, d := range a {
		byUUID[strings.ToUpper(d.UUID)] = d
	}
	for _, d := range b {
		if o, ok := byUUID[strings.ToUpper(d.UUID)]; !ok || o.Node != d.Node || o.PCIBusID != d.PCIBusID {
			return false
		}
	}
	return true
}

// sharedDevicesQuery joins the GPUs each site is known by (its registration's, and those
// its challenge answers named) with the same UUIDs registered at other, admitted sites
// (approved or suspended): the first site admitted with a GPU holds it, and a site that
// registers it later, pending or not, cannot block that site. A GPU a site's answer named
// that another site registers flags the site that named it, never the other: naming a
// UUID (learned with nvidia-smi -L in any job) must not let one site block another.
// Admitted sites hold distinct UUIDs (each approval checks), so the join is linear in the
// devices.
const sharedDevicesQuery = `WITH known(uuid, site) AS (SELECT uuid, site FROM site_devices UNION SELECT uuid, site FROM device_sightings)
	SELECT d.site, COUNT(DISTINCT d.uuid), MIN(d.uuid), group_concat(DISTINCT o.site)
	FROM known d
	JOIN site_devices o ON o.uuid = d.uuid AND o.site != d.site
	JOIN sites s ON s.name = o.site AND s.status IN ('` + SiteApproved + `', '` + SiteSuspended + `')`

// SharedDevices are, for each site, its GPUs that an admitted site registers too: hardware
// counted twice. Sites that share nothing are absent.
func (s *Store) SharedDevices(ctx context.Context) (map[string]*gatewayapi.SharedDevices, error) {
	return s.sharedDevices(ctx, sharedDevicesQuery+` GROUP BY d.site`)
}

// SharedDevicesOf is SharedDevices for one site (nil: nothing shared).
func (s *Store) SharedDevicesOf(ctx context.Context, site string) (*gatewayapi.SharedDevices, error) {
	out, err := s.sharedDevices(ctx, sharedDevicesQuery+` WHERE d.site = ? GROUP BY d.site`, site)
	if err != nil {
		return nil, err
	}
	return out[site], nil
}

func (s *Store) sharedDevices(ctx context.Context, query string, args ...any) (map[string]*gatewayapi.SharedDevices, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("gateway store: shared devices: %w", err)
	}
	defer rows.Close()
	out := map[string]*gatewayapi.SharedDevices{}
	for rows.Next() {
		var site, sites string
		var d gatewayapi.SharedDevices
		if err := rows.Scan(&site, &d.Count, &d.FirstUUID, &sites); err != nil {
			return nil, fmt.Errorf("gateway store: shared devices: %w", err)
		}
		d.Sites = strings.Split(sites, ",") // site names hold no comma
		sort.Strings(d.Sites)
		out[site] = &d
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gateway store: shared devices: %w", err)
	}
	return out, nil
}

// RecordSightings records the GPUs a challenge answer at site named (upper case, as
// stored): the identity registry counts them beside registrations.
func (s *Store) RecordSightings(ctx context.Context, site, challenge string, uuids []string, at time.Time) error {
	if len(uuids) == 0 {
		return nil
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO device_sightings(uuid, site, challenge, seen_at) VALUES (?,?,?,?)
			ON CONFLICT(uuid, site) DO UPDATE SET challenge = excluded.challenge, seen_at = excluded.seen_at`)
		if err != nil {
			return fmt.Errorf("gateway store: device sightings at %s: %w", site, err)
		}
		defer stmt.Close()
		for _, u := range uuids {
			if _, err := stmt.ExecContext(ctx, strings.ToUpper(u), site, challenge, unix(at)); err != nil {
				return fmt.Errorf("gateway store: device sighting %s at %s: %w", u, site, err)
			}
		}
		return nil
	})
}

// DeviceHolders are the admitted sites (approved or suspended) whose registrations name
// the GPU uuid (upper case, as stored).
func (s *Store) DeviceHolders(ctx context.Context, uuid string) ([]string, error) {
	return s.queryStrings(ctx, "holders of device "+uuid, `SELECT d.site FROM site_devices d JOIN sites s ON s.name = d.site
		WHERE d.uuid = ? AND s.status IN ('`+SiteApproved+`', '`+SiteSuspended+`') ORDER BY d.site`, strings.ToUpper(uuid))
}
