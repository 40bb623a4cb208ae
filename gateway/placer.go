package gateway

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/petagrid/petagrid/gateway/gatewayapi"
	"github.com/petagrid/petagrid/gateway/placement"
	"github.com/petagrid/petagrid/gateway/protocol"
	"github.com/petagrid/petagrid/gateway/store"
	"github.com/petagrid/petagrid/tokenomics"
	"github.com/petagrid/petagrid/workflows"
)

// placer places queued jobs on sites, routes each site its jobs and cancels when it polls,
// and places the unsubmitted work of sites that went silent elsewhere.
type placer struct {
	store  *store.Store
	policy placement.Policy
	cfg    PlacementConfig
	// offlineAfter: a site silent this long gets no new work, and loses its unsubmitted work.
	offlineAfter time.Duration
	// referenceMegaFLOPS is the Compute Hour's reference device (the catalog's); catalog
	// grades the sites' energy efficiency for their prices.
	referenceMegaFLOPS uint64
	catalog            *tokenomics.Catalog
	wake               *wakeups
	cancels            *cancelTracker
	// auctionsSent paces the auctions that end a site's held poll (auctionDeliveries).
	auctionsSent *auctionDeliveries
	log          logrus.FieldLogger
	now          func() time.Time
	metrics      *metrics
	// random draws the operator each replica goes to (crypto/rand.Reader; tests replace it).
	random io.Reader
}

// Run places queued jobs every few seconds, and at once when woken, until ctx ends.
func (p *placer) Run(ctx context.Context) {
	every(ctx, 2*time.Second, p.wake.placerWake(), func(ctx context.Context) {
		jobs, err := p.store.QueuedJobs(ctx, 200)
		if err != nil {
			if ctx.Err() == nil {
				p.log.WithError(err).Warn("placer: listing queued jobs")
			}
			return
		}
		for _, j := range jobs {
			if ctx.Err() != nil {
				return
			}
			p.Place(ctx, j)
		}
	})
}

// Place tries to place a queued job now: it ends the job if it was cancelled, waited too
// long or cannot be read any more; otherwise the policy picks a site among the feasible
// ones (for a replica, among the sites of an operator drawn at random: drawReplicaSite),
// or the job waits and the reason is noted.
func (p *placer) Place(ctx context.Context, j gatewayapi.Job) {
	log := p.log.WithField("job", j.ID)
	if j.State != store.Queued {
		return
	}
	if j.CancelRequested {
		// Cancelled while a site had it, then back in the queue: it ends here, at no cost
		// (with its auction, if one is open).
		if _, err := p.store.RequestCancel(ctx, j.ID); err != nil {
			log.WithError(err).Warn("ending a cancelled job")
		}
		p.metrics.placement(placementCancelled)
		return
	}
	ask, ok := p.askOrAbandon(ctx, j, log)
	if !ok {
		p.metrics.placement(placementAbandoned)
		return
	}
	exclude, err := p.store.Exclusions(ctx, j.ID)
	var operatorOf map[string]string
	if err == nil && j.Replica != nil {
		var late bool
		if operatorOf, late, err = p.excludeForReplica(ctx, j, exclude, log); late {
			p.metrics.placement(placementAbandoned)
			return
		}
	}
	if err == nil && ask.placementBlock {
		exclude, _, err = p.excludeTooOld(ctx, exclude, ask)
	}
	if err != nil {
		log.WithError(err).Warn("placer")
		p.metrics.placement(placementError)
		return
	}
	if ask.auctionWindow > 0 {
		if outcome := p.placeByAuction(ctx, j, ask, exclude, log); outcome != "" {
			p.metrics.placement(outcome)
		}
		return
	}
	sites, err := p.candidateSites(ctx, exclude, false)
	if err != nil {
		log.WithError(err).Warn("placer")
		p.metrics.placement(placementError)
		return
	}
	maxCost, err := replicaBudget(j)
	if err != nil {
		log.WithError(err).Error("placer: the job's budget")
		p.metrics.placement(placementError)
		return
	}
	decision, err := placement.Place(ctx, p.policy, p.request(j.ID, ask, maxCost), sites)
	if err != nil {
		p.wait(ctx, j, err, exclude, log)
		p.metrics.placement(placementNoSite)
		return
	}
	chosen, how := decision.Chosen, fmt.Sprintf("%d of %d feasible sites", 1, len(decision.Ranked))
	if j.Replica != nil {
		var operators int
		if chosen, operators, err = drawReplicaSite(p.random, decision.Ranked, operatorOf); err != nil {
			log.WithError(err).Warn("placer: drawing a replica's operator")
			p.metrics.placement(placementError)
			return
		}
		noun := "operators"
		if operators == 1 {
			noun = "operator"
		}
		how = fmt.Sprintf("its operator drawn at random among %d %s (%d feasible sites)", operators, noun, len(decision.Ranked))
	}
	p.metrics.placement(p.assign(ctx, j, chosen, how, sites, ask.needs, log))
}

