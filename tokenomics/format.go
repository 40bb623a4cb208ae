package tokenomics

import (
	"math/big"
	"strings"
)

// The display formats of the units this package computes in. Each is exact (math/big) and
// rounds its last digit half away from zero. FormatAmount (amount.go) writes a token amount
// in full, trailing zeros trimmed.

// megaFLOPSPerTFLOPS and megaFLOPSPerPFLOPS are the divisors from MFLOPS, the integer unit of
// every index figure.
var (
	megaFLOPSPerTFLOPS = big.NewInt(1_000_000)
	megaFLOPSPerPFLOPS = big.NewInt(1_000_000_000)
)

// FormatAmountFixed writes wei as a token amount with exactly `decimals` decimals, for
// columns of figures that line up.
func FormatAmountFixed(wei *big.Int, decimals int) string {
	if wei == nil {
		wei = new(big.Int)
	}
	return new(big.Rat).SetFrac(wei, weiPerToken).FloatString(decimals)
}

// FormatAmountText is FormatAmount for an amount written as a decimal integer of wei, as JSON
// carries amounts; "-" when the text is not one.
func FormatAmountText(wei string) string {
	v, ok := new(big.Int).SetString(wei, 10)
	if !ok {
		return "-"
	}
	return FormatAmount(v)
}

// FormatTFLOPS writes MFLOPS as TFLOPS with one decimal.
func FormatTFLOPS(megaFLOPS uint64) string {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(megaFLOPS), megaFLOPSPerTFLOPS).FloatString(1)
}

// FormatPFLOPS writes MFLOPS as PFLOPS (= GFL) with at most three decimals, trailing zeros
// trimmed.
func FormatPFLOPS(megaFLOPS uint64) string {
	s := new(big.Rat).SetFrac(new(big.Int).SetUint64(megaFLOPS), megaFLOPSPerPFLOPS).FloatString(3)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// FormatComputeHours writes thousandths of a Compute Hour as Compute Hours with three
// decimals.
func FormatComputeHours(milli int64) string {
	return new(big.Rat).SetFrac64(milli, 1000).FloatString(3)
}

// FormatHours writes seconds as hours with three decimals (GPU seconds as GPU hours).
func FormatHours(seconds int64) string {
	return new(big.Rat).SetFrac64(seconds, 3600).FloatString(3)
}
