package tokenomics

import (
	"math/big"
	"testing"
)

func TestFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{FormatAmountFixed(MustAmount("1.23456"), 2), "1.23"},
		{FormatAmountFixed(MustAmount("1.23456"), 4), "1.2346"},
		{FormatAmountFixed(MustAmount("0.125"), 2), "0.13"}, // half away from zero
		{FormatAmountFixed(new(big.Int).Neg(MustAmount("0.125")), 2), "-0.13"},
		{FormatAmountFixed(MustAmount("7"), 3), "7.000"},
		{FormatAmountFixed(nil, 1), "0.0"},
		{FormatAmountText("1500000000000000000"), "1.5"},
		{FormatAmountText("1"), "0.000000000000000001"},
		{FormatAmountText("0"), "0"},
		{FormatAmountText(""), "-"},
		{FormatAmountText("1.5"), "-"},
		{FormatTFLOPS(1_250_000), "1.3"},
		{FormatTFLOPS(1_240_000), "1.2"},
		{FormatTFLOPS(0), "0.0"},
		{FormatTFLOPS(312_000_000), "312.0"},
		{FormatPFLOPS(1_000_000_000), "1"},
		{FormatPFLOPS(1_500_000_000), "1.5"},
		{FormatPFLOPS(10_000_000_000), "10"},
		{FormatPFLOPS(1_234_567), "0.001"},
		{FormatPFLOPS(400_000), "0"},
		{FormatPFLOPS(0), "0"},
		{FormatComputeHours(1500), "1.500"},
		{FormatComputeHours(7), "0.007"},
		{FormatHours(5400), "1.500"},
		{FormatHours(2), "0.001"},
		{FormatHours(1), "0.000"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