// drawReplicaSite picks a replica's site: an operator drawn uniformly at random among the
// operators of the feasible sites, then that operator's site the policy ranked first.
//
// Why not the policy's first site, as for any other job: the policy ranks the cheapest
// first, so an operator could price its sites to win every replica it wants, and two
// colluding operators priced lowest would capture a group of three and its vote (and every
// rerun after an honest replica failed). A draw makes capture cost a share of the approved,
// staked operators instead; drawing operators rather than sites keeps one operator's many
// sites from weighing more. The price is still bounded: every feasible site runs the
// replica within its share of the budget, so a researcher who wants cheaper replicas sets a
// lower budget, which leaves fewer (cheaper) operators to draw from.
func drawReplicaSite(random io.Reader, ranked []placement.Candidate, operatorOf map[string]string) (placement.Candidate, int, error) {
	var operators []string
	first := map[string]int{} // operator → index in ranked of its best site
	for i, c := range ranked {
		op := operatorOf[c.Site]
		if op == "" {
			// Approved after excludeForReplica read the sites: its operator was not checked
			// against the group's, so it is not drawn now (the next pass reads it).
			continue
		}
		if _, seen := first[op]; !seen {
			first[op] = i
			operators = append(operators, op)
		}
	}
	if len(operators) == 0 {
		return placement.Candidate{}, 0, errors.New("no feasible site whose operator was checked against the group's")
	}
	n, err := rand.Int(random, big.NewInt(int64(len(operators))))
	if err != nil {
		return placement.Candidate{}, 0, fmt.Errorf("drawing one of %d operators: %w", len(operators), err)
	}
	return ranked[first[operators[n.Int64()]]], len(operators), nil
}

// excludeForReplica adds to exclude the sites a replica must not go to: those whose
// operator runs another replica of its group, and those that do not report outputs digests
// (protocol 4), without which the replica could not vote. It returns each site's operator.
// A rerun still without a site rerunPlacementGrace past its group's rerun_by is abandoned
// instead (late true): the researcher's signature may expire before a site accepts it,
// and the vote's deadline leaves it too little time to run.
func (p *placer) excludeForReplica(ctx context.Context, j gatewayapi.Job, exclude map[string]string, log logrus.FieldLogger) (operatorOf map[string]string, late bool, err error) {
	g, err := p.store.ReplicaGroup(ctx, j.Replica.Group)
	if err != nil {
		return nil, false, err
	}
	if j.Replica.Replaces != "" && g.RerunBy != nil && p.now().After(g.RerunBy.Add(rerunPlacementGrace)) {
		reason := fmt.Sprintf("the rerun of %s found no site within %s of its group's last time for reruns (%s)", j.Replica.Replaces, rerunPlacementGrace, g.RerunBy.UTC().Format(time.RFC3339))
		if err := p.store.Abandon(ctx, j.ID, reason); err != nil {
			return nil, false, err
		}
		log.WithField("reason", reason).Warn("rerun abandoned")
		return nil, true, nil
	}
	sites, err := p.store.Sites(ctx)
	if err != nil {
		return nil, false, err
	}
	operatorOf = make(map[string]string, len(sites))
	for _, s := range sites {
		operatorOf[s.Name] = s.Operator
	}
	taken := map[string]string{}
	for _, m := range g.Members {
		if m.Job != j.ID && m.Site != "" {
			taken[operatorOf[m.Site]] = m.Job
		}
	}
	for _, s := range sites {
		if why := replicaUnfit(s); why != "" {
			exclude[s.Name] = why
		} else if other, ok := taken[s.Operator]; ok {
			exclude[s.Name] = "its operator runs replica " + other
		}
	}
	return operatorOf, false, nil
}

