// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package bindings

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = bytes.Equal
	_ = errors.New
	_ = big.NewInt
	_ = common.Big1
	_ = types.BloomLookup
	_ = abi.ConvertType
)

// AdmissionGovernorProposal is an auto generated low-level Go binding around an user-defined struct.
type AdmissionGovernorProposal struct {
	Provider          common.Address
	CapacityMegaFlops uint64
	Gpus              uint32
	Registration      [32]byte
	Proposer          common.Address
	SnapshotId        uint32
	VoteEnd           uint64
	Executed          bool
	Vetoed            bool
	ForVotes          *big.Int
	AgainstVotes      *big.Int
	AbstainVotes      *big.Int
}

// AdmissionGovernorMetaData contains all meta data concerning the AdmissionGovernor contract.
var AdmissionGovernorMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"proposer\",\"type\":\"address\"},{\"internalType\":\"contractIGFLSnapshots\",\"name\":\"gfl_\",\"type\":\"address\"},{\"internalType\":\"contractIProviderAdmission\",\"name\":\"registry_\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"votingPeriod_\",\"type\":\"uint64\"},{\"internalType\":\"uint16\",\"name\":\"quorumBps_\",\"type\":\"uint16\"},{\"internalType\":\"uint16\",\"name\":\"thresholdBps_\",\"type\":\"uint16\"},{\"internalType\":\"uint64\",\"name\":\"transitionEnd_\",\"type\":\"uint64\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"AlreadyAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"voter\",\"type\":\"address\"}],\"name\":\"AlreadyVoted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"}],\"name\":\"InsufficientStake\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidParameters\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"support\",\"type\":\"uint8\"}],\"name\":\"InvalidSupport\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"voter\",\"type\":\"address\"}],\"name\":\"NoVotingPower\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"enumAdmissionGovernor.State\",\"name\":\"state\",\"type\":\"uint8\"}],\"name\":\"NotActive\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotAdmissible\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotProposer\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"enumAdmissionGovernor.State\",\"name\":\"state\",\"type\":\"uint8\"}],\"name\":\"NotSucceeded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"ProposalOpen\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"TransitionOver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"UnknownProposal\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroCapacity\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRegistration\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"proposer\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"snapshotId\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"voteEnd\",\"type\":\"uint64\"}],\"name\":\"ProposalCreated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"ProposalExecuted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProposalVetoed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"voter\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"support\",\"type\":\"uint8\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"weight\",\"type\":\"uint256\"}],\"name\":\"VoteCast\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"ABSTAIN\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"AGAINST\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"FOR\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_VOTING_PERIOD\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MIN_VOTING_PERIOD\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PROPOSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"VETO_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"uint8\",\"name\":\"support\",\"type\":\"uint8\"}],\"name\":\"castVote\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"weight\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"execute\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"gfl\",\"outputs\":[{\"internalType\":\"contractIGFLSnapshots\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"voter\",\"type\":\"address\"}],\"name\":\"hasVoted\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"latestProposalOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"proposalCount\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"proposalOf\",\"outputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"proposer\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"snapshotId\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"voteEnd\",\"type\":\"uint64\"},{\"internalType\":\"bool\",\"name\":\"executed\",\"type\":\"bool\"},{\"internalType\":\"bool\",\"name\":\"vetoed\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"forVotes\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"againstVotes\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"abstainVotes\",\"type\":\"uint256\"}],\"internalType\":\"structAdmissionGovernor.Proposal\",\"name\":\"p\",\"type\":\"tuple\"},{\"internalType\":\"enumAdmissionGovernor.State\",\"name\":\"s\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"propose\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"quorumBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"quorumOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"registry\",\"outputs\":[{\"internalType\":\"contractIProviderAdmission\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"state\",\"outputs\":[{\"internalType\":\"enumAdmissionGovernor.State\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"thresholdBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"transitionEnd\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"id\",\"type\":\"uint256\"}],\"name\":\"veto\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"votingPeriod\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "AdmissionGovernor",
	Bin: "0x610140604052348015610010575f5ffd5b50604051612ae4380380612ae483398101604081905261002f916102b1565b6001600160a01b038816158061004c57506001600160a01b038616155b8061005e57506001600160a01b038516155b1561007c5760405163d92e233d60e01b815260040160405180910390fd5b603c6001600160401b038516108061009f57506276a7006001600160401b038516115b156100bd57604051630e52390960e41b815260040160405180910390fd5b61ffff831615806100d357506127108361ffff16115b806100e357506113888261ffff16105b806100f3575061270f8261ffff16115b1561011157604051630e52390960e41b815260040160405180910390fd5b6001600160a01b03808716608052851660a0526001600160401b0380851660c05261ffff80851660e0528316610100528116610120526101515f896101c5565b5061017c7f18d7d437a2d7905ef3353a5b94dadd41c37b2e3c79053f87c83493c081d7315a896101c5565b506001600160a01b038716156101b8576101b67fb09aa5aeb3702cfd50b6b62bc4532604938f21248a27a1d5ca736082b6819cc1886101c5565b505b505050505050505061034e565b5f828152602081815260408083206001600160a01b038516845290915281205460ff16610265575f838152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905561021d3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610268565b505f5b92915050565b6001600160a01b0381168114610282575f5ffd5b50565b80516001600160401b038116811461029b575f5ffd5b919050565b805161ffff8116811461029b575f5ffd5b5f5f5f5f5f5f5f5f610100898b0312156102c9575f5ffd5b88516102d48161026e565b60208a01519098506102e58161026e565b60408a01519097506102f68161026e565b60608a01519096506103078161026e565b945061031560808a01610285565b935061032360a08a016102a0565b925061033160c08a016102a0565b915061033f60e08a01610285565b90509295985092959890939650565b60805160a05160c05160e05161010051610120516126e66103fe5f395f8181610367015261064701525f81816104d101526120db01525f818161050b015281816108e6015261208501525f818161020201528181610c3d01526115b201525f81816104000152818161123a0152818161137c01528181611a2801528181611b440152611d2301525f81816103a10152818161085b01528181610dfb0152818161151e0152611ffd01526126e65ff3fe608060405234801561000f575f5ffd5b50600436106101d1575f3560e01c80637a43bb5d116100fe578063a64e024a1161009e578063d547741f1161006e578063d547741f14610535578063da35c66414610548578063f4e23e6d14610551578063fe0d94c114610570575f5ffd5b8063a64e024a146104c2578063c1144b71146104cc578063cd2ddd0c14610506578063ce46c37a1461052d575f5ffd5b806391d14854116100d957806391d1485414610449578063a147109b1461048c578063a1731a2b146104b3578063a217fddf146104bb575f5ffd5b80637a43bb5d146103e85780637b103999146103fb5780638f61f4f514610422575f5ffd5b80632f2ff15d116101745780634385963211610144578063438596321461031d5780634ff049e81461036257806356781388146103895780636592b6221461039c575f5ffd5b80632f2ff15d146102b657806336568abe146102c957806336e52ccc146102dc5780633e4f49e6146102fd575f5ffd5b80631d28dec7116101af5780631d28dec7146102565780631f30e0cb1461026b578063215809ca1461028c578063248a9ca314610294575f5ffd5b806301ffc9a7146101d557806302a251a3146101fd5780631199cf581461023d575b5f5ffd5b6101e86101e33660046121be565b610583565b60405190151581526020015b60405180910390f35b6102247f000000000000000000000000000000000000000000000000000000000000000081565b60405167ffffffffffffffff90911681526020016101f4565b6102445f81565b60405160ff90911681526020016101f4565b6102696102643660046121fd565b61061b565b005b61027e6102793660046121fd565b6107b3565b6040519081526020016101f4565b610224603c81565b61027e6102a23660046121fd565b5f9081526020819052604090206001015490565b6102696102c4366004612235565b610929565b6102696102d7366004612235565b610953565b6102ef6102ea3660046121fd565b6109b1565b6040516101f49291906122c9565b61031061030b3660046121fd565b610b7f565b6040516101f491906123de565b6101e861032b366004612235565b5f91825260036020908152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6102247f000000000000000000000000000000000000000000000000000000000000000081565b61027e6103973660046123fa565b610c99565b6103c37f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016101f4565b61027e6103f6366004612443565b610fc2565b6103c37f000000000000000000000000000000000000000000000000000000000000000081565b61027e7fb09aa5aeb3702cfd50b6b62bc4532604938f21248a27a1d5ca736082b6819cc181565b6101e8610457366004612235565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b61027e7f18d7d437a2d7905ef3353a5b94dadd41c37b2e3c79053f87c83493c081d7315a81565b610244600281565b61027e5f81565b6102246276a70081565b6104f37f000000000000000000000000000000000000000000000000000000000000000081565b60405161ffff90911681526020016101f4565b6104f37f000000000000000000000000000000000000000000000000000000000000000081565b610244600181565b610269610543366004612235565b611925565b61027e60015481565b61027e61055f366004612491565b60046020525f908152604090205481565b61026961057e3660046121fd565b611949565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061061557507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b7f18d7d437a2d7905ef3353a5b94dadd41c37b2e3c79053f87c83493c081d7315a61064581611dd8565b7f000000000000000000000000000000000000000000000000000000000000000067ffffffffffffffff1642106106a8576040517f2d1d800200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f6106b283610b7f565b905060018160068111156106c8576106c8612263565b141580156106e8575060038160068111156106e5576106e5612263565b14155b1561072c5782816040517fb81f6df40000000000000000000000000000000000000000000000000000000081526004016107239291906124ac565b60405180910390fd5b5f838152600260205260408082206003810180547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff1661010017905580549151909273ffffffffffffffffffffffffffffffffffffffff9092169186917fc2131db10d833d6b93ae553fa450ea0f6c0c2dfb0160cb3309468bf72718f3eb9190a350505050565b5f8115806107c2575060015482115b156107fc576040517f28e0cf5a00000000000000000000000000000000000000000000000000000000815260048101839052602401610723565b5f8281526002602081905260408083209091015490517f22dc0c1e0000000000000000000000000000000000000000000000000000000081527401000000000000000000000000000000000000000090910463ffffffff1660048201527f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16906322dc0c1e90602401602060405180830381865afa1580156108b5573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906108d991906124c0565b905061271061090c61ffff7f00000000000000000000000000000000000000000000000000000000000000001683612504565b6109189061270f61251b565b610922919061252e565b9392505050565b5f8281526020819052604090206001015461094381611dd8565b61094d8383611de5565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146109a2576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6109ac8282611ede565b505050565b60408051610180810182525f80825260208201819052918101829052606081018290526080810182905260a0810182905260c0810182905260e08101829052610100810182905261012081018290526101408101829052610160810182905290821580610a1f575060015483115b15610a59576040517f28e0cf5a00000000000000000000000000000000000000000000000000000000815260048101849052602401610723565b5f838152600260205260409020610a6f84610b7f565b6040805161018081018252835473ffffffffffffffffffffffffffffffffffffffff808216835267ffffffffffffffff740100000000000000000000000000000000000000008084048216602086015263ffffffff7c0100000000000000000000000000000000000000000000000000000000909404841695850195909552600187015460608501526002870154918216608085015293810490911660a08301527801000000000000000000000000000000000000000000000000900490911660c0820152600383015460ff808216151560e08401526101009182900416151590820152600483015461012082015260058301546101408201526006909201546101608301529094909350915050565b5f811580610b8e575060015482115b15610b9a57505f919050565b5f828152600260205260409020600381015460ff1615610bbd5750600492915050565b6003810154610100900460ff1615610bd85750600592915050565b60028101547801000000000000000000000000000000000000000000000000900467ffffffffffffffff16421015610c135750600192915050565b610c1c81611f97565b610c295750600292915050565b6002810154610c819067ffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000811691780100000000000000000000000000000000000000000000000090041661251b565b4210610c905750600692915050565b50600392915050565b5f5f610ca484610b7f565b90506001816006811115610cba57610cba612263565b14610cf55783816040517fb81f6df40000000000000000000000000000000000000000000000000000000081526004016107239291906124ac565b600260ff84161115610d38576040517ffe0e5d8b00000000000000000000000000000000000000000000000000000000815260ff84166004820152602401610723565b5f84815260036020908152604080832033845290915290205460ff1615610d94576040517f04f9da6300000000000000000000000000000000000000000000000000000000815260048101859052336024820152604401610723565b5f848152600260208190526040918290209081015491517f99a373140000000000000000000000000000000000000000000000000000000081523360048201527401000000000000000000000000000000000000000090920463ffffffff166024830152907f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16906399a3731490604401602060405180830381865afa158015610e55573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190610e7991906124c0565b9250825f03610ebd576040517f3fc0d8e300000000000000000000000000000000000000000000000000000000815260048101869052336024820152604401610723565b5f858152600360209081526040808320338452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790557fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60ff851601610f465782816004015f828254610f3b919061251b565b90915550610f7a9050565b60ff8416610f615782816005015f828254610f3b919061251b565b82816006015f828254610f74919061251b565b90915550505b6040805160ff8616815260208101859052339187917fb83d25c6a5d258561330739951487acb4bd09ba5190b5d32c4f261817d906792910160405180910390a3505092915050565b5f73ffffffffffffffffffffffffffffffffffffffff8516611010576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b81611047576040517f65d56b9000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8367ffffffffffffffff165f0361108a576040517f0bcb678400000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b3373ffffffffffffffffffffffffffffffffffffffff8616148015906110de5750335f9081527f3412d5605ac6cd444957cedb533e5dacad6378b4bc819ebe3652188a665066d5602052604090205460ff16155b15611133576040517f828f1b5500000000000000000000000000000000000000000000000000000000815233600482015273ffffffffffffffffffffffffffffffffffffffff86166024820152604401610723565b73ffffffffffffffffffffffffffffffffffffffff85165f9081526004602052604090205480156111f3575f61116882610b7f565b9050600181600681111561117e5761117e612263565b148061119b5750600381600681111561119957611199612263565b145b156111f1576040517f47964ea800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8816600482015260248101839052604401610723565b505b6040517f21338b3800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff87811660048301525f917f0000000000000000000000000000000000000000000000000000000000000000909116906321338b389060240160a060405180830381865afa158015611281573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906112a5919061258c565b9050600160ff16815f015160ff160361132657806020015167ffffffffffffffff168667ffffffffffffffff1611611321576040517f301eda9600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff88166004820152602401610723565b61137a565b805160ff161561137a576040517f8e315d8300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff88166004820152602401610723565b7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16634cf088d96040518163ffffffff1660e01b8152600401602060405180830381865afa1580156113e3573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190611407919061263a565b6040517fd141c57500000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff898116600483015267ffffffffffffffff89166024830152919091169063d141c57590604401602060405180830381865afa158015611483573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906114a79190612655565b611505576040517f5a2a5a1800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8816600482015267ffffffffffffffff87166024820152604401610723565b60015f815461151390612674565b91905081905592505f7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16639711715a6040518163ffffffff1660e01b81526004016020604051808303815f875af1158015611586573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906115aa91906126ab565b90505f6115d77f0000000000000000000000000000000000000000000000000000000000000000426126c6565b90506040518061018001604052808a73ffffffffffffffffffffffffffffffffffffffff1681526020018967ffffffffffffffff1681526020018863ffffffff1681526020018781526020013373ffffffffffffffffffffffffffffffffffffffff1681526020018363ffffffff1681526020018267ffffffffffffffff1681526020015f151581526020015f151581526020015f81526020015f81526020015f81525060025f8781526020019081526020015f205f820151815f015f6101000a81548173ffffffffffffffffffffffffffffffffffffffff021916908373ffffffffffffffffffffffffffffffffffffffff1602179055506020820151815f0160146101000a81548167ffffffffffffffff021916908367ffffffffffffffff1602179055506040820151815f01601c6101000a81548163ffffffff021916908363ffffffff160217905550606082015181600101556080820151816002015f6101000a81548173ffffffffffffffffffffffffffffffffffffffff021916908373ffffffffffffffffffffffffffffffffffffffff16021790555060a08201518160020160146101000a81548163ffffffff021916908363ffffffff16021790555060c08201518160020160186101000a81548167ffffffffffffffff021916908367ffffffffffffffff16021790555060e0820151816003015f6101000a81548160ff0219169083151502179055506101008201518160030160016101000a81548160ff0219169083151502179055506101208201518160040155610140820151816005015561016082015181600601559050508460045f8b73ffffffffffffffffffffffffffffffffffffffff1673ffffffffffffffffffffffffffffffffffffffff1681526020019081526020015f20819055508873ffffffffffffffffffffffffffffffffffffffff16857f6fe2c79dbcf9678f34c78c6528ce2f97916bcb243def5566a2cc144b3a2b5689338b8b8b88886040516119119695949392919073ffffffffffffffffffffffffffffffffffffffff96909616865267ffffffffffffffff948516602087015263ffffffff9384166040870152606086019290925290911660808401521660a082015260c00190565b60405180910390a350505050949350505050565b5f8281526020819052604090206001015461193f81611dd8565b61094d8383611ede565b5f61195382610b7f565b9050600381600681111561196957611969612263565b146119a45781816040517ff2df06910000000000000000000000000000000000000000000000000000000081526004016107239291906124ac565b5f828152600260205260408082206003810180547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055805491517f21338b3800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff92831660048201529092917f000000000000000000000000000000000000000000000000000000000000000016906321338b389060240160a060405180830381865afa158015611a6d573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190611a91919061258c565b805190915060ff16611ba257815460018301546040517f9ef9b18a00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff808416600483015274010000000000000000000000000000000000000000840467ffffffffffffffff1660248301527c010000000000000000000000000000000000000000000000000000000090930463ffffffff16604482015260648101919091527f000000000000000000000000000000000000000000000000000000000000000090911690639ef9b18a906084015f604051808303815f87803b158015611b87575f5ffd5b505af1158015611b99573d5f5f3e3d5ffd5b50505050611d7d565b805160ff16600114611bfb5781546040517f8e315d8300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff9091166004820152602401610723565b6020810151825467ffffffffffffffff9182167401000000000000000000000000000000000000000090910490911611611c7c5781546040517f301eda9600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff9091166004820152602401610723565b815460018301546040517faf5a132f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff808416600483015274010000000000000000000000000000000000000000840467ffffffffffffffff1660248301527c010000000000000000000000000000000000000000000000000000000090930463ffffffff16604482015260648101919091527f00000000000000000000000000000000000000000000000000000000000000009091169063af5a132f906084015f604051808303815f87803b158015611d66575f5ffd5b505af1158015611d78573d5f5f3e3d5ffd5b505050505b8154600183015460405190815273ffffffffffffffffffffffffffffffffffffffff9091169085907ff75669458e39b3e450bebdf8e3f8396a4ca0b4057017be244aa5af43321b28079060200160405180910390a350505050565b611de28133612135565b50565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16611ed7575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055611e753390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610615565b505f610615565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615611ed7575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610615565b5f81600401545f03611faa57505f919050565b60028201546040517f22dc0c1e0000000000000000000000000000000000000000000000000000000081527401000000000000000000000000000000000000000090910463ffffffff1660048201525f907f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16906322dc0c1e90602401602060405180830381865afa158015612057573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061207b91906124c0565b90506120ab61ffff7f00000000000000000000000000000000000000000000000000000000000000001682612504565b836006015484600401546120bf919061251b565b6120cb90612710612504565b10156120d957505f92915050565b7f000000000000000000000000000000000000000000000000000000000000000061ffff1683600501548460040154612112919061251b565b61211c9190612504565b600484015461212d90612710612504565b119392505050565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff166121ba576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8216600482015260248101839052604401610723565b5050565b5f602082840312156121ce575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114610922575f5ffd5b5f6020828403121561220d575f5ffd5b5035919050565b73ffffffffffffffffffffffffffffffffffffffff81168114611de2575f5ffd5b5f5f60408385031215612246575f5ffd5b82359150602083013561225881612214565b809150509250929050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b600781106122c5577f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b9052565b825173ffffffffffffffffffffffffffffffffffffffff1681526101a081016020840151612303602084018267ffffffffffffffff169052565b50604084015161231b604084018263ffffffff169052565b5060608401516060830152608084015161234d608084018273ffffffffffffffffffffffffffffffffffffffff169052565b5060a084015161236560a084018263ffffffff169052565b5060c084015161238160c084018267ffffffffffffffff169052565b5060e084015161239560e084018215159052565b506101008401516123ab61010084018215159052565b50610120840151610120830152610140840151610140830152610160840151610160830152610922610180830184612290565b602081016106158284612290565b60ff81168114611de2575f5ffd5b5f5f6040838503121561240b575f5ffd5b823591506020830135612258816123ec565b67ffffffffffffffff81168114611de2575f5ffd5b63ffffffff81168114611de2575f5ffd5b5f5f5f5f60808587031215612456575f5ffd5b843561246181612214565b935060208501356124718161241d565b9250604085013561248181612432565b9396929550929360600135925050565b5f602082840312156124a1575f5ffd5b813561092281612214565b828152604081016109226020830184612290565b5f602082840312156124d0575f5ffd5b5051919050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b8082028115828204841417610615576106156124d7565b80820180821115610615576106156124d7565b5f82612561577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b8051612571816123ec565b919050565b80516125718161241d565b805161257181612432565b5f60a082840312801561259d575f5ffd5b5060405160a0810167ffffffffffffffff811182821017156125e6577f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b6040526125f283612566565b815261260060208401612576565b602082015261261160408401612581565b604082015261262260608401612576565b60608201526080928301519281019290925250919050565b5f6020828403121561264a575f5ffd5b815161092281612214565b5f60208284031215612665575f5ffd5b81518015158114610922575f5ffd5b5f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff82036126a4576126a46124d7565b5060010190565b5f602082840312156126bb575f5ffd5b815161092281612432565b67ffffffffffffffff8181168382160190811115610615576106156124d756",
}

