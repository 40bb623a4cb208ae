package slurmbridge

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// PerJobNodeLimit is the most nodes one job may hold under the accounting limits its jobs
// run with, in Slurm's precedence (its resource_limits page: the first that is set applies,
// not the smallest): the partition's QOS's MaxTRESPerJob node count, then the job's QOS's
// (the job's first when it has the OverPartQOS flag), then its association's (which
// carries what it inherits from the accounts above it: sacctmgr shows it on the user's
// association). Measured on 22.05: a partition QOS of node=2 holds a 3-node job
// (QOSMaxNodePerJobLimit) whatever the job's QOS, and lets a 2-node job run under a job
// QOS of node=1; with OverPartQOS the job's node=1 holds it.
type PerJobNodeLimit struct {
	// Nodes is the limit, 0 when none sets one.
	Nodes int
	// From names where it comes from: "qos NAME" (the job's or the partition's QOS) or
	// "association" ("" without a limit).
	From string
	// QOS is the QOS the job runs under: the association's default; without one, the one
	// QOS the association may use, else "normal" (Slurm's choice in job_mgr.c).
	QOS string
	// PartitionQOS is the partition's QOS in sacctmgr's lower case, "" without one.
	PartitionQOS string
	// DenyOnLimit: the job's or the partition's QOS refuses a job over any of these limits
	// at submission rather than holding it (measured: the flag on either QOS refuses a job
	// over the other's limit too); a heterogeneous job's components of one association are
	// then summed against it.
	DenyOnLimit bool
}

// accountingNamePattern is what sacctmgr accepts as a user, account or QOS name; anything
// else is refused before it reaches an argv, and is not trusted when it comes back.
var accountingNamePattern = regexp.MustCompile(`^[A-Za-z0-9_.@+-]{1,64}$`)

// maxAccountingLines bounds what the daemon reads of one sacctmgr answer: a user has a
// handful of associations on a cluster, one per account and partition.
const maxAccountingLines = 64

// JobNodeLimit reads the per-job node limit of a job that user submits to partition
// without naming an account or QOS: it runs in the user's default account, under that
// association's default QOS, and under the partition's QOS (Partition.QOS, as the
// controller lists it). A partition QOS whose name could not be Slurm's is left out, with a
// warning: the other limits still apply.
func (b *Bridge) JobNodeLimit(ctx context.Context, user string, partition Partition) (PerJobNodeLimit, error) {
	if !accountingNamePattern.MatchString(user) {
		return PerJobNodeLimit{}, fmt.Errorf("reading the per-job node limit: bad user name %q", truncate(user, 80))
	}
	// scontrol shows the partition's QOS as slurm.conf spells it; sacctmgr keeps QOS names
	// in lower case (measured: QOS=PgTest-Mixed shows as such, its QOS as pgtest-mixed).
	partitionQOS := strings.ToLower(partition.QOS)
	if partitionQOS != "" && !accountingNamePattern.MatchString(partitionQOS) {
		b.log.WithField("partition", truncate(partition.Name, 64)).WithField("qos", truncate(partition.QOS, 80)).
			Warn("the partition's QOS has a name sacctmgr cannot be asked about: its limits are left out")
		partitionQOS = ""
	}
	cluster, err := b.ClusterName(ctx)
	if err != nil {
		return PerJobNodeLimit{}, err
	}
	// The default account is per cluster: the user's on this one.
	res, err := b.run(ctx, invocation{name: "sacctmgr", args: []string{"-nP", "show", "user", "where", "name=" + user, "cluster=" + cluster, "format=DefaultAccount"}})
	if err != nil {
		return PerJobNodeLimit{}, fmt.Errorf("reading %s's default account: %w", user, err)
	}
	account, err := parseDefaultAccount(string(res.stdout))
	if err != nil {
		return PerJobNodeLimit{}, err
	}
	res, err = b.run(ctx, invocation{name: "sacctmgr", args: []string{"-nP", "show", "assoc", "where", "cluster=" + cluster, "user=" + user, "account=" + account,
		"format=Partition,MaxTRES,QOS,DefaultQOS"}})
	if err != nil {
		return PerJobNodeLimit{}, fmt.Errorf("reading the association of %s in %s: %w", user, account, err)
	}
	assocNodes, qos, err := parseAssociationLimit(string(res.stdout), partition.Name)
	if err != nil {
		return PerJobNodeLimit{}, err
	}
	names := []string{qos}
	if partitionQOS != "" && partitionQOS != qos {
		names = append(names, partitionQOS)
	}
	res, err = b.run(ctx, invocation{name: "sacctmgr", args: []string{"-nP", "show", "qos", "where", "name=" + strings.Join(names, ","), "format=Name,MaxTRES,Flags"}})
	if err != nil {
		return PerJobNodeLimit{}, fmt.Errorf("reading QOS %s: %w", strings.Join(names, " and "), err)
	}
	limits, err := parseQOSLimits(string(res.stdout), names)
	if err != nil {
		return PerJobNodeLimit{}, err
	}
	return nodeLimitByPrecedence(assocNodes, qos, partitionQOS, limits), nil
}