// replicaUnfit says why a site may run no replica ("" when it may): it must report outputs
// digests (protocol 4), and an approval must have named its operator, since replicas are
// counted by operator and a site without one may be any operator's.
func replicaUnfit(s gatewayapi.Site) string {
	switch {
	case s.Operator == "":
		return "no operator was named at its approval (petagrid gateway providers approve --operator)"
	case s.Protocol < replicaProtocol:
		return fmt.Sprintf("it speaks protocol %d; replicas need %d (outputs digests)", s.Protocol, replicaProtocol)
	}
	return ""
}

// jobAsk is what a job asks of placement, read from its workflow.
type jobAsk struct {
	needs []placement.StepNeed
	// floor is the worst grade of each kind a site may have (placement.grades).
	floor placement.GradeFloor
	// placementBlock: the workflow has a placement mapping, which a site older than
	// workflowPlacementProtocol cannot read.
	placementBlock bool
	// auctionWindow is the bidding window of a workflow in auction mode (0: posted prices).
	auctionWindow time.Duration
	// placementMode: the placement mapping names a mode (posted or auction), which a site
	// older than auctionProtocol refuses as an unknown field.
	placementMode bool
}

// minProtocol is the oldest site protocol that can take the job, and what the newer one
// brings that it needs (0 and "": any).
func (a jobAsk) minProtocol() (int, string) {
	switch {
	case a.auctionWindow > 0:
		return auctionProtocol, "bid in the auction the workflow's placement asks for"
	case a.placementMode:
		return auctionProtocol, "read the workflow's placement mode"
	case a.placementBlock:
		return workflowPlacementProtocol, "read the workflow's placement"
	}
	return 0, ""
}

// maxExclusionsNoted is how many excluded sites a waiting job's note names.
const maxExclusionsNoted = 10

// workflowPlacementProtocol is the first site protocol whose workflow parser reads
// placement (protocol.Version 8): an older site refuses a workflow that has it, as a field
// it does not know.
const workflowPlacementProtocol = 8

// askOf reads what a parsed workflow asks of placement.
func askOf(wf *workflows.Workflow) (jobAsk, error) {
	needs, err := placement.NeedsOf(wf)
	if err != nil {
		return jobAsk{}, err
	}
	ask := jobAsk{needs: needs, floor: placement.GradeFloorOf(wf), placementBlock: wf.Placement != nil}
	if wf.Placement.Auction() {
		ask.auctionWindow = time.Duration(wf.Placement.WindowSeconds) * time.Second
	}
	ask.placementMode = wf.Placement != nil && wf.Placement.ModeAt.Line > 0
	return ask, nil
}

// askOrAbandon is what the job asks of placement; a job that waited or was placed too often,
// or whose workflow no longer reads, is abandoned instead (ok false).
func (p *placer) askOrAbandon(ctx context.Context, j gatewayapi.Job, log logrus.FieldLogger) (jobAsk, bool) {
	if p.now().Sub(j.CreatedAt) > p.cfg.MaxQueueTime || j.Placements >= p.cfg.MaxPlacements {
		reason := fmt.Sprintf("no site took the job after %d placement(s) in %s: %s", j.Placements, p.now().Sub(j.CreatedAt).Round(time.Second), j.Placement)
		if err := p.store.Abandon(ctx, j.ID, reason); err != nil {
			log.WithError(err).Warn("abandoning a job")
		}
		log.WithField("reason", reason).Warn("job abandoned")
		return jobAsk{}, false
	}
	wf, err := workflows.Parse(j.SourceName, j.Source)
	if err != nil {
		_ = p.store.Abandon(ctx, j.ID, "the workflow no longer parses: "+err.Error())
		return jobAsk{}, false
	}
	ask, err := askOf(wf)
	if err != nil {
		_ = p.store.Abandon(ctx, j.ID, "the workflow's resources: "+err.Error())
		return jobAsk{}, false
	}
	return ask, true
}

