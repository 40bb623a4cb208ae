package fakeslurm

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/petagrid/petagrid/slurmbridge"
)

// resources are what one job (one array task) asks for.
type resources struct {
	nodes       int
	cpusPerNode int64
	memPerNode  int64 // MiB
	gpusPerNode int64
	gpuType     string // "" for any
}

// sbatchOptions reads the #SBATCH directives at the top of a script (sbatch stops at the
// first line that is neither a comment nor blank) and then the command line's options,
// which win: the last occurrence of an option counts.
func sbatchOptions(script []byte, cmdline []string) (map[string]string, error) {
	opts := map[string]string{}
	set := func(o string) error {
		if !strings.HasPrefix(o, "--") {
			return fmt.Errorf("option %q: fakeslurm models long options (--name or --name=value) only", o)
		}
		name, value, ok := strings.Cut(strings.TrimPrefix(o, "--"), "=")
		if !ok {
			// "#SBATCH --nodes 2"
			name, value, _ = strings.Cut(name, " ")
		}
		opts[name] = strings.TrimSpace(value)
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(script))
	sc.Buffer(make([]byte, 0, 64<<10), slurmbridge.MaxScriptBytes)
	first := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if first {
			first = false
			continue // the interpreter line
		}
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			break
		}
		rest, ok := strings.CutPrefix(line, "#SBATCH")
		if !ok {
			continue
		}
		if err := set(strings.TrimSpace(rest)); err != nil {
			return nil, err
		}
	}
	for _, o := range cmdline {
		if err := set(o); err != nil {
			return nil, err
		}
	}
	return opts, nil
}

// totalNodes is the nodes a job asks for, its heterogeneous components' summed (a component
// whose options do not read counts as none here; hetNeed refuses it).
func (c *cluster) totalNodes(req slurmbridge.SubmitRequest, first resources) int {
	total := first.nodes
	for _, options := range req.HetComponents {
		if opts, err := sbatchOptions(nil, options); err == nil {
			if r, refusal := resourcesOf(opts); refusal == nil {
				total += r.nodes
			}
		}
	}
	return total
}

// limitReason is why Slurm would never start a job (or a heterogeneous job's component) of
// nodes in part: over the partition's MaxNodes, or over the per-job limit of the QOS or
// association (Options.JobNodeLimit); "" within both.
func (c *cluster) limitReason(part slurmbridge.Partition, nodes int) string {
	switch lim := c.opts.JobNodeLimit; {
	case part.MaxNodes != nil && *part.MaxNodes > 0 && int64(nodes) > *part.MaxNodes:
		return "PartitionNodeLimit"
	case lim.Nodes > 0 && nodes > lim.Nodes && strings.HasPrefix(lim.From, "qos"):
		return "QOSMaxNodePerJobLimit"
	case lim.Nodes > 0 && nodes > lim.Nodes:
		return "AssocMaxNodePerJobLimit"
	}
	return ""
}

// hetNeed is what a heterogeneous job asks for as a whole: its components' nodes, each of
// the first component's shape. Modelled: components of one shape in one partition, each
// within the partition's MaxNodes and the per-job limit (Slurm checks each alone), started
// and ended together as one job. Not modelled, so a test error: components of other shapes
// or partitions, and one over a limit (real Slurm would leave the job pending for ever, as it
// does a plain job over one, which is modelled: PartitionNodeLimit and the others).
func (c *cluster) hetNeed(req slurmbridge.SubmitRequest, part slurmbridge.Partition, first resources) (resources, *slurmbridge.RefusalError) {
	notModelled := func(format string, args ...any) (resources, *slurmbridge.RefusalError) {
		err := fmt.Errorf(format, args...)
		c.t.Errorf("fakeslurm: submission %s: %v", req.Tag, err)
		return resources{}, &slurmbridge.RefusalError{Command: "sbatch", Reason: slurmbridge.ErrInvalidOption, Message: err.Error()}
	}
	if why := c.limitReason(part, first.nodes); why != "" {
		return notModelled("heterogeneous job component 0 of %d nodes is over a per-job limit (%s)", first.nodes, why)
	}
	total := first
	for i, options := range req.HetComponents {
		opts, err := sbatchOptions(nil, options)
		if err != nil {
			return notModelled("component %d: %v", i+1, err)
		}
		if p, ok := opts["partition"]; ok && p != part.Name {
			return notModelled("component %d in partition %s, not %s", i+1, p, part.Name)
		}
		r, refusal := resourcesOf(opts)
		if refusal != nil {
			return resources{}, refusal
		}
		if why := c.limitReason(part, r.nodes); why != "" {
			return notModelled("heterogeneous job component %d of %d nodes is over a per-job limit (%s)", i+1, r.nodes, why)
		}
		if r.cpusPerNode != first.cpusPerNode || r.memPerNode != first.memPerNode || r.gpusPerNode != first.gpusPerNode || r.gpuType != first.gpuType {
			return notModelled("component %d is of another shape than the first (%+v, %+v)", i+1, r, first)
		}
		total.nodes += r.nodes
	}
	return total, nil
}

