package slurmbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/petagrid/petagrid/internal/sanitize"
)

// Slurm's JSON changes shape between releases without changing field names:
//   - 22.05 (openapi v0.0.38) prints plain integers and null for unset values;
//   - 23.02+ (data_parser v0.0.39+) prints many of them as {"set","infinite","number"};
//   - 23.11+ (v0.0.40+) turns state strings into arrays of flags.
// The types below accept every shape seen for a field and reject anything else, so one set of
// structs decodes all releases and a genuinely malformed document still fails loudly.

// flexInt is an integer that may be a JSON number, null, or a {set, infinite, number} object.
type flexInt struct {
	Set      bool // a value is present (false for null or {"set": false})
	Infinite bool // Slurm's INFINITE / UNLIMITED
	Value    int64
}

func (f *flexInt) UnmarshalJSON(data []byte) error {
	*f = flexInt{}
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		return nil
	case len(data) > 0 && data[0] == '{':
		var obj struct {
			Set      *bool           `json:"set"`
			Infinite *bool           `json:"infinite"`
			Number   json.RawMessage `json:"number"`
		}
		if err := json.Unmarshal(data, &obj); err != nil {
			return fmt.Errorf("number object: %w", err)
		}
		if obj.Set == nil && obj.Infinite == nil && obj.Number == nil {
			return fmt.Errorf("object %s is not a Slurm number {set, infinite, number}", truncate(string(data), 80))
		}
		if obj.Infinite != nil && *obj.Infinite {
			f.Infinite = true
			return nil
		}
		if obj.Set != nil && !*obj.Set {
			return nil
		}
		if obj.Number == nil {
			return nil
		}
		var inner flexInt
		if err := inner.UnmarshalJSON(obj.Number); err != nil || bytes.HasPrefix(bytes.TrimSpace(obj.Number), []byte("{")) {
			return fmt.Errorf("number object: bad number %s", truncate(string(obj.Number), 40))
		}
		f.Set, f.Value = inner.Set, inner.Value
		return nil
	default:
		// json.Number would also take "5"; a number turned string is a changed shape.
		var n json.Number
		if len(data) > 0 && data[0] == '"' {
			return fmt.Errorf("expected a number, null or {set, infinite, number}, got the string %s", truncate(string(data), 80))
		}
		if err := json.Unmarshal(data, &n); err != nil {
			return fmt.Errorf("expected a number, null or {set, infinite, number}, got %s", truncate(string(data), 80))
		}
		v, err := numberToInt(n)
		if err != nil {
			return err
		}
		f.Set, f.Value = true, v
		return nil
	}
}

func numberToInt(n json.Number) (int64, error) {
	if v, err := n.Int64(); err == nil {
		return v, nil
	}
	// Unsigned values above int64 (never meaningful for Slurm) and floats with a zero
	// fraction are accepted; anything else is not an integer.
	if u, err := strconv.ParseUint(string(n), 10, 64); err == nil {
		if u > math.MaxInt64 {
			return math.MaxInt64, nil
		}
		return int64(u), nil
	}
	fv, err := n.Float64()
	if err != nil || fv != math.Trunc(fv) || math.Abs(fv) > 1<<62 {
		return 0, fmt.Errorf("expected an integer, got %s", n)
	}
	return int64(fv), nil
}

// flexStrings is a list that Slurm prints either as one string (22.05 states, comma-separated
// features) or as an array of strings (23.11+). A single string is split on commas.
type flexStrings []string

func (f *flexStrings) UnmarshalJSON(data []byte) error {
	*f = nil
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		return nil
	}
	if len(data) > 0 && data[0] == '[' {
		var list []string
		if err := json.Unmarshal(data, &list); err != nil {
			return fmt.Errorf("expected a string or an array of strings: %w", err)
		}
		*f = list
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("expected a string or an array of strings, got %s", truncate(string(data), 80))
	}
	for _, part := range strings.Split(s, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*f = append(*f, part)
		}
	}
	return nil
}

