// Package auction is the sealed-bid auction of issue 22 §1, without I/O: how a site seals
// and signs a bid, how the gateway checks a commitment and its reveal, and how it decides
// the winner. The gateway (gateway/auctions.go) keeps the record and runs the phases; a site
// (site/gatewaylink) bids.
//
// An auction runs in two windows. During the first, each invited site sends a commitment,
// keccak256 of its bid and a random salt, signed with its site key; nobody, the gateway
// included, can read a bid from it. During the second, each site reveals its bid and salt,
// which must hash to the commitment. A commitment after the first window, a reveal after
// the second, and a reveal that does not open its commitment count for nothing. The lowest
// qualified price per Compute Hour wins: Compute Hours already normalise the speed of a
// site's devices, so prices per Compute Hour compare like with like.
package auction

import (
	"crypto/ecdsa"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/petagrid/petagrid/internal/reqsign"
)

// commitmentDomain starts every commitment's preimage, so that no other keccak256 preimage
// of the project's reads as a bid.
const commitmentDomain = "petagrid sealed bid v1"

// maxPriceBits bounds a price: the commitment writes it in 32 bytes (big.Int.FillBytes
// would panic on more). The protocol's 40 digits are below 2^133.
const maxPriceBits = 256

// Commitment is keccak256 of the bid: the domain, the auction id, the site's name (each
// ended by a zero byte, which neither may hold), the price per Compute Hour in wei as 32
// bytes big-endian, the earliest start as 8 bytes big-endian Unix seconds, and the salt.
func Commitment(auctionID, site string, priceWei *big.Int, earliestStartUnix int64, salt [32]byte) ([32]byte, error) {
	if priceWei == nil || priceWei.Sign() < 0 || priceWei.BitLen() > maxPriceBits {
		return [32]byte{}, errors.New("auction: a price is 0 to 2^256-1 wei")
	}
	if earliestStartUnix < 0 {
		return [32]byte{}, errors.New("auction: the earliest start is Unix seconds from 0")
	}
	buf := make([]byte, 0, len(commitmentDomain)+len(auctionID)+len(site)+3+32+8+32)
	buf = append(buf, commitmentDomain...)
	buf = append(buf, 0)
	buf = append(buf, auctionID...)
	buf = append(buf, 0)
	buf = append(buf, site...)
	buf = append(buf, 0)
	buf = append(buf, priceWei.FillBytes(make([]byte, 32))...)
	buf = binary.BigEndian.AppendUint64(buf, uint64(earliestStartUnix))
	buf = append(buf, salt[:]...)
	var out [32]byte
	copy(out[:], crypto.Keccak256(buf))
	return out, nil
}

// CommitMessage is what a site signs for a commitment (an EIP-191 personal message, as
// every other signature of a site): which gateway, auction and site the commitment is for.
func CommitMessage(audience, auctionID, site string, commitment [32]byte) []byte {
	return fmt.Appendf(nil, "PetaGrid sealed bid\naudience: %s\nauction: %s\nsite: %s\ncommitment: 0x%x\n", audience, auctionID, site, commitment)
}

// Sealed is a bid as a site keeps it between its commitment and its reveal.
type Sealed struct {
	PriceWei          *big.Int
	EarliestStartUnix int64
	Salt              [32]byte
	Commitment        [32]byte
	// Signature is the site key's signature of CommitMessage (0x and 130 hex digits).
	Signature string
}

// Seal makes a site's bid: a fresh random salt, the commitment and its signature.
func Seal(key *ecdsa.PrivateKey, audience, auctionID, site string, priceWei *big.Int, earliestStartUnix int64) (Sealed, error) {
	s := Sealed{PriceWei: new(big.Int).Set(priceWei), EarliestStartUnix: earliestStartUnix}
	if _, err := rand.Read(s.Salt[:]); err != nil {
		return Sealed{}, fmt.Errorf("auction: drawing a salt: %w", err)
	}
	var err error
	if s.Commitment, err = Commitment(auctionID, site, priceWei, earliestStartUnix, s.Salt); err != nil {
		return Sealed{}, err
	}
	if s.Signature, err = reqsign.SignText(CommitMessage(audience, auctionID, site, s.Commitment), key); err != nil {
		return Sealed{}, err
	}
	return s, nil
}