// nodeLimitByPrecedence applies Slurm's precedence to the limits read: the partition's QOS,
// the job's QOS (these two swapped when the job's has OverPartQOS), the association; the
// first that sets a node count applies. A QOS of the same name as the partition's counts
// once, as the job's.
func nodeLimitByPrecedence(assocNodes int, jobQOS, partitionQOS string, limits map[string]qosLimit) PerJobNodeLimit {
	out := PerJobNodeLimit{QOS: jobQOS, PartitionQOS: partitionQOS}
	order := []string{jobQOS}
	if partitionQOS != "" && partitionQOS != jobQOS {
		if limits[jobQOS].overPartQOS {
			order = append(order, partitionQOS)
		} else {
			order = []string{partitionQOS, jobQOS}
		}
	}
	for _, name := range order {
		l := limits[name]
		out.DenyOnLimit = out.DenyOnLimit || l.denyOnLimit
		if out.Nodes == 0 && l.nodes > 0 {
			out.Nodes, out.From = l.nodes, "qos "+name
		}
	}
	if out.Nodes == 0 && assocNodes > 0 {
		out.Nodes, out.From = assocNodes, "association"
	}
	return out
}

// accountingLines splits sacctmgr's -nP answer into its lines of fields, each line with
// exactly fields fields.
func accountingLines(text, command string, fields int) ([][]string, error) {
	var out [][]string
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if line == "" {
			continue
		}
		if len(out) == maxAccountingLines {
			return nil, &ParseError{Command: command, What: "answer", Err: fmt.Errorf("more than %d lines", maxAccountingLines)}
		}
		f := strings.Split(line, "|")
		if len(f) != fields {
			return nil, &ParseError{Command: command, What: "line", Err: fmt.Errorf("%d fields, want %d: %q", len(f), fields, truncate(line, 120))}
		}
		out = append(out, f)
	}
	return out, nil
}

func parseDefaultAccount(text string) (string, error) {
	const command = "sacctmgr show user"
	lines, err := accountingLines(text, command, 1)
	if err != nil {
		return "", err
	}
	if len(lines) != 1 || !accountingNamePattern.MatchString(lines[0][0]) {
		return "", &ParseError{Command: command, What: "DefaultAccount", Err: fmt.Errorf("want one account name, got %d line(s)", len(lines))}
	}
	return lines[0][0], nil
}

// parseAssociationLimit reads the association's per-job node limit and the QOS its jobs
// run under from lines of Partition|MaxTRES|QOS|DefaultQOS: the line of the partition where
// there is one (sacctmgr lowercases partition names; Slurm matches them without case),
// else the line for every partition. The QOS is the default one; without a default, the
// one QOS the association may use, else "normal", as slurmctld chooses.
func parseAssociationLimit(text, partition string) (nodes int, qos string, err error) {
	const command = "sacctmgr show assoc"
	lines, err := accountingLines(text, command, 4)
	if err != nil {
		return 0, "", err
	}
	var chosen []string
	for _, f := range lines {
		if partition != "" && strings.EqualFold(f[0], partition) {
			chosen = f
			break
		}
		if f[0] == "" {
			chosen = f
		}
	}
	if chosen == nil {
		return 0, "", &ParseError{Command: command, What: "association", Err: fmt.Errorf("no association for partition %q or for every partition", truncate(partition, 64))}
	}
	if nodes, err = tresNodes(chosen[1]); err != nil {
		return 0, "", &ParseError{Command: command, What: "MaxTRES", Err: err}
	}
	qos = chosen[3]
	if allowed := strings.Split(chosen[2], ","); qos == "" && len(allowed) == 1 && allowed[0] != "" {
		qos = allowed[0]
	}
	if qos == "" {
		qos = "normal"
	}
	if !accountingNamePattern.MatchString(qos) {
		return 0, "", &ParseError{Command: command, What: "DefaultQOS", Err: fmt.Errorf("bad QOS name %q", truncate(qos, 80))}
	}
	return nodes, qos, nil
}

// qosLimit is what one QOS sets of the per-job node limit.
type qosLimit struct {
	nodes       int
	denyOnLimit bool
	overPartQOS bool
}

// parseQOSLimits reads the per-job node limits and flags of the QOSes named from their lines
// of Name|MaxTRES|Flags. A QOS that does not exist (no line: "normal" deleted, say) limits
// nothing; a line of a QOS not asked for, or a QOS twice, is an error.
func parseQOSLimits(text string, names []string) (map[string]qosLimit, error) {
	const command = "sacctmgr show qos"
	lines, err := accountingLines(text, command, 3)
	if err != nil {
		return nil, err
	}
	out := make(map[string]qosLimit, len(names))
	for _, f := range lines {
		name := f[0]
		if !slices.Contains(names, name) {
			return nil, &ParseError{Command: command, What: "QOS", Err: fmt.Errorf("a line for %q, which was not asked for", truncate(name, 80))}
		}
		if _, twice := out[name]; twice {
			return nil, &ParseError{Command: command, What: "QOS " + name, Err: errors.New("two lines")}
		}
		var l qosLimit
		if l.nodes, err = tresNodes(f[1]); err != nil {
			return nil, &ParseError{Command: command, What: "MaxTRES of QOS " + name, Err: err}
		}
		for _, flag := range strings.Split(f[2], ",") {
			l.denyOnLimit = l.denyOnLimit || flag == "DenyOnLimit"
			l.overPartQOS = l.overPartQOS || flag == "OverPartQOS"
		}
		out[name] = l
	}
	return out, nil
}

// tresNodes is the node count of a TRES list ("cpu=4,node=2"), 0 when it has none.
func tresNodes(list string) (int, error) {
	if list == "" {
		return 0, nil
	}
	for _, item := range strings.Split(list, ",") {
		key, value, ok := strings.Cut(item, "=")
		if !ok {
			return 0, fmt.Errorf("%q is not TRES=count", truncate(item, 60))
		}
		if key != "node" {
			continue
		}
		n, err := strconv.Atoi(value)
		if err != nil || n <= 0 || n > 1<<20 {
			return 0, fmt.Errorf("node count %q", truncate(value, 20))
		}
		return n, nil
	}
	return 0, nil
}
