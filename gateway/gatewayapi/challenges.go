package gatewayapi

import (
	"time"

	"github.com/petagrid/petagrid/pocp/challenge"
)

// Challenge is one compute challenge as the gateway keeps it.
type Challenge struct {
	ID        string `json:"id"`
	Site      string `json:"site"`
	Partition string `json:"partition"`
	// SpecJSON is the spec as issued (challenge.Spec.Encode); Spec its decoded form.
	SpecJSON string         `json:"-"`
	Spec     challenge.Spec `json:"spec"`
	// Shape is the node shape the deadline was sized for (JSON protocol.NodeShape).
	Shape string `json:"shape"`
	// Kernel is what the deadline was sized for: "gpu", the node's GPUs (the site's
	// challenge jobs run the GPU kernel), or "cpu", the CPU part of the node's index.
	Kernel      string     `json:"kernel,omitempty"`
	IssuedAt    time.Time  `json:"issuedAt"`
	Deadline    time.Time  `json:"deadline"`
	DeliveredAt *time.Time `json:"deliveredAt,omitempty"`
	State       string     `json:"state"`
	ReceivedAt  *time.Time `json:"receivedAt,omitempty"`
	DecidedAt   *time.Time `json:"decidedAt,omitempty"`
	Reasons     string     `json:"reasons,omitempty"`
	// Devices are the devices the answer named: JSON []challenge.Device for one node, one
	// such list per part ([][]challenge.Device) for a challenge of several.
	Devices string `json:"devices,omitempty"`
	Slash   string `json:"slash,omitempty"`
	// SlashReason is the reason it is slashed for (contracts.SlashReason: 0 a failed
	// challenge, 1 a device identity another site holds).
	SlashReason uint8 `json:"slashReason"`
	// SlashedWei is the DPS the slash took (wei), once done.
	SlashedWei string `json:"slashedWei,omitempty"`
}

// ChallengeTally counts a site's challenges by state.
type ChallengeTally struct {
	Issued int `json:"issued"`
	Passed int `json:"passed"`
	Failed int `json:"failed"`
	Missed int `json:"missed"`
	// Skipped are drawn times at which the site claimed no node available.
	Skipped int `json:"skipped"`
	// Void count for nothing: never delivered, or due while the gateway was down or the
	// site not approved, or an answer the gateway could not finish checking.
	Void int `json:"void,omitempty"`
	// Pending are issued and not yet decided.
	Pending int `json:"pending"`
}

// Verification is how a site's challenges changed its reported median: the time
// they left unverified counted as missing (docs/threat-model.md).
type Verification struct {
	ReportedMegaFLOPS   uint64         `json:"reportedMegaFlops"`
	VerifiedMegaFLOPS   uint64         `json:"verifiedMegaFlops"`
	UnverifiedSeconds   int64          `json:"unverifiedSeconds"`
	VerifiedCoveragePPM uint64         `json:"verifiedCoveragePpm"`
	Challenges          ChallengeTally `json:"challenges"`
	// UntimedGPUMegaFLOPS is the registered GPUs' power (their catalog index) that no
	// challenge timed in the epoch: the site's challenge jobs do not run the GPU kernel, or
	// a challenge of a GPU node was sized for its CPU. Its share of the site's capacity is
	// taken out of the verified median (docs/threat-model.md).
	UntimedGPUMegaFLOPS uint64 `json:"untimedGpuMegaFlops,omitempty"`
	// Reason says why the verified median is what it is when it is not the reported one.
	Reason string `json:"reason,omitempty"`
}
