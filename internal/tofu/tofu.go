// Package tofu pins the name a signed server gives at first contact (trust on first use, as
// ssh's known_hosts does): requests to that server are then signed for that name only, so a
// server that later poses as another cannot collect signatures valid there. The first contact
// itself is trusted; a caller that knows the name gives it instead and needs no pin.
package tofu

import "context"

// Store remembers, per target, the name the target gave at first contact (site/client's
// KnownSites keeps them in a file).
type Store interface {
	Lookup(target string) (name string, ok bool, err error)
	Remember(target, name string) error
}

// Pin is what a store holds for one target: a name, or nothing before first contact.
type Pin struct {
	store  Store
	target string
	name   string
	known  bool
}

// Lookup reads the pin of target from store.
func Lookup(store Store, target string) (*Pin, error) {
	name, ok, err := store.Lookup(target)
	if err != nil {
		return nil, err
	}
	return &Pin{store: store, target: target, name: name, known: ok}, nil
}

// Name is the name to sign for: the remembered one, or "" before first contact.
func (p *Pin) Name() string { return p.name }

// FirstContact reports whether the target has no name remembered yet.
func (p *Pin) FirstContact() bool { return !p.known }

// Learn completes a first contact: it asks the target its name, remembers it (the store
// refuses a name it cannot use) and returns it. A target already known is not asked again.
func (p *Pin) Learn(ctx context.Context, ask func(context.Context) (string, error)) (string, error) {
	if p.known {
		return p.name, nil
	}
	name, err := ask(ctx)
	if err != nil {
		return "", err
	}
	// The store's errors name the target and the file already.
	if err := p.store.Remember(p.target, name); err != nil {
		return "", err
	}
	p.name, p.known = name, true
	return name, nil
}
