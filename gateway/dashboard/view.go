package dashboard

import (
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
)

const (
	// maxJobRows and maxEpochRows keep the page small however long the gateway has run; the
	// JSON endpoint has everything.
	maxJobRows   = 50
	maxEpochRows = 50
	// refreshSeconds is how often the page reloads itself (meta refresh: no script needed).
	refreshSeconds = 10
)

// pageView is the Snapshot with every value formatted: the template only places strings, so
// nothing is computed in it and html/template escapes every one of them.
type pageView struct {
	Gateway        string
	RefreshSeconds int
	GeneratedAt    string
	GeneratedAtISO string
	Chain          chainView
	Cards          []card
	EraProgress    eraProgress
	Providers      []providerRow
	ProviderNote   string
	Chart          chartView
	Epochs         []epochRow
	EpochNote      string
	Jobs           []jobRow
	JobNote        string
	JobCounts      []stateCount
	// Governed is set on a grid that admits by vote; Proposals are its newest proposals.
	Governed  bool
	Proposals []proposalRow
}

type proposalRow struct {
	ID, Site, Provider, ProviderShort, State, StateClass string
	Capacity, GPUs                                       string
	For, Against, Abstain, Quorum                        string
	VoteEnd, VoteEndISO                                  string
	Record                                               string
}

type chainView struct {
	Kind            string
	ID              string
	Block           string
	BlockTime       string
	BlockTimeISO    string
	Settlement      string
	SettlementShort string
}

type card struct {
	Label, Value, Unit, Detail string
}

// eraProgress is how far the era is toward its GFL threshold (the halving happens yearly or
// at the threshold, whichever comes first).
type eraProgress struct {
	Known                 bool
	Percent               string // for <progress value>, 0..100
	Cumulative, Threshold string
}

type providerRow struct {
	Site, Address, AddressShort        string
	Status, StatusClass                string
	Online                             bool
	LastSeen, LastSeenISO, LastSeenAgo string
	Capacity                           string
	GPUs, Nodes                        string
	Price, PriceBasis                  string
	LastMedian, LastCoverage           string
	LastReportEpoch                    string
	GFL, DPSClaimable                  string
	Stake, StakeSlashed                string
	SharedDevices                      string
	Challenges, ChallengesNote         string
	ChallengesFailing                  bool
	Grades                             string
	Graded                             bool
}

type epochRow struct {
	Epoch, ClosedAt, ClosedAtISO string
	Median                       string
	Minted, Burned, Rewards      string
	SupplyAfter                  string
	Era, HalvingReason           string
	Providers                    string
}

type jobRow struct {
	ID, Site, Researcher, ResearcherShort string
	State, StateClass                     string
	CreatedAt, CreatedAtISO               string
	GPUHours, ComputeHours                string
	Cost, MaxCost                         string
	Replica                               string
	Dissent                               bool
}

type stateCount struct {
	State, StateClass, Count string
}

// newPageView formats a snapshot for the page. It never fails: a bad value shows as "invalid"
// or "—" in its cell so that one broken row does not take the dashboard down.
func newPageView(s Snapshot) pageView {
	now := s.GeneratedAt
	v := pageView{
		Gateway:        strings.TrimSpace(s.Gateway),
		RefreshSeconds: refreshSeconds,
		GeneratedAt:    FormatTime(s.GeneratedAt),
		GeneratedAtISO: isoTime(s.GeneratedAt),
		Chain: chainView{
			Kind:            orDash(s.Chain.Kind),
			ID:              strconv.FormatUint(s.Chain.ChainID, 10),
			Block:           groupThousands(strconv.FormatUint(s.Chain.Block, 10)),
			BlockTime:       FormatTime(s.Chain.BlockTime),
			BlockTimeISO:    isoTime(s.Chain.BlockTime),
			Settlement:      s.Chain.Settlement,
			SettlementShort: shortAddress(s.Chain.Settlement),
		},
		Chart: buildChart(s.Epochs, defaultChartEpochs),
	}
	if v.Gateway == "" {
		v.Gateway = "PetaGrid gateway"
	}
	v.Cards, v.EraProgress = economyCards(s, now)
	v.Providers, v.ProviderNote = providerRows(s.Providers, now)
	v.Epochs, v.EpochNote = epochRows(s.Epochs)
	v.Jobs, v.JobNote = jobRows(s.Jobs)
	v.JobCounts = stateCounts(s.JobCounts)
	v.Governed, v.Proposals = s.Proposals != nil, proposalRows(s.Proposals)
	return v
}