// flexString is a string that an early data_parser printed as null.
type flexString string

func (f *flexString) UnmarshalJSON(data []byte) error {
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		*f = ""
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("expected a string, got %s", truncate(string(data), 80))
	}
	*f = flexString(s)
	return nil
}

// flexExitCode decodes every exit-code shape Slurm has printed:
//   - a plain integer or {set, infinite, number}: the raw wait(2) status (squeue 22.05, 23.02);
//   - {"status": "SUCCESS"|"ERROR"|"SIGNALED"|…, "return_code": N|null, "signal": {"signal_id": N}}
//     (sacct 22.05 and 23.02);
//   - the same with "status" as an array, "return_code" and "signal.id" as number objects (23.11+).
type flexExitCode struct {
	present bool
	status  ExitStatus
}

func (f *flexExitCode) UnmarshalJSON(data []byte) error {
	*f = flexExitCode{}
	data = bytes.TrimSpace(data)
	if bytes.Equal(data, []byte("null")) {
		return nil
	}
	if len(data) > 0 && data[0] == '{' {
		var probe map[string]json.RawMessage
		if err := json.Unmarshal(data, &probe); err != nil {
			return fmt.Errorf("exit code: %w", err)
		}
		if _, ok := probe["status"]; !ok {
			// A number object holding a raw wait status.
			var n flexInt
			if err := n.UnmarshalJSON(data); err != nil {
				return fmt.Errorf("exit code: %w", err)
			}
			if n.Set {
				f.present, f.status = true, waitStatus(n.Value)
			}
			return nil
		}
		var obj struct {
			Status     flexStrings `json:"status"`
			ReturnCode flexInt     `json:"return_code"`
			Signal     *struct {
				ID       *flexInt `json:"id"`
				SignalID *flexInt `json:"signal_id"`
				Name     string   `json:"name"`
			} `json:"signal"`
		}
		if err := json.Unmarshal(data, &obj); err != nil {
			return fmt.Errorf("exit code: %w", err)
		}
		st := ExitStatus{Code: int(obj.ReturnCode.Value)}
		if obj.Signal != nil {
			for _, id := range []*flexInt{obj.Signal.ID, obj.Signal.SignalID} {
				if id != nil && id.Set {
					st.Signal = int(id.Value)
				}
			}
		}
		for _, s := range obj.Status {
			switch s {
			case "PENDING", "INVALID":
				// No exit status yet (or none Slurm can express).
				return nil
			case "SIGNALED", "CORE_DUMPED":
				st.CoreDumped = st.CoreDumped || s == "CORE_DUMPED"
			case "SUCCESS", "ERROR":
			default:
				return fmt.Errorf("exit code: unknown status %q", s)
			}
		}
		f.present, f.status = true, st
		return nil
	}
	var n flexInt
	if err := n.UnmarshalJSON(data); err != nil {
		return fmt.Errorf("exit code: %w", err)
	}
	if n.Set {
		f.present, f.status = true, waitStatus(n.Value)
	}
	return nil
}

// waitStatus decodes a raw wait(2) status as slurmctld stores it.
func waitStatus(raw int64) ExitStatus {
	if raw < 0 || raw > math.MaxUint32 {
		return ExitStatus{Code: -1}
	}
	if raw == 0xFFFFFFFE || raw == 0xFFFFFFFF {
		// NO_VAL / INFINITE: not set (a running job in 23.02.0–.3).
		return ExitStatus{Code: -1}
	}
	sig := int(raw & 0x7f)
	if sig != 0 {
		return ExitStatus{Signal: sig, CoreDumped: raw&0x80 != 0}
	}
	return ExitStatus{Code: int((raw >> 8) & 0xff)}
}

func (f flexExitCode) ptr() *ExitStatus {
	if !f.present || f.status.Code < 0 {
		return nil
	}
	s := f.status
	return &s
}

// truncate is sanitize.Clip under the name this package's messages (and its tests) use.
func truncate(s string, n int) string { return sanitize.Clip(s, n) }
