package protocol

import (
	"fmt"
	"regexp"
	"time"
)

// PathBids is where a site posts its sealed bids (BidRequest): the commitment while the
// auction takes them, the reveal after.
const PathBids = "/v1/site/bids"

// MaxAuctions bounds the auctions one poll answer holds.
const MaxAuctions = 16

// MaxAuctionSteps bounds the steps an announcement describes (the rest are summed in its
// worst case all the same).
const MaxAuctionSteps = 16

// Phases of an auction, as an announcement says what the site should do now.
const (
	// PhaseCommit: send the bid's commitment before CommitBy.
	PhaseCommit = "commit"
	// PhaseReveal: the commitments are closed; reveal the bid before RevealBy.
	PhaseReveal = "reveal"
)

var (
	auctionIDPattern = regexp.MustCompile(`^a-[a-z2-7]{16}$`)
	bytes32Pattern   = regexp.MustCompile(`^0x[0-9a-f]{64}$`)
	signaturePattern = regexp.MustCompile(`^0x[0-9a-f]{130}$`)
)

// ValidAuctionID reports whether id can name an auction.
func ValidAuctionID(id string) bool { return auctionIDPattern.MatchString(id) }

// Auction announces a sealed-bid auction for a job to a site that can run it (version 9).
// The site answers on PathBids: a commitment (gateway/auction.Commitment) signed with its
// key before CommitBy, then, from CommitBy until RevealBy, the bid the commitment seals; or
// a decline, after which the auction is not announced to it again. The
// gateway shows no bid to anyone before RevealBy, and the lowest qualified price per Compute
// Hour wins.
type Auction struct {
	ID    string `json:"id"`
	Job   string `json:"job"`
	Phase string `json:"phase"`
	// CommitBy ends the commitments, RevealBy the reveals; StartBy is the latest start the
	// job accepts (a bid whose earliest start is later does not qualify).
	CommitBy time.Time `json:"commitBy"`
	RevealBy time.Time `json:"revealBy"`
	StartBy  time.Time `json:"startBy"`
	// WorstCaseComputeHoursMilli is the job's worst case at this site (Compute Hours ×
	// 1000, over every step's time limit), what a bid's price is multiplied by against
	// the budget, MaxCostWei.
	WorstCaseComputeHoursMilli uint64 `json:"worstCaseComputeHoursMilli"`
	MaxCostWei                 string `json:"maxCostWei"`
	// Steps are the job's requirements, as placed on this site's partitions.
	Steps []AuctionStep `json:"steps"`
	// Grades are the ones the gateway holds for the site ("" or 0: none proven), which
	// its schedule of prices by grade reads.
	PerformanceGrade string `json:"performanceGrade,omitempty"`
	ReliabilityGrade int    `json:"reliabilityGrade,omitempty"`
	EnergyGrade      string `json:"energyGrade,omitempty"`
}

// AuctionStep is one step of an announced job: what it asks for at once, where on the site
// it would run and the time it was costed for.
type AuctionStep struct {
	Step        string `json:"step"`
	Partition   string `json:"partition"`
	Nodes       int    `json:"nodes"`
	CPUsPerNode int    `json:"cpusPerNode"`
	GPUsPerNode int    `json:"gpusPerNode,omitempty"`
	ArrayTasks  int    `json:"arrayTasks,omitempty"`
	TimeSeconds int64  `json:"timeSeconds"`
	// ComputeHoursMilli is the step's share of the worst case.
	ComputeHoursMilli uint64 `json:"computeHoursMilli"`
}

// Validate bounds an announcement (the site reads it from the gateway, which it checks as
// it would any other answer).
func (a Auction) Validate() error {
	switch {
	case !ValidAuctionID(a.ID):
		return fmt.Errorf("auction: %q is not an auction id", clip(a.ID))
	case !ValidJobID(a.Job):
		return fmt.Errorf("auction %s: %q is not a job id", a.ID, clip(a.Job))
	case a.Phase != PhaseCommit && a.Phase != PhaseReveal:
		return fmt.Errorf("auction %s: phase %q: want %q or %q", a.ID, clip(a.Phase), PhaseCommit, PhaseReveal)
	case !a.CommitBy.Before(a.RevealBy):
		return fmt.Errorf("auction %s: the commitments end (%s) after the reveals (%s)", a.ID, a.CommitBy, a.RevealBy)
	case len(a.Steps) > MaxAuctionSteps:
		return fmt.Errorf("auction %s: %d steps, at most %d", a.ID, len(a.Steps), MaxAuctionSteps)
	}
	if _, err := ParseWei(a.MaxCostWei); err != nil {
		return fmt.Errorf("auction %s: budget: %w", a.ID, err)
	}
	for _, s := range a.Steps {
		if len(s.Step) > 64 || !partitionPattern.MatchString(s.Partition) || s.Nodes < 0 || s.CPUsPerNode < 0 || s.GPUsPerNode < 0 || s.ArrayTasks < 0 || s.TimeSeconds < 0 {
			return fmt.Errorf("auction %s: step %q out of bounds", a.ID, clip(s.Step))
		}
	}
	return nil
}