func proposalRows(ps []Proposal) []proposalRow {
	rows := make([]proposalRow, 0, len(ps))
	for _, p := range ps {
		record := strconv.Itoa(p.ChallengesPassed) + "/" + strconv.Itoa(p.ChallengesDecided) + " challenges passed"
		if p.SharedDevices > 0 {
			record += ", " + strconv.Itoa(p.SharedDevices) + " GPUs another site holds"
		}
		if p.StakeBondedWei != "" {
			record += ", stake " + FormatTokenWei(p.StakeBondedWei) + " DPS"
		}
		rows = append(rows, proposalRow{
			ID: strconv.FormatUint(p.ID, 10), Site: orDash(p.Site), Provider: p.Provider, ProviderShort: shortAddress(p.Provider),
			State: orDash(p.State), StateClass: proposalStateClass(p.State),
			Capacity: FormatPFLOPS(p.CapacityMegaFLOPS), GPUs: strconv.FormatUint(uint64(p.GPUs), 10),
			For: FormatTokenWei(p.ForWei), Against: FormatTokenWei(p.AgainstWei), Abstain: FormatTokenWei(p.AbstainWei), Quorum: FormatTokenWei(p.QuorumWei),
			VoteEnd: FormatTime(p.VoteEnd), VoteEndISO: isoTime(p.VoteEnd), Record: record,
		})
	}
	return rows
}

// proposalStateClass colours a proposal's state like a job's: under way, done, refused.
func proposalStateClass(state string) string {
	switch state {
	case "active", "succeeded":
		return "running"
	case "executed":
		return "completed"
	case "defeated", "vetoed", "expired":
		return "failed"
	}
	return ""
}

