package slurmbridge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
)

// Release is a Slurm version such as 22.05.8.
type Release struct {
	Major, Minor, Micro int
}

func (r Release) String() string {
	if r.IsZero() {
		return "unknown"
	}
	return fmt.Sprintf("%d.%02d.%d", r.Major, r.Minor, r.Micro)
}

// IsZero reports whether the release is unknown.
func (r Release) IsZero() bool { return r == Release{} }

// AtLeast reports whether r is major.minor or newer.
func (r Release) AtLeast(major, minor int) bool {
	return r.Major > major || (r.Major == major && r.Minor >= minor)
}

var releasePattern = regexp.MustCompile(`^(?:slurm(?:-wlm)?\s+)?(\d+)\.(\d+)(?:\.(\d+))?(?:[-.][0-9A-Za-z.-]*)?\s*$`)

// ParseRelease parses the output of `sinfo --version` ("slurm 23.11.4", "slurm-wlm 22.05.8")
// or a bare release string ("22.05.8").
func ParseRelease(s string) (Release, error) {
	m := releasePattern.FindStringSubmatch(string(bytes.TrimSpace([]byte(s))))
	if m == nil {
		return Release{}, fmt.Errorf("unrecognised Slurm version string %q", truncate(s, 80))
	}
	var r Release
	var err error
	if r.Major, err = strconv.Atoi(m[1]); err != nil {
		return Release{}, fmt.Errorf("Slurm major version %q: %w", m[1], err)
	}
	if r.Minor, err = strconv.Atoi(m[2]); err != nil {
		return Release{}, fmt.Errorf("Slurm minor version %q: %w", m[2], err)
	}
	if m[3] != "" {
		if r.Micro, err = strconv.Atoi(m[3]); err != nil {
			return Release{}, fmt.Errorf("Slurm micro version %q: %w", m[3], err)
		}
	}
	if r.Major < 17 || r.Major > 99 || r.Minor > 12 {
		return Release{}, fmt.Errorf("implausible Slurm version %q", truncate(s, 80))
	}
	return r, nil
}

// jsonMeta is the "meta" block every Slurm JSON document carries. The version block is
// "Slurm" with integers up to 23.02 and "slurm" with strings ("minor": "05") from 23.11.
type jsonMeta struct {
	Plugin struct {
		Type       string `json:"type"`
		DataParser string `json:"data_parser"`
	} `json:"plugin"`
	Plugins struct {
		DataParser string `json:"data_parser"`
	} `json:"plugins"`
	SlurmUpper *jsonSlurmVersion `json:"Slurm"`
	SlurmLower *jsonSlurmVersion `json:"slurm"`
}

type jsonSlurmVersion struct {
	Version struct {
		Major flexVersionPart `json:"major"`
		Minor flexVersionPart `json:"minor"`
		Micro flexVersionPart `json:"micro"`
	} `json:"version"`
	Release string `json:"release"`
}

// flexVersionPart is a version component printed as a number or as a string.
type flexVersionPart int

func (p *flexVersionPart) UnmarshalJSON(data []byte) error {
	var n int
	if err := json.Unmarshal(data, &n); err == nil {
		*p = flexVersionPart(n)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("version component: expected a number or a string, got %s", truncate(string(data), 40))
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("version component %q: %w", s, err)
	}
	*p = flexVersionPart(n)
	return nil
}

// release returns the Slurm release the document was produced by, if it says.
func (m jsonMeta) release() Release {
	v := m.SlurmUpper
	if v == nil {
		v = m.SlurmLower
	}
	if v == nil {
		return Release{}
	}
	if v.Release != "" {
		if r, err := ParseRelease(v.Release); err == nil {
			return r
		}
	}
	return Release{Major: int(v.Version.Major), Minor: int(v.Version.Minor), Micro: int(v.Version.Micro)}
}

// dataParser names the plugin that shaped the document: "openapi/dbv0.0.38",
// "data_parser/v0.0.39", …
func (m jsonMeta) dataParser() string {
	switch {
	case m.Plugin.DataParser != "":
		return m.Plugin.DataParser
	case m.Plugins.DataParser != "":
		return m.Plugins.DataParser
	default:
		return m.Plugin.Type
	}
}

// jsonError is an entry of the "errors" array of a Slurm JSON document.
type jsonError struct {
	Description string     `json:"description"`
	Error       flexString `json:"error"`
	ErrorNumber flexInt    `json:"error_number"`
	ErrorCode   flexInt    `json:"error_code"`
	Source      string     `json:"source"`
}

func (e jsonError) String() string {
	msg := e.Description
	if e.Error != "" {
		if msg != "" {
			msg += ": "
		}
		msg += string(e.Error)
	}
	if msg == "" {
		msg = "unspecified error"
	}
	return msg
}