// parseTimeLimit reads --time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS;
// "UNLIMITED" and "infinite" are no limit (zero).
func parseTimeLimit(s string) (time.Duration, error) {
	if s == "UNLIMITED" || s == "infinite" {
		return 0, nil
	}
	bad := fmt.Errorf("invalid --time specification %q", s)
	num := func(v string) (int64, bool) {
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil && n >= 0
	}
	var days int64
	if d, rest, ok := strings.Cut(s, "-"); ok {
		n, okNum := num(d)
		if !okNum {
			return 0, bad
		}
		days, s = n, rest
		parts := strings.Split(s, ":")
		if len(parts) > 3 {
			return 0, bad
		}
		var hms [3]int64
		for i, p := range parts {
			v, okNum := num(p)
			if !okNum {
				return 0, bad
			}
			hms[i] = v
		}
		return time.Duration(days*86400+hms[0]*3600+hms[1]*60+hms[2]) * time.Second, nil
	}
	parts := strings.Split(s, ":")
	vals := make([]int64, len(parts))
	for i, p := range parts {
		v, okNum := num(p)
		if !okNum {
			return 0, bad
		}
		vals[i] = v
	}
	switch len(vals) {
	case 1:
		return time.Duration(vals[0]) * time.Minute, nil
	case 2:
		return time.Duration(vals[0]*60+vals[1]) * time.Second, nil
	case 3:
		return time.Duration(vals[0]*3600+vals[1]*60+vals[2]) * time.Second, nil
	}
	return 0, bad
}

// parseMemoryMiB reads a size in Slurm's units (K, M, G, T; MiB without one), rounding
// kibibytes up to whole MiB.
func parseMemoryMiB(s string) (int64, error) {
	num, mult, div := s, int64(1), int64(1)
	if n := len(s); n > 0 {
		switch strings.ToUpper(s[n-1:]) {
		case "K":
			num, div = s[:n-1], 1024
		case "M":
			num = s[:n-1]
		case "G":
			num, mult = s[:n-1], 1024
		case "T":
			num, mult = s[:n-1], 1024*1024
		}
	}
	v, err := strconv.ParseInt(num, 10, 64)
	if err != nil || v < 0 || v > 1<<40 {
		return 0, fmt.Errorf("invalid memory specification %q", s)
	}
	return (v*mult + div - 1) / div, nil
}

// parseGPUs reads "[type:]count" (--gpus, --gpus-per-node, --gpus-per-task).
func parseGPUs(s string) (string, int64, error) {
	typ, count, ok := strings.Cut(s, ":")
	if !ok {
		typ, count = "", s
	}
	n, err := strconv.ParseInt(count, 10, 64)
	if err != nil || n < 0 {
		return "", 0, fmt.Errorf("invalid GPU count %q", s)
	}
	return typ, n, nil
}

// optionInt reads an integer option; "2-4" node ranges take their minimum.
func optionInt(opts map[string]string, name string, def int64) (int64, error) {
	v, ok := opts[name]
	if !ok {
		return def, nil
	}
	v, _, _ = strings.Cut(v, "-")
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("invalid --%s %q", name, opts[name])
	}
	return n, nil
}