func economyCards(s Snapshot, now time.Time) ([]card, eraProgress) {
	e := s.Economy
	nextClose := "close time unknown"
	if !e.NextCloseAt.IsZero() {
		nextClose = "closes " + FormatTime(e.NextCloseAt)
		if rel := relativeTo(now, e.NextCloseAt); rel != "" {
			nextClose += " · " + rel
		}
	}
	epochLength := ""
	if e.EpochSeconds > 0 {
		const maxSeconds = uint64(1<<62) / uint64(time.Second) // keeps the Duration from overflowing
		epochLength = "every " + FormatSpan(time.Duration(min(e.EpochSeconds, maxSeconds))*time.Second)
	}
	genesis := "genesis not set"
	if !e.Genesis.IsZero() {
		genesis = "genesis " + FormatTime(e.Genesis)
	}
	capacityMegaFLOPS, online := new(big.Int), 0
	for _, p := range s.Providers {
		capacityMegaFLOPS.Add(capacityMegaFLOPS, new(big.Int).SetUint64(p.CapacityMegaFLOPS))
		if p.Online {
			online++
		}
	}
	capacity := invalidValue
	if capacityMegaFLOPS.IsUint64() {
		capacity = FormatPFLOPS(capacityMegaFLOPS.Uint64())
	}
	cards := []card{
		{Label: "Halving era", Value: strconv.FormatUint(e.Era, 10), Detail: genesis},
		{Label: "Next epoch", Value: "#" + strconv.FormatUint(e.NextEpoch, 10), Unit: epochLength, Detail: nextClose},
		{Label: "GFL supply", Value: FormatTokenWei(e.GFLSupplyWei), Unit: "GFL", Detail: "1 GFL = 1 PFLOPS allocated"},
		{Label: "DPS emitted", Value: FormatTokenWei(e.DPSEmittedWei), Unit: "DPS", Detail: "rewards committed so far"},
		{Label: "DPS claimable", Value: FormatTokenWei(e.DPSClaimableWei), Unit: "DPS", Detail: "committed, not yet claimed"},
		{Label: "Reward pool", Value: FormatTokenWei(e.PoolWei), Unit: "DPS", Detail: "replenished by job payments and slashed stakes"},
		{Label: "Slashed stakes", Value: FormatTokenWei(e.SlashedWei), Unit: "DPS", Detail: "taken from providers for proven fraud"},
		{Label: "Registered capacity", Value: capacity, Unit: "PFLOPS",
			Detail: strconv.Itoa(online) + " of " + strconv.Itoa(len(s.Providers)) + " providers online"},
	}
	for i := range cards {
		if cards[i].Value == noValue || cards[i].Value == invalidValue {
			cards[i].Unit = "" // "— GFL" reads as a value; a bare dash reads as unknown
		}
	}
	progress := eraProgress{
		Cumulative: FormatTokenWei(e.EraCumulativeGFLWei),
		Threshold:  FormatTokenWei(e.EraThresholdGFLWei),
	}
	cumulative, okCumulative := new(big.Int).SetString(strings.TrimSpace(e.EraCumulativeGFLWei), 10)
	threshold, okThreshold := new(big.Int).SetString(strings.TrimSpace(e.EraThresholdGFLWei), 10)
	if okCumulative && okThreshold && threshold.Sign() > 0 && cumulative.Sign() >= 0 {
		percent := new(big.Int).Quo(new(big.Int).Mul(cumulative, big.NewInt(100)), threshold)
		if percent.Cmp(big.NewInt(100)) > 0 {
			percent.SetInt64(100)
		}
		progress.Known = true
		progress.Percent = percent.String()
	}
	return cards, progress
}

func providerRows(providers []Provider, now time.Time) ([]providerRow, string) {
	sorted := append([]Provider(nil), providers...)
	sort.SliceStable(sorted, func(i, j int) bool {
		return strings.ToLower(sorted[i].Site) < strings.ToLower(sorted[j].Site)
	})
	rows := make([]providerRow, 0, len(sorted))
	for _, p := range sorted {
		// Without an accepted report the median and coverage are unknown, not zero.
		lastReport, lastMedian, lastCoverage := "no report yet", noValue, noValue
		if p.LastReportEpoch != nil {
			lastReport = "epoch #" + strconv.FormatUint(*p.LastReportEpoch, 10)
			lastMedian = FormatPFLOPS(p.LastMedianMegaFLOPS)
			lastCoverage = FormatPPMPercent(p.LastCoveragePPM)
		}
		rows = append(rows, providerRow{
			Site:              p.Site,
			Address:           p.Address,
			AddressShort:      shortAddress(p.Address),
			Status:            orDash(p.Status),
			StatusClass:       knownClass(p.Status, "approved", "pending", "suspended"),
			Online:            p.Online,
			LastSeen:          FormatTime(p.LastSeen),
			LastSeenISO:       isoTime(p.LastSeen),
			LastSeenAgo:       relativeTo(now, p.LastSeen),
			Capacity:          FormatPFLOPS(p.CapacityMegaFLOPS),
			GPUs:              strconv.Itoa(p.GPUs),
			Nodes:             strconv.Itoa(p.Nodes),
			Price:             FormatTokenWei(p.PricePerComputeHourWei),
			PriceBasis:        p.PriceBasis,
			LastMedian:        lastMedian,
			LastCoverage:      lastCoverage,
			LastReportEpoch:   lastReport,
			GFL:               FormatTokenWei(p.GFLWei),
			DPSClaimable:      FormatTokenWei(p.DPSClaimableWei),
			Stake:             FormatTokenWei(p.StakeBondedWei),
			StakeSlashed:      slashedNote(p.StakeSlashedWei),
			SharedDevices:     sharedNote(p.SharedDevices, p.SharesDevicesWith),
			Challenges:        challengesPassed(p.Challenges),
			ChallengesNote:    challengesNote(p.Challenges),
			ChallengesFailing: p.Challenges != nil && p.Challenges.Failed+p.Challenges.Missed+p.Challenges.Skipped > 0,
			Grades:            FormatGrades(p.PerformanceGrade, p.ReliabilityGrade, p.EnergyGrade),
			Graded:            p.PerformanceGrade != "" || p.ReliabilityGrade != 0 || p.EnergyGrade != "",
		})
	}
	note := ""
	if n := len(rows); n > 0 {
		note = strconv.Itoa(n) + " registered"
	}
	return rows, note
}