// BidRequest is POST PathBids: exactly one of a commitment, a reveal and a decline.
type BidRequest struct {
	Commit  *BidCommit  `json:"commit,omitempty"`
	Reveal  *BidReveal  `json:"reveal,omitempty"`
	Decline *BidDecline `json:"decline,omitempty"`
}

// BidDecline says the site will not bid (the gateway stops announcing the auction to it, and
// records the reason).
type BidDecline struct {
	Auction string `json:"auction"`
	Reason  string `json:"reason"`
}

// MaxDeclineReason bounds a decline's reason, in bytes.
const MaxDeclineReason = 400

// BidCommit seals a bid: Commitment is gateway/auction.Commitment of the bid, and Signature
// the site key's EIP-191 signature of gateway/auction.CommitMessage, so that the record of
// the auction can be checked without the request that carried it.
type BidCommit struct {
	Auction    string `json:"auction"`
	Commitment string `json:"commitment"`
	Signature  string `json:"signature"`
}

// BidReveal opens a commitment: the price per Compute Hour in DPS wei, the earliest start
// the site promises (Unix seconds) and the commitment's salt.
type BidReveal struct {
	Auction             string `json:"auction"`
	PricePerComputeHour string `json:"pricePerComputeHourWei"`
	EarliestStartUnix   int64  `json:"earliestStart"`
	Salt                string `json:"salt"`
}

// BidAnswer is the gateway's answer to a commitment or a reveal.
type BidAnswer struct {
	Auction string `json:"auction"`
	// Status is the bid's state after the request: "committed", "revealed" or "declined".
	Status string `json:"status"`
}

// Bid states as BidAnswer says them.
const (
	BidCommitted = "committed"
	BidRevealed  = "revealed"
	BidDeclined  = "declined"
)

// MaxEarliestStartUnix bounds a bid's earliest start (year 9999), so that it stays a time.
const MaxEarliestStartUnix = 253402300799

// Validate checks a bid request's form: one part, well-formed hex and decimal fields.
func (b BidRequest) Validate() error {
	parts := 0
	for _, set := range []bool{b.Commit != nil, b.Reveal != nil, b.Decline != nil} {
		if set {
			parts++
		}
	}
	switch {
	case parts != 1:
		return fmt.Errorf("a bid request holds exactly one of commit, reveal and decline")
	case b.Decline != nil:
		if !ValidAuctionID(b.Decline.Auction) {
			return fmt.Errorf("decline: %q is not an auction id", clip(b.Decline.Auction))
		}
		if len(b.Decline.Reason) > MaxDeclineReason {
			return fmt.Errorf("decline %s: the reason is over %d bytes", b.Decline.Auction, MaxDeclineReason)
		}
	case b.Commit != nil:
		c := b.Commit
		if !ValidAuctionID(c.Auction) {
			return fmt.Errorf("commit: %q is not an auction id", clip(c.Auction))
		}
		if !bytes32Pattern.MatchString(c.Commitment) {
			return fmt.Errorf("commit %s: the commitment is 0x and 64 lower-case hex digits", c.Auction)
		}
		if !signaturePattern.MatchString(c.Signature) {
			return fmt.Errorf("commit %s: the signature is 0x and 130 lower-case hex digits", c.Auction)
		}
	default:
		r := b.Reveal
		if !ValidAuctionID(r.Auction) {
			return fmt.Errorf("reveal: %q is not an auction id", clip(r.Auction))
		}
		if _, err := ParseWei(r.PricePerComputeHour); err != nil {
			return fmt.Errorf("reveal %s: price: %w", r.Auction, err)
		}
		if r.EarliestStartUnix < 0 || r.EarliestStartUnix > MaxEarliestStartUnix {
			return fmt.Errorf("reveal %s: earliest start %d: Unix seconds from 0 to %d", r.Auction, r.EarliestStartUnix, MaxEarliestStartUnix)
		}
		if !bytes32Pattern.MatchString(r.Salt) {
			return fmt.Errorf("reveal %s: the salt is 0x and 64 lower-case hex digits", r.Auction)
		}
	}
	return nil
}
