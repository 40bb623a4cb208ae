package slurmbridge

import (
	"strings"
	"testing"
)

// The answers below are sacctmgr's, captured on Slurm 22.05.8 and 24.11.5 (the same on both)
// with an account MaxNodes=3 that the user's association inherits, and QOSes of
// MaxTRESPerJob=node=2 with and without DenyOnLimit.
func TestParseAssociationLimit(t *testing.T) {
	for _, c := range []struct {
		name, text, partition string
		nodes                 int
		qos                   string
	}{
		{"inherited", "|node=3|normal,pgtest-deny,pgtest-lim,tiny|pgtest-lim\n", "cpu", 3, "pgtest-lim"},
		{"none", "||normal,tiny|normal\n", "cpu", 0, "normal"},
		{"no default QOS, one allowed", "||normal|\n", "cpu", 0, "normal"},
		{"no default QOS, the one allowed", "||gold|\n", "cpu", 0, "gold"},
		{"no default QOS, several allowed", "||gold,silver|\n", "", 0, "normal"},
		{"no QOS at all", "|||\n", "", 0, "normal"},
		{"other TRES", "|cpu=8,node=4,gres/gpu=2|normal|normal\n", "cpu", 4, "normal"},
		{"a partition's own", "|node=3|normal|normal\ngpu|node=1|gpuqos|gpuqos\n", "gpu", 1, "gpuqos"},
		{"a partition's own, in sacctmgr's lower case", "|node=3|normal|normal\ngpu|node=1|gpuqos|gpuqos\n", "GPU", 1, "gpuqos"},
		{"another partition's", "gpu|node=1|gpuqos|gpuqos\n|node=3|normal|normal\n", "cpu", 3, "normal"},
	} {
		nodes, qos, err := parseAssociationLimit(c.text, c.partition)
		if err != nil || nodes != c.nodes || qos != c.qos {
			t.Errorf("%s: %d %q %v, want %d %q", c.name, nodes, qos, err, c.nodes, c.qos)
		}
	}
	for _, bad := range []string{"", "gpu|node=1|x|x\n", "|node=3|normal\n", "|node=x|normal|normal\n", "|node=0|normal|normal\n", "|node=3|normal|bad qos\n",
		"|node=3|bad qos|\n", "|node|normal|normal\n", strings.Repeat("|node=3|normal|normal\n", maxAccountingLines+1)} {
		if _, _, err := parseAssociationLimit(bad, "cpu"); err == nil {
			t.Errorf("%q read", truncate(bad, 60))
		}
	}
}

func TestParseQOSLimit(t *testing.T) {
	for _, c := range []struct {
		text, qos string
		nodes     int
		deny      bool
	}{
		{"pgtest-lim|node=2|\n", "pgtest-lim", 2, false},
		{"pgtest-deny|node=2|DenyOnLimit\n", "pgtest-deny", 2, true},
		{"normal||\n", "normal", 0, false},
		{"tiny|cpu=1|DenyOnLimit,NoReserve\n", "tiny", 0, true},
	} {
		nodes, deny, err := parseQOSLimit(c.text, c.qos)
		if err != nil || nodes != c.nodes || deny != c.deny {
			t.Errorf("%q: %d %v %v, want %d %v", c.text, nodes, deny, err, c.nodes, c.deny)
		}
	}
	if nodes, deny, err := parseQOSLimit("", "normal"); err != nil || nodes != 0 || deny {
		t.Errorf("a QOS that does not exist: %d %v %v", nodes, deny, err)
	}
	for _, bad := range []string{"other|node=2|\n", "normal||\nnormal||\n", "normal|node=-1|\n", "normal|node=2\n"} {
		if _, _, err := parseQOSLimit(bad, "normal"); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}

func TestParseDefaultAccount(t *testing.T) {
	if a, err := parseDefaultAccount("research\n"); err != nil || a != "research" {
		t.Fatalf("%q %v", a, err)
	}
	for _, bad := range []string{"", "\n", "a\nb\n", "bad name\n", "x|y\n"} {
		if _, err := parseDefaultAccount(bad); err == nil {
			t.Errorf("%q read", bad)
		}
	}
}