// FormatGrades writes the paper's combined grade, performance, reliability then energy
// ("A1X"); unknown parts are "?" and no grade at all is "—".
func FormatGrades(performance string, reliability int, energy string) string {
	performance, energy = strings.TrimSpace(performance), strings.TrimSpace(energy)
	if performance == "" && reliability == 0 && energy == "" {
		return noValue
	}
	if performance == "" {
		performance = "?"
	}
	rel := "?"
	if reliability > 0 {
		rel = strconv.Itoa(reliability)
	}
	if energy == "" {
		energy = "?"
	}
	return performance + rel + energy
}

func epochRows(epochs []Epoch) ([]epochRow, string) {
	sorted := append([]Epoch(nil), epochs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Epoch > sorted[j].Epoch })
	note := ""
	if len(sorted) > maxEpochRows {
		note = "latest " + strconv.Itoa(maxEpochRows) + " of " + strconv.Itoa(len(sorted))
		sorted = sorted[:maxEpochRows]
	}
	rows := make([]epochRow, 0, len(sorted))
	for _, e := range sorted {
		rows = append(rows, epochRow{
			Epoch:         strconv.FormatUint(e.Epoch, 10),
			ClosedAt:      FormatTime(e.ClosedAt),
			ClosedAtISO:   isoTime(e.ClosedAt),
			Median:        FormatPFLOPS(e.MedianMegaFLOPS),
			Minted:        FormatTokenWei(e.MintedWei),
			Burned:        FormatTokenWei(e.BurnedWei),
			Rewards:       FormatTokenWei(e.RewardsWei),
			SupplyAfter:   FormatTokenWei(e.SupplyAfterWei),
			Era:           strconv.FormatUint(e.Era, 10),
			HalvingReason: e.HalvingReason,
			Providers:     strconv.Itoa(e.Providers),
		})
	}
	return rows, note
}

func jobRows(jobs []Job) ([]jobRow, string) {
	sorted := append([]Job(nil), jobs...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if !sorted[i].CreatedAt.Equal(sorted[j].CreatedAt) {
			return sorted[i].CreatedAt.After(sorted[j].CreatedAt)
		}
		return sorted[i].ID > sorted[j].ID
	})
	note := ""
	if len(sorted) > maxJobRows {
		note = "latest " + strconv.Itoa(maxJobRows) + " of " + strconv.Itoa(len(sorted))
		sorted = sorted[:maxJobRows]
	}
	rows := make([]jobRow, 0, len(sorted))
	for _, j := range sorted {
		rows = append(rows, jobRow{
			ID:              j.ID,
			Site:            orDash(j.Site),
			Researcher:      j.Researcher,
			ResearcherShort: shortAddress(j.Researcher),
			State:           orDash(j.State),
			StateClass:      jobStateClass(j.State),
			CreatedAt:       FormatTime(j.CreatedAt),
			CreatedAtISO:    isoTime(j.CreatedAt),
			GPUHours:        fixed3(j.GPUSeconds, 3600),
			ComputeHours:    fixed3(j.ComputeHoursMilli, 1000),
			Cost:            FormatTokenWei(j.CostWei),
			MaxCost:         FormatTokenWei(j.MaxCostWei),
			Replica:         j.Replica,
			Dissent:         j.Dissent,
		})
	}
	return rows, note
}