// Hex32 writes 32 bytes as the protocol does: 0x and 64 lower-case hex digits.
func Hex32(b [32]byte) string { return "0x" + hex.EncodeToString(b[:]) }

// ParseHex32 reads 0x and 64 hex digits.
func ParseHex32(s string) ([32]byte, error) {
	var out [32]byte
	if len(s) != 66 || s[:2] != "0x" {
		return out, errors.New("want 0x and 64 hex digits")
	}
	if _, err := hex.Decode(out[:], []byte(s[2:])); err != nil {
		return out, errors.New("want 0x and 64 hex digits")
	}
	return out, nil
}

// ErrForged is a commitment whose signature is not the site's key's.
var ErrForged = errors.New("the bid's signature is not the site's key's")

// VerifyCommit checks that signature is site's key's (address signer) over the commitment.
func VerifyCommit(audience, auctionID, site string, commitment [32]byte, signature string, signer common.Address) error {
	got, err := reqsign.RecoverText(CommitMessage(audience, auctionID, site, commitment), signature)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrForged, err)
	}
	if got != signer {
		return ErrForged
	}
	return nil
}

// ErrMismatch is a reveal that does not open its commitment.
var ErrMismatch = errors.New("the revealed bid and salt do not hash to the commitment")

// CheckReveal checks that the revealed bid opens the commitment.
func CheckReveal(auctionID, site string, commitment [32]byte, priceWei *big.Int, earliestStartUnix int64, salt [32]byte) error {
	got, err := Commitment(auctionID, site, priceWei, earliestStartUnix, salt)
	if err != nil {
		return err
	}
	if got != commitment {
		return ErrMismatch
	}
	return nil
}

// Bid is one invited site's part in an auction, as the gateway recorded it.
type Bid struct {
	Site string
	// WorstCaseComputeHoursMilli is the job's worst case at the site, from the
	// announcement: a bid's cost is its price × this.
	WorstCaseComputeHoursMilli uint64
	// The site's grades and challenge record (passed; failed or missed) when the auction
	// opened: ties go to the better.
	PerformanceGrade                   string
	ReliabilityGrade                   int
	ChallengesPassed, ChallengesFailed int
	// CommittedAt is when the commitment arrived (zero: none did); RevealedAt when a reveal
	// that opened it did (zero: none).
	CommittedAt time.Time
	RevealedAt  time.Time
	// PriceWei and EarliestStart are the revealed bid.
	PriceWei      *big.Int
	EarliestStart time.Time
	// Declined: the site said it would not bid, for DeclineReason.
	Declined      bool
	DeclineReason string
}

// Auction is what Decide needs: the windows, the job's latest start and budget, the bids.
type Auction struct {
	CommitBy, RevealBy, StartBy time.Time
	MaxCostWei                  *big.Int
	Bids                        []Bid
}

// Outcomes of a bid after the decision. The gateway's store refuses a late commitment or
// reveal before it is recorded, so OutcomeLate and OutcomeLateReveal are Decide's own check
// of the windows, for a record that holds one anyway.
const (
	OutcomeWon         = "won"
	OutcomeLost        = "lost"
	OutcomeNoBid       = "no bid"
	OutcomeDeclined    = "declined"
	OutcomeLate        = "committed after the bidding window"
	OutcomeUnrevealed  = "never revealed"
	OutcomeLateReveal  = "revealed after the reveal window"
	OutcomeOverBudget  = "over the budget"
	OutcomeStartsLate  = "starts after the job's latest start"
	OutcomeUnavailable = "no longer able to take the job"
)

// Ranked is a qualified bid, with its worst-case cost.
type Ranked struct {
	Bid
	CostWei *big.Int
}

// Result is a decision: the qualified bids, best first (the first is the winner, unless the
// gateway finds it cannot take the job any more and moves to the next), and why each other
// bid does not qualify, by site.
type Result struct {
	Ranked       []Ranked
	Disqualified map[string]string
}

