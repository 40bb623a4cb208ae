// Package sanitize bounds and cleans text that came from elsewhere (a request, a site, Slurm,
// a plugin) before it is quoted in a message, logged or shown: clipping to a number of bytes
// without splitting a character, and escaping what a terminal would act on rather than show
// (control characters, bidi overrides and other format characters, line separators).
package sanitize

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ellipsis marks where Clip and Escape cut text.
const Ellipsis = "…"

// ASCIIEllipsis marks where ClipASCII cut text.
const ASCIIEllipsis = "..."

// Clip returns s when it is at most maxBytes long, else the longest prefix of s of at most
// maxBytes bytes that does not split a UTF-8 sequence, followed by Ellipsis (so the result
// may be up to len(Ellipsis) bytes longer than maxBytes).
func Clip(s string, maxBytes int) string {
	if head, cut := prefix(s, maxBytes); cut {
		return head + Ellipsis
	}
	return s
}

// ClipASCII is Clip marking the cut with ASCIIEllipsis: for text then quoted with every
// non-ASCII character escaped (%+q, strconv.QuoteToASCII), where "…" would show as \u2026.
func ClipASCII(s string, maxBytes int) string {
	if head, cut := prefix(s, maxBytes); cut {
		return head + ASCIIEllipsis
	}
	return s
}

// Escape makes text from another party safe to show on a terminal or write to a log: clipped
// to maxBytes as Clip does, invalid UTF-8 replaced by U+FFFD, and every character that
// unicode.IsPrint refuses (controls, format characters such as the bidi overrides, line and
// paragraph separators, spaces other than U+0020) written as its Go escape (\x1b, \u202e).
// What it returns is Printable.
func Escape(s string, maxBytes int) string {
	head, cut := prefix(s, maxBytes)
	head = strings.ToValidUTF8(head, "\uFFFD")
	var b strings.Builder
	b.Grow(len(head))
	for _, r := range head {
		if unicode.IsPrint(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRuneToASCII(r)
		b.WriteString(q[1 : len(q)-1])
	}
	if cut {
		b.WriteString(Ellipsis)
	}
	return b.String()
}

// Printable reports whether s is valid UTF-8 and every character of it is one that
// unicode.IsPrint accepts: what Escape leaves as it is.
func Printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// prefix returns s cut to at most maxBytes bytes on the start of a UTF-8 sequence, and whether
// it cut anything. A negative maxBytes is 0.
func prefix(s string, maxBytes int) (string, bool) {
	if len(s) <= max(maxBytes, 0) {
		return s, false
	}
	cut := max(maxBytes, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut], true
}
