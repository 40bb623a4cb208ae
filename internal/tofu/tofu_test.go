package tofu

import (
	"context"
	"errors"
	"testing"
)

// memoryStore is a Store in a map; fail makes every call fail.
type memoryStore struct {
	names map[string]string
	fail  error
}

func (m *memoryStore) Lookup(target string) (string, bool, error) {
	if m.fail != nil {
		return "", false, m.fail
	}
	name, ok := m.names[target]
	return name, ok, nil
}

func (m *memoryStore) Remember(target, name string) error {
	if m.fail != nil {
		return m.fail
	}
	if name == "" {
		return errors.New("unusable name")
	}
	m.names[target] = name
	return nil
}

func answer(name string, err error, asked *int) func(context.Context) (string, error) {
	return func(context.Context) (string, error) {
		*asked++
		return name, err
	}
}

func TestFirstContactIsRememberedThenTrusted(t *testing.T) {
	store := &memoryStore{names: map[string]string{}}
	pin, err := Lookup(store, "https://site.example")
	if err != nil || !pin.FirstContact() || pin.Name() != "" {
		t.Fatalf("first lookup: %+v, %v", pin, err)
	}
	asked := 0
	name, err := pin.Learn(context.Background(), answer("site-a", nil, &asked))
	if err != nil || name != "site-a" || asked != 1 || pin.FirstContact() || pin.Name() != "site-a" {
		t.Fatalf("learn: %q, %v, asked %d", name, err, asked)
	}
	if store.names["https://site.example"] != "site-a" {
		t.Errorf("not remembered: %v", store.names)
	}
	// Later: the remembered name, and the target is not asked again (a server posing as
	// another site later cannot change the name).
	again, err := Lookup(store, "https://site.example")
	if err != nil || again.FirstContact() || again.Name() != "site-a" {
		t.Fatalf("second lookup: %+v, %v", again, err)
	}
	if name, err := again.Learn(context.Background(), answer("site-b", nil, &asked)); err != nil || name != "site-a" || asked != 1 {
		t.Errorf("a known target was asked again: %q, %v, asked %d", name, err, asked)
	}
}

func TestFailedFirstContactRemembersNothing(t *testing.T) {
	store := &memoryStore{names: map[string]string{}}
	pin, _ := Lookup(store, "https://site.example")
	asked := 0
	unreachable := errors.New("connection refused")
	if _, err := pin.Learn(context.Background(), answer("", unreachable, &asked)); !errors.Is(err, unreachable) {
		t.Errorf("ask error: %v", err)
	}
	if _, err := pin.Learn(context.Background(), answer("", nil, &asked)); err == nil || err.Error() != "unusable name" {
		t.Errorf("store's refusal: %v", err)
	}
	if len(store.names) != 0 || !pin.FirstContact() || pin.Name() != "" {
		t.Errorf("remembered after failures: %v, %+v", store.names, pin)
	}
}

func TestStoreErrorsPassThrough(t *testing.T) {
	broken := errors.New("known sites: bad JSON")
	if _, err := Lookup(&memoryStore{fail: broken}, "https://site.example"); !errors.Is(err, broken) {
		t.Errorf("lookup: %v", err)
	}
}
