package dashboard

import (
	"math"
	"strings"
	"testing"
	"time"
)

func TestFormatTokenWei(t *testing.T) {
	cases := []struct {
		name, wei, want string
	}{
		{"zero", "0", "0"},
		{"one wei is not shown as zero", "1", "<0.000001"},
		{"just below the smallest shown unit", "999999999999", "<0.000001"},
		{"smallest shown unit", "1000000000000", "0.000001"},
		{"one token", "1000000000000000000", "1"},
		{"one and a half", "1500000000000000000", "1.5"},
		{"truncated, never rounded up", "999999999999999999", "0.999999"},
		{"six decimals kept", "1234567000000000000", "1.234567"},
		{"seventh decimal dropped", "1234567890000000000", "1.234567"},
		{"thousands grouped", "1234567500000000000000000", "1,234,567.5"},
		{"huge", "123456789012345678901234567890000000000000000000", "123,456,789,012,345,678,901,234,567,890"},
		{"negative", "-2500000000000000000", "-2.5"},
		{"negative dust", "-1", "-<0.000001"},
		{"surrounding space", " 2000000000000000000\n", "2"},
		{"leading zeros", "0001000000000000000000", "1"},
		{"empty is unknown", "", "—"},
		{"not a number", "abc", "invalid"},
		{"float notation", "1.5e18", "invalid"},
		{"decimal point", "1.5", "invalid"},
		{"hex is not decimal", "0x10", "invalid"},
		{"markup", "<b>1</b>", "invalid"},
		{"absurdly long", strings.Repeat("9", 200), "invalid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := FormatTokenWei(tc.wei); got != tc.want {
				t.Fatalf("FormatTokenWei(%q) = %q, want %q", tc.wei, got, tc.want)
			}
		})
	}
}

func TestFormatPFLOPS(t *testing.T) {
	cases := []struct {
		megaFLOPS uint64
		want      string
	}{
		{0, "0.000"},
		{1, "<0.001"},
		{499_999, "<0.001"},
		{500_000, "0.001"},
		{1_000_000_000, "1.000"},
		{1_500_000_000, "1.500"},
		{1_234_567_890_123, "1,234.568"},
		{999_999_999, "1.000"},
		{math.MaxUint64, "18,446,744,073.710"},
	}
	for _, tc := range cases {
		if got := FormatPFLOPS(tc.megaFLOPS); got != tc.want {
			t.Errorf("FormatPFLOPS(%d) = %q, want %q", tc.megaFLOPS, got, tc.want)
		}
	}
}

func TestFormatPPMPercent(t *testing.T) {
	cases := []struct {
		ppm  uint32
		want string
	}{
		{0, "0.00 %"},
		{49, "0.00 %"},
		{50, "0.01 %"},
		{995_000, "99.50 %"},
		{999_995, "100.00 %"},
		{1_000_000, "100.00 %"},
		{math.MaxUint32, "429496.73 %"},
	}
	for _, tc := range cases {
		if got := FormatPPMPercent(tc.ppm); got != tc.want {
			t.Errorf("FormatPPMPercent(%d) = %q, want %q", tc.ppm, got, tc.want)
		}
	}
}

func TestFormatTimeIsUTC(t *testing.T) {
	zurich := time.FixedZone("CET", 3600)
	got := FormatTime(time.Date(2025, 3, 1, 13, 30, 59, 0, zurich))
	if got != "2025-03-01 12:30 UTC" {
		t.Fatalf("FormatTime = %q, want 2025-03-01 12:30 UTC", got)
	}
	if got := FormatTime(time.Time{}); got != "—" {
		t.Fatalf("FormatTime(zero) = %q, want —", got)
	}
}

func TestFormatSpan(t *testing.T) {
	cases := []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{40 * time.Second, "40s"},
		{12*time.Minute + 5*time.Second, "12m 5s"},
		{15 * 24 * time.Hour, "15d"},
		{3*24*time.Hour + 4*time.Hour + 5*time.Minute, "3d 4h"},
		{3*24*time.Hour + 5*time.Minute, "3d"},
		{-90 * time.Second, "1m 30s"},
	}
	for _, tc := range cases {
		if got := FormatSpan(tc.d); got != tc.want {
			t.Errorf("FormatSpan(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}

func TestRelativeTo(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	if got := relativeTo(now, now.Add(2*time.Hour)); got != "in 2h" {
		t.Errorf("future: %q", got)
	}
	if got := relativeTo(now, now.Add(-5*time.Minute)); got != "5m ago" {
		t.Errorf("past: %q", got)
	}
	if got := relativeTo(now, time.Time{}); got != "" {
		t.Errorf("zero: %q", got)
	}
}

func TestGroupThousands(t *testing.T) {
	for in, want := range map[string]string{"": "", "1": "1", "123": "123", "1234": "1,234", "123456": "123,456", "1234567": "1,234,567"} {
		if got := groupThousands(in); got != want {
			t.Errorf("groupThousands(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestShortAddress(t *testing.T) {
	if got := shortAddress("0x52908400098527886E0F7030069857D2E4169EE7"); got != "0x5290…9EE7" {
		t.Errorf("got %q", got)
	}
	if got := shortAddress("short"); got != "short" {
		t.Errorf("got %q", got)
	}
	if got := shortAddress(""); got != "—" {
		t.Errorf("got %q", got)
	}
}
