package tokenomics

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"
)

// Token amounts are integers of 10^-18 token ("wei"), as on chain: 1 GFL = 10^18 GFL wei =
// 1 PFLOPS; 1 DPS = 10^18 DPS wei.
const Decimals = 18

// MaxAmountBits bounds every token amount: at most 2^120 − 1 wei (about 1.3 × 10^18 tokens),
// Settlement's and JobEscrow's MAX_AMOUNT (type(uint120).max). A figure the contracts refuse
// is an error here too, so the two never disagree; and with every amount below 2^120 no
// product the contracts compute comes near 2^256.
const MaxAmountBits = 120

var (
	weiPerToken = new(big.Int).Exp(big.NewInt(10), big.NewInt(Decimals), nil)
	// MaxAmount is the largest amount in wei: 2^120 − 1.
	maxAmount     = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxAmountBits), big.NewInt(1))
	amountPattern = regexp.MustCompile(`^[0-9]{1,60}(\.[0-9]{1,18})?$`)
	// weiPerMegaFLOPS converts an index in MFLOPS into GFL wei: 1 PFLOPS = 10^9 MFLOPS.
	weiPerMegaFLOPS = big.NewInt(1_000_000_000)
)

// ParseAmount reads a decimal token amount ("99", "0.25") into wei. More than 18 decimals is
// an error, not a rounding.
func ParseAmount(s string) (*big.Int, error) {
	s = strings.TrimSpace(s)
	if !amountPattern.MatchString(s) {
		return nil, fmt.Errorf("expected a token amount such as 100 or 0.25 (at most 18 decimals), got %q", s)
	}
	whole, frac, _ := strings.Cut(s, ".")
	frac += strings.Repeat("0", Decimals-len(frac))
	v, ok := new(big.Int).SetString(whole+frac, 10)
	if !ok {
		return nil, fmt.Errorf("expected a token amount, got %q", s)
	}
	if v.Cmp(maxAmount) > 0 {
		return nil, fmt.Errorf("amount %s is above the largest the contracts hold (%s)", s, FormatAmount(maxAmount))
	}
	return v, nil
}

// MaxAmount is the largest token amount in wei the contracts hold: 2^120 − 1.
func MaxAmount() *big.Int { return new(big.Int).Set(maxAmount) }

// MustAmount is ParseAmount for constants.
func MustAmount(s string) *big.Int {
	v, err := ParseAmount(s)
	if err != nil {
		panic(err)
	}
	return v
}

// FormatAmount writes wei as a decimal token amount with trailing zeros trimmed.
func FormatAmount(wei *big.Int) string {
	if wei == nil {
		return "0"
	}
	neg := wei.Sign() < 0
	abs := new(big.Int).Abs(wei)
	q, r := new(big.Int).QuoRem(abs, weiPerToken, new(big.Int))
	out := q.String()
	if r.Sign() != 0 {
		frac := fmt.Sprintf("%018s", r.String())
		out += "." + strings.TrimRight(frac, "0")
	}
	if neg {
		out = "-" + out
	}
	return out
}

// GFLFromMegaFLOPS converts computing power in MFLOPS into GFL wei (exact: 1 MFLOPS =
// 10^9 GFL wei).
func GFLFromMegaFLOPS(megaFLOPS uint64) *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(megaFLOPS), weiPerMegaFLOPS)
}

func checkAmount(what string, v *big.Int) error {
	if v == nil {
		return fmt.Errorf("%s is missing", what)
	}
	if v.Sign() < 0 {
		return fmt.Errorf("%s is negative (%s)", what, v)
	}
	if v.Cmp(maxAmount) > 0 {
		return fmt.Errorf("%s (%s wei) is above the largest amount the contracts hold (2^%d − 1 wei)", what, v, MaxAmountBits)
	}
	return nil
}

func clone(v *big.Int) *big.Int {
	if v == nil {
		return new(big.Int)
	}
	return new(big.Int).Set(v)
}
