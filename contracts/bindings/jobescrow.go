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

// JobEscrowEscrow is an auto generated low-level Go binding around an user-defined struct.
type JobEscrowEscrow struct {
	Researcher common.Address
	Status     uint8
	LockedAt   uint64
	MaxAmount  *big.Int
	Cost       *big.Int
}

// JobEscrowMetaData contains all meta data concerning the JobEscrow contract.
var JobEscrowMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"contractIERC20\",\"name\":\"dps_\",\"type\":\"address\"},{\"internalType\":\"contractIRewardPool\",\"name\":\"pool_\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"reclaimAfterSeconds_\",\"type\":\"uint64\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"AmountTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"}],\"name\":\"EscrowExists\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"reclaimAfterSeconds\",\"type\":\"uint64\"}],\"name\":\"InvalidTimeout\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"}],\"name\":\"NotLocked\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"cost\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"maxAmount\",\"type\":\"uint256\"}],\"name\":\"OverSettled\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"internalType\":\"uint64\",\"name\":\"reclaimableAt\",\"type\":\"uint64\"}],\"name\":\"TooEarly\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"}],\"name\":\"UnknownEscrow\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"maxAmount\",\"type\":\"uint256\"}],\"name\":\"Locked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Reclaimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"cost\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"refund\",\"type\":\"uint256\"}],\"name\":\"Settled\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_AMOUNT\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"dps\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"}],\"name\":\"escrow\",\"outputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"internalType\":\"enumJobEscrow.Status\",\"name\":\"status\",\"type\":\"uint8\"},{\"internalType\":\"uint64\",\"name\":\"lockedAt\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"maxAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"cost\",\"type\":\"uint256\"}],\"internalType\":\"structJobEscrow.Escrow\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"maxAmount\",\"type\":\"uint256\"}],\"name\":\"lock\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pool\",\"outputs\":[{\"internalType\":\"contractIRewardPool\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"}],\"name\":\"reclaim\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"reclaimAfterSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"researcher\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"jobId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"cost\",\"type\":\"uint256\"}],\"name\":\"settle\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "JobEscrow",
	Bin: "0x60e060405234801561000f575f5ffd5b506040516117fe3803806117fe83398101604081905261002e9161019a565b6001600160401b038116158061005057506301e13380816001600160401b0316115b1561007d57604051631e0e551160e01b81526001600160401b038216600482015260240160405180910390fd5b6100875f866100da565b506100b27fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a856100da565b506001600160a01b03928316608052911660a0526001600160401b031660c052506102169050565b5f828152602081815260408083206001600160a01b038516845290915281205460ff1661017a575f838152602081815260408083206001600160a01b03861684529091529020805460ff191660011790556101323390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a450600161017d565b505f5b92915050565b6001600160a01b0381168114610197575f5ffd5b50565b5f5f5f5f5f60a086880312156101ae575f5ffd5b85516101b981610183565b60208701519095506101ca81610183565b60408701519094506101db81610183565b60608701519093506101ec81610183565b60808701519092506001600160401b0381168114610208575f5ffd5b809150509295509295909350565b60805160a05160c05161158d6102715f395f818161029a0152610a2d01525f818161012c01528181610607015261065b01525f8181610259015281816105e5015281816106eb01528181610b2c0152610e5b015261158d5ff3fe608060405234801561000f575f5ffd5b50600436106100fb575f3560e01c806396afb36511610093578063bc526c3211610063578063bc526c3214610295578063c50d6dd9146102d5578063d40dc870146102fc578063d547741f14610312575f5ffd5b806396afb36514610241578063a09620fb14610254578063a217fddf1461027b578063b3b77a5114610282575f5ffd5b80632f2ff15d116100ce5780632f2ff15d146101b85780633195dd00146101cb57806336568abe146101eb57806391d14854146101fe575f5ffd5b806301ffc9a7146100ff57806316f0115b14610127578063248a9ca3146101735780632d219b76146101a3575b5f5ffd5b61011261010d36600461134b565b610325565b60405190151581526020015b60405180910390f35b61014e7f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161011e565b610195610181366004611391565b5f9081526020819052604090206001015490565b60405190815260200161011e565b6101b66101b13660046113d0565b6103bd565b005b6101b66101c6366004611400565b61077a565b6101de6101d936600461142a565b61079e565b60405161011e919061147f565b6101b66101f9366004611400565b6108af565b61011261020c366004611400565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6101b661024f366004611391565b61090d565b61014e7f000000000000000000000000000000000000000000000000000000000000000081565b6101955f81565b6101b661029036600461150d565b610bb8565b6102bc7f000000000000000000000000000000000000000000000000000000000000000081565b60405167ffffffffffffffff909116815260200161011e565b6101957fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b6101956effffffffffffffffffffffffffffff81565b6101b6610320366004611400565b610ec7565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b0000000000000000000000000000000000000000000000000000000014806103b757507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a6103e781610eeb565b6103ef610ef5565b6040805173ffffffffffffffffffffffffffffffffffffffff8616602080830191909152818301869052825180830384018152606090920183528151918101919091205f9081526001909152908120805490919074010000000000000000000000000000000000000000900460ff16600381111561046f5761046f611452565b036104ae576040517ff20291b7000000000000000000000000000000000000000000000000000000008152600481018590526024015b60405180910390fd5b6001815474010000000000000000000000000000000000000000900460ff1660038111156104de576104de611452565b14610518576040517fe6b6c16f000000000000000000000000000000000000000000000000000000008152600481018590526024016104a5565b806001015483111561056d5760018101546040517fe7b2cf09000000000000000000000000000000000000000000000000000000008152600481018690526024810185905260448101919091526064016104a5565b80547fffffffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffff16740200000000000000000000000000000000000000001781556002810183905560018101545f906105c390859061155a565b905083156106c85761062c73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000167f000000000000000000000000000000000000000000000000000000000000000086610f7d565b6040517f8554ba15000000000000000000000000000000000000000000000000000000008152600481018590527f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1690638554ba15906024015f604051808303815f87803b1580156106b1575f5ffd5b505af11580156106c3573d5f5f3e3d5ffd5b505050505b80156107145781546107149073ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000008116911683610f7d565b8154604080518681526020810184905273ffffffffffffffffffffffffffffffffffffffff9092169187917fe0ecb67aeade448be9222cf6735d02379e767bc18410573312005e0168f7dda5910160405180910390a35050610774610ffe565b50505050565b5f8281526020819052604090206001015461079481610eeb565b6107748383611028565b6040805160a0810182525f808252602080830182905282840182905260608084018390526080808501849052855173ffffffffffffffffffffffffffffffffffffffff898116828601528188018990528751808303890181529382018089528451948601949094208652600190945293869020610100850190965285549283168252939490939092019074010000000000000000000000000000000000000000900460ff16600381111561085457610854611452565b600381111561086557610865611452565b815281547501000000000000000000000000000000000000000000900467ffffffffffffffff16602082015260018201546040820152600290910154606090910152905092915050565b73ffffffffffffffffffffffffffffffffffffffff811633146108fe576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6109088282611121565b505050565b610915610ef5565b6040805133602080830191909152818301849052825180830384018152606090920183528151918101919091205f9081526001909152908120805490919074010000000000000000000000000000000000000000900460ff16600381111561097f5761097f611452565b036109b9576040517ff20291b7000000000000000000000000000000000000000000000000000000008152600481018390526024016104a5565b6001815474010000000000000000000000000000000000000000900460ff1660038111156109e9576109e9611452565b14610a23576040517fe6b6c16f000000000000000000000000000000000000000000000000000000008152600481018390526024016104a5565b80545f90610a75907f0000000000000000000000000000000000000000000000000000000000000000907501000000000000000000000000000000000000000000900467ffffffffffffffff1661156d565b90508067ffffffffffffffff16421015610ace576040517ff9ac2af10000000000000000000000000000000000000000000000000000000081526004810184905267ffffffffffffffff821660248201526044016104a5565b81547fffffffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffff8116740300000000000000000000000000000000000000001783556001830154610b569173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000811692911690610f7d565b8154600183015460405190815273ffffffffffffffffffffffffffffffffffffffff9091169084907f15d3ff426f736ded7ea73283575f6dc42d6d4247faaa84108c3526511ddebbb79060200160405180910390a35050610bb5610ffe565b50565b610bc0610ef5565b805f03610bf9576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6effffffffffffffffffffffffffffff811115610c5a576040517f7f162703000000000000000000000000000000000000000000000000000000008152600481018290526effffffffffffffffffffffffffffff60248201526044016104a5565b6040805133602080830191909152818301859052825180830384018152606090920190925280519101205f5f8281526001602052604090205474010000000000000000000000000000000000000000900460ff166003811115610cbf57610cbf611452565b14610cf9576040517f54f964fb000000000000000000000000000000000000000000000000000000008152600481018490526024016104a5565b6040805160a08101909152338152602081016001815267ffffffffffffffff421660208083019190915260408083018690525f6060909301839052848352600182529091208251815473ffffffffffffffffffffffffffffffffffffffff9091167fffffffffffffffffffffffff000000000000000000000000000000000000000082168117835592840151919283917fffffffffffffffffffffff000000000000000000000000000000000000000000161774010000000000000000000000000000000000000000836003811115610dd457610dd4611452565b02179055506040820151815467ffffffffffffffff9091167501000000000000000000000000000000000000000000027fffffff0000000000000000ffffffffffffffffffffffffffffffffffffffffff90911617815560608201516001820155608090910151600290910155610e8373ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163330856111da565b604051828152339084907f515a19a1c83edb8613fd7de44c592958807d317b9d2c72a2b2f582ed9786b8339060200160405180910390a350610ec3610ffe565b5050565b5f82815260208190526040902060010154610ee181610eeb565b6107748383611121565b610bb58133611220565b7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005c15610f4e576040517f3ee5aeb500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b610f7b60017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005b906112a5565b565b60405173ffffffffffffffffffffffffffffffffffffffff83811660248301526044820183905261090891859182169063a9059cbb906064015b604051602081830303815290604052915060e01b6020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff83818316178352505050506112ac565b610f7b5f7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00610f75565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1661111a575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790556110b83390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016103b7565b505f6103b7565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff161561111a575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a45060016103b7565b60405173ffffffffffffffffffffffffffffffffffffffff84811660248301528381166044830152606482018390526107749186918216906323b872dd90608401610fb7565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16610ec3576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602481018390526044016104a5565b80825d5050565b5f5f60205f8451602086015f885af1806112cb576040513d5f823e3d81fd5b50505f513d915081156112e25780600114156112fc565b73ffffffffffffffffffffffffffffffffffffffff84163b155b15610774576040517f5274afe700000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff851660048201526024016104a5565b5f6020828403121561135b575f5ffd5b81357fffffffff000000000000000000000000000000000000000000000000000000008116811461138a575f5ffd5b9392505050565b5f602082840312156113a1575f5ffd5b5035919050565b803573ffffffffffffffffffffffffffffffffffffffff811681146113cb575f5ffd5b919050565b5f5f5f606084860312156113e2575f5ffd5b6113eb846113a8565b95602085013595506040909401359392505050565b5f5f60408385031215611411575f5ffd5b82359150611421602084016113a8565b90509250929050565b5f5f6040838503121561143b575f5ffd5b611444836113a8565b946020939093013593505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b815173ffffffffffffffffffffffffffffffffffffffff168152602082015160a0820190600481106114d8577f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b8060208401525067ffffffffffffffff6040840151166040830152606083015160608301526080830151608083015292915050565b5f5f6040838503121561151e575f5ffd5b50508035926020909101359150565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b818103818111156103b7576103b761152d565b67ffffffffffffffff81811683821601908111156103b7576103b761152d56",
}