// excludeTooOld adds to exclude (a new map when nil) every site too old for what the job
// asks (ask.minProtocol: a workflow's placement, an auction), whatever its status (one
// approved after this read is still kept out), and says how many approved ones it added.
func (p *placer) excludeTooOld(ctx context.Context, exclude map[string]string, ask jobAsk) (map[string]string, int, error) {
	need, what := ask.minProtocol()
	all, err := p.store.Sites(ctx)
	if err != nil {
		return exclude, 0, err
	}
	if exclude == nil {
		exclude = map[string]string{}
	}
	n := 0
	for _, s := range all {
		if _, ok := exclude[s.Name]; ok || s.Protocol >= need {
			continue
		}
		exclude[s.Name] = fmt.Sprintf("it speaks protocol %d; to %s a site needs %d", s.Protocol, what, need)
		if s.Protocol == 0 {
			exclude[s.Name] = fmt.Sprintf("it has not said its protocol version; to %s a site needs %d", what, need)
		}
		if s.Status == store.SiteApproved {
			n++
		}
	}
	return exclude, n, nil
}

// withOldSites adds to a refusal the approved sites left out for being too old for what
// the job asks (on a line of its own, or as the reason when no site was looked at).
func withOldSites(nofit *placement.NoFitError, tooOld int, ask jobAsk) string {
	if tooOld == 0 {
		return nofit.Error()
	}
	need, what := ask.minProtocol()
	old := fmt.Sprintf("%d approved site(s) speak a protocol older than %d, which cannot %s", tooOld, need, what)
	if len(nofit.Rejections) == 0 {
		return "no site can run the job: " + old
	}
	return nofit.Error() + "\n  (" + old + ")"
}

// sitesWithReasons lists sites with their reasons, "site (reason), …": in name order, so
// that a note (and its log line) changes only when the reasons do; the first ten, so that it
// stays short on a large grid.
func sitesWithReasons(reasons map[string]string) string {
	names := make([]string, 0, len(reasons))
	for s := range reasons {
		names = append(names, s)
	}
	sort.Strings(names)
	var parts []string
	for _, s := range names[:min(len(names), maxExclusionsNoted)] {
		parts = append(parts, s+" ("+reasons[s]+")")
	}
	if len(names) > maxExclusionsNoted {
		parts = append(parts, fmt.Sprintf("and %d more", len(names)-maxExclusionsNoted))
	}
	return strings.Join(parts, ", ")
}

// wait notes why no site takes the job now (logged when the reason changes).
func (p *placer) wait(ctx context.Context, j gatewayapi.Job, why error, exclude map[string]string, log logrus.FieldLogger) {
	msg := why.Error()
	if len(exclude) > 0 {
		msg += "; excluded: " + sitesWithReasons(exclude)
	}
	if msg != j.Placement {
		log.WithField("why", msg).Info("job waits for a site")
	}
	if err := p.store.NotePlacement(ctx, j.ID, msg); err != nil {
		log.WithError(err).Warn("placer")
	}
}

