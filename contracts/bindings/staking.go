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

// StakingStake is an auto generated low-level Go binding around an user-defined struct.
type StakingStake struct {
	Bonded    *big.Int
	Unbonding *big.Int
	UnbondsAt uint64
	Slashed   *big.Int
}

// StakingMetaData contains all meta data concerning the Staking contract.
var StakingMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"contractIERC20\",\"name\":\"dps_\",\"type\":\"address\"},{\"internalType\":\"contractIStakedCapacity\",\"name\":\"registry_\",\"type\":\"address\"},{\"internalType\":\"contractIRewardPoolFunding\",\"name\":\"pool_\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"stakePerPetaFlops_\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"unbondingSeconds_\",\"type\":\"uint64\"},{\"internalType\":\"uint16[3]\",\"name\":\"slashBps\",\"type\":\"uint16[3]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"AmountTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"evidence\",\"type\":\"bytes32\"}],\"name\":\"EvidenceUsed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"bonded\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"requested\",\"type\":\"uint256\"}],\"name\":\"InsufficientBonded\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidParameters\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NothingToSlash\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NothingUnbonding\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"remaining\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"}],\"name\":\"StakeStillNeeded\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"unbondsAt\",\"type\":\"uint64\"}],\"name\":\"StillUnbonding\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroEvidence\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"PaidToPool\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"enumStaking.Reason\",\"name\":\"reason\",\"type\":\"uint8\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"evidence\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bondedAfter\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"unbondingAfter\",\"type\":\"uint256\"}],\"name\":\"Slashed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"bonded\",\"type\":\"uint256\"}],\"name\":\"Staked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"unbonding\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"unbondsAt\",\"type\":\"uint64\"}],\"name\":\"UnbondRequested\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Withdrawn\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"BPS\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_AMOUNT\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_UNBONDING_SECONDS\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MEGAFLOPS_PER_PETAFLOPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"}],\"name\":\"covers\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"dps\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"duplicateIdentityBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"evidence\",\"type\":\"bytes32\"}],\"name\":\"evidenceUsed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"failedChallengeBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"enumStaking.Reason\",\"name\":\"reason\",\"type\":\"uint8\"}],\"name\":\"fractionBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"lostReplicaVoteBps\",\"outputs\":[{\"internalType\":\"uint16\",\"name\":\"\",\"type\":\"uint16\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paidToPool\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"payToPool\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pendingToPool\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pool\",\"outputs\":[{\"internalType\":\"contractIRewardPoolFunding\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"registry\",\"outputs\":[{\"internalType\":\"contractIStakedCapacity\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"requestUnbond\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"}],\"name\":\"requiredStake\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"enumStaking.Reason\",\"name\":\"reason\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"evidence\",\"type\":\"bytes32\"}],\"name\":\"slash\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"slashedTotal\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"stake\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"stakeOf\",\"outputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"bonded\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"unbonding\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"unbondsAt\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"slashed\",\"type\":\"uint256\"}],\"internalType\":\"structStaking.Stake\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"stakePerPetaFlops\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unbondingSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"withdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "Staking",
	Bin: "0x610180604052348015610010575f5ffd5b506040516120b43803806120b483398101604081905261002f916102cb565b6001600160a01b038816158061004c57506001600160a01b038716155b8061005e57506001600160a01b038616155b8061007057506001600160a01b038516155b8061008257506001600160a01b038416155b156100a057604051630e52390960e41b815260040160405180910390fd5b6001600160781b038311806100bc57506001600160401b038216155b806100d357506301e285006001600160401b038316115b156100f157604051630e52390960e41b815260040160405180910390fd5b5f5b60038110156101645781816003811061010e5761010e6103e6565b602002015161ffff16158061013e5750612710828260038110610133576101336103e6565b602002015161ffff16115b1561015c57604051630e52390960e41b815260040160405180910390fd5b6001016100f3565b5061016f5f896101f5565b5061019a7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a886101f5565b506001600160a01b0395861660805293851660a0529190931660c05260e0929092526001600160401b0390911661010052805161ffff9081166101205260208201518116610140526040909101511661016052506103fa9050565b5f828152602081815260408083206001600160a01b038516845290915281205460ff16610295575f838152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905561024d3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610298565b505f5b92915050565b6001600160a01b03811681146102b2575f5ffd5b50565b805161ffff811681146102c6575f5ffd5b919050565b5f5f5f5f5f5f5f5f610140898b0312156102e3575f5ffd5b88516102ee8161029e565b60208a01519098506102ff8161029e565b60408a01519097506103108161029e565b60608a01519096506103218161029e565b60808a01519095506103328161029e565b60a08a015160c08b015191955093506001600160401b0381168114610355575f5ffd5b915060e089015f60ff8b018c1361036a575f5ffd5b604051606081016001600160401b038111828210171561039857634e487b7160e01b5f52604160045260245ffd5b60405280606084018e8111156103ac575f5ffd5b808510156103ce576103bd856102b5565b8252602094850194909101906103ac565b50508091508093505050509295985092959890939650565b634e487b7160e01b5f52603260045260245ffd5b60805160a05160c05160e05161010051610120516101405161016051611c126104a25f395f818161051c015261139f01525f81816102e7015261137801525f81816103f2015261133801525f81816105430152610d0701525f81816104bb01526112cf01525f81816102320152818161077a01526107ce01525f81816103c20152610be901525f81816104670152818161075801528181610a0f0152610ea90152611c125ff3fe608060405234801561000f575f5ffd5b5060043610610201575f3560e01c806390d9ede311610123578063c50d6dd9116100b8578063d40dc87011610088578063ed91a81d1161006e578063ed91a81d1461058e578063ee4e5e06146105a1578063f00db78614610606575f5ffd5b8063d40dc87014610565578063d547741f1461057b575f5ffd5b8063c50d6dd9146104dd578063d141c57514610504578063d2601a5314610517578063d3b2fa1b1461053e575f5ffd5b8063a217fddf116100f3578063a217fddf14610489578063a694fc3a14610490578063ad2c8b5e146104a3578063b432bbac146104b6575f5ffd5b806390d9ede3146103ed57806391d148541461041457806394dcbf3214610457578063a09620fb14610462575f5ffd5b80633ccfd60b1161019957806365fb54aa1161016957806365fb54aa1461039057806368643087146103995780637b103999146103bd57806390268bdc146103e4575f5ffd5b80633ccfd60b1461031c5780634262336014610324578063460a4e311461037457806354f63b141461037d575f5ffd5b8063249d39e9116101d4578063249d39e9146102b35780632f2ff15d146102cf57806331eb414d146102e257806336568abe14610309575f5ffd5b806301ffc9a71461020557806316f0115b1461022d5780631f949f2414610279578063248a9ca314610283575b5f5ffd5b610218610213366004611952565b610619565b60405190151581526020015b60405180910390f35b6102547f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff9091168152602001610224565b6102816106b1565b005b6102a5610291366004611998565b5f9081526020819052604090206001015490565b604051908152602001610224565b6102bc61271081565b60405161ffff9091168152602001610224565b6102816102dd3660046119d7565b61087f565b6102bc7f000000000000000000000000000000000000000000000000000000000000000081565b6102816103173660046119d7565b6108a9565b610281610907565b610337610332366004611a01565b610a77565b6040516102249190815181526020808301519082015260408083015167ffffffffffffffff16908201526060918201519181019190915260800190565b6102a560035481565b61028161038b366004611998565b610b0b565b6102a560045481565b6103a46301e2850081565b60405167ffffffffffffffff9091168152602001610224565b6102547f000000000000000000000000000000000000000000000000000000000000000081565b6102a560055481565b6102bc7f000000000000000000000000000000000000000000000000000000000000000081565b6102186104223660046119d7565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6102a5633b9aca0081565b6102547f000000000000000000000000000000000000000000000000000000000000000081565b6102a55f81565b61028161049e366004611998565b610db4565b6102a56104b1366004611a28565b610f1e565b6102a57f000000000000000000000000000000000000000000000000000000000000000081565b6102a57fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b610218610512366004611a77565b611264565b6102bc7f000000000000000000000000000000000000000000000000000000000000000081565b6103a47f000000000000000000000000000000000000000000000000000000000000000081565b6102a56effffffffffffffffffffffffffffff81565b6102816105893660046119d7565b61129d565b6102a561059c366004611aac565b6112c1565b6102186105af366004611ac7565b6040805173ffffffffffffffffffffffffffffffffffffffff9390931660208085019190915283820192909252805180840382018152606090930181528251928201929092205f9081526002909152205460ff1690565b6102bc610614366004611aef565b61131c565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b0000000000000000000000000000000000000000000000000000000014806106ab57507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a6106db816113c3565b6106e36113cd565b6003545f819003610720576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f6003819055508060055f8282546107389190611b35565b9091555061079f905073ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000167f000000000000000000000000000000000000000000000000000000000000000083611453565b6040517fca1d209d000000000000000000000000000000000000000000000000000000008152600481018290527f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff169063ca1d209d906024015f604051808303815f87803b158015610824575f5ffd5b505af1158015610836573d5f5f3e3d5ffd5b505050507f37fdef3534e7cd08fb7869297ce2ab816bb897bc1605023afbce0f8c2e12bdf18160405161086b91815260200190565b60405180910390a15061087c61156d565b50565b5f82815260208190526040902060010154610899816113c3565b6108a38383611597565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146108f8576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6109028282611690565b505050565b61090f6113cd565b335f9081526001602081905260408220908101549091819003610965576040517fbf7babf40000000000000000000000000000000000000000000000000000000081523360048201526024015b60405180910390fd5b600282015467ffffffffffffffff164210156109c55760028201546040517fb598058700000000000000000000000000000000000000000000000000000000815233600482015267ffffffffffffffff909116602482015260440161095c565b5f60018301556002820180547fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000169055610a3673ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163383611749565b60405181815233907f7084f5476618d8e60b11ef0d7d3f06914655adb8793e28ff7f018d4c76d505d59060200160405180910390a25050610a7561156d565b565b610aa860405180608001604052805f81526020015f81526020015f67ffffffffffffffff1681526020015f81525090565b5073ffffffffffffffffffffffffffffffffffffffff165f908152600160208181526040928390208351608081018552815481529281015491830191909152600281015467ffffffffffffffff1692820192909252600390910154606082015290565b805f03610b44576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b335f9081526001602052604090208054821115610ba05780546040517f3bec26bd00000000000000000000000000000000000000000000000000000000815233600482015260248101919091526044810183905260640161095c565b6040517fd9afdfc00000000000000000000000000000000000000000000000000000000081523360048201525f90610c529073ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000169063d9afdfc090602401602060405180830381865afa158015610c2e573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061059c9190611b48565b90508083835f0154610c649190611b63565b1015610cd05781543390610c79908590611b63565b6040517f237d446b00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff909216600483015260248201526044810182905260640161095c565b82825f015f828254610ce29190611b63565b9250508190555082826001015f828254610cfc9190611b35565b90915550610d2c90507f000000000000000000000000000000000000000000000000000000000000000042611b76565b6002830180547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff929092169182179055600183015460408051868152602081019290925281019190915233907f8ffb1c1bbc9352c50a3e49053178f14880746fdfa0b27fa14c4ac392e3cdc3849060600160405180910390a2505050565b610dbc6113cd565b805f03610df5576040517f1f2a200500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b335f9081526001602081905260408220908101548154919291610e27906effffffffffffffffffffffffffffff611b63565b610e319190611b63565b905080831115610e77576040517f7f162703000000000000000000000000000000000000000000000000000000008152600481018490526024810182905260440161095c565b82825f015f828254610e899190611b35565b90915550610ed1905073ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016333086611787565b815460405133917f1449c6dd7851abc30abf37f57715f492010519147cc2652fbc38202c18a6ee9091610f0c91878252602082015260400190565b60405180910390a2505061087c61156d565b5f7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a610f49816113c3565b82610f80576040517fd1894cc800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040805173ffffffffffffffffffffffffffffffffffffffff871660208201529081018490525f90606001604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe081840301815291815281516020928301205f818152600290935291205490915060ff161561102d576040517f42106f4c0000000000000000000000000000000000000000000000000000000081526004810185905260240161095c565b73ffffffffffffffffffffffffffffffffffffffff86165f90815260016020819052604082209081015481549192916110669190611b35565b90506127106110748861131c565b6110829061ffff1683611b96565b61108c9190611bad565b9450845f036110df576040517fea53296000000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8916600482015260240161095c565b5f83815260026020526040812080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001908117909155830154861061112b57826001015461112d565b855b905080836001015f8282546111429190611b63565b9091555061115290508187611b63565b835f015f8282546111639190611b63565b909155505060018301545f0361119e576002830180547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001690555b85836003015f8282546111b19190611b35565b925050819055508560045f8282546111c99190611b35565b925050819055508560035f8282546111e19190611b35565b909155508790508860028111156111fa576111fa611be5565b84546001860154604080518b8152602081019390935282015273ffffffffffffffffffffffffffffffffffffffff8c16907fba3ae9325c7e9be0563e3ea0b93b0e9d12123337dec7b6f9c93d7af4c97a37009060600160405180910390a450505050509392505050565b5f61126e826112c1565b73ffffffffffffffffffffffffffffffffffffffff84165f908152600160205260409020541015905092915050565b5f828152602081905260409020600101546112b7816113c3565b6108a38383611690565b5f633b9aca006001816112fe7f000000000000000000000000000000000000000000000000000000000000000067ffffffffffffffff8716611b96565b6113089190611b35565b6113129190611b63565b6106ab9190611bad565b5f8082600281111561133057611330611be5565b0361135c57507f0000000000000000000000000000000000000000000000000000000000000000919050565b600182600281111561137057611370611be5565b0361139c57507f0000000000000000000000000000000000000000000000000000000000000000919050565b507f0000000000000000000000000000000000000000000000000000000000000000919050565b61087c81336117cd565b7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005c15611426576040517f3ee5aeb500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b610a7560017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005b90611856565b6040805173ffffffffffffffffffffffffffffffffffffffff8416602482015260448082018490528251808303909101815260649091019091526020810180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff167f095ea7b3000000000000000000000000000000000000000000000000000000001790526114df848261185d565b6108a35760405173ffffffffffffffffffffffffffffffffffffffff84811660248301525f604483015261156391869182169063095ea7b3906064015b604051602081830303815290604052915060e01b6020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff83818316178352505050506118b3565b6108a384826118b3565b610a755f7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f0061144d565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16611689575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790556116273390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016106ab565b505f6106ab565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615611689575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a45060016106ab565b60405173ffffffffffffffffffffffffffffffffffffffff83811660248301526044820183905261090291859182169063a9059cbb9060640161151c565b60405173ffffffffffffffffffffffffffffffffffffffff84811660248301528381166044830152606482018390526108a39186918216906323b872dd9060840161151c565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16611852576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024810183905260440161095c565b5050565b80825d5050565b5f5f5f5f60205f8651602088015f8a5af192503d91505f5190508280156118a95750811561188e57806001146118a9565b5f8673ffffffffffffffffffffffffffffffffffffffff163b115b9695505050505050565b5f5f60205f8451602086015f885af1806118d2576040513d5f823e3d81fd5b50505f513d915081156118e9578060011415611903565b73ffffffffffffffffffffffffffffffffffffffff84163b155b156108a3576040517f5274afe700000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8516600482015260240161095c565b5f60208284031215611962575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114611991575f5ffd5b9392505050565b5f602082840312156119a8575f5ffd5b5035919050565b803573ffffffffffffffffffffffffffffffffffffffff811681146119d2575f5ffd5b919050565b5f5f604083850312156119e8575f5ffd5b823591506119f8602084016119af565b90509250929050565b5f60208284031215611a11575f5ffd5b611991826119af565b8035600381106119d2575f5ffd5b5f5f5f60608486031215611a3a575f5ffd5b611a43846119af565b9250611a5160208501611a1a565b929592945050506040919091013590565b67ffffffffffffffff8116811461087c575f5ffd5b5f5f60408385031215611a88575f5ffd5b611a91836119af565b91506020830135611aa181611a62565b809150509250929050565b5f60208284031215611abc575f5ffd5b813561199181611a62565b5f5f60408385031215611ad8575f5ffd5b611ae1836119af565b946020939093013593505050565b5f60208284031215611aff575f5ffd5b61199182611a1a565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b808201808211156106ab576106ab611b08565b5f60208284031215611b58575f5ffd5b815161199181611a62565b818103818111156106ab576106ab611b08565b67ffffffffffffffff81811683821601908111156106ab576106ab611b08565b80820281158282048414176106ab576106ab611b08565b5f82611be0577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd",
}