// JobEscrow is an auto generated Go binding around an Ethereum contract.
type JobEscrow struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *JobEscrow) GetABI() abi.ABI {
	return c.abi
}

// NewJobEscrow creates a new instance of JobEscrow.
func NewJobEscrow() *JobEscrow {
	parsed, err := JobEscrowMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &JobEscrow{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *JobEscrow) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin, address gateway, address dps_, address pool_, uint64 reclaimAfterSeconds_) returns()
func (jobEscrow *JobEscrow) PackConstructor(admin common.Address, gateway common.Address, dps_ common.Address, pool_ common.Address, reclaimAfterSeconds_ uint64) []byte {
	enc, err := jobEscrow.abi.Pack("", admin, gateway, dps_, pool_, reclaimAfterSeconds_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (jobEscrow *JobEscrow) PackDEFAULTADMINROLE() []byte {
	enc, err := jobEscrow.abi.Pack("DEFAULT_ADMIN_ROLE")
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
func (jobEscrow *JobEscrow) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return jobEscrow.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (jobEscrow *JobEscrow) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := jobEscrow.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGATEWAYROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc50d6dd9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (jobEscrow *JobEscrow) PackGATEWAYROLE() []byte {
	enc, err := jobEscrow.abi.Pack("GATEWAY_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGATEWAYROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc50d6dd9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (jobEscrow *JobEscrow) TryPackGATEWAYROLE() ([]byte, error) {
	return jobEscrow.abi.Pack("GATEWAY_ROLE")
}

// UnpackGATEWAYROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc50d6dd9.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (jobEscrow *JobEscrow) UnpackGATEWAYROLE(data []byte) ([32]byte, error) {
	out, err := jobEscrow.abi.Unpack("GATEWAY_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackMAXAMOUNT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd40dc870.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (jobEscrow *JobEscrow) PackMAXAMOUNT() []byte {
	enc, err := jobEscrow.abi.Pack("MAX_AMOUNT")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXAMOUNT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd40dc870.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (jobEscrow *JobEscrow) TryPackMAXAMOUNT() ([]byte, error) {
	return jobEscrow.abi.Pack("MAX_AMOUNT")
}

// UnpackMAXAMOUNT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd40dc870.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (jobEscrow *JobEscrow) UnpackMAXAMOUNT(data []byte) (*big.Int, error) {
	out, err := jobEscrow.abi.Unpack("MAX_AMOUNT", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa09620fb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function dps() view returns(address)
func (jobEscrow *JobEscrow) PackDps() []byte {
	enc, err := jobEscrow.abi.Pack("dps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa09620fb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function dps() view returns(address)
func (jobEscrow *JobEscrow) TryPackDps() ([]byte, error) {
	return jobEscrow.abi.Pack("dps")
}

// UnpackDps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa09620fb.
//
// Solidity: function dps() view returns(address)
func (jobEscrow *JobEscrow) UnpackDps(data []byte) (common.Address, error) {
	out, err := jobEscrow.abi.Unpack("dps", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackEscrow is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3195dd00.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function escrow(address researcher, bytes32 jobId) view returns((address,uint8,uint64,uint256,uint256))
func (jobEscrow *JobEscrow) PackEscrow(researcher common.Address, jobId [32]byte) []byte {
	enc, err := jobEscrow.abi.Pack("escrow", researcher, jobId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEscrow is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3195dd00.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function escrow(address researcher, bytes32 jobId) view returns((address,uint8,uint64,uint256,uint256))
func (jobEscrow *JobEscrow) TryPackEscrow(researcher common.Address, jobId [32]byte) ([]byte, error) {
	return jobEscrow.abi.Pack("escrow", researcher, jobId)
}

// UnpackEscrow is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3195dd00.
//
// Solidity: function escrow(address researcher, bytes32 jobId) view returns((address,uint8,uint64,uint256,uint256))
func (jobEscrow *JobEscrow) UnpackEscrow(data []byte) (JobEscrowEscrow, error) {
	out, err := jobEscrow.abi.Unpack("escrow", data)
	if err != nil {
		return *new(JobEscrowEscrow), err
	}
	out0 := *abi.ConvertType(out[0], new(JobEscrowEscrow)).(*JobEscrowEscrow)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (jobEscrow *JobEscrow) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := jobEscrow.abi.Pack("getRoleAdmin", role)
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
func (jobEscrow *JobEscrow) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return jobEscrow.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (jobEscrow *JobEscrow) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := jobEscrow.abi.Unpack("getRoleAdmin", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGrantRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2f2ff15d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function grantRole(bytes32 role, address account) returns()
func (jobEscrow *JobEscrow) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := jobEscrow.abi.Pack("grantRole", role, account)
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
func (jobEscrow *JobEscrow) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return jobEscrow.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (jobEscrow *JobEscrow) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := jobEscrow.abi.Pack("hasRole", role, account)
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
func (jobEscrow *JobEscrow) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return jobEscrow.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (jobEscrow *JobEscrow) UnpackHasRole(data []byte) (bool, error) {
	out, err := jobEscrow.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackLock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb3b77a51.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lock(bytes32 jobId, uint256 maxAmount) returns()
func (jobEscrow *JobEscrow) PackLock(jobId [32]byte, maxAmount *big.Int) []byte {
	enc, err := jobEscrow.abi.Pack("lock", jobId, maxAmount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLock is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb3b77a51.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lock(bytes32 jobId, uint256 maxAmount) returns()
func (jobEscrow *JobEscrow) TryPackLock(jobId [32]byte, maxAmount *big.Int) ([]byte, error) {
	return jobEscrow.abi.Pack("lock", jobId, maxAmount)
}

// PackPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16f0115b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pool() view returns(address)
func (jobEscrow *JobEscrow) PackPool() []byte {
	enc, err := jobEscrow.abi.Pack("pool")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16f0115b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pool() view returns(address)
func (jobEscrow *JobEscrow) TryPackPool() ([]byte, error) {
	return jobEscrow.abi.Pack("pool")
}

// UnpackPool is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x16f0115b.
//
// Solidity: function pool() view returns(address)
func (jobEscrow *JobEscrow) UnpackPool(data []byte) (common.Address, error) {
	out, err := jobEscrow.abi.Unpack("pool", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackReclaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x96afb365.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function reclaim(bytes32 jobId) returns()
func (jobEscrow *JobEscrow) PackReclaim(jobId [32]byte) []byte {
	enc, err := jobEscrow.abi.Pack("reclaim", jobId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReclaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x96afb365.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function reclaim(bytes32 jobId) returns()
func (jobEscrow *JobEscrow) TryPackReclaim(jobId [32]byte) ([]byte, error) {
	return jobEscrow.abi.Pack("reclaim", jobId)
}

// PackReclaimAfterSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbc526c32.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function reclaimAfterSeconds() view returns(uint64)
func (jobEscrow *JobEscrow) PackReclaimAfterSeconds() []byte {
	enc, err := jobEscrow.abi.Pack("reclaimAfterSeconds")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReclaimAfterSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbc526c32.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function reclaimAfterSeconds() view returns(uint64)
func (jobEscrow *JobEscrow) TryPackReclaimAfterSeconds() ([]byte, error) {
	return jobEscrow.abi.Pack("reclaimAfterSeconds")
}

// UnpackReclaimAfterSeconds is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xbc526c32.
//
// Solidity: function reclaimAfterSeconds() view returns(uint64)
func (jobEscrow *JobEscrow) UnpackReclaimAfterSeconds(data []byte) (uint64, error) {
	out, err := jobEscrow.abi.Unpack("reclaimAfterSeconds", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (jobEscrow *JobEscrow) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := jobEscrow.abi.Pack("renounceRole", role, callerConfirmation)
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
func (jobEscrow *JobEscrow) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return jobEscrow.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (jobEscrow *JobEscrow) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := jobEscrow.abi.Pack("revokeRole", role, account)
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
func (jobEscrow *JobEscrow) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return jobEscrow.abi.Pack("revokeRole", role, account)
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2d219b76.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(address researcher, bytes32 jobId, uint256 cost) returns()
func (jobEscrow *JobEscrow) PackSettle(researcher common.Address, jobId [32]byte, cost *big.Int) []byte {
	enc, err := jobEscrow.abi.Pack("settle", researcher, jobId, cost)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2d219b76.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(address researcher, bytes32 jobId, uint256 cost) returns()
func (jobEscrow *JobEscrow) TryPackSettle(researcher common.Address, jobId [32]byte, cost *big.Int) ([]byte, error) {
	return jobEscrow.abi.Pack("settle", researcher, jobId, cost)
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (jobEscrow *JobEscrow) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := jobEscrow.abi.Pack("supportsInterface", interfaceId)
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
func (jobEscrow *JobEscrow) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return jobEscrow.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (jobEscrow *JobEscrow) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := jobEscrow.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// JobEscrowLocked represents a Locked event raised by the JobEscrow contract.
type JobEscrowLocked struct {
	JobId      [32]byte
	Researcher common.Address
	MaxAmount  *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const JobEscrowLockedEventName = "Locked"

// ContractEventName returns the user-defined event name.
func (JobEscrowLocked) ContractEventName() string {
	return JobEscrowLockedEventName
}

// UnpackLockedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Locked(bytes32 indexed jobId, address indexed researcher, uint256 maxAmount)
func (jobEscrow *JobEscrow) UnpackLockedEvent(log *types.Log) (*JobEscrowLocked, error) {
	event := "Locked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowLocked)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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

// JobEscrowReclaimed represents a Reclaimed event raised by the JobEscrow contract.
type JobEscrowReclaimed struct {
	JobId      [32]byte
	Researcher common.Address
	Amount     *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const JobEscrowReclaimedEventName = "Reclaimed"

// ContractEventName returns the user-defined event name.
func (JobEscrowReclaimed) ContractEventName() string {
	return JobEscrowReclaimedEventName
}

// UnpackReclaimedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Reclaimed(bytes32 indexed jobId, address indexed researcher, uint256 amount)
func (jobEscrow *JobEscrow) UnpackReclaimedEvent(log *types.Log) (*JobEscrowReclaimed, error) {
	event := "Reclaimed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowReclaimed)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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

// JobEscrowRoleAdminChanged represents a RoleAdminChanged event raised by the JobEscrow contract.
type JobEscrowRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const JobEscrowRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (JobEscrowRoleAdminChanged) ContractEventName() string {
	return JobEscrowRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (jobEscrow *JobEscrow) UnpackRoleAdminChangedEvent(log *types.Log) (*JobEscrowRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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

// JobEscrowRoleGranted represents a RoleGranted event raised by the JobEscrow contract.
type JobEscrowRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const JobEscrowRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (JobEscrowRoleGranted) ContractEventName() string {
	return JobEscrowRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (jobEscrow *JobEscrow) UnpackRoleGrantedEvent(log *types.Log) (*JobEscrowRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowRoleGranted)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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

// JobEscrowRoleRevoked represents a RoleRevoked event raised by the JobEscrow contract.
type JobEscrowRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const JobEscrowRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (JobEscrowRoleRevoked) ContractEventName() string {
	return JobEscrowRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (jobEscrow *JobEscrow) UnpackRoleRevokedEvent(log *types.Log) (*JobEscrowRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowRoleRevoked)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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

// JobEscrowSettled represents a Settled event raised by the JobEscrow contract.
type JobEscrowSettled struct {
	JobId      [32]byte
	Researcher common.Address
	Cost       *big.Int
	Refund     *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const JobEscrowSettledEventName = "Settled"

// ContractEventName returns the user-defined event name.
func (JobEscrowSettled) ContractEventName() string {
	return JobEscrowSettledEventName
}

// UnpackSettledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Settled(bytes32 indexed jobId, address indexed researcher, uint256 cost, uint256 refund)
func (jobEscrow *JobEscrow) UnpackSettledEvent(log *types.Log) (*JobEscrowSettled, error) {
	event := "Settled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != jobEscrow.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(JobEscrowSettled)
	if len(log.Data) > 0 {
		if err := jobEscrow.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range jobEscrow.abi.Events[event].Inputs {
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
func (jobEscrow *JobEscrow) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["AmountTooLarge"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackAmountTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["EscrowExists"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackEscrowExistsError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["InvalidTimeout"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackInvalidTimeoutError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["NotLocked"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackNotLockedError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["OverSettled"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackOverSettledError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["TooEarly"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackTooEarlyError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["UnknownEscrow"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackUnknownEscrowError(raw[4:])
	}
	if bytes.Equal(raw[:4], jobEscrow.abi.Errors["ZeroAmount"].ID.Bytes()[:4]) {
		return jobEscrow.UnpackZeroAmountError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// JobEscrowAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the JobEscrow contract.
type JobEscrowAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func JobEscrowAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (jobEscrow *JobEscrow) UnpackAccessControlBadConfirmationError(raw []byte) (*JobEscrowAccessControlBadConfirmation, error) {
	out := new(JobEscrowAccessControlBadConfirmation)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the JobEscrow contract.
type JobEscrowAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func JobEscrowAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (jobEscrow *JobEscrow) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*JobEscrowAccessControlUnauthorizedAccount, error) {
	out := new(JobEscrowAccessControlUnauthorizedAccount)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowAmountTooLarge represents a AmountTooLarge error raised by the JobEscrow contract.
type JobEscrowAmountTooLarge struct {
	Amount *big.Int
	Max    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func JobEscrowAmountTooLargeErrorID() common.Hash {
	return common.HexToHash("0x7f162703b1fbad455ee7087f54e476f5f7b21f668d715d2aa1b9371e813d293d")
}

// UnpackAmountTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func (jobEscrow *JobEscrow) UnpackAmountTooLargeError(raw []byte) (*JobEscrowAmountTooLarge, error) {
	out := new(JobEscrowAmountTooLarge)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "AmountTooLarge", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowEscrowExists represents a EscrowExists error raised by the JobEscrow contract.
type JobEscrowEscrowExists struct {
	JobId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EscrowExists(bytes32 jobId)
func JobEscrowEscrowExistsErrorID() common.Hash {
	return common.HexToHash("0x54f964fb3e2e2b0f550e074ba89e6288edbf12e911c3ebf7694fa0c5f2f89610")
}

// UnpackEscrowExistsError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EscrowExists(bytes32 jobId)
func (jobEscrow *JobEscrow) UnpackEscrowExistsError(raw []byte) (*JobEscrowEscrowExists, error) {
	out := new(JobEscrowEscrowExists)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "EscrowExists", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowInvalidTimeout represents a InvalidTimeout error raised by the JobEscrow contract.
type JobEscrowInvalidTimeout struct {
	ReclaimAfterSeconds uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidTimeout(uint64 reclaimAfterSeconds)
func JobEscrowInvalidTimeoutErrorID() common.Hash {
	return common.HexToHash("0x1e0e551187ffe3a0c4126960ed49d6275587e4982694ac0ca92f18c69e6299b3")
}

// UnpackInvalidTimeoutError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidTimeout(uint64 reclaimAfterSeconds)
func (jobEscrow *JobEscrow) UnpackInvalidTimeoutError(raw []byte) (*JobEscrowInvalidTimeout, error) {
	out := new(JobEscrowInvalidTimeout)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "InvalidTimeout", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowNotLocked represents a NotLocked error raised by the JobEscrow contract.
type JobEscrowNotLocked struct {
	JobId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotLocked(bytes32 jobId)
func JobEscrowNotLockedErrorID() common.Hash {
	return common.HexToHash("0xe6b6c16f9f3132bf12c90fc18d1b7c0ed31561ca037a6d4829467de0c0f148d5")
}

// UnpackNotLockedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotLocked(bytes32 jobId)
func (jobEscrow *JobEscrow) UnpackNotLockedError(raw []byte) (*JobEscrowNotLocked, error) {
	out := new(JobEscrowNotLocked)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "NotLocked", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowOverSettled represents a OverSettled error raised by the JobEscrow contract.
type JobEscrowOverSettled struct {
	JobId     [32]byte
	Cost      *big.Int
	MaxAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OverSettled(bytes32 jobId, uint256 cost, uint256 maxAmount)
func JobEscrowOverSettledErrorID() common.Hash {
	return common.HexToHash("0xe7b2cf095913e58dc484985e908d4d30d3c122e4d8f5163640786c2546f3d274")
}

// UnpackOverSettledError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OverSettled(bytes32 jobId, uint256 cost, uint256 maxAmount)
func (jobEscrow *JobEscrow) UnpackOverSettledError(raw []byte) (*JobEscrowOverSettled, error) {
	out := new(JobEscrowOverSettled)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "OverSettled", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the JobEscrow contract.
type JobEscrowReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func JobEscrowReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (jobEscrow *JobEscrow) UnpackReentrancyGuardReentrantCallError(raw []byte) (*JobEscrowReentrancyGuardReentrantCall, error) {
	out := new(JobEscrowReentrancyGuardReentrantCall)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the JobEscrow contract.
type JobEscrowSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func JobEscrowSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (jobEscrow *JobEscrow) UnpackSafeERC20FailedOperationError(raw []byte) (*JobEscrowSafeERC20FailedOperation, error) {
	out := new(JobEscrowSafeERC20FailedOperation)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowTooEarly represents a TooEarly error raised by the JobEscrow contract.
type JobEscrowTooEarly struct {
	JobId         [32]byte
	ReclaimableAt uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TooEarly(bytes32 jobId, uint64 reclaimableAt)
func JobEscrowTooEarlyErrorID() common.Hash {
	return common.HexToHash("0xf9ac2af147ae8f7a11f4d0c01ce37f9cbb81f2e39d31d4fb4b3101201276d94d")
}

// UnpackTooEarlyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TooEarly(bytes32 jobId, uint64 reclaimableAt)
func (jobEscrow *JobEscrow) UnpackTooEarlyError(raw []byte) (*JobEscrowTooEarly, error) {
	out := new(JobEscrowTooEarly)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "TooEarly", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowUnknownEscrow represents a UnknownEscrow error raised by the JobEscrow contract.
type JobEscrowUnknownEscrow struct {
	JobId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownEscrow(bytes32 jobId)
func JobEscrowUnknownEscrowErrorID() common.Hash {
	return common.HexToHash("0xf20291b7fe82c6eca5be075ce6e58d6b7ae8241eca59df2ec7e688047eab0b51")
}

// UnpackUnknownEscrowError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownEscrow(bytes32 jobId)
func (jobEscrow *JobEscrow) UnpackUnknownEscrowError(raw []byte) (*JobEscrowUnknownEscrow, error) {
	out := new(JobEscrowUnknownEscrow)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "UnknownEscrow", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// JobEscrowZeroAmount represents a ZeroAmount error raised by the JobEscrow contract.
type JobEscrowZeroAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAmount()
func JobEscrowZeroAmountErrorID() common.Hash {
	return common.HexToHash("0x1f2a2005cb66a8e145327e8814e243a0996aec9bfe1e15a495778b1236dbd485")
}

// UnpackZeroAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAmount()
func (jobEscrow *JobEscrow) UnpackZeroAmountError(raw []byte) (*JobEscrowZeroAmount, error) {
	out := new(JobEscrowZeroAmount)
	if err := jobEscrow.abi.UnpackIntoInterface(out, "ZeroAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}