// assign gives the job to the chosen site (how says how it was chosen), with the site's
// price and the job's worst case there, and wakes the site's poll. It returns the
// placement's outcome.
func (p *placer) assign(ctx context.Context, j gatewayapi.Job, c placement.Candidate, how string, sites []placement.Site, needs []placement.StepNeed, log logrus.FieldLogger) string {
	var price, basis string
	for _, s := range sites {
		if s.Name == c.Site {
			price, basis = s.PricePerComputeHourWei.String(), s.PriceBasis
			if basis != "" {
				how += fmt.Sprintf("; %s DPS a Compute Hour: %s", tokenomics.FormatAmount(s.PricePerComputeHourWei), basis)
			}
		}
	}
	worst, err := worstCaseOf(c, needs)
	if err != nil {
		log.WithError(err).Error("placer: the placement's worst case does not fit the job")
		return placementError
	}
	why := fmt.Sprintf("placed on %s (worst-case %s DPS, %s)", c.Site, tokenomics.FormatAmount(c.CostWei), how)
	if err := p.store.Assign(ctx, j.ID, c.Site, why, price, worst); err != nil {
		log.WithError(err).Warn("placer: assigning")
		return placementError
	}
	log.WithField("site", c.Site).WithField("worstCaseCost", tokenomics.FormatAmount(c.CostWei)).WithField("how", how).Info("job placed")
	p.wake.wakeSite(c.Site)
	return placementPlaced
}

// Refusal says why a new job could never run on any approved site ("" when one could). A
// job of replicas > 1 needs that many approved sites of distinct operators that report
// outputs digests, each able to run it within its share of the budget (the budget pays for
// every replica and every rerun). Reruns need no operators of their own up front: a rerun
// no site can take ends at no cost.
func (p *placer) Refusal(ctx context.Context, ask jobAsk, maxCost *big.Int, replicas, reruns int) (string, error) {
	var exclude map[string]string
	tooOld := 0
	if ask.placementBlock {
		var err error
		if exclude, tooOld, err = p.excludeTooOld(ctx, nil, ask); err != nil {
			return "", err
		}
	}
	if replicas <= 1 {
		sites, err := p.candidateSites(ctx, exclude, true)
		if err != nil {
			return "", err
		}
		budget := maxCost
		if ask.auctionWindow > 0 {
			// The price is the winning bid's: any site that can run the job may bid
			// within the budget, whatever it posts.
			budget = nil
		}
		if cands, rejections := placement.Feasible(p.request("new job", ask, budget), sites); len(cands) == 0 {
			return withOldSites(&placement.NoFitError{Rejections: rejections}, tooOld, ask), nil
		}
		return "", nil
	}
	all, err := p.store.Sites(ctx)
	if err != nil {
		return "", err
	}
	if exclude == nil {
		exclude = map[string]string{}
	}
	operatorOf := map[string]string{}
	for _, s := range all {
		operatorOf[s.Name] = s.Operator
		if why := replicaUnfit(s); why != "" {
			exclude[s.Name] = why
		}
	}
	sites, err := p.candidateSites(ctx, exclude, true)
	if err != nil {
		return "", err
	}
	share := new(big.Int).Quo(maxCost, big.NewInt(int64(replicas+reruns)))
	cands, rejections := placement.Feasible(p.request("new job", ask, share), sites)
	operators := map[string]bool{}
	for _, c := range cands {
		operators[operatorOf[c.Site]] = true
	}
	if len(operators) >= replicas {
		return "", nil
	}
	why := fmt.Sprintf("verify asks for %d replicas on sites of distinct named operators that report outputs digests (protocol %d), each within its share of the budget (%s DPS: the budget pays for every replica and rerun); %d operator(s) can run it",
		replicas, replicaProtocol, tokenomics.FormatAmount(share), len(operators))
	if len(rejections) > 0 || tooOld > 0 {
		why += "; " + withOldSites(&placement.NoFitError{Rejections: rejections}, tooOld, ask)
	}
	return why, nil
}

// request is a job's placement question.
func (p *placer) request(job string, ask jobAsk, maxCost *big.Int) placement.Request {
	return placement.Request{Job: job, Needs: ask.needs, MinGrades: ask.floor, MaxCostWei: maxCost, ReferenceMegaFLOPS: p.referenceMegaFLOPS,
		DefaultTimeSeconds: int64(p.cfg.DefaultTime / time.Second)}
}