// Staking is an auto generated Go binding around an Ethereum contract.
type Staking struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *Staking) GetABI() abi.ABI {
	return c.abi
}

// NewStaking creates a new instance of Staking.
func NewStaking() *Staking {
	parsed, err := StakingMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &Staking{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *Staking) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin, address gateway, address dps_, address registry_, address pool_, uint256 stakePerPetaFlops_, uint64 unbondingSeconds_, uint16[3] slashBps) returns()
func (staking *Staking) PackConstructor(admin common.Address, gateway common.Address, dps_ common.Address, registry_ common.Address, pool_ common.Address, stakePerPetaFlops_ *big.Int, unbondingSeconds_ uint64, slashBps [3]uint16) []byte {
	enc, err := staking.abi.Pack("", admin, gateway, dps_, registry_, pool_, stakePerPetaFlops_, unbondingSeconds_, slashBps)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x249d39e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function BPS() view returns(uint16)
func (staking *Staking) PackBPS() []byte {
	enc, err := staking.abi.Pack("BPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x249d39e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function BPS() view returns(uint16)
func (staking *Staking) TryPackBPS() ([]byte, error) {
	return staking.abi.Pack("BPS")
}

// UnpackBPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x249d39e9.
//
// Solidity: function BPS() view returns(uint16)
func (staking *Staking) UnpackBPS(data []byte) (uint16, error) {
	out, err := staking.abi.Unpack("BPS", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackDEFAULTADMINROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa217fddf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (staking *Staking) PackDEFAULTADMINROLE() []byte {
	enc, err := staking.abi.Pack("DEFAULT_ADMIN_ROLE")
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
func (staking *Staking) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return staking.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (staking *Staking) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := staking.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
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
func (staking *Staking) PackGATEWAYROLE() []byte {
	enc, err := staking.abi.Pack("GATEWAY_ROLE")
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
func (staking *Staking) TryPackGATEWAYROLE() ([]byte, error) {
	return staking.abi.Pack("GATEWAY_ROLE")
}

// UnpackGATEWAYROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc50d6dd9.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (staking *Staking) UnpackGATEWAYROLE(data []byte) ([32]byte, error) {
	out, err := staking.abi.Unpack("GATEWAY_ROLE", data)
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
func (staking *Staking) PackMAXAMOUNT() []byte {
	enc, err := staking.abi.Pack("MAX_AMOUNT")
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
func (staking *Staking) TryPackMAXAMOUNT() ([]byte, error) {
	return staking.abi.Pack("MAX_AMOUNT")
}

// UnpackMAXAMOUNT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd40dc870.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (staking *Staking) UnpackMAXAMOUNT(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("MAX_AMOUNT", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMAXUNBONDINGSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x68643087.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_UNBONDING_SECONDS() view returns(uint64)
func (staking *Staking) PackMAXUNBONDINGSECONDS() []byte {
	enc, err := staking.abi.Pack("MAX_UNBONDING_SECONDS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXUNBONDINGSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x68643087.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_UNBONDING_SECONDS() view returns(uint64)
func (staking *Staking) TryPackMAXUNBONDINGSECONDS() ([]byte, error) {
	return staking.abi.Pack("MAX_UNBONDING_SECONDS")
}

// UnpackMAXUNBONDINGSECONDS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x68643087.
//
// Solidity: function MAX_UNBONDING_SECONDS() view returns(uint64)
func (staking *Staking) UnpackMAXUNBONDINGSECONDS(data []byte) (uint64, error) {
	out, err := staking.abi.Unpack("MAX_UNBONDING_SECONDS", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackMEGAFLOPSPERPETAFLOPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x94dcbf32.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MEGAFLOPS_PER_PETAFLOPS() view returns(uint256)
func (staking *Staking) PackMEGAFLOPSPERPETAFLOPS() []byte {
	enc, err := staking.abi.Pack("MEGAFLOPS_PER_PETAFLOPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMEGAFLOPSPERPETAFLOPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x94dcbf32.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MEGAFLOPS_PER_PETAFLOPS() view returns(uint256)
func (staking *Staking) TryPackMEGAFLOPSPERPETAFLOPS() ([]byte, error) {
	return staking.abi.Pack("MEGAFLOPS_PER_PETAFLOPS")
}

// UnpackMEGAFLOPSPERPETAFLOPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x94dcbf32.
//
// Solidity: function MEGAFLOPS_PER_PETAFLOPS() view returns(uint256)
func (staking *Staking) UnpackMEGAFLOPSPERPETAFLOPS(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("MEGAFLOPS_PER_PETAFLOPS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCovers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd141c575.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function covers(address provider, uint64 capacityMegaFlops) view returns(bool)
func (staking *Staking) PackCovers(provider common.Address, capacityMegaFlops uint64) []byte {
	enc, err := staking.abi.Pack("covers", provider, capacityMegaFlops)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCovers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd141c575.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function covers(address provider, uint64 capacityMegaFlops) view returns(bool)
func (staking *Staking) TryPackCovers(provider common.Address, capacityMegaFlops uint64) ([]byte, error) {
	return staking.abi.Pack("covers", provider, capacityMegaFlops)
}

// UnpackCovers is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd141c575.
//
// Solidity: function covers(address provider, uint64 capacityMegaFlops) view returns(bool)
func (staking *Staking) UnpackCovers(data []byte) (bool, error) {
	out, err := staking.abi.Unpack("covers", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackDps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa09620fb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function dps() view returns(address)
func (staking *Staking) PackDps() []byte {
	enc, err := staking.abi.Pack("dps")
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
func (staking *Staking) TryPackDps() ([]byte, error) {
	return staking.abi.Pack("dps")
}

// UnpackDps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa09620fb.
//
// Solidity: function dps() view returns(address)
func (staking *Staking) UnpackDps(data []byte) (common.Address, error) {
	out, err := staking.abi.Unpack("dps", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackDuplicateIdentityBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x31eb414d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function duplicateIdentityBps() view returns(uint16)
func (staking *Staking) PackDuplicateIdentityBps() []byte {
	enc, err := staking.abi.Pack("duplicateIdentityBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDuplicateIdentityBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x31eb414d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function duplicateIdentityBps() view returns(uint16)
func (staking *Staking) TryPackDuplicateIdentityBps() ([]byte, error) {
	return staking.abi.Pack("duplicateIdentityBps")
}

// UnpackDuplicateIdentityBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x31eb414d.
//
// Solidity: function duplicateIdentityBps() view returns(uint16)
func (staking *Staking) UnpackDuplicateIdentityBps(data []byte) (uint16, error) {
	out, err := staking.abi.Unpack("duplicateIdentityBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackEvidenceUsed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xee4e5e06.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function evidenceUsed(address provider, bytes32 evidence) view returns(bool)
func (staking *Staking) PackEvidenceUsed(provider common.Address, evidence [32]byte) []byte {
	enc, err := staking.abi.Pack("evidenceUsed", provider, evidence)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEvidenceUsed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xee4e5e06.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function evidenceUsed(address provider, bytes32 evidence) view returns(bool)
func (staking *Staking) TryPackEvidenceUsed(provider common.Address, evidence [32]byte) ([]byte, error) {
	return staking.abi.Pack("evidenceUsed", provider, evidence)
}

// UnpackEvidenceUsed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xee4e5e06.
//
// Solidity: function evidenceUsed(address provider, bytes32 evidence) view returns(bool)
func (staking *Staking) UnpackEvidenceUsed(data []byte) (bool, error) {
	out, err := staking.abi.Unpack("evidenceUsed", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackFailedChallengeBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x90d9ede3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function failedChallengeBps() view returns(uint16)
func (staking *Staking) PackFailedChallengeBps() []byte {
	enc, err := staking.abi.Pack("failedChallengeBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFailedChallengeBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x90d9ede3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function failedChallengeBps() view returns(uint16)
func (staking *Staking) TryPackFailedChallengeBps() ([]byte, error) {
	return staking.abi.Pack("failedChallengeBps")
}

// UnpackFailedChallengeBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x90d9ede3.
//
// Solidity: function failedChallengeBps() view returns(uint16)
func (staking *Staking) UnpackFailedChallengeBps(data []byte) (uint16, error) {
	out, err := staking.abi.Unpack("failedChallengeBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackFractionBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf00db786.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fractionBps(uint8 reason) view returns(uint16)
func (staking *Staking) PackFractionBps(reason uint8) []byte {
	enc, err := staking.abi.Pack("fractionBps", reason)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFractionBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf00db786.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fractionBps(uint8 reason) view returns(uint16)
func (staking *Staking) TryPackFractionBps(reason uint8) ([]byte, error) {
	return staking.abi.Pack("fractionBps", reason)
}

// UnpackFractionBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf00db786.
//
// Solidity: function fractionBps(uint8 reason) view returns(uint16)
func (staking *Staking) UnpackFractionBps(data []byte) (uint16, error) {
	out, err := staking.abi.Unpack("fractionBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (staking *Staking) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := staking.abi.Pack("getRoleAdmin", role)
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
func (staking *Staking) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return staking.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (staking *Staking) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := staking.abi.Unpack("getRoleAdmin", data)
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
func (staking *Staking) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := staking.abi.Pack("grantRole", role, account)
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
func (staking *Staking) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return staking.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (staking *Staking) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := staking.abi.Pack("hasRole", role, account)
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
func (staking *Staking) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return staking.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (staking *Staking) UnpackHasRole(data []byte) (bool, error) {
	out, err := staking.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackLostReplicaVoteBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd2601a53.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lostReplicaVoteBps() view returns(uint16)
func (staking *Staking) PackLostReplicaVoteBps() []byte {
	enc, err := staking.abi.Pack("lostReplicaVoteBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLostReplicaVoteBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd2601a53.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lostReplicaVoteBps() view returns(uint16)
func (staking *Staking) TryPackLostReplicaVoteBps() ([]byte, error) {
	return staking.abi.Pack("lostReplicaVoteBps")
}

// UnpackLostReplicaVoteBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd2601a53.
//
// Solidity: function lostReplicaVoteBps() view returns(uint16)
func (staking *Staking) UnpackLostReplicaVoteBps(data []byte) (uint16, error) {
	out, err := staking.abi.Unpack("lostReplicaVoteBps", data)
	if err != nil {
		return *new(uint16), err
	}
	out0 := *abi.ConvertType(out[0], new(uint16)).(*uint16)
	return out0, nil
}

// PackPaidToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x90268bdc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function paidToPool() view returns(uint256)
func (staking *Staking) PackPaidToPool() []byte {
	enc, err := staking.abi.Pack("paidToPool")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPaidToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x90268bdc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function paidToPool() view returns(uint256)
func (staking *Staking) TryPackPaidToPool() ([]byte, error) {
	return staking.abi.Pack("paidToPool")
}

// UnpackPaidToPool is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x90268bdc.
//
// Solidity: function paidToPool() view returns(uint256)
func (staking *Staking) UnpackPaidToPool(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("paidToPool", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPayToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1f949f24.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function payToPool() returns()
func (staking *Staking) PackPayToPool() []byte {
	enc, err := staking.abi.Pack("payToPool")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPayToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1f949f24.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function payToPool() returns()
func (staking *Staking) TryPackPayToPool() ([]byte, error) {
	return staking.abi.Pack("payToPool")
}

// PackPendingToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x460a4e31.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pendingToPool() view returns(uint256)
func (staking *Staking) PackPendingToPool() []byte {
	enc, err := staking.abi.Pack("pendingToPool")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPendingToPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x460a4e31.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pendingToPool() view returns(uint256)
func (staking *Staking) TryPackPendingToPool() ([]byte, error) {
	return staking.abi.Pack("pendingToPool")
}

// UnpackPendingToPool is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x460a4e31.
//
// Solidity: function pendingToPool() view returns(uint256)
func (staking *Staking) UnpackPendingToPool(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("pendingToPool", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16f0115b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pool() view returns(address)
func (staking *Staking) PackPool() []byte {
	enc, err := staking.abi.Pack("pool")
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
func (staking *Staking) TryPackPool() ([]byte, error) {
	return staking.abi.Pack("pool")
}

// UnpackPool is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x16f0115b.
//
// Solidity: function pool() view returns(address)
func (staking *Staking) UnpackPool(data []byte) (common.Address, error) {
	out, err := staking.abi.Unpack("pool", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackRegistry is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7b103999.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function registry() view returns(address)
func (staking *Staking) PackRegistry() []byte {
	enc, err := staking.abi.Pack("registry")
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
func (staking *Staking) TryPackRegistry() ([]byte, error) {
	return staking.abi.Pack("registry")
}

// UnpackRegistry is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7b103999.
//
// Solidity: function registry() view returns(address)
func (staking *Staking) UnpackRegistry(data []byte) (common.Address, error) {
	out, err := staking.abi.Unpack("registry", data)
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
func (staking *Staking) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := staking.abi.Pack("renounceRole", role, callerConfirmation)
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
func (staking *Staking) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return staking.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRequestUnbond is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54f63b14.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestUnbond(uint256 amount) returns()
func (staking *Staking) PackRequestUnbond(amount *big.Int) []byte {
	enc, err := staking.abi.Pack("requestUnbond", amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestUnbond is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54f63b14.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestUnbond(uint256 amount) returns()
func (staking *Staking) TryPackRequestUnbond(amount *big.Int) ([]byte, error) {
	return staking.abi.Pack("requestUnbond", amount)
}

// PackRequiredStake is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xed91a81d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requiredStake(uint64 capacityMegaFlops) view returns(uint256)
func (staking *Staking) PackRequiredStake(capacityMegaFlops uint64) []byte {
	enc, err := staking.abi.Pack("requiredStake", capacityMegaFlops)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequiredStake is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xed91a81d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requiredStake(uint64 capacityMegaFlops) view returns(uint256)
func (staking *Staking) TryPackRequiredStake(capacityMegaFlops uint64) ([]byte, error) {
	return staking.abi.Pack("requiredStake", capacityMegaFlops)
}

// UnpackRequiredStake is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xed91a81d.
//
// Solidity: function requiredStake(uint64 capacityMegaFlops) view returns(uint256)
func (staking *Staking) UnpackRequiredStake(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("requiredStake", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (staking *Staking) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := staking.abi.Pack("revokeRole", role, account)
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
func (staking *Staking) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return staking.abi.Pack("revokeRole", role, account)
}

// PackSlash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xad2c8b5e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function slash(address provider, uint8 reason, bytes32 evidence) returns(uint256 amount)
func (staking *Staking) PackSlash(provider common.Address, reason uint8, evidence [32]byte) []byte {
	enc, err := staking.abi.Pack("slash", provider, reason, evidence)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSlash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xad2c8b5e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function slash(address provider, uint8 reason, bytes32 evidence) returns(uint256 amount)
func (staking *Staking) TryPackSlash(provider common.Address, reason uint8, evidence [32]byte) ([]byte, error) {
	return staking.abi.Pack("slash", provider, reason, evidence)
}

// UnpackSlash is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xad2c8b5e.
//
// Solidity: function slash(address provider, uint8 reason, bytes32 evidence) returns(uint256 amount)
func (staking *Staking) UnpackSlash(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("slash", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSlashedTotal is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65fb54aa.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function slashedTotal() view returns(uint256)
func (staking *Staking) PackSlashedTotal() []byte {
	enc, err := staking.abi.Pack("slashedTotal")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSlashedTotal is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65fb54aa.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function slashedTotal() view returns(uint256)
func (staking *Staking) TryPackSlashedTotal() ([]byte, error) {
	return staking.abi.Pack("slashedTotal")
}

// UnpackSlashedTotal is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x65fb54aa.
//
// Solidity: function slashedTotal() view returns(uint256)
func (staking *Staking) UnpackSlashedTotal(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("slashedTotal", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackStake is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa694fc3a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function stake(uint256 amount) returns()
func (staking *Staking) PackStake(amount *big.Int) []byte {
	enc, err := staking.abi.Pack("stake", amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackStake is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa694fc3a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function stake(uint256 amount) returns()
func (staking *Staking) TryPackStake(amount *big.Int) ([]byte, error) {
	return staking.abi.Pack("stake", amount)
}

// PackStakeOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42623360.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function stakeOf(address provider) view returns((uint256,uint256,uint64,uint256))
func (staking *Staking) PackStakeOf(provider common.Address) []byte {
	enc, err := staking.abi.Pack("stakeOf", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackStakeOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x42623360.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function stakeOf(address provider) view returns((uint256,uint256,uint64,uint256))
func (staking *Staking) TryPackStakeOf(provider common.Address) ([]byte, error) {
	return staking.abi.Pack("stakeOf", provider)
}

// UnpackStakeOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x42623360.
//
// Solidity: function stakeOf(address provider) view returns((uint256,uint256,uint64,uint256))
func (staking *Staking) UnpackStakeOf(data []byte) (StakingStake, error) {
	out, err := staking.abi.Unpack("stakeOf", data)
	if err != nil {
		return *new(StakingStake), err
	}
	out0 := *abi.ConvertType(out[0], new(StakingStake)).(*StakingStake)
	return out0, nil
}

// PackStakePerPetaFlops is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb432bbac.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function stakePerPetaFlops() view returns(uint256)
func (staking *Staking) PackStakePerPetaFlops() []byte {
	enc, err := staking.abi.Pack("stakePerPetaFlops")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackStakePerPetaFlops is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb432bbac.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function stakePerPetaFlops() view returns(uint256)
func (staking *Staking) TryPackStakePerPetaFlops() ([]byte, error) {
	return staking.abi.Pack("stakePerPetaFlops")
}

// UnpackStakePerPetaFlops is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb432bbac.
//
// Solidity: function stakePerPetaFlops() view returns(uint256)
func (staking *Staking) UnpackStakePerPetaFlops(data []byte) (*big.Int, error) {
	out, err := staking.abi.Unpack("stakePerPetaFlops", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (staking *Staking) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := staking.abi.Pack("supportsInterface", interfaceId)
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
func (staking *Staking) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return staking.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (staking *Staking) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := staking.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackUnbondingSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd3b2fa1b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function unbondingSeconds() view returns(uint64)
func (staking *Staking) PackUnbondingSeconds() []byte {
	enc, err := staking.abi.Pack("unbondingSeconds")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUnbondingSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd3b2fa1b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function unbondingSeconds() view returns(uint64)
func (staking *Staking) TryPackUnbondingSeconds() ([]byte, error) {
	return staking.abi.Pack("unbondingSeconds")
}

// UnpackUnbondingSeconds is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd3b2fa1b.
//
// Solidity: function unbondingSeconds() view returns(uint64)
func (staking *Staking) UnpackUnbondingSeconds(data []byte) (uint64, error) {
	out, err := staking.abi.Unpack("unbondingSeconds", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3ccfd60b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function withdraw() returns()
func (staking *Staking) PackWithdraw() []byte {
	enc, err := staking.abi.Pack("withdraw")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3ccfd60b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function withdraw() returns()
func (staking *Staking) TryPackWithdraw() ([]byte, error) {
	return staking.abi.Pack("withdraw")
}

// StakingPaidToPool represents a PaidToPool event raised by the Staking contract.
type StakingPaidToPool struct {
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const StakingPaidToPoolEventName = "PaidToPool"

// ContractEventName returns the user-defined event name.
func (StakingPaidToPool) ContractEventName() string {
	return StakingPaidToPoolEventName
}

// UnpackPaidToPoolEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event PaidToPool(uint256 amount)
func (staking *Staking) UnpackPaidToPoolEvent(log *types.Log) (*StakingPaidToPool, error) {
	event := "PaidToPool"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingPaidToPool)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingRoleAdminChanged represents a RoleAdminChanged event raised by the Staking contract.
type StakingRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const StakingRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (StakingRoleAdminChanged) ContractEventName() string {
	return StakingRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (staking *Staking) UnpackRoleAdminChangedEvent(log *types.Log) (*StakingRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingRoleGranted represents a RoleGranted event raised by the Staking contract.
type StakingRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const StakingRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (StakingRoleGranted) ContractEventName() string {
	return StakingRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (staking *Staking) UnpackRoleGrantedEvent(log *types.Log) (*StakingRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingRoleGranted)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingRoleRevoked represents a RoleRevoked event raised by the Staking contract.
type StakingRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const StakingRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (StakingRoleRevoked) ContractEventName() string {
	return StakingRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (staking *Staking) UnpackRoleRevokedEvent(log *types.Log) (*StakingRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingRoleRevoked)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingSlashed represents a Slashed event raised by the Staking contract.
type StakingSlashed struct {
	Provider       common.Address
	Reason         uint8
	Evidence       [32]byte
	Amount         *big.Int
	BondedAfter    *big.Int
	UnbondingAfter *big.Int
	Raw            *types.Log // Blockchain specific contextual infos
}

const StakingSlashedEventName = "Slashed"

// ContractEventName returns the user-defined event name.
func (StakingSlashed) ContractEventName() string {
	return StakingSlashedEventName
}

// UnpackSlashedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Slashed(address indexed provider, uint8 indexed reason, bytes32 indexed evidence, uint256 amount, uint256 bondedAfter, uint256 unbondingAfter)
func (staking *Staking) UnpackSlashedEvent(log *types.Log) (*StakingSlashed, error) {
	event := "Slashed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingSlashed)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingStaked represents a Staked event raised by the Staking contract.
type StakingStaked struct {
	Provider common.Address
	Amount   *big.Int
	Bonded   *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const StakingStakedEventName = "Staked"

// ContractEventName returns the user-defined event name.
func (StakingStaked) ContractEventName() string {
	return StakingStakedEventName
}

// UnpackStakedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Staked(address indexed provider, uint256 amount, uint256 bonded)
func (staking *Staking) UnpackStakedEvent(log *types.Log) (*StakingStaked, error) {
	event := "Staked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingStaked)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingUnbondRequested represents a UnbondRequested event raised by the Staking contract.
type StakingUnbondRequested struct {
	Provider  common.Address
	Amount    *big.Int
	Unbonding *big.Int
	UnbondsAt uint64
	Raw       *types.Log // Blockchain specific contextual infos
}

const StakingUnbondRequestedEventName = "UnbondRequested"

// ContractEventName returns the user-defined event name.
func (StakingUnbondRequested) ContractEventName() string {
	return StakingUnbondRequestedEventName
}

// UnpackUnbondRequestedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event UnbondRequested(address indexed provider, uint256 amount, uint256 unbonding, uint64 unbondsAt)
func (staking *Staking) UnpackUnbondRequestedEvent(log *types.Log) (*StakingUnbondRequested, error) {
	event := "UnbondRequested"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingUnbondRequested)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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

// StakingWithdrawn represents a Withdrawn event raised by the Staking contract.
type StakingWithdrawn struct {
	Provider common.Address
	Amount   *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const StakingWithdrawnEventName = "Withdrawn"

// ContractEventName returns the user-defined event name.
func (StakingWithdrawn) ContractEventName() string {
	return StakingWithdrawnEventName
}

// UnpackWithdrawnEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Withdrawn(address indexed provider, uint256 amount)
func (staking *Staking) UnpackWithdrawnEvent(log *types.Log) (*StakingWithdrawn, error) {
	event := "Withdrawn"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != staking.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(StakingWithdrawn)
	if len(log.Data) > 0 {
		if err := staking.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range staking.abi.Events[event].Inputs {
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
func (staking *Staking) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], staking.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return staking.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return staking.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["AmountTooLarge"].ID.Bytes()[:4]) {
		return staking.UnpackAmountTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["EvidenceUsed"].ID.Bytes()[:4]) {
		return staking.UnpackEvidenceUsedError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["InsufficientBonded"].ID.Bytes()[:4]) {
		return staking.UnpackInsufficientBondedError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["InvalidParameters"].ID.Bytes()[:4]) {
		return staking.UnpackInvalidParametersError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["NothingToSlash"].ID.Bytes()[:4]) {
		return staking.UnpackNothingToSlashError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["NothingUnbonding"].ID.Bytes()[:4]) {
		return staking.UnpackNothingUnbondingError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return staking.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return staking.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["StakeStillNeeded"].ID.Bytes()[:4]) {
		return staking.UnpackStakeStillNeededError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["StillUnbonding"].ID.Bytes()[:4]) {
		return staking.UnpackStillUnbondingError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["ZeroAmount"].ID.Bytes()[:4]) {
		return staking.UnpackZeroAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], staking.abi.Errors["ZeroEvidence"].ID.Bytes()[:4]) {
		return staking.UnpackZeroEvidenceError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// StakingAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the Staking contract.
type StakingAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func StakingAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (staking *Staking) UnpackAccessControlBadConfirmationError(raw []byte) (*StakingAccessControlBadConfirmation, error) {
	out := new(StakingAccessControlBadConfirmation)
	if err := staking.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the Staking contract.
type StakingAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func StakingAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (staking *Staking) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*StakingAccessControlUnauthorizedAccount, error) {
	out := new(StakingAccessControlUnauthorizedAccount)
	if err := staking.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingAmountTooLarge represents a AmountTooLarge error raised by the Staking contract.
type StakingAmountTooLarge struct {
	Amount *big.Int
	Max    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func StakingAmountTooLargeErrorID() common.Hash {
	return common.HexToHash("0x7f162703b1fbad455ee7087f54e476f5f7b21f668d715d2aa1b9371e813d293d")
}

// UnpackAmountTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func (staking *Staking) UnpackAmountTooLargeError(raw []byte) (*StakingAmountTooLarge, error) {
	out := new(StakingAmountTooLarge)
	if err := staking.abi.UnpackIntoInterface(out, "AmountTooLarge", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingEvidenceUsed represents a EvidenceUsed error raised by the Staking contract.
type StakingEvidenceUsed struct {
	Evidence [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EvidenceUsed(bytes32 evidence)
func StakingEvidenceUsedErrorID() common.Hash {
	return common.HexToHash("0x42106f4ceb27f19024fb7dab4c7d32f24edbd5fd73aeacb67eb6cf6ee3956956")
}

// UnpackEvidenceUsedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EvidenceUsed(bytes32 evidence)
func (staking *Staking) UnpackEvidenceUsedError(raw []byte) (*StakingEvidenceUsed, error) {
	out := new(StakingEvidenceUsed)
	if err := staking.abi.UnpackIntoInterface(out, "EvidenceUsed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingInsufficientBonded represents a InsufficientBonded error raised by the Staking contract.
type StakingInsufficientBonded struct {
	Provider  common.Address
	Bonded    *big.Int
	Requested *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientBonded(address provider, uint256 bonded, uint256 requested)
func StakingInsufficientBondedErrorID() common.Hash {
	return common.HexToHash("0x3bec26bdfee2740d20a312d5dfbe3f0df9e2c5e61c7a0432f0b7abffcf37aea9")
}

// UnpackInsufficientBondedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientBonded(address provider, uint256 bonded, uint256 requested)
func (staking *Staking) UnpackInsufficientBondedError(raw []byte) (*StakingInsufficientBonded, error) {
	out := new(StakingInsufficientBonded)
	if err := staking.abi.UnpackIntoInterface(out, "InsufficientBonded", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingInvalidParameters represents a InvalidParameters error raised by the Staking contract.
type StakingInvalidParameters struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidParameters()
func StakingInvalidParametersErrorID() common.Hash {
	return common.HexToHash("0xe52390909f87229f872871b8ab57a0e139663fb951ac6346f3852d332ca460b7")
}

// UnpackInvalidParametersError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidParameters()
func (staking *Staking) UnpackInvalidParametersError(raw []byte) (*StakingInvalidParameters, error) {
	out := new(StakingInvalidParameters)
	if err := staking.abi.UnpackIntoInterface(out, "InvalidParameters", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingNothingToSlash represents a NothingToSlash error raised by the Staking contract.
type StakingNothingToSlash struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NothingToSlash(address provider)
func StakingNothingToSlashErrorID() common.Hash {
	return common.HexToHash("0xea53296051c9b6c5589470a9aecc521c01574552c7190c8679964112d5636f1c")
}

// UnpackNothingToSlashError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NothingToSlash(address provider)
func (staking *Staking) UnpackNothingToSlashError(raw []byte) (*StakingNothingToSlash, error) {
	out := new(StakingNothingToSlash)
	if err := staking.abi.UnpackIntoInterface(out, "NothingToSlash", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingNothingUnbonding represents a NothingUnbonding error raised by the Staking contract.
type StakingNothingUnbonding struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NothingUnbonding(address provider)
func StakingNothingUnbondingErrorID() common.Hash {
	return common.HexToHash("0xbf7babf42769460cc78797944234cd23f16a1f227ab920250aa68a7d7e85e6aa")
}

// UnpackNothingUnbondingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NothingUnbonding(address provider)
func (staking *Staking) UnpackNothingUnbondingError(raw []byte) (*StakingNothingUnbonding, error) {
	out := new(StakingNothingUnbonding)
	if err := staking.abi.UnpackIntoInterface(out, "NothingUnbonding", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the Staking contract.
type StakingReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func StakingReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (staking *Staking) UnpackReentrancyGuardReentrantCallError(raw []byte) (*StakingReentrancyGuardReentrantCall, error) {
	out := new(StakingReentrancyGuardReentrantCall)
	if err := staking.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the Staking contract.
type StakingSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func StakingSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (staking *Staking) UnpackSafeERC20FailedOperationError(raw []byte) (*StakingSafeERC20FailedOperation, error) {
	out := new(StakingSafeERC20FailedOperation)
	if err := staking.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingStakeStillNeeded represents a StakeStillNeeded error raised by the Staking contract.
type StakingStakeStillNeeded struct {
	Provider  common.Address
	Remaining *big.Int
	Required  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StakeStillNeeded(address provider, uint256 remaining, uint256 required)
func StakingStakeStillNeededErrorID() common.Hash {
	return common.HexToHash("0x237d446ba5ab3c3fc8c4321cad7dbfd1559eeb1ce2470d81dc0375201e364957")
}

// UnpackStakeStillNeededError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StakeStillNeeded(address provider, uint256 remaining, uint256 required)
func (staking *Staking) UnpackStakeStillNeededError(raw []byte) (*StakingStakeStillNeeded, error) {
	out := new(StakingStakeStillNeeded)
	if err := staking.abi.UnpackIntoInterface(out, "StakeStillNeeded", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingStillUnbonding represents a StillUnbonding error raised by the Staking contract.
type StakingStillUnbonding struct {
	Provider  common.Address
	UnbondsAt uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StillUnbonding(address provider, uint64 unbondsAt)
func StakingStillUnbondingErrorID() common.Hash {
	return common.HexToHash("0xb59805872aef3fd7c9809696b927f1d6bf51ccbec13d0f249c1521fe4cb1b085")
}

// UnpackStillUnbondingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StillUnbonding(address provider, uint64 unbondsAt)
func (staking *Staking) UnpackStillUnbondingError(raw []byte) (*StakingStillUnbonding, error) {
	out := new(StakingStillUnbonding)
	if err := staking.abi.UnpackIntoInterface(out, "StillUnbonding", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingZeroAmount represents a ZeroAmount error raised by the Staking contract.
type StakingZeroAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAmount()
func StakingZeroAmountErrorID() common.Hash {
	return common.HexToHash("0x1f2a2005cb66a8e145327e8814e243a0996aec9bfe1e15a495778b1236dbd485")
}

// UnpackZeroAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAmount()
func (staking *Staking) UnpackZeroAmountError(raw []byte) (*StakingZeroAmount, error) {
	out := new(StakingZeroAmount)
	if err := staking.abi.UnpackIntoInterface(out, "ZeroAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// StakingZeroEvidence represents a ZeroEvidence error raised by the Staking contract.
type StakingZeroEvidence struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroEvidence()
func StakingZeroEvidenceErrorID() common.Hash {
	return common.HexToHash("0xd1894cc842980e0db7effa38dfe2aee442e6b265ce81aa13f2523188ce2a852b")
}

// UnpackZeroEvidenceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroEvidence()
func (staking *Staking) UnpackZeroEvidenceError(raw []byte) (*StakingZeroEvidence, error) {
	out := new(StakingZeroEvidence)
	if err := staking.abi.UnpackIntoInterface(out, "ZeroEvidence", raw); err != nil {
		return nil, err
	}
	return out, nil
}