// resourcesOf works out a job's per-node needs from its options.
func resourcesOf(opts map[string]string) (resources, *slurmbridge.RefusalError) {
	invalid := func(err error) *slurmbridge.RefusalError {
		return &slurmbridge.RefusalError{Command: "sbatch", Reason: slurmbridge.ErrInvalidOption, Message: err.Error()}
	}
	nodes, err := optionInt(opts, "nodes", 1)
	if err != nil {
		return resources{}, invalid(err)
	}
	perNode, err := optionInt(opts, "ntasks-per-node", 0)
	if err != nil {
		return resources{}, invalid(err)
	}
	tasks, err := optionInt(opts, "ntasks", max(perNode*nodes, nodes))
	if err != nil {
		return resources{}, invalid(err)
	}
	cpusPerTask, err := optionInt(opts, "cpus-per-task", 1)
	if err != nil {
		return resources{}, invalid(err)
	}
	r := resources{nodes: int(nodes), cpusPerNode: (tasks*cpusPerTask + nodes - 1) / nodes}
	var gpus int64
	gresRefusal := func(err error) *slurmbridge.RefusalError {
		return &slurmbridge.RefusalError{Command: "sbatch", Reason: slurmbridge.ErrInvalidGRES, Message: "Invalid generic resource (gres) specification: " + err.Error()}
	}
	switch {
	case opts["gpus"] != "":
		typ, n, err := parseGPUs(opts["gpus"])
		if err != nil {
			return resources{}, gresRefusal(err)
		}
		r.gpuType, gpus = typ, (n+nodes-1)/nodes
	case opts["gpus-per-node"] != "":
		typ, n, err := parseGPUs(opts["gpus-per-node"])
		if err != nil {
			return resources{}, gresRefusal(err)
		}
		r.gpuType, gpus = typ, n
	case opts["gpus-per-task"] != "":
		typ, n, err := parseGPUs(opts["gpus-per-task"])
		if err != nil {
			return resources{}, gresRefusal(err)
		}
		r.gpuType, gpus = typ, (n*tasks+nodes-1)/nodes
	case opts["gres"] != "":
		for _, item := range strings.Split(opts["gres"], ",") {
			item = strings.TrimPrefix(item, "gres/")
			name, rest, _ := strings.Cut(item, ":")
			if name != "gpu" {
				return resources{}, gresRefusal(fmt.Errorf("fakeslurm nodes have no %q", name))
			}
			typ, n, err := parseGPUs(rest)
			if err != nil {
				return resources{}, gresRefusal(err)
			}
			r.gpuType, gpus = typ, gpus+n
		}
	}
	r.gpusPerNode = gpus
	switch {
	case opts["mem"] != "":
		mem, err := parseMemoryMiB(opts["mem"])
		if err != nil {
			return resources{}, invalid(err)
		}
		r.memPerNode = mem
	case opts["mem-per-cpu"] != "":
		mem, err := parseMemoryMiB(opts["mem-per-cpu"])
		if err != nil {
			return resources{}, invalid(err)
		}
		r.memPerNode = mem * r.cpusPerNode
	case opts["mem-per-gpu"] != "":
		mem, err := parseMemoryMiB(opts["mem-per-gpu"])
		if err != nil {
			return resources{}, invalid(err)
		}
		r.memPerNode = mem * r.gpusPerNode
	}
	return r, nil
}

// arrayIndices expands --array ("0-9%2", "1,3,5-7", "0-15:4") into indices and a throttle.
func arrayIndices(spec string) ([]int, int, error) {
	throttle := 0
	if list, limit, ok := strings.Cut(spec, "%"); ok {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 {
			return nil, 0, fmt.Errorf("invalid array throttle %q", limit)
		}
		spec, throttle = list, n
	}
	seen := map[int]bool{}
	for _, part := range strings.Split(spec, ",") {
		rng, stepText, hasStep := strings.Cut(part, ":")
		lo, hi, isRange := strings.Cut(rng, "-")
		if !isRange {
			hi = lo
		}
		from, err1 := strconv.Atoi(lo)
		to, err2 := strconv.Atoi(hi)
		step := 1
		var err3 error
		if hasStep {
			step, err3 = strconv.Atoi(stepText)
		}
		if err1 != nil || err2 != nil || err3 != nil || from < 0 || to < from || step < 1 || to-from > 100_000 {
			return nil, 0, fmt.Errorf("invalid array specification %q", part)
		}
		for i := from; i <= to; i += step {
			seen[i] = true
		}
	}
	out := make([]int, 0, len(seen))
	for i := range seen {
		out = append(out, i)
	}
	sort.Ints(out)
	return out, throttle, nil
}

