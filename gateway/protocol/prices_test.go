package protocol

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
)

const dps = "000000000000000000" // 10^18 wei

// schedule is a site's price schedule: 2.5 DPS a Compute Hour by default, 4 at grade A and
// 1.5 at D, +10 % at reliability 1 and −25 % at 4, +5 % at energy X and −5 % at Z.
func schedule() Prices {
	return Prices{
		PerComputeHour:        "25" + dps[1:],
		PerComputeHourByGrade: map[string]string{"A": "4" + dps, "D": "15" + dps[1:]},
		ReliabilityFactorBps:  map[string]uint32{"1": 11_000, "4": 7_500},
		EnergyFactorBps:       map[string]uint32{"X": 10_500, "Z": 9_500},
	}
}

func TestPricesForGrades(t *testing.T) {
	for _, c := range []struct {
		perf   string
		rel    int
		energy string
		want   string
		basis  string
	}{
		{"A", 2, "Z", "38" + dps[1:], "grade A price × 0.95 (energy) at grades A2Z"},
		{"A", 1, "X", "462" + dps[2:], "grade A price × 1.1 (reliability) × 1.05 (energy) at grades A1X"},
		{"D", 4, "Y", "1125" + dps[3:], "grade D price × 0.75 (reliability) at grades D4Y"},
		// No row for B: the base price, with the factors that apply.
		{"B", 3, "", "25" + dps[1:], "base price at grades B3?"},
		// Nothing proven: the base price as it is.
		{"", 0, "", "25" + dps[1:], "base price"},
		{"?", 9, "W", "25" + dps[1:], "base price"},
	} {
		got, basis, err := schedule().ForGrades(c.perf, c.rel, c.energy)
		if err != nil || got.String() != c.want || basis.String() != c.basis {
			t.Errorf("%s%d%s: %v %q %v, want %s %q", c.perf, c.rel, c.energy, got, basis, err, c.want, c.basis)
		}
	}
	// Rounded down to the wei: 7 wei × 0.95 × 1.1 = 7.315 wei.
	p := Prices{PerComputeHour: "7", ReliabilityFactorBps: map[string]uint32{"1": 11_000}, EnergyFactorBps: map[string]uint32{"Z": 9_500}}
	if got, _, err := p.ForGrades("C", 1, "Z"); err != nil || got.Int64() != 7 {
		t.Errorf("rounding: %v %v, want 7 wei", got, err)
	}
	// A site that posts one price pays that price at any grade.
	one := Prices{PerComputeHour: "3" + dps}
	if got, basis, err := one.ForGrades("A", 1, "X"); err != nil || got.String() != "3"+dps || basis.Row != "" || basis.String() != "base price at grades A1X" {
		t.Errorf("one price: %v %q %v", got, basis, err)
	}
	if one.HasGradePrices() || !schedule().HasGradePrices() {
		t.Error("HasGradePrices")
	}
}