// Decide qualifies each bid and ranks the qualified ones: the lowest price per Compute Hour
// first; ties go to the better performance grade, then the better reliability grade (a
// proven grade before none), then the better challenge record (the larger share of decided
// challenges passed; a record before none), then the earlier start, then the site's name, so
// that the result depends on the bids alone.
func Decide(a Auction) Result {
	res := Result{Disqualified: map[string]string{}}
	for _, b := range a.Bids {
		if why := disqualified(a, b); why != "" {
			res.Disqualified[b.Site] = why
			continue
		}
		res.Ranked = append(res.Ranked, Ranked{Bid: b, CostWei: CostWei(b.PriceWei, b.WorstCaseComputeHoursMilli)})
	}
	sort.Slice(res.Ranked, func(i, j int) bool { return better(res.Ranked[i].Bid, res.Ranked[j].Bid) })
	return res
}

// disqualified says why a bid cannot win ("" when it can).
func disqualified(a Auction, b Bid) string {
	switch {
	case b.Declined && b.CommittedAt.IsZero():
		if b.DeclineReason == "" {
			return OutcomeDeclined
		}
		return OutcomeDeclined + ": " + b.DeclineReason
	case b.CommittedAt.IsZero():
		return OutcomeNoBid
	case b.CommittedAt.After(a.CommitBy):
		return OutcomeLate
	case b.RevealedAt.IsZero() || b.PriceWei == nil:
		return OutcomeUnrevealed
	case b.RevealedAt.After(a.RevealBy):
		return OutcomeLateReveal
	case a.MaxCostWei != nil && CostWei(b.PriceWei, b.WorstCaseComputeHoursMilli).Cmp(a.MaxCostWei) > 0:
		return OutcomeOverBudget
	case !a.StartBy.IsZero() && b.EarliestStart.After(a.StartBy):
		return OutcomeStartsLate
	}
	return ""
}

// CostWei is a bid's worst-case cost: ⌈price × milli-Compute-Hours / 1000⌉. The announced
// milli-Compute-Hours are each step's rounded up, so this is never below placement's exact
// cost (Σ ⌈step's Compute Hours × price⌉), and above it by less than price / 1000 a step:
// a bid that close to the budget may be called over it. The winner is checked again with
// placement's exact cost before it is placed.
func CostWei(priceWei *big.Int, computeHoursMilli uint64) *big.Int {
	c := new(big.Int).Mul(priceWei, new(big.Int).SetUint64(computeHoursMilli))
	c.Add(c, big.NewInt(999))
	return c.Quo(c, big.NewInt(1000))
}

func better(a, b Bid) bool {
	if c := a.PriceWei.Cmp(b.PriceWei); c != 0 {
		return c < 0
	}
	if pa, pb := gradeRank(a.PerformanceGrade), gradeRank(b.PerformanceGrade); pa != pb {
		return pa < pb
	}
	if ra, rb := reliabilityRank(a.ReliabilityGrade), reliabilityRank(b.ReliabilityGrade); ra != rb {
		return ra < rb
	}
	if c := compareRecords(a, b); c != 0 {
		return c > 0
	}
	if !a.EarliestStart.Equal(b.EarliestStart) {
		return a.EarliestStart.Before(b.EarliestStart)
	}
	return a.Site < b.Site
}

// compareRecords compares two sites' challenge records: > 0 when a's is better (a larger
// share of its decided challenges passed, compared exactly as passedA × decidedB against
// passedB × decidedA; any record beats none), 0 when they are alike.
func compareRecords(a, b Bid) int {
	da, db := a.ChallengesPassed+a.ChallengesFailed, b.ChallengesPassed+b.ChallengesFailed
	switch {
	case da == 0 && db == 0:
		return 0
	case db == 0:
		return 1
	case da == 0:
		return -1
	}
	return new(big.Int).Mul(big.NewInt(int64(a.ChallengesPassed)), big.NewInt(int64(db))).Cmp(
		new(big.Int).Mul(big.NewInt(int64(b.ChallengesPassed)), big.NewInt(int64(da))))
}

// gradeRank orders performance grades A (best) to D, then none.
func gradeRank(g string) int {
	if len(g) == 1 && g[0] >= 'A' && g[0] <= 'D' {
		return int(g[0] - 'A')
	}
	return 4
}

// reliabilityRank orders reliability grades 1 (best) to 4, then none (0).
func reliabilityRank(r int) int {
	if r >= 1 && r <= 4 {
		return r
	}
	return 5
}
