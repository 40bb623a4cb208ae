package siteapi

import "time"

// Auction is a job's sealed-bid auction, as its researcher and the operators see it: the
// announcement's windows, every invited site's part and the choice.
type Auction struct {
	ID    string `json:"id"`
	Job   string `json:"job"`
	State string `json:"state"`
	// OpenedAt is the announcement; CommitBy ends the commitments, RevealBy the reveals;
	// StartBy is the job's latest start (a bid that starts later does not qualify).
	OpenedAt   time.Time  `json:"openedAt"`
	CommitBy   time.Time  `json:"commitBy"`
	RevealBy   time.Time  `json:"revealBy"`
	StartBy    time.Time  `json:"startBy"`
	MaxCostWei string     `json:"maxCostWei"`
	DecidedAt  *time.Time `json:"decidedAt,omitempty"`
	// Winner and PriceWei are the winning site and its price per Compute Hour, the job's
	// price; Note says how it was decided (or why no bid qualified).
	Winner   string       `json:"winner,omitempty"`
	PriceWei string       `json:"priceWei,omitempty"`
	Note     string       `json:"note,omitempty"`
	Bids     []AuctionBid `json:"bids"`
}

// AuctionBid is one invited site's part. Until the auction is decided its view shows only
// whether the site committed and revealed, never a price: the record of a decided auction
// shows each commitment, its signature and the bid that opened it, so that anyone can check
// them (gateway/auction).
type AuctionBid struct {
	Site string `json:"site"`
	// WorstCaseComputeHoursMilli is the job's worst case at the site, what its price is
	// multiplied by against the budget.
	WorstCaseComputeHoursMilli uint64 `json:"worstCaseComputeHoursMilli"`
	PerformanceGrade           string `json:"performanceGrade,omitempty"`
	ReliabilityGrade           int    `json:"reliabilityGrade,omitempty"`
	// ChallengesPassed and ChallengesFailed are the site's compute challenges passed, and
	// failed or missed, when it was invited: its verified record, which breaks ties.
	ChallengesPassed int        `json:"challengesPassed"`
	ChallengesFailed int        `json:"challengesFailed"`
	Commitment       string     `json:"commitment,omitempty"`
	Signature        string     `json:"signature,omitempty"`
	CommittedAt      *time.Time `json:"committedAt,omitempty"`
	PriceWei         string     `json:"priceWei,omitempty"`
	EarliestStart    *time.Time `json:"earliestStart,omitempty"`
	Salt             string     `json:"salt,omitempty"`
	RevealedAt       *time.Time `json:"revealedAt,omitempty"`
	// DeclinedAt is when the site said it would not bid, and Decline its reason.
	DeclinedAt *time.Time `json:"declinedAt,omitempty"`
	Decline    string     `json:"decline,omitempty"`
	// Outcome is the bid's after the decision ("won", "lost", "never revealed", …);
	// Refusal the last of the site's bid requests the gateway refused (late, forged, a
	// reveal that does not open the commitment).
	Outcome string `json:"outcome,omitempty"`
	Refusal string `json:"refusal,omitempty"`
}