func TestPricesValidate(t *testing.T) {
	if err := schedule().Validate(); err != nil {
		t.Fatal(err)
	}
	forty := strings.Repeat("9", 40)
	for name, c := range map[string]struct {
		edit func(*Prices)
		want string
	}{
		"no base price":          {func(p *Prices) { p.PerComputeHour = "" }, "perComputeHourWei"},
		"a negative row":         {func(p *Prices) { p.PerComputeHourByGrade["B"] = "-1" }, "perComputeHourWeiByGrade.B"},
		"a grade E":              {func(p *Prices) { p.PerComputeHourByGrade["E"] = "1" }, `"E" is no performance grade`},
		"a lower-case grade":     {func(p *Prices) { p.PerComputeHourByGrade["a"] = "1" }, `"a" is no performance grade`},
		"a reliability grade 5":  {func(p *Prices) { p.ReliabilityFactorBps["5"] = 10_000 }, `"5" is not one of 1, 2, 3, 4`},
		"an energy grade W":      {func(p *Prices) { p.EnergyFactorBps["W"] = 10_000 }, `"W" is not one of X, Y, Z`},
		"a factor of 0":          {func(p *Prices) { p.EnergyFactorBps["Y"] = 0 }, "energyFactorBps.Y: 0 bps"},
		"a factor over × 2":      {func(p *Prices) { p.ReliabilityFactorBps["2"] = 20_001 }, "reliabilityFactorBps.2: 20001 bps"},
		"a price of 41 digits":   {func(p *Prices) { p.PerComputeHourByGrade["C"] = "1" + forty }, "perComputeHourWeiByGrade.C"},
		"a factor past 10^40":    {func(p *Prices) { p.PerComputeHour = forty }, "above 10^40 wei"},
		"a row past 10^40 × 1.1": {func(p *Prices) { p.PerComputeHourByGrade["B"] = "95" + strings.Repeat("0", 38) }, "above 10^40 wei"},
		"many rows": {func(p *Prices) {
			for i := range 100_000 {
				p.PerComputeHourByGrade[strings.Repeat("x", i%7)+string(rune('a'+i%26))+strconv.Itoa(i)] = "1"
			}
		}, "perComputeHourWeiByGrade: 100002 grades, at most 4"},
		"many factors": {func(p *Prices) {
			for i := range 1000 {
				p.EnergyFactorBps[strconv.Itoa(i)] = 1
			}
		}, "energyFactorBps: 1002 grades, at most 3"},
	} {
		p := schedule()
		c.edit(&p)
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error naming %q", name, err, c.want)
		}
	}
	// The largest schedule Validate passes prices below 10^40 at every grade.
	big40 := new(big.Int).Exp(big.NewInt(10), big.NewInt(40), nil)
	top := Prices{PerComputeHour: "4" + strings.Repeat("9", 39), ReliabilityFactorBps: map[string]uint32{"1": 20_000}, EnergyFactorBps: map[string]uint32{"X": 10_000}}
	if err := top.Validate(); err != nil {
		t.Fatal(err)
	}
	if got, _, err := top.ForGrades("A", 1, "X"); err != nil || got.Cmp(big40) >= 0 {
		t.Errorf("the dearest grade: %v %v", got, err)
	}
}

// A registration without a schedule reads and writes as before (a site of version 6 or
// less), and one with a schedule round-trips.
func TestPricesOnTheWire(t *testing.T) {
	var old Prices
	if err := json.Unmarshal([]byte(`{"perComputeHourWei":"5"}`), &old); err != nil || old.HasGradePrices() {
		t.Fatalf("%+v %v", old, err)
	}
	if out, _ := json.Marshal(old); string(out) != `{"perComputeHourWei":"5"}` {
		t.Errorf("a base price alone is written as %s", out)
	}
	out, _ := json.Marshal(schedule())
	var back Prices
	if err := json.Unmarshal(out, &back); err != nil || back.Validate() != nil || back.ReliabilityFactorBps["4"] != 7_500 || back.PerComputeHourByGrade["A"] != "4"+dps {
		t.Errorf("round trip of %s: %+v %v", out, back, err)
	}
}

func FuzzPricesForGrades(f *testing.F) {
	f.Add("1", "2", "3", uint32(10_000), uint32(10_000), "A", 1, "X")
	f.Add(strings.Repeat("9", 40), "1", "0", uint32(20_000), uint32(1), "B", 4, "Z")
	f.Fuzz(func(t *testing.T, base, rowA, rowD string, rel1, energyX uint32, perf string, rel int, energy string) {
		p := Prices{PerComputeHour: base, PerComputeHourByGrade: map[string]string{"A": rowA, "D": rowD},
			ReliabilityFactorBps: map[string]uint32{"1": rel1}, EnergyFactorBps: map[string]uint32{"X": energyX}}
		if p.Validate() != nil {
			return
		}
		got, _, err := p.ForGrades(perf, rel, energy)
		if err != nil {
			t.Fatalf("a valid schedule at %q %d %q: %v", perf, rel, energy, err)
		}
		if _, err := ParseWei(got.String()); err != nil || got.Sign() < 0 {
			t.Fatalf("price %s is not what ParseWei reads back: %v", got, err)
		}
	})
}
