package slurmbridge

import (
	"reflect"
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

func TestParseQOSLimits(t *testing.T) {
	for _, c := range []struct {
		text  string
		names []string
		want  map[string]qosLimit
	}{
		{"pgtest-lim|node=2|\n", []string{"pgtest-lim"}, map[string]qosLimit{"pgtest-lim": {nodes: 2}}},
		{"pgtest-deny|node=2|DenyOnLimit\n", []string{"pgtest-deny"}, map[string]qosLimit{"pgtest-deny": {nodes: 2, denyOnLimit: true}}},
		{"normal||\n", []string{"normal"}, map[string]qosLimit{"normal": {}}},
		{"tiny|cpu=1|DenyOnLimit,NoReserve\n", []string{"tiny"}, map[string]qosLimit{"tiny": {denyOnLimit: true}}},
		// Two QOSes in one answer, as sacctmgr gives them (by name, whatever the order asked).
		{"normal||\npgtest-x|node=2|DenyOnLimit,OverPartQOS\n", []string{"pgtest-x", "normal"},
			map[string]qosLimit{"normal": {}, "pgtest-x": {nodes: 2, denyOnLimit: true, overPartQOS: true}}},
		// A QOS that does not exist limits nothing.
		{"", []string{"normal"}, map[string]qosLimit{}},
		{"normal||\n", []string{"normal", "deleted"}, map[string]qosLimit{"normal": {}}},
	} {
		got, err := parseQOSLimits(c.text, c.names)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %+v %v, want %+v", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{"other|node=2|\n", "normal||\nnormal||\n", "normal|node=-1|\n", "normal|node=2\n",
		strings.Repeat("normal||\n", maxAccountingLines+1)} {
		if _, err := parseQOSLimits(bad, []string{"normal"}); err == nil {
			t.Errorf("%q read", truncate(bad, 60))
		}
	}
}

// TestNodeLimitByPrecedence: the cases measured on the three-host 22.05 cluster (and the
// precedence of the job's QOS over the association on 24.11 too), each job submitted to a
// partition of three nodes as the pool user, and what Slurm did with it.
func TestNodeLimitByPrecedence(t *testing.T) {
	for _, c := range []struct {
		name                 string
		assocNodes           int
		jobQOS, partitionQOS string
		limits               map[string]qosLimit
		want                 PerJobNodeLimit
	}{
		{"no partition QOS, the job's QOS sets none: the association's",
			2, "normal", "", map[string]qosLimit{"normal": {}}, PerJobNodeLimit{Nodes: 2, From: "association", QOS: "normal"}},
		{"the job's QOS over the association",
			1, "lim", "", map[string]qosLimit{"lim": {nodes: 3}}, PerJobNodeLimit{Nodes: 3, From: "qos lim", QOS: "lim"}},
		// A 3-node job held (QOSMaxNodePerJobLimit), a 2-node one ran.
		{"the partition's QOS",
			0, "normal", "part", map[string]qosLimit{"normal": {}, "part": {nodes: 2}}, PerJobNodeLimit{Nodes: 2, From: "qos part", QOS: "normal", PartitionQOS: "part"}},
		// A 2-node job under a job QOS of node=1 ran.
		{"the partition's QOS over the job's",
			0, "job1", "part", map[string]qosLimit{"job1": {nodes: 1}, "part": {nodes: 2}}, PerJobNodeLimit{Nodes: 2, From: "qos part", QOS: "job1", PartitionQOS: "part"}},
		// The same job held once job1 had OverPartQOS.
		{"the job's QOS first with OverPartQOS",
			0, "job1", "part", map[string]qosLimit{"job1": {nodes: 1, overPartQOS: true}, "part": {nodes: 2}}, PerJobNodeLimit{Nodes: 1, From: "qos job1", QOS: "job1", PartitionQOS: "part"}},
		{"OverPartQOS without a node limit: the partition's",
			0, "job1", "part", map[string]qosLimit{"job1": {overPartQOS: true}, "part": {nodes: 2}}, PerJobNodeLimit{Nodes: 2, From: "qos part", QOS: "job1", PartitionQOS: "part"}},
		// A 3-node job ran under a partition QOS of node=3 and an account MaxNodes=2.
		{"the partition's QOS over the association",
			2, "normal", "part", map[string]qosLimit{"normal": {}, "part": {nodes: 3}}, PerJobNodeLimit{Nodes: 3, From: "qos part", QOS: "normal", PartitionQOS: "part"}},
		// A 2-node job under a job QOS of node=1 was held while the partition's set none.
		{"a partition QOS without a node limit: the job's",
			0, "job1", "part", map[string]qosLimit{"job1": {nodes: 1}, "part": {}}, PerJobNodeLimit{Nodes: 1, From: "qos job1", QOS: "job1", PartitionQOS: "part"}},
		// sbatch refused a 3-node job: the partition QOS had node=2 and DenyOnLimit.
		{"DenyOnLimit on the partition's QOS",
			0, "normal", "part", map[string]qosLimit{"normal": {}, "part": {nodes: 2, denyOnLimit: true}}, PerJobNodeLimit{Nodes: 2, From: "qos part", QOS: "normal", PartitionQOS: "part", DenyOnLimit: true}},
		// sbatch refused a 2-node job over the partition QOS's node=1, its job QOS (node=3)
		// having DenyOnLimit: the flag of either applies to the limit that applies.
		{"DenyOnLimit on the job's QOS, the partition's limit",
			0, "job3", "part", map[string]qosLimit{"job3": {nodes: 3, denyOnLimit: true}, "part": {nodes: 1}}, PerJobNodeLimit{Nodes: 1, From: "qos part", QOS: "job3", PartitionQOS: "part", DenyOnLimit: true}},
		{"the partition's QOS is the job's",
			0, "lim", "lim", map[string]qosLimit{"lim": {nodes: 2}}, PerJobNodeLimit{Nodes: 2, From: "qos lim", QOS: "lim", PartitionQOS: "lim"}},
		{"QOSes that do not exist",
			0, "normal", "gone", map[string]qosLimit{}, PerJobNodeLimit{QOS: "normal", PartitionQOS: "gone"}},
	} {
		if got := nodeLimitByPrecedence(c.assocNodes, c.jobQOS, c.partitionQOS, c.limits); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
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

// TestPartitionQOSIsRead: scontrol's QoS= of a partition, N/A without one (as in the
// recorded 22.05 and 24.11 answers, which TestRecordedFixtures reads).
func TestPartitionQOSIsRead(t *testing.T) {
	text := "PartitionName=cpu AllowQos=ALL Default=YES QoS=N/A MaxNodes=UNLIMITED Nodes=n[1-3] State=UP TotalCPUs=12 TotalNodes=3\n" +
		"PartitionName=gpu AllowQos=ALL QoS=pgtest-part MaxNodes=UNLIMITED Nodes=n[1-3] State=UP TotalCPUs=12 TotalNodes=3\n"
	parts, err := parsePartitionsText("scontrol show partitions", []byte(text))
	if err != nil || len(parts) != 2 || parts[0].QOS != "" || parts[1].QOS != "pgtest-part" {
		t.Fatalf("%+v %v", parts, err)
	}
}
