package challenge

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestValuesJSON(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Values
	}{
		{`[]`, Values{}},
		{` [ 1 , -2,3 ] `, Values{1, -2, 3}},
		{"[\n\t0,\r\n-0]", Values{0, 0}},
		{`[2147483647,-2147483648]`, Values{2147483647, -2147483648}},
	} {
		var v Values
		if err := json.Unmarshal([]byte(tc.in), &v); err != nil || !slices.Equal(v, tc.want) {
			t.Errorf("%s: %v, %v; want %v", tc.in, v, err, tc.want)
		}
	}
	v := Values{7}
	if err := json.Unmarshal([]byte(`null`), &v); err != nil || !slices.Equal(v, Values{7}) {
		t.Errorf("null changed the values to %v (%v)", v, err)
	}
	sixtyFive := "[" + strings.TrimSuffix(strings.Repeat("1,", 65), ",") + "]"
	for _, in := range []string{`[1.0]`, `[1e3]`, `[01]`, `[2147483648]`, `[-2147483649]`, `[99999999999999999999]`,
		`["1"]`, `[1,]`, `[,1]`, `[1 2]`, `{}`, `"x"`, `[[1]]`, `[-]`, `[1]x`, sixtyFive} {
		var v Values
		if err := v.UnmarshalJSON([]byte(in)); err == nil {
			t.Errorf("%s accepted as %v", in, v)
		}
	}
	if err := (&Values{}).UnmarshalJSON([]byte(sixtyFive)); err == nil || !strings.Contains(err.Error(), "more than 64") {
		t.Errorf("65 values: %v", err)
	}
}