// AdmissionGovernor is an auto generated Go binding around an Ethereum contract.
type AdmissionGovernor struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *AdmissionGovernor) GetABI() abi.ABI {
	return c.abi
}

// NewAdmissionGovernor creates a new instance of AdmissionGovernor.
func NewAdmissionGovernor() *AdmissionGovernor {
	parsed, err := AdmissionGovernorMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &AdmissionGovernor{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *AdmissionGovernor) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin, address proposer, address gfl_, address registry_, uint64 votingPeriod_, uint16 quorumBps_, uint16 thresholdBps_, uint64 transitionEnd_) returns()
func (admissionGovernor *AdmissionGovernor) PackConstructor(admin common.Address, proposer common.Address, gfl_ common.Address, registry_ common.Address, votingPeriod_ uint64, quorumBps_ uint16, thresholdBps_ uint16, transitionEnd_ uint64) []byte {
	enc, err := admissionGovernor.abi.Pack("", admin, proposer, gfl_, registry_, votingPeriod_, quorumBps_, thresholdBps_, transitionEnd_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackABSTAIN is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa1731a2b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function ABSTAIN() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) PackABSTAIN() []byte {
	enc, err := admissionGovernor.abi.Pack("ABSTAIN")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackABSTAIN is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa1731a2b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function ABSTAIN() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) TryPackABSTAIN() ([]byte, error) {
	return admissionGovernor.abi.Pack("ABSTAIN")
}

// UnpackABSTAIN is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa1731a2b.
//
// Solidity: function ABSTAIN() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) UnpackABSTAIN(data []byte) (uint8, error) {
	out, err := admissionGovernor.abi.Unpack("ABSTAIN", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackAGAINST is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1199cf58.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function AGAINST() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) PackAGAINST() []byte {
	enc, err := admissionGovernor.abi.Pack("AGAINST")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAGAINST is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1199cf58.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function AGAINST() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) TryPackAGAINST() ([]byte, error) {
	return admissionGovernor.abi.Pack("AGAINST")
}

// UnpackAGAINST is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1199cf58.
//
// Solidity: function AGAINST() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) UnpackAGAINST(data []byte) (uint8, error) {
	out, err := admissionGovernor.abi.Unpack("AGAINST", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) PackDEFAULTADMINROLE() []byte {
	enc, err := admissionGovernor.abi.Pack("DEFAULT_ADMIN_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return admissionGovernor.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := admissionGovernor.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackFOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xce46c37a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function FOR() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) PackFOR() []byte {
	enc, err := admissionGovernor.abi.Pack("FOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xce46c37a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function FOR() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) TryPackFOR() ([]byte, error) {
	return admissionGovernor.abi.Pack("FOR")
}

// UnpackFOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xce46c37a.
//
// Solidity: function FOR() view returns(uint8)
func (admissionGovernor *AdmissionGovernor) UnpackFOR(data []byte) (uint8, error) {
	out, err := admissionGovernor.abi.Unpack("FOR", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMAXVOTINGPERIOD is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa64e024a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) PackMAXVOTINGPERIOD() []byte {
	enc, err := admissionGovernor.abi.Pack("MAX_VOTING_PERIOD")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXVOTINGPERIOD is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa64e024a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) TryPackMAXVOTINGPERIOD() ([]byte, error) {
	return admissionGovernor.abi.Pack("MAX_VOTING_PERIOD")
}

// UnpackMAXVOTINGPERIOD is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa64e024a.
//
// Solidity: function MAX_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) UnpackMAXVOTINGPERIOD(data []byte) (uint64, error) {
	out, err := admissionGovernor.abi.Unpack("MAX_VOTING_PERIOD", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackMINVOTINGPERIOD is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x215809ca.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MIN_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) PackMINVOTINGPERIOD() []byte {
	enc, err := admissionGovernor.abi.Pack("MIN_VOTING_PERIOD")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMINVOTINGPERIOD is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x215809ca.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MIN_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) TryPackMINVOTINGPERIOD() ([]byte, error) {
	return admissionGovernor.abi.Pack("MIN_VOTING_PERIOD")
}

// UnpackMINVOTINGPERIOD is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x215809ca.
//
// Solidity: function MIN_VOTING_PERIOD() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) UnpackMINVOTINGPERIOD(data []byte) (uint64, error) {
	out, err := admissionGovernor.abi.Unpack("MIN_VOTING_PERIOD", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackPROPOSERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8f61f4f5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PROPOSER_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) PackPROPOSERROLE() []byte {
	enc, err := admissionGovernor.abi.Pack("PROPOSER_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPROPOSERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8f61f4f5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function PROPOSER_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) TryPackPROPOSERROLE() ([]byte, error) {
	return admissionGovernor.abi.Pack("PROPOSER_ROLE")
}

// UnpackPROPOSERROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8f61f4f5.
//
// Solidity: function PROPOSER_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) UnpackPROPOSERROLE(data []byte) ([32]byte, error) {
	out, err := admissionGovernor.abi.Unpack("PROPOSER_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackVETOROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa147109b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function VETO_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) PackVETOROLE() []byte {
	enc, err := admissionGovernor.abi.Pack("VETO_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVETOROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa147109b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function VETO_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) TryPackVETOROLE() ([]byte, error) {
	return admissionGovernor.abi.Pack("VETO_ROLE")
}

// UnpackVETOROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa147109b.
//
// Solidity: function VETO_ROLE() view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) UnpackVETOROLE(data []byte) ([32]byte, error) {
	out, err := admissionGovernor.abi.Unpack("VETO_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackCastVote is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x56781388.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function castVote(uint256 id, uint8 support) returns(uint256 weight)
func (admissionGovernor *AdmissionGovernor) PackCastVote(id *big.Int, support uint8) []byte {
	enc, err := admissionGovernor.abi.Pack("castVote", id, support)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCastVote is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x56781388.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function castVote(uint256 id, uint8 support) returns(uint256 weight)
func (admissionGovernor *AdmissionGovernor) TryPackCastVote(id *big.Int, support uint8) ([]byte, error) {
	return admissionGovernor.abi.Pack("castVote", id, support)
}

// UnpackCastVote is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x56781388.
//
// Solidity: function castVote(uint256 id, uint8 support) returns(uint256 weight)
func (admissionGovernor *AdmissionGovernor) UnpackCastVote(data []byte) (*big.Int, error) {
	out, err := admissionGovernor.abi.Unpack("castVote", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackExecute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfe0d94c1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function execute(uint256 id) returns()
func (admissionGovernor *AdmissionGovernor) PackExecute(id *big.Int) []byte {
	enc, err := admissionGovernor.abi.Pack("execute", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackExecute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfe0d94c1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function execute(uint256 id) returns()
func (admissionGovernor *AdmissionGovernor) TryPackExecute(id *big.Int) ([]byte, error) {
	return admissionGovernor.abi.Pack("execute", id)
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := admissionGovernor.abi.Pack("getRoleAdmin", role)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return admissionGovernor.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (admissionGovernor *AdmissionGovernor) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := admissionGovernor.abi.Unpack("getRoleAdmin", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6592b622.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function gfl() view returns(address)
func (admissionGovernor *AdmissionGovernor) PackGfl() []byte {
	enc, err := admissionGovernor.abi.Pack("gfl")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6592b622.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function gfl() view returns(address)
func (admissionGovernor *AdmissionGovernor) TryPackGfl() ([]byte, error) {
	return admissionGovernor.abi.Pack("gfl")
}

// UnpackGfl is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6592b622.
//
// Solidity: function gfl() view returns(address)
func (admissionGovernor *AdmissionGovernor) UnpackGfl(data []byte) (common.Address, error) {
	out, err := admissionGovernor.abi.Unpack("gfl", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackGrantRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f2ff15d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (admissionGovernor *AdmissionGovernor) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("grantRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGrantRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f2ff15d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (admissionGovernor *AdmissionGovernor) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (admissionGovernor *AdmissionGovernor) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("hasRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (admissionGovernor *AdmissionGovernor) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (admissionGovernor *AdmissionGovernor) UnpackHasRole(data []byte) (bool, error) {
	out, err := admissionGovernor.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackHasVoted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43859632.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasVoted(uint256 id, address voter) view returns(bool)
func (admissionGovernor *AdmissionGovernor) PackHasVoted(id *big.Int, voter common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("hasVoted", id, voter)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHasVoted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43859632.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hasVoted(uint256 id, address voter) view returns(bool)
func (admissionGovernor *AdmissionGovernor) TryPackHasVoted(id *big.Int, voter common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("hasVoted", id, voter)
}

// UnpackHasVoted is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x43859632.
//
// Solidity: function hasVoted(uint256 id, address voter) view returns(bool)
func (admissionGovernor *AdmissionGovernor) UnpackHasVoted(data []byte) (bool, error) {
	out, err := admissionGovernor.abi.Unpack("hasVoted", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackLatestProposalOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf4e23e6d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function latestProposalOf(address ) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) PackLatestProposalOf(arg0 common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("latestProposalOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLatestProposalOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf4e23e6d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function latestProposalOf(address ) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) TryPackLatestProposalOf(arg0 common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("latestProposalOf", arg0)
}

// UnpackLatestProposalOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf4e23e6d.
//
// Solidity: function latestProposalOf(address ) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) UnpackLatestProposalOf(data []byte) (*big.Int, error) {
	out, err := admissionGovernor.abi.Unpack("latestProposalOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackProposalCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xda35c664.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function proposalCount() view returns(uint256)
func (admissionGovernor *AdmissionGovernor) PackProposalCount() []byte {
	enc, err := admissionGovernor.abi.Pack("proposalCount")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackProposalCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xda35c664.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function proposalCount() view returns(uint256)
func (admissionGovernor *AdmissionGovernor) TryPackProposalCount() ([]byte, error) {
	return admissionGovernor.abi.Pack("proposalCount")
}

// UnpackProposalCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xda35c664.
//
// Solidity: function proposalCount() view returns(uint256)
func (admissionGovernor *AdmissionGovernor) UnpackProposalCount(data []byte) (*big.Int, error) {
	out, err := admissionGovernor.abi.Unpack("proposalCount", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackProposalOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36e52ccc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function proposalOf(uint256 id) view returns((address,uint64,uint32,bytes32,address,uint32,uint64,bool,bool,uint256,uint256,uint256) p, uint8 s)
func (admissionGovernor *AdmissionGovernor) PackProposalOf(id *big.Int) []byte {
	enc, err := admissionGovernor.abi.Pack("proposalOf", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackProposalOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36e52ccc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function proposalOf(uint256 id) view returns((address,uint64,uint32,bytes32,address,uint32,uint64,bool,bool,uint256,uint256,uint256) p, uint8 s)
func (admissionGovernor *AdmissionGovernor) TryPackProposalOf(id *big.Int) ([]byte, error) {
	return admissionGovernor.abi.Pack("proposalOf", id)
}

// ProposalOfOutput serves as a container for the return parameters of contract
// method ProposalOf.
type ProposalOfOutput struct {
	P AdmissionGovernorProposal
	S uint8
}

// UnpackProposalOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x36e52ccc.
//
// Solidity: function proposalOf(uint256 id) view returns((address,uint64,uint32,bytes32,address,uint32,uint64,bool,bool,uint256,uint256,uint256) p, uint8 s)
func (admissionGovernor *AdmissionGovernor) UnpackProposalOf(data []byte) (ProposalOfOutput, error) {
	out, err := admissionGovernor.abi.Unpack("proposalOf", data)
	outstruct := new(ProposalOfOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.P = *abi.ConvertType(out[0], new(AdmissionGovernorProposal)).(*AdmissionGovernorProposal)
	outstruct.S = *abi.ConvertType(out[1], new(uint8)).(*uint8)
	return *outstruct, nil
}

// PackPropose is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a43bb5d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function propose(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns(uint256 id)
func (admissionGovernor *AdmissionGovernor) PackPropose(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) []byte {
	enc, err := admissionGovernor.abi.Pack("propose", provider, capacityMegaFlops, gpus, registration)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPropose is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a43bb5d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function propose(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns(uint256 id)
func (admissionGovernor *AdmissionGovernor) TryPackPropose(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) ([]byte, error) {
	return admissionGovernor.abi.Pack("propose", provider, capacityMegaFlops, gpus, registration)
}

// UnpackPropose is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7a43bb5d.
//
// Solidity: function propose(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns(uint256 id)
func (admissionGovernor *AdmissionGovernor) UnpackPropose(data []byte) (*big.Int, error) {
	out, err := admissionGovernor.abi.Unpack("propose", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackQuorumBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcd2ddd0c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function quorumBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) PackQuorumBps() []byte {
	enc, err := admissionGovernor.abi.Pack("quorumBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackQuorumBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcd2ddd0c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function quorumBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) TryPackQuorumBps() ([]byte, error) {
	return admissionGovernor.abi.Pack("quorumBps")
}

// UnpackQuorumBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xcd2ddd0c.
//
// Solidity: function quorumBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) UnpackQuorumBps(data []byte) (uint16, error) {
	out, err := admissionGovernor.abi.Unpack("quorumBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackQuorumOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1f30e0cb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function quorumOf(uint256 id) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) PackQuorumOf(id *big.Int) []byte {
	enc, err := admissionGovernor.abi.Pack("quorumOf", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackQuorumOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1f30e0cb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function quorumOf(uint256 id) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) TryPackQuorumOf(id *big.Int) ([]byte, error) {
	return admissionGovernor.abi.Pack("quorumOf", id)
}

// UnpackQuorumOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1f30e0cb.
//
// Solidity: function quorumOf(uint256 id) view returns(uint256)
func (admissionGovernor *AdmissionGovernor) UnpackQuorumOf(data []byte) (*big.Int, error) {
	out, err := admissionGovernor.abi.Unpack("quorumOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRegistry is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7b103999.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function registry() view returns(address)
func (admissionGovernor *AdmissionGovernor) PackRegistry() []byte {
	enc, err := admissionGovernor.abi.Pack("registry")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRegistry is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7b103999.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function registry() view returns(address)
func (admissionGovernor *AdmissionGovernor) TryPackRegistry() ([]byte, error) {
	return admissionGovernor.abi.Pack("registry")
}

// UnpackRegistry is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7b103999.
//
// Solidity: function registry() view returns(address)
func (admissionGovernor *AdmissionGovernor) UnpackRegistry(data []byte) (common.Address, error) {
	out, err := admissionGovernor.abi.Unpack("registry", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (admissionGovernor *AdmissionGovernor) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("renounceRole", role, callerConfirmation)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (admissionGovernor *AdmissionGovernor) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (admissionGovernor *AdmissionGovernor) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := admissionGovernor.abi.Pack("revokeRole", role, account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (admissionGovernor *AdmissionGovernor) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return admissionGovernor.abi.Pack("revokeRole", role, account)
}

// PackState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e4f49e6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function state(uint256 id) view returns(uint8)
func (admissionGovernor *AdmissionGovernor) PackState(id *big.Int) []byte {
	enc, err := admissionGovernor.abi.Pack("state", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e4f49e6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function state(uint256 id) view returns(uint8)
func (admissionGovernor *AdmissionGovernor) TryPackState(id *big.Int) ([]byte, error) {
	return admissionGovernor.abi.Pack("state", id)
}

// UnpackState is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3e4f49e6.
//
// Solidity: function state(uint256 id) view returns(uint8)
func (admissionGovernor *AdmissionGovernor) UnpackState(data []byte) (uint8, error) {
	out, err := admissionGovernor.abi.Unpack("state", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (admissionGovernor *AdmissionGovernor) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := admissionGovernor.abi.Pack("supportsInterface", interfaceId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (admissionGovernor *AdmissionGovernor) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return admissionGovernor.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (admissionGovernor *AdmissionGovernor) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := admissionGovernor.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackThresholdBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc1144b71.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function thresholdBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) PackThresholdBps() []byte {
	enc, err := admissionGovernor.abi.Pack("thresholdBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackThresholdBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc1144b71.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function thresholdBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) TryPackThresholdBps() ([]byte, error) {
	return admissionGovernor.abi.Pack("thresholdBps")
}

// UnpackThresholdBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc1144b71.
//
// Solidity: function thresholdBps() view returns(uint16)
func (admissionGovernor *AdmissionGovernor) UnpackThresholdBps(data []byte) (uint16, error) {
	out, err := admissionGovernor.abi.Unpack("thresholdBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackTransitionEnd is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ff049e8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transitionEnd() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) PackTransitionEnd() []byte {
	enc, err := admissionGovernor.abi.Pack("transitionEnd")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransitionEnd is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ff049e8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transitionEnd() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) TryPackTransitionEnd() ([]byte, error) {
	return admissionGovernor.abi.Pack("transitionEnd")
}

// UnpackTransitionEnd is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4ff049e8.
//
// Solidity: function transitionEnd() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) UnpackTransitionEnd(data []byte) (uint64, error) {
	out, err := admissionGovernor.abi.Unpack("transitionEnd", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackVeto is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1d28dec7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function veto(uint256 id) returns()
func (admissionGovernor *AdmissionGovernor) PackVeto(id *big.Int) []byte {
	enc, err := admissionGovernor.abi.Pack("veto", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVeto is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1d28dec7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function veto(uint256 id) returns()
func (admissionGovernor *AdmissionGovernor) TryPackVeto(id *big.Int) ([]byte, error) {
	return admissionGovernor.abi.Pack("veto", id)
}

// PackVotingPeriod is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x02a251a3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function votingPeriod() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) PackVotingPeriod() []byte {
	enc, err := admissionGovernor.abi.Pack("votingPeriod")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVotingPeriod is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x02a251a3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function votingPeriod() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) TryPackVotingPeriod() ([]byte, error) {
	return admissionGovernor.abi.Pack("votingPeriod")
}

// UnpackVotingPeriod is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x02a251a3.
//
// Solidity: function votingPeriod() view returns(uint64)
func (admissionGovernor *AdmissionGovernor) UnpackVotingPeriod(data []byte) (uint64, error) {
	out, err := admissionGovernor.abi.Unpack("votingPeriod", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// AdmissionGovernorProposalCreated represents a ProposalCreated event raised by the AdmissionGovernor contract.
type AdmissionGovernorProposalCreated struct {
	Id                *big.Int
	Provider          common.Address
	Proposer          common.Address
	CapacityMegaFlops uint64
	Gpus              uint32
	Registration      [32]byte
	SnapshotId        uint32
	VoteEnd           uint64
	Raw               *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorProposalCreatedEventName = "ProposalCreated"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorProposalCreated) ContractEventName() string {
	return AdmissionGovernorProposalCreatedEventName
}

// UnpackProposalCreatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProposalCreated(uint256 indexed id, address indexed provider, address proposer, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration, uint32 snapshotId, uint64 voteEnd)
func (admissionGovernor *AdmissionGovernor) UnpackProposalCreatedEvent(log *types.Log) (*AdmissionGovernorProposalCreated, error) {
	event := "ProposalCreated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorProposalCreated)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorProposalExecuted represents a ProposalExecuted event raised by the AdmissionGovernor contract.
type AdmissionGovernorProposalExecuted struct {
	Id           *big.Int
	Provider     common.Address
	Registration [32]byte
	Raw          *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorProposalExecutedEventName = "ProposalExecuted"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorProposalExecuted) ContractEventName() string {
	return AdmissionGovernorProposalExecutedEventName
}

// UnpackProposalExecutedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProposalExecuted(uint256 indexed id, address indexed provider, bytes32 registration)
func (admissionGovernor *AdmissionGovernor) UnpackProposalExecutedEvent(log *types.Log) (*AdmissionGovernorProposalExecuted, error) {
	event := "ProposalExecuted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorProposalExecuted)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorProposalVetoed represents a ProposalVetoed event raised by the AdmissionGovernor contract.
type AdmissionGovernorProposalVetoed struct {
	Id       *big.Int
	Provider common.Address
	Raw      *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorProposalVetoedEventName = "ProposalVetoed"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorProposalVetoed) ContractEventName() string {
	return AdmissionGovernorProposalVetoedEventName
}

// UnpackProposalVetoedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProposalVetoed(uint256 indexed id, address indexed provider)
func (admissionGovernor *AdmissionGovernor) UnpackProposalVetoedEvent(log *types.Log) (*AdmissionGovernorProposalVetoed, error) {
	event := "ProposalVetoed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorProposalVetoed)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorRoleAdminChanged represents a RoleAdminChanged event raised by the AdmissionGovernor contract.
type AdmissionGovernorRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorRoleAdminChanged) ContractEventName() string {
	return AdmissionGovernorRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (admissionGovernor *AdmissionGovernor) UnpackRoleAdminChangedEvent(log *types.Log) (*AdmissionGovernorRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorRoleGranted represents a RoleGranted event raised by the AdmissionGovernor contract.
type AdmissionGovernorRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorRoleGranted) ContractEventName() string {
	return AdmissionGovernorRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (admissionGovernor *AdmissionGovernor) UnpackRoleGrantedEvent(log *types.Log) (*AdmissionGovernorRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorRoleGranted)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorRoleRevoked represents a RoleRevoked event raised by the AdmissionGovernor contract.
type AdmissionGovernorRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorRoleRevoked) ContractEventName() string {
	return AdmissionGovernorRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (admissionGovernor *AdmissionGovernor) UnpackRoleRevokedEvent(log *types.Log) (*AdmissionGovernorRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorRoleRevoked)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// AdmissionGovernorVoteCast represents a VoteCast event raised by the AdmissionGovernor contract.
type AdmissionGovernorVoteCast struct {
	Id      *big.Int
	Voter   common.Address
	Support uint8
	Weight  *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const AdmissionGovernorVoteCastEventName = "VoteCast"

// ContractEventName returns the user-defined event name.
func (AdmissionGovernorVoteCast) ContractEventName() string {
	return AdmissionGovernorVoteCastEventName
}

// UnpackVoteCastEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event VoteCast(uint256 indexed id, address indexed voter, uint8 support, uint256 weight)
func (admissionGovernor *AdmissionGovernor) UnpackVoteCastEvent(log *types.Log) (*AdmissionGovernorVoteCast, error) {
	event := "VoteCast"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != admissionGovernor.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(AdmissionGovernorVoteCast)
	if len(log.Data) > 0 {
		if err := admissionGovernor.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range admissionGovernor.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (admissionGovernor *AdmissionGovernor) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["AlreadyAdmitted"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackAlreadyAdmittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["AlreadyVoted"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackAlreadyVotedError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["InsufficientStake"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackInsufficientStakeError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["InvalidParameters"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackInvalidParametersError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["InvalidSupport"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackInvalidSupportError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["NoVotingPower"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackNoVotingPowerError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["NotActive"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackNotActiveError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["NotAdmissible"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackNotAdmissibleError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["NotProposer"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackNotProposerError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["NotSucceeded"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackNotSucceededError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["ProposalOpen"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackProposalOpenError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["TransitionOver"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackTransitionOverError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["UnknownProposal"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackUnknownProposalError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["ZeroCapacity"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackZeroCapacityError(raw[4:])
	}
	if bytes.Equal(raw[:4], admissionGovernor.abi.Errors["ZeroRegistration"].ID.Bytes()[:4]) {
		return admissionGovernor.UnpackZeroRegistrationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// AdmissionGovernorAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the AdmissionGovernor contract.
type AdmissionGovernorAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func AdmissionGovernorAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (admissionGovernor *AdmissionGovernor) UnpackAccessControlBadConfirmationError(raw []byte) (*AdmissionGovernorAccessControlBadConfirmation, error) {
	out := new(AdmissionGovernorAccessControlBadConfirmation)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the AdmissionGovernor contract.
type AdmissionGovernorAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func AdmissionGovernorAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (admissionGovernor *AdmissionGovernor) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*AdmissionGovernorAccessControlUnauthorizedAccount, error) {
	out := new(AdmissionGovernorAccessControlUnauthorizedAccount)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorAlreadyAdmitted represents a AlreadyAdmitted error raised by the AdmissionGovernor contract.
type AdmissionGovernorAlreadyAdmitted struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AlreadyAdmitted(address provider)
func AdmissionGovernorAlreadyAdmittedErrorID() common.Hash {
	return common.HexToHash("0x301eda96bb30c357104431e0350b3a2bd993b34ea0dd186ebfddacff70ef326e")
}

// UnpackAlreadyAdmittedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AlreadyAdmitted(address provider)
func (admissionGovernor *AdmissionGovernor) UnpackAlreadyAdmittedError(raw []byte) (*AdmissionGovernorAlreadyAdmitted, error) {
	out := new(AdmissionGovernorAlreadyAdmitted)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "AlreadyAdmitted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorAlreadyVoted represents a AlreadyVoted error raised by the AdmissionGovernor contract.
type AdmissionGovernorAlreadyVoted struct {
	Id    *big.Int
	Voter common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AlreadyVoted(uint256 id, address voter)
func AdmissionGovernorAlreadyVotedErrorID() common.Hash {
	return common.HexToHash("0x04f9da634a3ce855cf7785808a673a41608288999dcd1d08e55bb33c69118f4a")
}

// UnpackAlreadyVotedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AlreadyVoted(uint256 id, address voter)
func (admissionGovernor *AdmissionGovernor) UnpackAlreadyVotedError(raw []byte) (*AdmissionGovernorAlreadyVoted, error) {
	out := new(AdmissionGovernorAlreadyVoted)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "AlreadyVoted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorInsufficientStake represents a InsufficientStake error raised by the AdmissionGovernor contract.
type AdmissionGovernorInsufficientStake struct {
	Provider          common.Address
	CapacityMegaFlops uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientStake(address provider, uint64 capacityMegaFlops)
func AdmissionGovernorInsufficientStakeErrorID() common.Hash {
	return common.HexToHash("0x5a2a5a185d912b5f922bb53b98a3dcb5d4e0bd4b5425be06913e896850b0d098")
}

// UnpackInsufficientStakeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientStake(address provider, uint64 capacityMegaFlops)
func (admissionGovernor *AdmissionGovernor) UnpackInsufficientStakeError(raw []byte) (*AdmissionGovernorInsufficientStake, error) {
	out := new(AdmissionGovernorInsufficientStake)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "InsufficientStake", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorInvalidParameters represents a InvalidParameters error raised by the AdmissionGovernor contract.
type AdmissionGovernorInvalidParameters struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidParameters()
func AdmissionGovernorInvalidParametersErrorID() common.Hash {
	return common.HexToHash("0xe52390909f87229f872871b8ab57a0e139663fb951ac6346f3852d332ca460b7")
}

// UnpackInvalidParametersError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidParameters()
func (admissionGovernor *AdmissionGovernor) UnpackInvalidParametersError(raw []byte) (*AdmissionGovernorInvalidParameters, error) {
	out := new(AdmissionGovernorInvalidParameters)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "InvalidParameters", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorInvalidSupport represents a InvalidSupport error raised by the AdmissionGovernor contract.
type AdmissionGovernorInvalidSupport struct {
	Support uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSupport(uint8 support)
func AdmissionGovernorInvalidSupportErrorID() common.Hash {
	return common.HexToHash("0xfe0e5d8b7a1c66ede793344e22a91aae8f7841267da167ba64a6dfbfd3df0685")
}

// UnpackInvalidSupportError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSupport(uint8 support)
func (admissionGovernor *AdmissionGovernor) UnpackInvalidSupportError(raw []byte) (*AdmissionGovernorInvalidSupport, error) {
	out := new(AdmissionGovernorInvalidSupport)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "InvalidSupport", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorNoVotingPower represents a NoVotingPower error raised by the AdmissionGovernor contract.
type AdmissionGovernorNoVotingPower struct {
	Id    *big.Int
	Voter common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NoVotingPower(uint256 id, address voter)
func AdmissionGovernorNoVotingPowerErrorID() common.Hash {
	return common.HexToHash("0x3fc0d8e37a580ac7777dbe9852f13d63dfbc36513b010e0444c2ac14a028ce67")
}

// UnpackNoVotingPowerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NoVotingPower(uint256 id, address voter)
func (admissionGovernor *AdmissionGovernor) UnpackNoVotingPowerError(raw []byte) (*AdmissionGovernorNoVotingPower, error) {
	out := new(AdmissionGovernorNoVotingPower)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "NoVotingPower", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorNotActive represents a NotActive error raised by the AdmissionGovernor contract.
type AdmissionGovernorNotActive struct {
	Id    *big.Int
	State uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotActive(uint256 id, uint8 state)
func AdmissionGovernorNotActiveErrorID() common.Hash {
	return common.HexToHash("0xb81f6df4de7c54b2ab7d1100b461a074176f15bc9af74190d304ecd4cc4a5ae1")
}

// UnpackNotActiveError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotActive(uint256 id, uint8 state)
func (admissionGovernor *AdmissionGovernor) UnpackNotActiveError(raw []byte) (*AdmissionGovernorNotActive, error) {
	out := new(AdmissionGovernorNotActive)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "NotActive", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorNotAdmissible represents a NotAdmissible error raised by the AdmissionGovernor contract.
type AdmissionGovernorNotAdmissible struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotAdmissible(address provider)
func AdmissionGovernorNotAdmissibleErrorID() common.Hash {
	return common.HexToHash("0x8e315d83cf6e3432607e555067ede71adf2c61653ce571273cf18922cc94057c")
}

// UnpackNotAdmissibleError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotAdmissible(address provider)
func (admissionGovernor *AdmissionGovernor) UnpackNotAdmissibleError(raw []byte) (*AdmissionGovernorNotAdmissible, error) {
	out := new(AdmissionGovernorNotAdmissible)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "NotAdmissible", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorNotProposer represents a NotProposer error raised by the AdmissionGovernor contract.
type AdmissionGovernorNotProposer struct {
	Sender   common.Address
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotProposer(address sender, address provider)
func AdmissionGovernorNotProposerErrorID() common.Hash {
	return common.HexToHash("0x828f1b55083085e934b0b927dc2ed55e8bdbe2936b33032b8300268c80375b84")
}

// UnpackNotProposerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotProposer(address sender, address provider)
func (admissionGovernor *AdmissionGovernor) UnpackNotProposerError(raw []byte) (*AdmissionGovernorNotProposer, error) {
	out := new(AdmissionGovernorNotProposer)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "NotProposer", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorNotSucceeded represents a NotSucceeded error raised by the AdmissionGovernor contract.
type AdmissionGovernorNotSucceeded struct {
	Id    *big.Int
	State uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotSucceeded(uint256 id, uint8 state)
func AdmissionGovernorNotSucceededErrorID() common.Hash {
	return common.HexToHash("0xf2df06914a14ea7ab033f7d51bfccf8695996982fa6b03608ab71dd5be340e8c")
}

// UnpackNotSucceededError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotSucceeded(uint256 id, uint8 state)
func (admissionGovernor *AdmissionGovernor) UnpackNotSucceededError(raw []byte) (*AdmissionGovernorNotSucceeded, error) {
	out := new(AdmissionGovernorNotSucceeded)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "NotSucceeded", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorProposalOpen represents a ProposalOpen error raised by the AdmissionGovernor contract.
type AdmissionGovernorProposalOpen struct {
	Provider common.Address
	Id       *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ProposalOpen(address provider, uint256 id)
func AdmissionGovernorProposalOpenErrorID() common.Hash {
	return common.HexToHash("0x47964ea8d0bf621bfacea57d545acfcb20145f342caa3c929f0039c4ae1f546f")
}

// UnpackProposalOpenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ProposalOpen(address provider, uint256 id)
func (admissionGovernor *AdmissionGovernor) UnpackProposalOpenError(raw []byte) (*AdmissionGovernorProposalOpen, error) {
	out := new(AdmissionGovernorProposalOpen)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "ProposalOpen", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorTransitionOver represents a TransitionOver error raised by the AdmissionGovernor contract.
type AdmissionGovernorTransitionOver struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TransitionOver()
func AdmissionGovernorTransitionOverErrorID() common.Hash {
	return common.HexToHash("0x2d1d80028e5c16c5551f28bf04054cc0643fb7ea3df0822170f4f991a7fa1f09")
}

// UnpackTransitionOverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TransitionOver()
func (admissionGovernor *AdmissionGovernor) UnpackTransitionOverError(raw []byte) (*AdmissionGovernorTransitionOver, error) {
	out := new(AdmissionGovernorTransitionOver)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "TransitionOver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorUnknownProposal represents a UnknownProposal error raised by the AdmissionGovernor contract.
type AdmissionGovernorUnknownProposal struct {
	Id *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownProposal(uint256 id)
func AdmissionGovernorUnknownProposalErrorID() common.Hash {
	return common.HexToHash("0x28e0cf5a770b9ab4da594ebd0cf7af68f08abd0573138e8389260fc0eb761d74")
}

// UnpackUnknownProposalError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownProposal(uint256 id)
func (admissionGovernor *AdmissionGovernor) UnpackUnknownProposalError(raw []byte) (*AdmissionGovernorUnknownProposal, error) {
	out := new(AdmissionGovernorUnknownProposal)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "UnknownProposal", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorZeroAddress represents a ZeroAddress error raised by the AdmissionGovernor contract.
type AdmissionGovernorZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func AdmissionGovernorZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (admissionGovernor *AdmissionGovernor) UnpackZeroAddressError(raw []byte) (*AdmissionGovernorZeroAddress, error) {
	out := new(AdmissionGovernorZeroAddress)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorZeroCapacity represents a ZeroCapacity error raised by the AdmissionGovernor contract.
type AdmissionGovernorZeroCapacity struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroCapacity()
func AdmissionGovernorZeroCapacityErrorID() common.Hash {
	return common.HexToHash("0x0bcb6784e87ff0d2e0ffe5c2f6d7d349cff356e57d34299fcab8031d901a3fbf")
}

// UnpackZeroCapacityError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroCapacity()
func (admissionGovernor *AdmissionGovernor) UnpackZeroCapacityError(raw []byte) (*AdmissionGovernorZeroCapacity, error) {
	out := new(AdmissionGovernorZeroCapacity)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "ZeroCapacity", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// AdmissionGovernorZeroRegistration represents a ZeroRegistration error raised by the AdmissionGovernor contract.
type AdmissionGovernorZeroRegistration struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroRegistration()
func AdmissionGovernorZeroRegistrationErrorID() common.Hash {
	return common.HexToHash("0x65d56b90e4daa91d99b2c6ed627496375b26c918d6b8b0ba76577d57de35345e")
}

// UnpackZeroRegistrationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroRegistration()
func (admissionGovernor *AdmissionGovernor) UnpackZeroRegistrationError(raw []byte) (*AdmissionGovernorZeroRegistration, error) {
	out := new(AdmissionGovernorZeroRegistration)
	if err := admissionGovernor.abi.UnpackIntoInterface(out, "ZeroRegistration", raw); err != nil {
		return nil, err
	}
	return out, nil
}
