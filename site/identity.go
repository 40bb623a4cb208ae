package site

import (
	"errors"
	"fmt"
	"os"
	"os/user"
	"strconv"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/petagrid/petagrid/slurmbridge"
	"github.com/petagrid/petagrid/workflows"
)

// ErrNotAllowed is returned for a caller the site has not mapped to a local account.
var ErrNotAllowed = errors.New("not allowed on this site")

// Researcher is an authenticated caller and the account their jobs run as.
type Researcher struct {
	// ID is "0x…" (a key) or "unix:<user>" (a socket peer); runs belong to it.
	ID        string
	Name      string
	LocalUser Account
}

// Mapper turns authenticated identities into local accounts, and hands out a Slurm bridge
// that submits as each account. The mapping is explicit: nobody is mapped by default.
type Mapper struct {
	cfg     UsersConfig
	self    Account
	byKey   map[common.Address]ResearcherConfig
	allowed map[string]bool
	socket  map[string]bool
	base    *slurmbridge.Bridge

	mu       sync.Mutex
	bridges  map[string]jobControl
	accounts map[string]Account
	helpers  map[string]*workspaceHelper
	runAs    map[string]slurmbridge.RunAs
}

// NewMapper checks the user section against this host: in pool mode the daemon must not run
// as root; in mapped mode every allowed account must exist and the daemon must be able to
// become it.
func NewMapper(cfg UsersConfig, base *slurmbridge.Bridge) (*Mapper, error) {
	m := &Mapper{cfg: cfg, base: base, byKey: map[common.Address]ResearcherConfig{}, allowed: map[string]bool{}, socket: map[string]bool{}, bridges: map[string]jobControl{}, accounts: map[string]Account{}, helpers: map[string]*workspaceHelper{}, runAs: map[string]slurmbridge.RunAs{}}
	me, err := user.Current()
	if err != nil {
		return nil, fmt.Errorf("who is the daemon: %w", err)
	}
	uid, _ := strconv.ParseUint(me.Uid, 10, 32)
	gid, _ := strconv.ParseUint(me.Gid, 10, 32)
	m.self = Account{Name: me.Username, UID: uint32(uid), GID: uint32(gid), Home: me.HomeDir}
	for _, r := range cfg.Researchers {
		m.byKey[common.HexToAddress(r.Key)] = r
	}
	switch cfg.Mode {
	case ModePool:
		if m.self.UID == 0 {
			return nil, errors.New("pool mode submits every job as the daemon's own account, and the daemon runs as root: run it as a dedicated unprivileged account (see the example systemd unit), or use mapped mode")
		}
		for _, name := range cfg.SocketUsers {
			m.socket[name] = true
		}
		m.bridges[m.self.Name] = base
		m.accounts[m.self.Name] = m.self
	case ModeMapped:
		if cfg.RunAs != slurmbridge.RunAsSudo && m.self.UID != 0 {
			return nil, fmt.Errorf("mapped mode with runAs: %s needs the daemon to run as root; run it as root, or use runAs: sudo with a sudoers rule", cfg.RunAs)
		}
		if cfg.RunAs == slurmbridge.RunAsSudo && m.self.UID == 0 {
			return nil, errors.New("mapped mode with runAs: sudo is for an unprivileged daemon; as root use runAs: runuser")
		}
		for _, name := range cfg.AllowedLocalUsers {
			acct, err := LookupAccount(name, cfg.MinUID)
			if err != nil {
				return nil, fmt.Errorf("site.users.allowedLocalUsers: %w", err)
			}
			ra := slurmbridge.RunAs{User: name, Method: cfg.RunAs, Path: cfg.RunAsPath}
			if cfg.RunAs == slurmbridge.RunAsSetuid {
				if ra, err = slurmbridge.LookupRunAs(name); err != nil {
					return nil, fmt.Errorf("site.users.allowedLocalUsers: %w", err)
				}
			}
			m.runAs[name] = ra
			b, err := base.As(ra)
			if err != nil {
				return nil, fmt.Errorf("site.users: %w", err)
			}
			m.allowed[name] = true
			m.accounts[name] = acct
			m.bridges[name] = b
		}
	}
	return m, nil
}

// Self is the daemon's own account (the pool account in pool mode).
func (m *Mapper) Self() Account { return m.self }

// Mode is the configured mapping mode.
func (m *Mapper) Mode() string { return m.cfg.Mode }

// ForKey maps a researcher key that signed a request.
func (m *Mapper) ForKey(addr common.Address) (Researcher, error) {
	r, ok := m.byKey[addr]
	if !ok {
		return Researcher{}, fmt.Errorf("key %s is not registered on this site (ask the site's administrators to add it to site.users.researchers): %w", addr.Hex(), ErrNotAllowed)
	}
	local := m.self.Name
	if m.cfg.Mode == ModeMapped {
		local = r.LocalUser
	}
	acct, ok := m.accounts[local]
	if !ok {
		return Researcher{}, fmt.Errorf("key %s maps to local user %s, who is not allowed: %w", addr.Hex(), local, ErrNotAllowed)
	}
	name := r.Name
	if name == "" {
		name = addr.Hex()
	}
	return Researcher{ID: addr.Hex(), Name: name, LocalUser: acct}, nil
}

// ForPeer maps the local user at the other end of the unix socket.
func (m *Mapper) ForPeer(uid uint32) (Researcher, error) {
	u, err := user.LookupId(strconv.FormatUint(uint64(uid), 10))
	if err != nil {
		return Researcher{}, fmt.Errorf("uid %d has no name on this host: %w", uid, ErrNotAllowed)
	}
	id := "unix:" + u.Username
	switch m.cfg.Mode {
	case ModePool:
		if uid != m.self.UID && !m.socket[u.Username] {
			return Researcher{}, fmt.Errorf("local user %s is not in site.users.socketUsers: %w", u.Username, ErrNotAllowed)
		}
		return Researcher{ID: id, Name: u.Username, LocalUser: m.self}, nil
	default:
		acct, ok := m.accounts[u.Username]
		if !ok || acct.UID != uid {
			return Researcher{}, fmt.Errorf("local user %s is not in site.users.allowedLocalUsers: %w", u.Username, ErrNotAllowed)
		}
		return Researcher{ID: id, Name: u.Username, LocalUser: acct}, nil
	}
}

// Submitter is what submits and cancels jobs as local: the Slurm bridge that runs its
// commands as that account.
func (m *Mapper) Submitter(local string) (workflows.Submitter, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.bridges[local]
	if !ok {
		return nil, fmt.Errorf("local user %s is not allowed any more (site.users changed since the run was accepted): %w", local, ErrNotAllowed)
	}
	return b, nil
}

// Account returns an allowed account by name.
func (m *Mapper) Account(local string) (Account, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.accounts[local]
	if !ok {
		return Account{}, fmt.Errorf("local user %s is not allowed: %w", local, ErrNotAllowed)
	}
	return a, nil
}

// helperPath is the petagrid binary that writes a workspace as a mapped user.
func (m *Mapper) helperPath() (string, error) {
	if m.cfg.Helper != "" {
		return m.cfg.Helper, nil
	}
	return os.Executable()
}