func stateCounts(counts map[string]int) []stateCount {
	states := make([]string, 0, len(counts))
	for s := range counts {
		states = append(states, s)
	}
	sort.Strings(states)
	out := make([]stateCount, 0, len(states))
	for _, s := range states {
		out = append(out, stateCount{State: orDash(s), StateClass: jobStateClass(s), Count: strconv.Itoa(counts[s])})
	}
	return out
}

// jobStateClass maps a job state to one of a fixed set of CSS classes, so that no state text
// from the store ever becomes a class name.
func jobStateClass(state string) string {
	switch strings.ToLower(strings.TrimSpace(state)) {
	case "completed", "reported", "settled":
		return "ok"
	case "queued", "placed", "assigned", "accepted", "rendered", "submitting", "submitted", "running":
		return "active"
	case "failed", "cancelled", "timeout", "node_fail", "out_of_memory", "preempted", "boot_fail",
		"deadline", "submit_failed", "rejected":
		return "bad"
	default:
		return "neutral"
	}
}

// knownClass returns value as a CSS class if it is one of allowed, and "unknown" otherwise.
func knownClass(value string, allowed ...string) string {
	v := strings.ToLower(strings.TrimSpace(value))
	for _, a := range allowed {
		if v == a {
			return a
		}
	}
	return "unknown"
}

func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return noValue
	}
	return s
}

// fixed3 shows n/per with three decimals ("—" for nothing yet, "invalid" below zero): GPU
// seconds as GPU hours, milli-Compute Hours as Compute Hours.
func fixed3(n, per int64) string {
	switch {
	case n < 0 || per <= 0:
		return "invalid"
	case n == 0:
		return "—"
	}
	return new(big.Rat).SetFrac64(n, per).FloatString(3)
}

// slashedNote is "slashed N" under a provider's stake, or nothing when nothing (or an
// unknown amount) was slashed.
func slashedNote(wei string) string {
	wei = strings.TrimSpace(wei)
	if len(wei) > maxWeiDigits {
		return ""
	}
	v, ok := new(big.Int).SetString(wei, 10)
	if !ok || v.Sign() <= 0 {
		return ""
	}
	return "slashed " + FormatTokenWei(wei)
}

// sharedNote warns of GPUs another site registers too: "4 GPUs also at site-b".
// challengesPassed is "passed / issued" this epoch, a dash before any.
func challengesPassed(c *ChallengeCounts) string {
	if c == nil {
		return noValue
	}
	return strconv.Itoa(c.Passed) + " / " + strconv.Itoa(c.Issued)
}

// challengesNote names the failures and misses, which leave the site's time unverified.
func challengesNote(c *ChallengeCounts) string {
	if c == nil {
		return ""
	}
	var parts []string
	if c.Failed > 0 {
		parts = append(parts, strconv.Itoa(c.Failed)+" failed")
	}
	if c.Missed > 0 {
		parts = append(parts, strconv.Itoa(c.Missed)+" missed")
	}
	if c.Skipped > 0 {
		parts = append(parts, strconv.Itoa(c.Skipped)+" skipped")
	}
	return strings.Join(parts, ", ")
}

func sharedNote(n int, sites []string) string {
	if n <= 0 {
		return ""
	}
	gpus := "GPUs"
	if n == 1 {
		gpus = "GPU"
	}
	const maxNamed = 3
	named := sites
	if len(named) > maxNamed {
		named = append(append([]string(nil), named[:maxNamed]...), "…")
	}
	return strconv.Itoa(n) + " " + gpus + " also at " + strings.Join(named, ", ")
}
