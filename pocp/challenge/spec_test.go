package challenge

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestSpecRoundTrip(t *testing.T) {
	spec := testSpec(1024, 8, 128)
	data, err := spec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":1,"nonce":"0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20","order":1024,"products":8,"openings":128,"issuedAt":"2026-11-01T12:00:00Z","deadline":"2026-11-01T13:00:00Z"}` + "\n"
	if string(data) != want {
		t.Fatalf("encoded\n%s\nwant\n%s", data, want)
	}
	got, err := ParseSpec(data)
	if err != nil {
		t.Fatal(err)
	}
	if got != spec {
		t.Fatalf("parsed %+v, want %+v", got, spec)
	}
	// A zero offset written as +00:00 is UTC too.
	plus := bytes.ReplaceAll(data, []byte(`Z"`), []byte(`+00:00"`))
	if got, err := ParseSpec(plus); err != nil || got != spec {
		t.Fatalf("+00:00: %v", err)
	}
}

func TestParseSpecRefuses(t *testing.T) {
	good, err := testSpec(1024, 8, 128).Encode()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(old, new string) []byte { return bytes.Replace(good, []byte(old), []byte(new), 1) }
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"oversized", append(slices.Clone(good), bytes.Repeat([]byte(" "), MaxSpecBytes)...), "more than 1024"},
		{"truncated", good[:len(good)/2], "JSON"},
		{"trailing data", append(slices.Clone(bytes.TrimSpace(good)), '{', '}'), "data after the object"},
		{"unknown field", edit(`"order"`, `"extra":1,"order"`), `unknown field "extra"`},
		{"version", edit(`"version":1`, `"version":2`), "version 2"},
		{"zero nonce", edit(`0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20`, strings.Repeat("0", 64)), "all zero"},
		{"short nonce", edit(`0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20`, "0102"), "64 hexadecimal digits"},
		{"upper-case nonce", edit(`0a0b0c0d0e0f`, `0A0B0C0D0E0F`), "lowercase"},
		{"order not a multiple of 64", edit(`"order":1024`, `"order":1000`), "order 1000"},
		{"order too small", edit(`"order":1024`, `"order":192`), "order 192"},
		{"order too large", edit(`"order":1024`, `"order":32832`), "order 32832"},
		{"negative order", edit(`"order":1024`, `"order":-1024`), "order -1024"},
		{"no products", edit(`"products":8`, `"products":0`), "products 0"},
		{"too many products", edit(`"products":8`, `"products":32769`), "products 32769"},
		{"too few openings", edit(`"openings":128`, `"openings":15`), "openings 15"},
		{"too many openings", edit(`"openings":128`, `"openings":1025`), "openings 1025"},
		{"not UTC", edit(`"issuedAt":"2026-11-01T12:00:00Z"`, `"issuedAt":"2026-11-01T14:00:00+02:00"`), "issuedAt must be a whole second in UTC"},
		{"fraction of a second", edit(`"deadline":"2026-11-01T13:00:00Z"`, `"deadline":"2026-11-01T13:00:00.5Z"`), "deadline must be a whole second"},
		{"deadline before issue", edit(`"deadline":"2026-11-01T13:00:00Z"`, `"deadline":"2026-11-01T11:00:00Z"`), "is not after issuedAt"},
		{"deadline at issue", edit(`"deadline":"2026-11-01T13:00:00Z"`, `"deadline":"2026-11-01T12:00:00Z"`), "is not after issuedAt"},
		{"window too long", edit(`"deadline":"2026-11-01T13:00:00Z"`, `"deadline":"2026-11-09T13:00:00Z"`), "more than 604800 s"},
		{"no deadline", edit(`,"deadline":"2026-11-01T13:00:00Z"`, ``), "deadline must be"},
		{"order as a string", edit(`"order":1024`, `"order":"1024"`), "JSON"},
	} {
		_, err := ParseSpec(tc.data)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

func TestWorkOperations(t *testing.T) {
	if got := WorkOperations(1024, 1); got != 2*1024*1024*1024 {
		t.Fatalf("1024, 1: %d", got)
	}
	if got := WorkOperations(MaxOrder, MaxProducts); got != 1<<61 {
		t.Fatalf("the largest challenge: %d, want 2^58", got)
	}
	if got := testSpec(320, 3, 16).WorkOperations(); got != 3*2*320*320*320 {
		t.Fatalf("320, 3: %d", got)
	}
	if WorkOperations(0, 1) != 0 || WorkOperations(256, MaxProducts+1) != 0 {
		t.Fatal("out of bounds gave work")
	}
}

func TestDeadline(t *testing.T) {
	issued := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	// 2^55 operations at 1 PFLOPS claimed, half of it expected: 72.06 s, plus two minutes,
	// rounded up to the second.
	d, err := Deadline(issued, 1<<55, 1e15, 0.5, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if want := issued.Add(193 * time.Second); !d.Equal(want) || d.Location() != time.UTC {
		t.Fatalf("deadline %s, want %s", d, want)
	}
	// A tiny challenge on a fast machine: the allowance is all that is left.
	d, err = Deadline(issued, WorkOperations(256, 1), 1e15, 0.5, 30*time.Second)
	if err != nil || !d.Equal(issued.Add(31*time.Second)) {
		t.Fatalf("deadline %s, %v", d, err)
	}
	// The result is a valid spec's deadline.
	spec := testSpec(4096, 16, 64)
	spec.Deadline, err = Deadline(spec.IssuedAt, spec.WorkOperations(), 2e13, 0.6, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name            string
		issued          time.Time
		work            uint64
		flops, fraction float64
		allowance       time.Duration
		want            string
	}{
		{"no issue time", time.Time{}, 1, 1e12, 0.5, 0, "issuedAt"},
		{"no work", issued, 0, 1e12, 0.5, 0, "0 operations"},
		{"zero FLOPS", issued, 1, 0, 0.5, 0, "claimed FLOPS"},
		{"NaN FLOPS", issued, 1, math.NaN(), 0.5, 0, "claimed FLOPS"},
		{"infinite FLOPS", issued, 1, math.Inf(1), 0.5, 0, "claimed FLOPS"},
		{"zero fraction", issued, 1, 1e12, 0, 0, "fraction of peak"},
		{"fraction above 1", issued, 1, 1e12, 1.5, 0, "fraction of peak"},
		{"negative allowance", issued, 1, 1e12, 0.5, -time.Second, "allowance"},
		{"long allowance", issued, 1, 1e12, 0.5, 7 * time.Hour, "allowance"},
		{"too long to compute", issued, 1 << 55, 1e9, 1, 0, "issue a smaller challenge"},
	} {
		_, err := Deadline(tc.issued, tc.work, tc.flops, tc.fraction, tc.allowance)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
