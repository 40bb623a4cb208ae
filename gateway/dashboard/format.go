package dashboard

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

const (
	// tokenDecimals: GFL and DPS both have 18 decimals, like ether.
	tokenDecimals = 18
	// shownTokenDecimals keeps amounts readable; the JSON endpoint has the exact values.
	shownTokenDecimals = 6
	// maxWeiDigits bounds what we try to parse: 10^100 wei is far beyond any real supply, and a
	// hostile megabyte-long "amount" should not cost big-number work on every refresh.
	maxWeiDigits = 100

	megaFLOPSPerPFLOPS = 1_000_000_000
	ppmPerPercent      = 10_000

	// noValue stands for "unknown" everywhere on the page.
	noValue = "—"
	// invalidValue is shown for an amount that is not a decimal integer; the page must still render.
	invalidValue = "invalid"

	timeLayout = "2006-01-02 15:04 UTC"
)

// FormatTokenWei formats a decimal wei amount as whole tokens (1 token = 10^18 wei) with at most
// six decimals, truncated toward zero so that a balance is never shown larger than it is,
// trailing zeros trimmed and thousands grouped: "1500000000000000000" → "1.5". A non-zero
// amount below 0.000001 is shown as "<0.000001" rather than a misleading "0". An empty string
// gives "—" and anything that is not a decimal integer gives "invalid".
func FormatTokenWei(wei string) string {
	s := strings.TrimSpace(wei)
	if s == "" {
		return noValue
	}
	if len(s) > maxWeiDigits+1 { // +1 for a sign
		return invalidValue
	}
	amount, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return invalidValue
	}
	sign := ""
	if amount.Sign() < 0 {
		sign = "-"
		amount.Neg(amount)
	}
	weiPerToken := new(big.Int).Exp(big.NewInt(10), big.NewInt(tokenDecimals), nil)
	weiPerShownUnit := new(big.Int).Exp(big.NewInt(10), big.NewInt(tokenDecimals-shownTokenDecimals), nil)
	whole, rest := new(big.Int).QuoRem(amount, weiPerToken, new(big.Int))
	shown := new(big.Int).Quo(rest, weiPerShownUnit).Int64() // < 10^6, fits
	if whole.Sign() == 0 && shown == 0 {
		if rest.Sign() == 0 {
			return "0"
		}
		return sign + "<0." + strings.Repeat("0", shownTokenDecimals-1) + "1"
	}
	out := sign + groupThousands(whole.String())
	if shown != 0 {
		frac := fmt.Sprintf("%0*d", shownTokenDecimals, shown)
		out += "." + strings.TrimRight(frac, "0")
	}
	return out
}

// FormatPFLOPS formats megaFLOPS as PFLOPS (10^9 megaFLOPS) rounded to three decimals:
// 1_500_000_000 → "1.500". A non-zero value below 0.0005 PFLOPS is shown as "<0.001".
func FormatPFLOPS(megaFLOPS uint64) string {
	const megaFLOPSPerMilliPFLOPS = megaFLOPSPerPFLOPS / 1000
	milli := megaFLOPS / megaFLOPSPerMilliPFLOPS
	if megaFLOPS%megaFLOPSPerMilliPFLOPS >= megaFLOPSPerMilliPFLOPS/2 {
		milli++ // cannot overflow: milli ≤ MaxUint64/10^6
	}
	if milli == 0 && megaFLOPS != 0 {
		return "<0.001"
	}
	return fmt.Sprintf("%s.%03d", groupThousands(strconv.FormatUint(milli/1000, 10)), milli%1000)
}

// FormatPPMPercent formats parts per million as a percentage with two decimals: 995000 → "99.50 %".
func FormatPPMPercent(ppm uint32) string {
	hundredths := (uint64(ppm) + ppmPerPercent/200) / (ppmPerPercent / 100)
	return fmt.Sprintf("%d.%02d %%", hundredths/100, hundredths%100)
}

// FormatTime formats t in UTC to the minute; the zero time is "—".
func FormatTime(t time.Time) string {
	if t.IsZero() {
		return noValue
	}
	return t.UTC().Format(timeLayout)
}

// isoTime is the machine-readable form for <time datetime>; empty for the zero time.
func isoTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// FormatSpan formats a duration coarsely for people: the two largest non-zero units among
// days, hours, minutes and seconds, compactly so that it does not wrap mid-value ("15d",
// "3d 4h", "12m 5s", "40s").
func FormatSpan(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	totalSeconds := uint64(d / time.Second)
	units := []struct {
		seconds uint64
		name    string
	}{{86400, "d"}, {3600, "h"}, {60, "m"}, {1, "s"}}
	var parts []string
	for _, u := range units {
		if n := totalSeconds / u.seconds; n > 0 {
			parts = append(parts, fmt.Sprintf("%d%s", n, u.name))
			totalSeconds %= u.seconds
		} else if len(parts) > 0 {
			break // "3d 0h 5m" would be noise; stop at the first gap after the largest unit
		}
		if len(parts) == 2 {
			break
		}
	}
	if len(parts) == 0 {
		return "0s"
	}
	return strings.Join(parts, " ")
}

// relativeTo says how far t is from now ("in 3d 4h", "5m ago"); "" for the zero time.
func relativeTo(now, t time.Time) string {
	if t.IsZero() || now.IsZero() {
		return ""
	}
	d := t.Sub(now)
	switch {
	case d > 0:
		return "in " + FormatSpan(d)
	case d > -time.Second:
		return "now"
	default:
		return FormatSpan(d) + " ago"
	}
}

// shortAddress abbreviates a 0x address to "0x1234…abcd"; the full value goes in a title.
func shortAddress(address string) string {
	a := strings.TrimSpace(address)
	if a == "" {
		return noValue
	}
	r := []rune(a)
	if len(r) <= 14 {
		return a
	}
	return string(r[:6]) + "…" + string(r[len(r)-4:])
}

// groupThousands inserts commas into a string of decimal digits: "1234567" → "1,234,567".
func groupThousands(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	head := len(digits) % 3
	if head > 0 {
		b.WriteString(digits[:head])
	}
	for i := head; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// weiToTokens converts wei to a float number of tokens for drawing only (never for display of
// amounts): ok is false when the string is not a decimal integer.
func weiToTokens(wei string) (float64, bool) {
	s := strings.TrimSpace(wei)
	if s == "" || len(s) > maxWeiDigits+1 {
		return 0, false
	}
	amount, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return 0, false
	}
	weiPerToken := new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(tokenDecimals), nil))
	tokens, _ := new(big.Float).Quo(new(big.Float).SetInt(amount), weiPerToken).Float64()
	return tokens, true
}