// Submit submits a batch script as this view's account, as slurmbridge.Bridge.Submit does,
// with its errors: a request the bridge would not send is refused before sbatch, a refusal
// is a *slurmbridge.RefusalError, and an unreachable controller or a lost answer matches
// slurmbridge.ErrSubmitOutcomeUnknown.
func (s *Slurm) Submit(ctx context.Context, req slurmbridge.SubmitRequest) (slurmbridge.SubmitResult, error) {
	if err := req.Validate(); err != nil {
		return slurmbridge.SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, err)
	}
	now, err := s.controllerCall(ctx, "sbatch")
	if err != nil {
		s.record("sbatch", "Submit", now, err)
		return slurmbridge.SubmitResult{}, fmt.Errorf("submission %s: %w: %w", req.Tag, slurmbridge.ErrSubmitOutcomeUnknown, err)
	}
	id, lost, refusal := s.c.submit(now, s.user, req)
	s.c.mu.Unlock()
	switch {
	case refusal != nil:
		// The bridge's observer sees the failed command, not its classification.
		s.record("sbatch", "Submit", now, &slurmbridge.CommandError{Command: "sbatch", ExitCode: 1, Stderr: "sbatch: error: Batch job submission failed: " + refusal.Message})
		return slurmbridge.SubmitResult{}, fmt.Errorf("submission %s: %w", req.Tag, refusal)
	case lost:
		err := &slurmbridge.TimeoutError{Command: "sbatch", Limit: commandTimeout}
		s.record("sbatch", "Submit", now, err)
		return slurmbridge.SubmitResult{}, fmt.Errorf("submission %s: %w: %w", req.Tag, slurmbridge.ErrSubmitOutcomeUnknown, err)
	}
	s.record("sbatch", "Submit", now, nil)
	return slurmbridge.SubmitResult{JobID: id}, nil
}

