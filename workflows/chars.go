package workflows

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/petagrid/petagrid/internal/sanitize"
)

// isControl reports the characters that a terminal, an editor or a shell acts on instead of
// showing: the C0 controls and DEL, the C1 controls (U+0080–U+009F, among them NEL, which
// some tools read as a line break, and CSI, which starts a terminal escape sequence), the
// line and paragraph separators U+2028 and U+2029, and the Unicode format characters
// (category Cf: the bidi embeddings, overrides and isolates that reorder text on screen,
// zero-width spaces and joiners, the byte-order mark). A value holding one can show a
// reviewer something other than what runs. It is narrower than sanitize.Printable's test on
// purpose: a value may hold any visible text (other spaces, private-use and unassigned
// characters included), and what is refused is named in the message rather than escaped.
func isControl(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// scriptControl is isControl less newline and tab, which scripts and env files carry as
// they are (single-quoted words keep them literally).
func scriptControl(r rune) bool { return r != '\n' && r != '\t' && isControl(r) }

// controlIn finds the first character of s that bad reports, for a message that names it.
func controlIn(s string, bad func(rune) bool) (rune, bool) {
	i := strings.IndexFunc(s, bad)
	if i < 0 {
		return 0, false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r, true
}

// runeNames are the usual names of the characters that matter here.
var runeNames = map[rune]string{
	'\r': "carriage return", 0x1b: "escape", 0x7f: "delete", 0x85: "next line, NEL", 0x9b: "control sequence introducer, CSI",
	0x200b: "zero width space", 0x200e: "left-to-right mark", 0x200f: "right-to-left mark",
	0x2028: "line separator", 0x2029: "paragraph separator", 0x202a: "left-to-right embedding",
	0x202b: "right-to-left embedding", 0x202c: "pop directional formatting", 0x202d: "left-to-right override",
	0x202e: "right-to-left override", 0x2066: "left-to-right isolate", 0x2067: "right-to-left isolate",
	0x2068: "first strong isolate", 0x2069: "pop directional isolate", 0xfeff: "byte order mark",
}

// describeRune names a character by its code point, and by name for the ones that matter
// here, so that a message shows what cannot be seen.
func describeRune(r rune) string {
	if name, ok := runeNames[r]; ok {
		return fmt.Sprintf("U+%04X (%s)", r, name)
	}
	return fmt.Sprintf("U+%04X", r)
}

// controlError says why s is refused when it holds a control or invisible character, or
// nil. With linesAllowed, newline and tab are accepted (values that end up in scripts).
func controlError(s string, linesAllowed bool) error {
	bad := isControl
	if linesAllowed {
		bad = scriptControl
	}
	r, found := controlIn(s, bad)
	switch {
	case !found:
		return nil
	case linesAllowed:
		return fmt.Errorf("contains %s, a control or invisible character (only newline and tab may appear)", describeRune(r))
	}
	return fmt.Errorf("contains %s, a control or invisible character", describeRune(r))
}

// quoteValue quotes what a researcher wrote for a message, shortened, with every
// non-ASCII character escaped (as the %+q verb does, which messages use elsewhere): a
// Cyrillic "а" in a key that reads "name" on screen shows as "n\u0430me".
func quoteValue(s string) string { return strconv.QuoteToASCII(clip(s)) }

// clip shortens a value quoted back in an error message, on a character boundary. The
// ellipsis is ASCII so that %+q shows it as it is.
func clip(s string) string { return sanitize.ClipASCII(s, 60) }
