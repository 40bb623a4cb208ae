package tokenomics

import (
	"fmt"
	"math/big"
	"regexp"

	"gopkg.in/yaml.v3"
)

// Decimal is a non-negative decimal figure from the catalog ("9.7", "1307.4"), kept as an
// exact rational. Hardware figures are written in decimal and the index must come out the
// same on every machine, so they never pass through float64 (Go may fuse float operations
// differently per architecture, and a site and the gateway must agree to the last MFLOPS).
type Decimal struct {
	r      big.Rat
	set    bool
	Line   int
	Column int
}

var decimalPattern = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

// ParseDecimal reads a plain decimal such as "19.5". Exponents, signs and fractions are
// refused: a figure copied from a datasheet is written as the datasheet prints it.
func ParseDecimal(s string) (Decimal, error) {
	if !decimalPattern.MatchString(s) || len(s) > 40 {
		return Decimal{}, fmt.Errorf("expected a non-negative decimal number such as 19.5, got %q", s)
	}
	var d Decimal
	if _, ok := d.r.SetString(s); !ok {
		return Decimal{}, fmt.Errorf("expected a non-negative decimal number such as 19.5, got %q", s)
	}
	d.set = true
	return d, nil
}

// MustDecimal is ParseDecimal for constants in code and tests.
func MustDecimal(s string) Decimal {
	d, err := ParseDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// UnmarshalYAML reads a scalar number and remembers where it was written.
func (d *Decimal) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.ScalarNode {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: expected a number, got a %s", n.Line, kindName(n.Kind))}}
	}
	parsed, err := ParseDecimal(n.Value)
	if err != nil {
		return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: %v", n.Line, err)}}
	}
	*d = parsed
	d.Line, d.Column = n.Line, n.Column
	return nil
}

// MarshalYAML writes the figure back in decimal.
func (d Decimal) MarshalYAML() (any, error) { return d.String(), nil }

// MarshalText writes the figure in decimal (JSON output of `index show`).
func (d Decimal) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// IsSet reports whether the figure was given.
func (d Decimal) IsSet() bool { return d.set }

// Rat returns a copy of the exact value.
func (d Decimal) Rat() *big.Rat { return new(big.Rat).Set(&d.r) }

func (d Decimal) String() string {
	if !d.set {
		return ""
	}
	// Up to 6 decimals, trailing zeros trimmed: catalog figures have at most 3.
	s := d.r.FloatString(6)
	for len(s) > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.AliasNode:
		return "alias"
	default:
		return "value"
	}
}

// ratFloor returns floor(r) for r ≥ 0 as a big.Int.
func ratFloor(r *big.Rat) *big.Int {
	return new(big.Int).Quo(r.Num(), r.Denom())
}

// ratFloat is for display only, never for a figure that is stored, signed or compared.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}