// submit checks a request as slurmctld does and queues the job; lost says the answer is to
// be lost. Called with the lock held.
func (c *cluster) submit(now time.Time, user string, req slurmbridge.SubmitRequest) (id uint32, lost bool, refusal *slurmbridge.RefusalError) {
	refuse := func(reason error, format string, args ...any) (uint32, bool, *slurmbridge.RefusalError) {
		return 0, false, &slurmbridge.RefusalError{Command: "sbatch", Reason: reason, Message: fmt.Sprintf(format, args...)}
	}
	cmdline := slices.Clone(req.Options)
	for _, field := range []struct{ name, value string }{{"partition", req.Partition}, {"dependency", req.Dependency}, {"array", req.Array}} {
		if field.value != "" {
			cmdline = append(cmdline, "--"+field.name+"="+field.value)
		}
	}
	opts, err := sbatchOptions(req.Script, cmdline)
	if err != nil {
		c.t.Errorf("fakeslurm: submission %s: %v", req.Tag, err)
		return refuse(slurmbridge.ErrInvalidOption, "%v", err)
	}
	j := &job{user: user, req: req, account: req.Account, submitted: now, held: req.Hold, requeueable: true,
		stdout: opts["output"], stderr: opts["error"]}
	if j.account == "" {
		j.account = "default"
	}
	if _, ok := opts["no-requeue"]; ok {
		j.requeueable = false
	}
	if v, ok := opts["kill-on-invalid-dep"]; ok {
		j.killOnInvalidDep = v != "no"
	}
	if _, ok := opts["hold"]; ok {
		j.held = true
	}
	part, ok := c.partition(opts["partition"])
	if !ok {
		return refuse(slurmbridge.ErrInvalidPartition, "Invalid partition name specified")
	}
	j.partition = part.Name
	if v, ok := opts["time"]; ok {
		if j.timeLimit, err = parseTimeLimit(v); err != nil {
			return refuse(slurmbridge.ErrInvalidTimeLimit, "Invalid --time specification")
		}
	} else if part.DefaultTimeMinutes != nil {
		j.timeLimit = time.Duration(*part.DefaultTimeMinutes) * time.Minute
	} else if part.MaxTimeMinutes != nil {
		j.timeLimit = time.Duration(*part.MaxTimeMinutes) * time.Minute
	}
	if part.MaxTimeMinutes != nil && (j.timeLimit == 0 || j.timeLimit > time.Duration(*part.MaxTimeMinutes)*time.Minute) {
		return refuse(slurmbridge.ErrInvalidTimeLimit, "Requested time limit is invalid (missing or exceeds some limit)")
	}
	need, refusal := resourcesOf(opts)
	if refusal != nil {
		return 0, false, refusal
	}
	if lim := c.opts.JobNodeLimit; lim.DenyOnLimit && lim.Nodes > 0 && c.totalNodes(req, need) > lim.Nodes {
		// Under DenyOnLimit Slurm refuses the job, a heterogeneous one by the sum of its
		// components (acct_policy_validate_het_job), before it looks at any one of them.
		return refuse(slurmbridge.ErrQOSLimit, "Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)")
	}
	if len(req.HetComponents) > 0 {
		if need, refusal = c.hetNeed(req, part, need); refusal != nil {
			return 0, false, refusal
		}
	} else {
		j.limitReason = c.limitReason(part, need.nodes)
	}
	j.need = need
	if msg := c.fits(part.Name, need); msg != "" {
		reason := slurmbridge.ErrUnavailableConfig
		if strings.HasPrefix(msg, "Invalid generic resource") {
			reason = slurmbridge.ErrInvalidGRES
		}
		return refuse(reason, "%s", msg)
	}
	indices := []int{-1}
	if spec := opts["array"]; spec != "" {
		if indices, j.throttle, err = arrayIndices(spec); err != nil {
			return refuse(slurmbridge.ErrInvalidOption, "%v", err)
		}
		j.array = true
	}
	if j.deps, err = parseDependency(opts["dependency"]); err != nil {
		if strings.Contains(err.Error(), "not modelled") {
			c.t.Errorf("fakeslurm: submission %s: %v", req.Tag, err)
		}
		return refuse(slurmbridge.ErrInvalidDependency, "Job dependency problem")
	}
	if j.deps != nil {
		for _, it := range j.deps.items {
			if target, _ := c.findJob(it.job); target == nil || target.id != it.job {
				return refuse(slurmbridge.ErrInvalidDependency, "Job dependency problem")
			}
		}
	}
	if c.refuse != nil {
		if r := c.refuse(req); r != nil {
			if !isRefusalReason(r.Reason) {
				c.t.Errorf("fakeslurm: RefuseSubmissions answered %v, which is not one of slurmbridge's refusal reasons", r.Reason)
			}
			if r.Command == "" {
				r.Command = "sbatch"
			}
			return 0, false, r
		}
	}
	j.id = c.nextID
	c.nextID++
	reason, eligible := "", now
	switch {
	case j.held:
		reason, eligible = "JobHeldUser", time.Time{}
	case j.deps != nil:
		reason, eligible = "Dependency", time.Time{}
	case j.limitReason != "":
		reason, eligible = j.limitReason, time.Time{}
	}
	for _, i := range indices {
		t := &task{index: i, runs: []*run{{submit: now, eligible: eligible, state: slurmbridge.StatePending, reason: reason, waitReason: reason}}}
		if !j.array {
			t.rawID = j.id
		}
		j.tasks = append(j.tasks, t)
	}
	c.jobs = append(c.jobs, j)
	// A dependency on jobs that have already ended is settled at once.
	c.advance(now)
	if c.loseAnswers > 0 {
		c.loseAnswers--
		return j.id, true, nil
	}
	return j.id, false, nil
}

