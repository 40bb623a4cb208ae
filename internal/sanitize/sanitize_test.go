package sanitize

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"", 0, ""},
		{"", -1, ""},
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"abcd", 0, "…"},
		{"abcd", -5, "…"},
		// "é" is two bytes, "€" three: the cut backs off to the character's start.
		{"aé", 2, "a…"},
		{"aé", 3, "aé"},
		{"a€b", 2, "a…"},
		{"a€b", 3, "a…"},
		{"a€b", 4, "a€…"},
		// Invalid UTF-8 is kept as it is; a run of continuation bytes backs off to nothing.
		{"\xff\xfe\xfd", 2, "\xff\xfe…"},
		{"\x80\x80\x80", 2, "…"},
	} {
		if got := Clip(c.in, c.max); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
		if got, want := ClipASCII(c.in, c.max), strings.Replace(c.want, Ellipsis, ASCIIEllipsis, 1); got != want {
			t.Errorf("ClipASCII(%q, %d) = %q, want %q", c.in, c.max, got, want)
		}
	}
}

func TestEscape(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"plain text, ünïcödé ✓", 100, "plain text, ünïcödé ✓"},
		{"a\x1b[31mred", 100, `a\x1b[31mred`},
		{"tab\there\nline", 100, `tab\there\nline`},
		{"evil\u202etxt.exe", 100, `evil\u202etxt.exe`},
		{"zero\u200bwidth\ufeff", 100, `zero\u200bwidth\ufeff`},
		{"line\u2028sep", 100, `line\u2028sep`},
		{"nb\u00a0sp", 100, `nb\u00a0sp`},
		{"c1\u009bcsi", 100, `c1\u009bcsi`},
		{"bad\xffbyte", 100, "bad\uFFFDbyte"},
		{"abcdef", 3, "abc…"},
		// The cut never splits a character, so none turns into U+FFFD.
		{"ab€", 3, "ab…"},
		// Escapes may make the text longer than maxBytes; the cut is on the original.
		{"\x1b\x1b\x1b\x1b", 2, `\x1b\x1b…`},
	} {
		got := Escape(c.in, c.max)
		if got != c.want {
			t.Errorf("Escape(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
		if !Printable(got) {
			t.Errorf("Escape(%q, %d) = %q is not printable", c.in, c.max, got)
		}
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]bool{
		"":                    true,
		"site-a.example.org":  true,
		"Grüße, 世界 …":         true,
		"two words":           true,
		"tab\t":               false,
		"newline\n":           false,
		"escape\x1b":          false,
		"del\x7f":             false,
		"bidi\u202e":          false,
		"isolate\u2066":       false,
		"zero width\u200b":    false,
		"no-break\u00a0space": false,
		"invalid\xff":         false,
		"replacement\uFFFD":   true,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %v, want %v", in, got, want)
		}
	}
}

// clipHolds checks what Clip and ClipASCII promise for any input.
func clipHolds(t *testing.T, s string, maxBytes int, got, marker string) {
	t.Helper()
	if len(s) <= max(maxBytes, 0) {
		if got != s {
			t.Fatalf("%q within %d bytes became %q", s, maxBytes, got)
		}
		return
	}
	head, ok := strings.CutSuffix(got, marker)
	if !ok || !strings.HasPrefix(s, head) || len(head) > max(maxBytes, 0) {
		t.Fatalf("%q clipped to %d bytes: %q", s, maxBytes, got)
	}
	if head != "" && !utf8.RuneStart(s[len(head)]) {
		t.Fatalf("%q clipped to %d bytes splits a character: %q", s, maxBytes, got)
	}
	if utf8.ValidString(s) && (!utf8.ValidString(got) || len(head) < maxBytes-(utf8.UTFMax-1)) {
		t.Fatalf("%q clipped to %d bytes: %q", s, maxBytes, got)
	}
}

func FuzzClip(f *testing.F) {
	for _, s := range []string{"", "abc", "aé€😀", "\xff\x80\x80", "\u202e\x1b"} {
		for _, n := range []int{-1, 0, 1, 2, 3, 5} {
			f.Add(s, n)
		}
	}
	f.Fuzz(func(t *testing.T, s string, maxBytes int) {
		clipHolds(t, s, maxBytes, Clip(s, maxBytes), Ellipsis)
		clipHolds(t, s, maxBytes, ClipASCII(s, maxBytes), ASCIIEllipsis)
	})
}

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "plain", "a\x1b[0m", "\u202e\u2066\u200b", "\xff\xfe", "é€😀\n\t"} {
		f.Add(s, 3)
		f.Add(s, 100)
	}
	f.Fuzz(func(t *testing.T, s string, maxBytes int) {
		got := Escape(s, maxBytes)
		if !Printable(got) {
			t.Fatalf("Escape(%q, %d) = %q is not printable", s, maxBytes, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
				t.Fatalf("Escape(%q, %d) = %q holds %U", s, maxBytes, got, r)
			}
		}
		if len(s) <= max(maxBytes, 0) && Printable(s) && got != s {
			t.Fatalf("printable %q within %d bytes became %q", s, maxBytes, got)
		}
		if len(s) > max(maxBytes, 0) && !strings.HasSuffix(got, Ellipsis) {
			t.Fatalf("Escape(%q, %d) = %q does not mark the cut", s, maxBytes, got)
		}
	})
}