// candidateSites are the approved sites a job may go to, as placement sees them. With
// anyTime, every approved site counts as online with all its nodes available (the question
// "could this ever run"); otherwise only sites polling now, with their live inventory.
func (p *placer) candidateSites(ctx context.Context, exclude map[string]string, anyTime bool) ([]placement.Site, error) {
	all, err := p.store.Sites(ctx)
	if err != nil {
		return nil, err
	}
	queued, err := p.store.AssignedCounts(ctx)
	if err != nil {
		return nil, err
	}
	latest, err := p.store.LatestReports(ctx)
	if err != nil {
		return nil, err
	}
	quotes := quoteSites(all, latest, p.catalog)
	now := p.now()
	var out []placement.Site
	for _, s := range all {
		if s.Status != store.SiteApproved {
			continue
		}
		if _, ok := exclude[s.Name]; ok {
			continue
		}
		q := quotes[s.Name]
		if q.priceWei == nil {
			continue
		}
		inv, online := s.Live, now.Sub(s.LastSeen) < p.offlineAfter
		if anyTime {
			inv, online = wholeInventory(s.Registration.Inventory), true
		}
		site := placement.Site{Name: s.Name, Inventory: inv, PricePerComputeHourWei: q.priceWei, Labels: s.Registration.Labels,
			PerformanceGrade: q.grade.performance, ReliabilityGrade: q.grade.reliability, EnergyGrade: q.grade.energy, QueuedJobs: queued[s.Name], Online: online}
		if s.Registration.Prices.HasGradePrices() {
			site.PriceBasis = q.basis.String()
		}
		out = append(out, site)
	}
	return out, nil
}

// wholeInventory is a registered inventory with every node available and idle (a copy: the
// registration is left as it is).
func wholeInventory(inv protocol.Inventory) protocol.Inventory {
	inv.Partitions = append([]protocol.Partition(nil), inv.Partitions...)
	for i := range inv.Partitions {
		shapes := append([]protocol.NodeShape(nil), inv.Partitions[i].Shapes...)
		for k := range shapes {
			shapes[k].Available, shapes[k].Idle = shapes[k].Nodes, shapes[k].Nodes
		}
		inv.Partitions[i].Shapes = shapes
	}
	return inv
}

// Route is what a polling site receives now: its assignments (only an approved site gets
// work) and the cancels it must act on (every site: a suspended site must still stop the
// copies of jobs that went elsewhere). An assignment or a cancel delivered but not acted on
// within two polls of wait was lost on the way (or the site is slow): it is sent again
// then, not on every poll.
func (p *placer) Route(ctx context.Context, site string, approved bool, wait time.Duration) ([]protocol.Assignment, []string, error) {
	resend := p.now().Add(-2*wait - 30*time.Second)
	var assignments []protocol.Assignment
	if approved {
		// The site journals assignments idempotently, under the job id.
		jobs, err := p.store.Deliverable(ctx, site, resend, protocol.MaxAssignments)
		if err != nil {
			return nil, nil, err
		}
		for _, j := range jobs {
			assignments = append(assignments, assignmentOf(j))
		}
	}
	cancels, err := p.store.CancelsFor(ctx, site)
	if err != nil {
		return nil, nil, err
	}
	stale, err := p.store.StaleCancels(ctx, site)
	if err != nil {
		return nil, nil, err
	}
	return assignments, p.cancels.due(site, append(cancels, stale...), resend, p.now()), nil
}

// RequeueSilent handles sites that stopped polling: their unsubmitted work is placed
// elsewhere and their running jobs become unknown until they report again.
func (p *placer) RequeueSilent(ctx context.Context) {
	silent, err := p.store.SilentSites(ctx, p.now().Add(-p.offlineAfter))
	if err != nil {
		if ctx.Err() == nil {
			p.log.WithError(err).Warn("site monitor")
		}
		return
	}
	for _, s := range silent {
		requeued, unknown, err := p.store.SiteSilent(ctx, s)
		if err != nil {
			p.log.WithField("site", s).WithError(err).Warn("site monitor")
			continue
		}
		p.log.WithField("site", s).WithField("requeued", len(requeued)).WithField("unknown", unknown).
			Warn("site went silent: its unsubmitted jobs are placed elsewhere, its running jobs are unknown until it returns")
		if len(requeued) > 0 {
			p.wake.wakePlacer()
		}
	}
}