// FindByTag is slurmbridge.Bridge.FindByTag: the view's own jobs named tag, from the
// controller and then from accounting since `since`, by their master ids.
func (s *Slurm) FindByTag(ctx context.Context, tag string, since time.Time) ([]uint32, error) {
	if err := slurmbridge.ValidateTag(tag); err != nil {
		return nil, err
	}
	ids := map[uint32]bool{}
	jobs, err := s.ListJobs(ctx, slurmbridge.JobQuery{Names: []string{tag}})
	if err != nil {
		return nil, fmt.Errorf("finding tag %s: %w", tag, err)
	}
	for _, j := range jobs {
		if j.User == s.user {
			ids[slurmbridge.MasterJobID(j.ID, j.ArrayJobID, j.HetJobID)] = true
		}
	}
	records, err := s.Accounting(ctx, slurmbridge.AccountingQuery{Start: since, End: s.c.now().Add(time.Minute), Names: []string{tag}, Users: []string{s.user}})
	if err != nil {
		return nil, fmt.Errorf("finding tag %s in accounting: %w", tag, err)
	}
	for _, r := range records {
		ids[slurmbridge.MasterJobID(r.JobID, r.ArrayJobID, r.HetJobID)] = true
	}
	out := make([]uint32, 0, len(ids))
	for id := range ids {
		out = append(out, id)
	}
	slices.Sort(out)
	return out, nil
}

var cancelSignals = map[string]bool{
	"HUP": true, "INT": true, "QUIT": true, "KILL": true, "USR1": true, "USR2": true,
	"TERM": true, "CONT": true, "STOP": true, "TSTP": true,
}

// Cancel is slurmbridge.Bridge.Cancel: scancel of a job (every task of an array, or one
// task by its own id), or a signal to it. An unknown or forgotten job gives
// slurmbridge.ErrJobNotFound, an ended one slurmbridge.ErrJobFinished, another account's
// job a permission refusal.
func (s *Slurm) Cancel(ctx context.Context, id uint32, signal string) error {
	if id == 0 {
		return fmt.Errorf("cancel: job id 0 is not a job")
	}
	if signal != "" {
		signal = strings.TrimPrefix(strings.ToUpper(signal), "SIG")
		if !cancelSignals[signal] {
			return fmt.Errorf("cancel job %d: signal %q is not one of HUP INT QUIT KILL USR1 USR2 TERM CONT STOP TSTP", id, signal)
		}
	}
	now, err := s.controllerCall(ctx, "scancel")
	if err != nil {
		s.record("scancel", "Cancel", now, err)
		return fmt.Errorf("cancel job %d: %w", id, err)
	}
	err = s.c.cancel(now, s.user, id, signal)
	s.c.mu.Unlock()
	s.record("scancel", "Cancel", now, nil) // scancel exits 0 even when it did nothing
	return err
}

// cancel carries out scancel; called with the lock held.
func (c *cluster) cancel(now time.Time, user string, id uint32, signal string) error {
	j, one := c.findJob(id)
	if j == nil {
		return fmt.Errorf("cancel job %d: %s: %w", id, "Invalid job id specified", slurmbridge.ErrJobNotFound)
	}
	if user != j.user && user != "root" && user != "slurm" {
		return &slurmbridge.RefusalError{Command: "scancel", Reason: slurmbridge.ErrPermissionDenied, Message: "Access/permission denied"}
	}
	targets := j.tasks
	if one != nil {
		targets = []*task{one}
	}
	live := 0
	for _, t := range targets {
		if !t.purged && !t.ended() {
			live++
		}
	}
	if live == 0 {
		return fmt.Errorf("cancel job %d: %s: %w", id, "Job/step already completing or completed", slurmbridge.ErrJobFinished)
	}
	if signal != "" {
		j.signals = append(j.signals, signal)
		return nil
	}
	for _, t := range targets {
		r := t.cur()
		switch {
		case r.state.Terminal():
		case r.state == slurmbridge.StatePending:
			c.endRun(t, now, slurmbridge.StateCancelled, "", slurmbridge.ExitStatus{})
		default:
			c.endRun(t, now, slurmbridge.StateCancelled, "", slurmbridge.ExitStatus{Signal: 15})
		}
	}
	if one == nil {
		// scancel of the whole job ends its wait for a dependency too.
		j.deps = nil
	}
	c.advance(now)
	return nil
}
