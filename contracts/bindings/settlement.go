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

// SettlementMetaData contains all meta data concerning the Settlement contract.
var SettlementMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"pauser\",\"type\":\"address\"},{\"internalType\":\"contractGFL\",\"name\":\"gfl_\",\"type\":\"address\"},{\"internalType\":\"contractIERC20\",\"name\":\"dps_\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"genesis_\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"periodSeconds_\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"eraSeconds_\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"eraThresholdGfl_\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"size\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"BatchTooLarge\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"}],\"name\":\"EpochAlreadyOpen\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"endsAt\",\"type\":\"uint64\"}],\"name\":\"EpochNotOver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"expected\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"got\",\"type\":\"uint64\"}],\"name\":\"EpochOutOfOrder\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"rebalanced\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holders\",\"type\":\"uint32\"}],\"name\":\"HoldersMissing\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidProof\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"providers\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"targets\",\"type\":\"uint256\"}],\"name\":\"LengthMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NoEpochOpen\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"last\",\"type\":\"address\"}],\"name\":\"NotAscending\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"NothingToClaim\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"pending\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"}],\"name\":\"ReplenishmentMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"declared\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"pool\",\"type\":\"uint256\"}],\"name\":\"RewardsExceedPool\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"declared\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"}],\"name\":\"RewardsMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"SafeCastOverflowedUintDowncast\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"threshold\",\"type\":\"uint256\"}],\"name\":\"ThresholdTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"declared\",\"type\":\"uint32\"}],\"name\":\"TooManyProviders\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"processed\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"declared\",\"type\":\"uint32\"}],\"name\":\"Unfinished\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRoot\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"cumulative\",\"type\":\"uint256\"}],\"name\":\"Claimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"rewardsRoot\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"totalGfl\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"rewards\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"rewardEra\",\"type\":\"uint64\"}],\"name\":\"EpochCommitted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"replenished\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"replenishedGfl\",\"type\":\"uint256\"}],\"name\":\"EpochOpened\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"era\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"reason\",\"type\":\"uint8\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"at\",\"type\":\"uint64\"}],\"name\":\"HalvingAdvanced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"PoolFunded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"PoolReplenished\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"before\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"target\",\"type\":\"uint256\"}],\"name\":\"Rebalanced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ESCROW_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_BATCH\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_ERA\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PAUSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"REWARD_SHARE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"R_DENOMINATOR\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"R_NUMERATOR\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"cumulativeAmount\",\"type\":\"uint256\"},{\"internalType\":\"bytes32[]\",\"name\":\"proof\",\"type\":\"bytes32[]\"}],\"name\":\"claim\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"claimed\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"claimedRewards\",\"outputs\":[{\"internalType\":\"uint120\",\"name\":\"\",\"type\":\"uint120\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"root\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"rewards\",\"type\":\"uint256\"}],\"name\":\"closeEpoch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"committedRewards\",\"outputs\":[{\"internalType\":\"uint120\",\"name\":\"\",\"type\":\"uint120\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"cumulativeGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"cumulativeGflGross\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"current\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"open\",\"type\":\"bool\"},{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"processed\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holdersAtOpen\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holdersProcessed\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"lastProvider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"owed\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"dps\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"emitted\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"era\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraCumulativeGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraStart\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraThresholdGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"fund\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"genesis\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"gfl\",\"outputs\":[{\"internalType\":\"contractGFL\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"migrate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"nextEpoch\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"internalType\":\"uint256\",\"name\":\"expectedReplenishment\",\"type\":\"uint256\"}],\"name\":\"openEpoch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pendingReplenishment\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"periodSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pool\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address[]\",\"name\":\"providers\",\"type\":\"address[]\"},{\"internalType\":\"uint256[]\",\"name\":\"targets\",\"type\":\"uint256[]\"}],\"name\":\"rebalance\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"replenish\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"rewardsRoot\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "Settlement",
	Bin: "0x610140604052348015610010575f5ffd5b5060405161302638038061302683398101604081905261002f9161023b565b6001600160a01b038616158061004c57506001600160a01b038516155b1561006a5760405163d92e233d60e01b815260040160405180910390fd5b80158061007d57506001600160c01b0381115b156100a257604051630df9ade560e21b81526004810182905260240160405180910390fd5b6100ac5f8a610160565b506100d77fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a89610160565b506101027f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a88610160565b506001600160a01b039586166080529390941660a0526001600160401b0391821660c081905290821660e0529216610100526101205260018054600160801b600160c01b031916600160801b909202919091179055506102e4915050565b5f828152602081815260408083206001600160a01b038516845290915281205460ff16610200575f838152602081815260408083206001600160a01b03861684529091529020805460ff191660011790556101b83390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610203565b505f5b92915050565b6001600160a01b038116811461021d575f5ffd5b50565b80516001600160401b0381168114610236575f5ffd5b919050565b5f5f5f5f5f5f5f5f5f6101208a8c031215610254575f5ffd5b895161025f81610209565b60208b015190995061027081610209565b60408b015190985061028181610209565b60608b015190975061029281610209565b60808b01519096506102a381610209565b94506102b160a08b01610220565b93506102bf60c08b01610220565b92506102cd60e08b01610220565b91506101008a015190509295985092959850929598565b60805160a05160c05160e0516101005161012051612cb56103715f395f81816103f70152610f2701525f81816108140152610f6a01525f81816108440152611ced01525f818161070c0152611d2701525f81816106de01528181611a8e01526122a501525f81816104d301528181610a2a01528181610cf3015281816114fd0152611e8a0152612cb55ff3fe608060405234801561000f575f5ffd5b50600436106102ee575f3560e01c8063767f373411610192578063aea0e78b116100e8578063d547741f11610093578063e81f15531161006e578063e81f15531461080f578063edfdabbb14610836578063f4514fa31461083f575f5ffd5b8063d547741f146107cc578063e0d3e39e146107df578063e63ab1e9146107e8575f5ffd5b8063c50d6dd9116100c3578063c50d6dd914610773578063c884ef831461079a578063ca1d209d146107b9575f5ffd5b8063aea0e78b1461072e578063b739a7b814610742578063bd153c641461076a575f5ffd5b8063950bff9f11610148578063a09620fb11610123578063a09620fb146106d9578063a217fddf14610700578063a7f0b3de14610707575f5ffd5b8063950bff9f146105de578063970eef43146105e65780639fa6a6e3146105ef575f5ffd5b80638554ba15116101785780638554ba151461056d578063918a0a871461058057806391d148541461059b575f5ffd5b8063767f3734146105525780638456cb5914610565575f5ffd5b80632f2ff15d1161024757806355519112116101fd57806365f49e81116101d857806365f49e811461051a5780636a3433bd146105235780636ce76f301461052b575f5ffd5b806355519112146104975780635c975abb1461049f5780636592b622146104ce575f5ffd5b80633d13f8741161022d5780633d13f874146104745780633e8512ec146104875780633f4ba83a1461048f575f5ffd5b80632f2ff15d1461044e57806336568abe14610461575f5ffd5b806316f0115b116102a757806322f86d221161028257806322f86d22146103f2578063248a9ca3146104195780632be011901461043b575f5ffd5b806316f0115b14610392578063217863b71461039b57806322e9c08d146103a4575f5ffd5b80631068361f116102d75780631068361f1461033157806311426f9114610346578063143e55e014610359575f5ffd5b806301ffc9a7146102f2578063089f2b3f1461031a575b5f5ffd5b6103056103003660046128a6565b610866565b60405190151581526020015b60405180910390f35b61032360025481565b604051908152602001610311565b61034461033f36600461290d565b6108fe565b005b61034461035436600461293e565b610a86565b6001546103799068010000000000000000900467ffffffffffffffff1681565b60405167ffffffffffffffff9091168152602001610311565b61032360055481565b610323600d5481565b600e546103d2906f0100000000000000000000000000000090046effffffffffffffffffffffffffffff1681565b6040516effffffffffffffffffffffffffffff9091168152602001610311565b6103237f000000000000000000000000000000000000000000000000000000000000000081565b61032361042736600461295e565b5f9081526020819052604090206001015490565b6103446104493660046129bd565b6111d3565b61034461045c366004612a29565b611733565b61034461046f366004612a29565b61175d565b610344610482366004612a4a565b6117bb565b610323606481565b610344611b27565b610323600181565b600e54610305907e01000000000000000000000000000000000000000000000000000000000000900460ff1681565b6104f57f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff9091168152602001610311565b6103236107d081565b610323604081565b6103237f2fdac322ee704ce09f0773f7f3f92eb98d5e7c836ee9c056cccd5f61041e5e3f81565b610344610560366004612a99565b611bb0565b610344612116565b61034461057b36600461295e565b6121b9565b600e546103d2906effffffffffffffffffffffffffffff1681565b6103056105a9366004612a29565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b61032360c881565b61032360035481565b600854600954600a54600b54600c5461066c9460ff81169461010090910467ffffffffffffffff1693909263ffffffff8083169364010000000084048216936801000000000000000081048316936c010000000000000000000000009091049092169173ffffffffffffffffffffffffffffffffffffffff169089565b604080519915158a5267ffffffffffffffff90981660208a01529688019590955263ffffffff93841660608801529183166080870152821660a08601521660c084015273ffffffffffffffffffffffffffffffffffffffff1660e083015261010082015261012001610311565b6104f57f000000000000000000000000000000000000000000000000000000000000000081565b6103235f81565b6103797f000000000000000000000000000000000000000000000000000000000000000081565b6001546103799067ffffffffffffffff1681565b60015461037990700100000000000000000000000000000000900467ffffffffffffffff1681565b61032360065481565b6103237fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b6103236107a8366004612aea565b600f6020525f908152604090205481565b6103446107c736600461295e565b612232565b6103446107da366004612a29565b612323565b61032360075481565b6103237f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a81565b6103797f000000000000000000000000000000000000000000000000000000000000000081565b61032360045481565b6103797f000000000000000000000000000000000000000000000000000000000000000081565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b0000000000000000000000000000000000000000000000000000000014806108f857507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a61092881612347565b600e547e01000000000000000000000000000000000000000000000000000000000000900460ff1615610987576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60085460ff16156109dd576008546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff1660048201526024015b60405180910390fd5b6040517f1068361f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff848116600483015283811660248301527f00000000000000000000000000000000000000000000000000000000000000001690631068361f906044015f604051808303815f87803b158015610a6b575f5ffd5b505af1158015610a7d573d5f5f3e3d5ffd5b50505050505050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a610ab081612347565b600e547e01000000000000000000000000000000000000000000000000000000000000900460ff1615610b0f576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b604080516101208101825260085460ff8116151580835267ffffffffffffffff6101009283900416602084015260095493830193909352600a5463ffffffff8082166060850152640100000000820481166080850152680100000000000000008204811660a08501526c010000000000000000000000009091041660c0830152600b5473ffffffffffffffffffffffffffffffffffffffff1660e0830152600c549082015290610beb576040517fc2ce498300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b83610c22576040517fb263ae7300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b806060015163ffffffff16816080015163ffffffff1614610c8957608081015160608201516040517fc954094d00000000000000000000000000000000000000000000000000000000815263ffffffff9283166004820152911660248201526044016109d4565b8060a0015163ffffffff168160c0015163ffffffff1614610cf05760c081015160a08201516040517f9475344300000000000000000000000000000000000000000000000000000000815263ffffffff9283166004820152911660248201526044016109d4565b5f7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff166318160ddd6040518163ffffffff1660e01b8152600401602060405180830381865afa158015610d5a573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190610d7e9190612b03565b90508060025f828254610d919190612b47565b925050819055508060035f828254610da99190612b47565b925050819055508060045f828254610dc19190612b47565b909155505060055461010083015111610e28578161010001518414610e23576101008201516040517f7fabe9030000000000000000000000000000000000000000000000000000000081526109d4918691600401918252602082015260400190565b610e72565b600554841115610e72576005546040517f910b25220000000000000000000000000000000000000000000000000000000081526109d4918691600401918252602082015260400190565b8360055f828254610e839190612b5a565b925050819055508360065f828254610e9b9190612b47565b90915550610eaa905084612351565b600e80545f90610ecc9084906effffffffffffffffffffffffffffff16612b6d565b82546effffffffffffffffffffffffffffff9182166101009390930a928302919092021990911617905550600d85905560015467ffffffffffffffff680100000000000000009091041660408110156110b4576001546002547f000000000000000000000000000000000000000000000000000000000000000067ffffffffffffffff68010000000000000000840481169190911b90911015915f917f0000000000000000000000000000000000000000000000000000000000000000811691610fac917001000000000000000000000000000000009091041642612b5a565b101590508180610fb95750805b156110b157600180548190600890610fe890839068010000000000000000900467ffffffffffffffff16612b94565b82546101009290920a67ffffffffffffffff818102199093169183160217909155600180547fffffffffffffffff0000000000000000ffffffffffffffffffffffffffffffff167001000000000000000000000000000000004284160217908190555f6002556801000000000000000090041690507f5f3f0d8ef329f7552ca5bfa58fc4f4569b7773c6b530619e0803cdfd332c4d9683611089575f61108c565b60015b6040805160ff909216825267ffffffffffffffff421660208301520160405180910390a25b50505b600880547fffffffffffffffffffffffffffffffffffffffffffffff0000000000000000001690555f6009819055600a80547fffffffffffffffffffffffffffffffff00000000000000000000000000000000169055600b80547fffffffffffffffffffffffff0000000000000000000000000000000000000000169055600c556020830151611145906001612b94565b600180547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff928316179055602084810151604080518a815292830186905282018890528383166060830152909116907f650987db230ea8f700349311963db52136d53317630007c79472704ed9fc44d59060800160405180910390a2505050505050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a6111fd81612347565b600e547e01000000000000000000000000000000000000000000000000000000000000900460ff161561125c576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60085460ff16611298576040517fc2ce498300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b8382146112db576040517fab8b67c600000000000000000000000000000000000000000000000000000000815260048101859052602481018390526044016109d4565b60c8841115611320576040517fbb1cb70b0000000000000000000000000000000000000000000000000000000081526004810185905260c860248201526044016109d4565b600a5463ffffffff80821691611340918791640100000000900416612b47565b111561138457600a546040517f71d163b600000000000000000000000000000000000000000000000000000000815263ffffffff90911660048201526024016109d4565b5f61139260016107d0612bb4565b90505f6040600160089054906101000a900467ffffffffffffffff1667ffffffffffffffff16106113c3575f6113ec565b60015468010000000000000000900467ffffffffffffffff166113e96064612710612bb4565b901b5b600c54600b5460085492935090915f9173ffffffffffffffffffffffffffffffffffffffff1690610100900467ffffffffffffffff16825b8a81101561165d575f8c8c8381811061143f5761143f612bcb565b90506020020160208101906114549190612aea565b90508373ffffffffffffffffffffffffffffffffffffffff168173ffffffffffffffffffffffffffffffffffffffff16116114db576040517fcccaa61800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8083166004830152851660248201526044016109d4565b8093505f8b8b848181106114f1576114f1612bcb565b9050602002013590505f7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1663dd90585484846040518363ffffffff1660e01b815260040161157792919073ffffffffffffffffffffffffffffffffffffffff929092168252602082015260400190565b6020604051808303815f875af1158015611593573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906115b79190612b03565b905080156115cd57866115c981612bf8565b9750505b88156115f557886115de8b84612bb4565b6115e89190612c1c565b6115f29089612b47565b97505b604080518281526020810184905273ffffffffffffffffffffffffffffffffffffffff85169167ffffffffffffffff8816917f78461357f515dc8e7defab68ae7fc600f4296cf9c6a188c67d7a01777fb80483910160405180910390a3505050600101611424565b50600b80547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff8416179055600c849055600a80548b91906004906116c6908490640100000000900463ffffffff16612c54565b92506101000a81548163ffffffff021916908363ffffffff160217905550826008600201600c8282829054906101000a900463ffffffff166117089190612c54565b92506101000a81548163ffffffff021916908363ffffffff1602179055505050505050505050505050565b5f8281526020819052604090206001015461174d81612347565b61175783836123a9565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146117ac576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6117b682826124a2565b505050565b6117c361255b565b600e547e01000000000000000000000000000000000000000000000000000000000000900460ff1615611822576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040805173ffffffffffffffffffffffffffffffffffffffff861660208201529081018490525f90606001604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0818403018152828252805160209182012090830152016040516020818303038152906040528051906020012090506118ae8383600d54846125e3565b6118e4576040517f09bde33900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff85165f908152600f602052604090205480851161195a576040517f64ab346600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff871660048201526024016109d4565b5f6119658287612b5a565b73ffffffffffffffffffffffffffffffffffffffff88165f908152600f6020526040812088905590915061199882612351565b600e546119c991906f0100000000000000000000000000000090046effffffffffffffffffffffffffffff16612b6d565b600e549091506effffffffffffffffffffffffffffff9081169082161115611a3c57600e546040517f910b25220000000000000000000000000000000000000000000000000000000081526effffffffffffffffffffffffffffff808416600483015290911660248201526044016109d4565b600e80547fffff000000000000000000000000000000ffffffffffffffffffffffffffffff166f010000000000000000000000000000006effffffffffffffffffffffffffffff841602179055611aca7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff1689846125fa565b604080518381526020810189905273ffffffffffffffffffffffffffffffffffffffff8a16917f987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a910160405180910390a25050505061175761267b565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a611b5181612347565b600e80547fff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff1690556040513381527f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa906020015b60405180910390a150565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a611bda81612347565b600e547e01000000000000000000000000000000000000000000000000000000000000900460ff1615611c39576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60085460ff1615611c8a576008546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff1660048201526024016109d4565b60015467ffffffffffffffff868116911614611cea576001546040517faafac23400000000000000000000000000000000000000000000000000000000815267ffffffffffffffff918216600482015290861660248201526044016109d4565b5f7f0000000000000000000000000000000000000000000000000000000000000000611d17876001612b94565b611d219190612c70565b611d4b907f0000000000000000000000000000000000000000000000000000000000000000612b94565b90508067ffffffffffffffff16421015611da5576040517f06470fe400000000000000000000000000000000000000000000000000000000815267ffffffffffffffff8088166004830152821660248201526044016109d4565b600754838114611deb576040517f68deace800000000000000000000000000000000000000000000000000000000815260048101829052602481018590526044016109d4565b5f6007819055508060055f828254611e039190612b47565b909155505f90506001611e17606484612bb4565b611e219190612c1c565b9050611e2f600254826126a5565b600255600354611e3f90826126a5565b6003819055506040518061012001604052806001151581526020018967ffffffffffffffff1681526020018881526020018763ffffffff1681526020015f63ffffffff1681526020017f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16638188f71c6040518163ffffffff1660e01b8152600401602060405180830381865afa158015611ef1573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190611f159190612c9a565b63ffffffff90811682525f602080840182905260408085018390526060948501929092528451600880548784015167ffffffffffffffff9081166101009081027fffffffffffffffffffffffffffffffffffffffffffffff0000000000000000ff951515959095167fffffffffffffffffffffffffffffffffffffffffffffff00000000000000000090931692909217939093179091558684015160095586860151600a80546080808b015160a08c015160c08d01518b166c01000000000000000000000000027fffffffffffffffffffffffffffffffff00000000ffffffffffffffffffffffff918c166801000000000000000002919091167fffffffffffffffffffffffffffffffff0000000000000000ffffffffffffffff928c16640100000000027fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000909516968c169690961793909317169390931717905560e0880151600b805473ffffffffffffffffffffffffffffffffffffffff9092167fffffffffffffffffffffffff0000000000000000000000000000000000000000909216919091179055960151600c5582518d8152938c1691840191909152908201869052918101849052908a16917f1689df46e89d9e05d52e9732feac2013fc14caf029da36a9ea2d45ae0455586f910160405180910390a25050505050505050565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a61214081612347565b600e80547fff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff167e010000000000000000000000000000000000000000000000000000000000001790556040513381527f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a25890602001611ba5565b7f2fdac322ee704ce09f0773f7f3f92eb98d5e7c836ee9c056cccd5f61041e5e3f6121e381612347565b8160075f8282546121f49190612b47565b909155505060405182815233907f68cdedd2f4bf7471df52052143823378a8bf0e406cca5a9588c609b7fac8fe8e9060200160405180910390a25050565b61223a61255b565b60085460ff161561228b576008546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff1660048201526024016109d4565b6122cd73ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000163330846126c4565b8060055f8282546122de9190612b47565b909155505060405181815233907f32173d8e51cec3a6fe484b7a1c3febe760cdf96e03d4cca36a43563a4333e8389060200160405180910390a261232061267b565b50565b5f8281526020819052604090206001015461233d81612347565b61175783836124a2565b612320813361270a565b5f6effffffffffffffffffffffffffffff8211156123a5576040517f6dfcc65000000000000000000000000000000000000000000000000000000000815260786004820152602481018390526044016109d4565b5090565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1661249b575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790556124393390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016108f8565b505f6108f8565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff161561249b575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a45060016108f8565b7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005c156125b4576040517f3ee5aeb500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6125e160017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005b90612793565b565b5f826125f086868561279a565b1495945050505050565b60405173ffffffffffffffffffffffffffffffffffffffff8381166024830152604482018390526117b691859182169063a9059cbb906064015b604051602081830303815290604052915060e01b6020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff83818316178352505050506127db565b6125e15f7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f006125db565b5f8183116126b3575f6126bd565b6126bd8284612b5a565b9392505050565b60405173ffffffffffffffffffffffffffffffffffffffff84811660248301528381166044830152606482018390526117579186918216906323b872dd90608401612634565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff1661278f576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602481018390526044016109d4565b5050565b80825d5050565b5f81815b848110156127d2576127c8828787848181106127bc576127bc612bcb565b9050602002013561287a565b915060010161279e565b50949350505050565b5f5f60205f8451602086015f885af1806127fa576040513d5f823e3d81fd5b50505f513d9150811561281157806001141561282b565b73ffffffffffffffffffffffffffffffffffffffff84163b155b15611757576040517f5274afe700000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff851660048201526024016109d4565b5f818310612894575f8281526020849052604090206126bd565b5f8381526020839052604090206126bd565b5f602082840312156128b6575f5ffd5b81357fffffffff00000000000000000000000000000000000000000000000000000000811681146126bd575f5ffd5b803573ffffffffffffffffffffffffffffffffffffffff81168114612908575f5ffd5b919050565b5f5f6040838503121561291e575f5ffd5b612927836128e5565b9150612935602084016128e5565b90509250929050565b5f5f6040838503121561294f575f5ffd5b50508035926020909101359150565b5f6020828403121561296e575f5ffd5b5035919050565b5f5f83601f840112612985575f5ffd5b50813567ffffffffffffffff81111561299c575f5ffd5b6020830191508360208260051b85010111156129b6575f5ffd5b9250929050565b5f5f5f5f604085870312156129d0575f5ffd5b843567ffffffffffffffff8111156129e6575f5ffd5b6129f287828801612975565b909550935050602085013567ffffffffffffffff811115612a11575f5ffd5b612a1d87828801612975565b95989497509550505050565b5f5f60408385031215612a3a575f5ffd5b82359150612935602084016128e5565b5f5f5f5f60608587031215612a5d575f5ffd5b612a66856128e5565b935060208501359250604085013567ffffffffffffffff811115612a11575f5ffd5b63ffffffff81168114612320575f5ffd5b5f5f5f5f60808587031215612aac575f5ffd5b843567ffffffffffffffff81168114612ac3575f5ffd5b9350602085013592506040850135612ada81612a88565b9396929550929360600135925050565b5f60208284031215612afa575f5ffd5b6126bd826128e5565b5f60208284031215612b13575f5ffd5b5051919050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b808201808211156108f8576108f8612b1a565b818103818111156108f8576108f8612b1a565b6effffffffffffffffffffffffffffff81811683821601908111156108f8576108f8612b1a565b67ffffffffffffffff81811683821601908111156108f8576108f8612b1a565b80820281158282048414176108f8576108f8612b1a565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b5f63ffffffff821663ffffffff8103612c1357612c13612b1a565b60010192915050565b5f82612c4f577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b63ffffffff81811683821601908111156108f8576108f8612b1a565b67ffffffffffffffff8181168382160290811690818114612c9357612c93612b1a565b5092915050565b5f60208284031215612caa575f5ffd5b81516126bd81612a8856",
}

// Settlement is an auto generated Go binding around an Ethereum contract.
type Settlement struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *Settlement) GetABI() abi.ABI {
	return c.abi
}

// NewSettlement creates a new instance of Settlement.
func NewSettlement() *Settlement {
	parsed, err := SettlementMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &Settlement{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *Settlement) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin, address gateway, address pauser, address gfl_, address dps_, uint64 genesis_, uint64 periodSeconds_, uint64 eraSeconds_, uint256 eraThresholdGfl_) returns()
func (settlement *Settlement) PackConstructor(admin common.Address, gateway common.Address, pauser common.Address, gfl_ common.Address, dps_ common.Address, genesis_ uint64, periodSeconds_ uint64, eraSeconds_ uint64, eraThresholdGfl_ *big.Int) []byte {
	enc, err := settlement.abi.Pack("", admin, gateway, pauser, gfl_, dps_, genesis_, periodSeconds_, eraSeconds_, eraThresholdGfl_)
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
func (settlement *Settlement) PackDEFAULTADMINROLE() []byte {
	enc, err := settlement.abi.Pack("DEFAULT_ADMIN_ROLE")
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
func (settlement *Settlement) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return settlement.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (settlement *Settlement) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackESCROWROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6ce76f30.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function ESCROW_ROLE() view returns(bytes32)
func (settlement *Settlement) PackESCROWROLE() []byte {
	enc, err := settlement.abi.Pack("ESCROW_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackESCROWROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6ce76f30.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function ESCROW_ROLE() view returns(bytes32)
func (settlement *Settlement) TryPackESCROWROLE() ([]byte, error) {
	return settlement.abi.Pack("ESCROW_ROLE")
}

// UnpackESCROWROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6ce76f30.
//
// Solidity: function ESCROW_ROLE() view returns(bytes32)
func (settlement *Settlement) UnpackESCROWROLE(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("ESCROW_ROLE", data)
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
func (settlement *Settlement) PackGATEWAYROLE() []byte {
	enc, err := settlement.abi.Pack("GATEWAY_ROLE")
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
func (settlement *Settlement) TryPackGATEWAYROLE() ([]byte, error) {
	return settlement.abi.Pack("GATEWAY_ROLE")
}

// UnpackGATEWAYROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc50d6dd9.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (settlement *Settlement) UnpackGATEWAYROLE(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("GATEWAY_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackMAXBATCH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x950bff9f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_BATCH() view returns(uint256)
func (settlement *Settlement) PackMAXBATCH() []byte {
	enc, err := settlement.abi.Pack("MAX_BATCH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXBATCH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x950bff9f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_BATCH() view returns(uint256)
func (settlement *Settlement) TryPackMAXBATCH() ([]byte, error) {
	return settlement.abi.Pack("MAX_BATCH")
}

// UnpackMAXBATCH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x950bff9f.
//
// Solidity: function MAX_BATCH() view returns(uint256)
func (settlement *Settlement) UnpackMAXBATCH(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("MAX_BATCH", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMAXERA is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6a3433bd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_ERA() view returns(uint256)
func (settlement *Settlement) PackMAXERA() []byte {
	enc, err := settlement.abi.Pack("MAX_ERA")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXERA is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6a3433bd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_ERA() view returns(uint256)
func (settlement *Settlement) TryPackMAXERA() ([]byte, error) {
	return settlement.abi.Pack("MAX_ERA")
}

// UnpackMAXERA is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6a3433bd.
//
// Solidity: function MAX_ERA() view returns(uint256)
func (settlement *Settlement) UnpackMAXERA(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("MAX_ERA", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPAUSERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe63ab1e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (settlement *Settlement) PackPAUSERROLE() []byte {
	enc, err := settlement.abi.Pack("PAUSER_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPAUSERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe63ab1e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (settlement *Settlement) TryPackPAUSERROLE() ([]byte, error) {
	return settlement.abi.Pack("PAUSER_ROLE")
}

// UnpackPAUSERROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe63ab1e9.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (settlement *Settlement) UnpackPAUSERROLE(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("PAUSER_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackREWARDSHAREBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65f49e81.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function REWARD_SHARE_BPS() view returns(uint256)
func (settlement *Settlement) PackREWARDSHAREBPS() []byte {
	enc, err := settlement.abi.Pack("REWARD_SHARE_BPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackREWARDSHAREBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65f49e81.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function REWARD_SHARE_BPS() view returns(uint256)
func (settlement *Settlement) TryPackREWARDSHAREBPS() ([]byte, error) {
	return settlement.abi.Pack("REWARD_SHARE_BPS")
}

// UnpackREWARDSHAREBPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x65f49e81.
//
// Solidity: function REWARD_SHARE_BPS() view returns(uint256)
func (settlement *Settlement) UnpackREWARDSHAREBPS(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("REWARD_SHARE_BPS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRDENOMINATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e8512ec.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function R_DENOMINATOR() view returns(uint256)
func (settlement *Settlement) PackRDENOMINATOR() []byte {
	enc, err := settlement.abi.Pack("R_DENOMINATOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRDENOMINATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3e8512ec.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function R_DENOMINATOR() view returns(uint256)
func (settlement *Settlement) TryPackRDENOMINATOR() ([]byte, error) {
	return settlement.abi.Pack("R_DENOMINATOR")
}

// UnpackRDENOMINATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3e8512ec.
//
// Solidity: function R_DENOMINATOR() view returns(uint256)
func (settlement *Settlement) UnpackRDENOMINATOR(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("R_DENOMINATOR", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRNUMERATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x55519112.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function R_NUMERATOR() view returns(uint256)
func (settlement *Settlement) PackRNUMERATOR() []byte {
	enc, err := settlement.abi.Pack("R_NUMERATOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRNUMERATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x55519112.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function R_NUMERATOR() view returns(uint256)
func (settlement *Settlement) TryPackRNUMERATOR() ([]byte, error) {
	return settlement.abi.Pack("R_NUMERATOR")
}

// UnpackRNUMERATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x55519112.
//
// Solidity: function R_NUMERATOR() view returns(uint256)
func (settlement *Settlement) UnpackRNUMERATOR(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("R_NUMERATOR", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3d13f874.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claim(address account, uint256 cumulativeAmount, bytes32[] proof) returns()
func (settlement *Settlement) PackClaim(account common.Address, cumulativeAmount *big.Int, proof [][32]byte) []byte {
	enc, err := settlement.abi.Pack("claim", account, cumulativeAmount, proof)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3d13f874.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claim(address account, uint256 cumulativeAmount, bytes32[] proof) returns()
func (settlement *Settlement) TryPackClaim(account common.Address, cumulativeAmount *big.Int, proof [][32]byte) ([]byte, error) {
	return settlement.abi.Pack("claim", account, cumulativeAmount, proof)
}

// PackClaimed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc884ef83.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claimed(address ) view returns(uint256)
func (settlement *Settlement) PackClaimed(arg0 common.Address) []byte {
	enc, err := settlement.abi.Pack("claimed", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaimed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc884ef83.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claimed(address ) view returns(uint256)
func (settlement *Settlement) TryPackClaimed(arg0 common.Address) ([]byte, error) {
	return settlement.abi.Pack("claimed", arg0)
}

// UnpackClaimed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc884ef83.
//
// Solidity: function claimed(address ) view returns(uint256)
func (settlement *Settlement) UnpackClaimed(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("claimed", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackClaimedRewards is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22e9c08d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claimedRewards() view returns(uint120)
func (settlement *Settlement) PackClaimedRewards() []byte {
	enc, err := settlement.abi.Pack("claimedRewards")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaimedRewards is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22e9c08d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claimedRewards() view returns(uint120)
func (settlement *Settlement) TryPackClaimedRewards() ([]byte, error) {
	return settlement.abi.Pack("claimedRewards")
}

// UnpackClaimedRewards is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x22e9c08d.
//
// Solidity: function claimedRewards() view returns(uint120)
func (settlement *Settlement) UnpackClaimedRewards(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("claimedRewards", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCloseEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x11426f91.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function closeEpoch(bytes32 root, uint256 rewards) returns()
func (settlement *Settlement) PackCloseEpoch(root [32]byte, rewards *big.Int) []byte {
	enc, err := settlement.abi.Pack("closeEpoch", root, rewards)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCloseEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x11426f91.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function closeEpoch(bytes32 root, uint256 rewards) returns()
func (settlement *Settlement) TryPackCloseEpoch(root [32]byte, rewards *big.Int) ([]byte, error) {
	return settlement.abi.Pack("closeEpoch", root, rewards)
}

// PackCommittedRewards is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x918a0a87.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function committedRewards() view returns(uint120)
func (settlement *Settlement) PackCommittedRewards() []byte {
	enc, err := settlement.abi.Pack("committedRewards")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCommittedRewards is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x918a0a87.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function committedRewards() view returns(uint120)
func (settlement *Settlement) TryPackCommittedRewards() ([]byte, error) {
	return settlement.abi.Pack("committedRewards")
}

// UnpackCommittedRewards is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x918a0a87.
//
// Solidity: function committedRewards() view returns(uint120)
func (settlement *Settlement) UnpackCommittedRewards(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("committedRewards", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCumulativeGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x970eef43.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cumulativeGfl() view returns(uint256)
func (settlement *Settlement) PackCumulativeGfl() []byte {
	enc, err := settlement.abi.Pack("cumulativeGfl")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCumulativeGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x970eef43.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cumulativeGfl() view returns(uint256)
func (settlement *Settlement) TryPackCumulativeGfl() ([]byte, error) {
	return settlement.abi.Pack("cumulativeGfl")
}

// UnpackCumulativeGfl is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x970eef43.
//
// Solidity: function cumulativeGfl() view returns(uint256)
func (settlement *Settlement) UnpackCumulativeGfl(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("cumulativeGfl", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCumulativeGflGross is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xedfdabbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cumulativeGflGross() view returns(uint256)
func (settlement *Settlement) PackCumulativeGflGross() []byte {
	enc, err := settlement.abi.Pack("cumulativeGflGross")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCumulativeGflGross is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xedfdabbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cumulativeGflGross() view returns(uint256)
func (settlement *Settlement) TryPackCumulativeGflGross() ([]byte, error) {
	return settlement.abi.Pack("cumulativeGflGross")
}

// UnpackCumulativeGflGross is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xedfdabbb.
//
// Solidity: function cumulativeGflGross() view returns(uint256)
func (settlement *Settlement) UnpackCumulativeGflGross(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("cumulativeGflGross", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCurrent is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9fa6a6e3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function current() view returns(bool open, uint64 epoch, bytes32 inputsRoot, uint32 providers, uint32 processed, uint32 holdersAtOpen, uint32 holdersProcessed, address lastProvider, uint256 owed)
func (settlement *Settlement) PackCurrent() []byte {
	enc, err := settlement.abi.Pack("current")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCurrent is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9fa6a6e3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function current() view returns(bool open, uint64 epoch, bytes32 inputsRoot, uint32 providers, uint32 processed, uint32 holdersAtOpen, uint32 holdersProcessed, address lastProvider, uint256 owed)
func (settlement *Settlement) TryPackCurrent() ([]byte, error) {
	return settlement.abi.Pack("current")
}

// CurrentOutput serves as a container for the return parameters of contract
// method Current.
type CurrentOutput struct {
	Open             bool
	Epoch            uint64
	InputsRoot       [32]byte
	Providers        uint32
	Processed        uint32
	HoldersAtOpen    uint32
	HoldersProcessed uint32
	LastProvider     common.Address
	Owed             *big.Int
}

// UnpackCurrent is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9fa6a6e3.
//
// Solidity: function current() view returns(bool open, uint64 epoch, bytes32 inputsRoot, uint32 providers, uint32 processed, uint32 holdersAtOpen, uint32 holdersProcessed, address lastProvider, uint256 owed)
func (settlement *Settlement) UnpackCurrent(data []byte) (CurrentOutput, error) {
	out, err := settlement.abi.Unpack("current", data)
	outstruct := new(CurrentOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Open = *abi.ConvertType(out[0], new(bool)).(*bool)
	outstruct.Epoch = *abi.ConvertType(out[1], new(uint64)).(*uint64)
	outstruct.InputsRoot = *abi.ConvertType(out[2], new([32]byte)).(*[32]byte)
	outstruct.Providers = *abi.ConvertType(out[3], new(uint32)).(*uint32)
	outstruct.Processed = *abi.ConvertType(out[4], new(uint32)).(*uint32)
	outstruct.HoldersAtOpen = *abi.ConvertType(out[5], new(uint32)).(*uint32)
	outstruct.HoldersProcessed = *abi.ConvertType(out[6], new(uint32)).(*uint32)
	outstruct.LastProvider = *abi.ConvertType(out[7], new(common.Address)).(*common.Address)
	outstruct.Owed = abi.ConvertType(out[8], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackDps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa09620fb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function dps() view returns(address)
func (settlement *Settlement) PackDps() []byte {
	enc, err := settlement.abi.Pack("dps")
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
func (settlement *Settlement) TryPackDps() ([]byte, error) {
	return settlement.abi.Pack("dps")
}

// UnpackDps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa09620fb.
//
// Solidity: function dps() view returns(address)
func (settlement *Settlement) UnpackDps(data []byte) (common.Address, error) {
	out, err := settlement.abi.Unpack("dps", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackEmitted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbd153c64.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function emitted() view returns(uint256)
func (settlement *Settlement) PackEmitted() []byte {
	enc, err := settlement.abi.Pack("emitted")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEmitted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbd153c64.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function emitted() view returns(uint256)
func (settlement *Settlement) TryPackEmitted() ([]byte, error) {
	return settlement.abi.Pack("emitted")
}

// UnpackEmitted is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xbd153c64.
//
// Solidity: function emitted() view returns(uint256)
func (settlement *Settlement) UnpackEmitted(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("emitted", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackEra is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x143e55e0.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function era() view returns(uint64)
func (settlement *Settlement) PackEra() []byte {
	enc, err := settlement.abi.Pack("era")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEra is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x143e55e0.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function era() view returns(uint64)
func (settlement *Settlement) TryPackEra() ([]byte, error) {
	return settlement.abi.Pack("era")
}

// UnpackEra is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x143e55e0.
//
// Solidity: function era() view returns(uint64)
func (settlement *Settlement) UnpackEra(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("era", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackEraCumulativeGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x089f2b3f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eraCumulativeGfl() view returns(uint256)
func (settlement *Settlement) PackEraCumulativeGfl() []byte {
	enc, err := settlement.abi.Pack("eraCumulativeGfl")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEraCumulativeGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x089f2b3f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eraCumulativeGfl() view returns(uint256)
func (settlement *Settlement) TryPackEraCumulativeGfl() ([]byte, error) {
	return settlement.abi.Pack("eraCumulativeGfl")
}

// UnpackEraCumulativeGfl is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x089f2b3f.
//
// Solidity: function eraCumulativeGfl() view returns(uint256)
func (settlement *Settlement) UnpackEraCumulativeGfl(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("eraCumulativeGfl", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackEraSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe81f1553.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eraSeconds() view returns(uint64)
func (settlement *Settlement) PackEraSeconds() []byte {
	enc, err := settlement.abi.Pack("eraSeconds")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEraSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe81f1553.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eraSeconds() view returns(uint64)
func (settlement *Settlement) TryPackEraSeconds() ([]byte, error) {
	return settlement.abi.Pack("eraSeconds")
}

// UnpackEraSeconds is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe81f1553.
//
// Solidity: function eraSeconds() view returns(uint64)
func (settlement *Settlement) UnpackEraSeconds(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("eraSeconds", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackEraStart is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb739a7b8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eraStart() view returns(uint64)
func (settlement *Settlement) PackEraStart() []byte {
	enc, err := settlement.abi.Pack("eraStart")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEraStart is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb739a7b8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eraStart() view returns(uint64)
func (settlement *Settlement) TryPackEraStart() ([]byte, error) {
	return settlement.abi.Pack("eraStart")
}

// UnpackEraStart is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb739a7b8.
//
// Solidity: function eraStart() view returns(uint64)
func (settlement *Settlement) UnpackEraStart(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("eraStart", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackEraThresholdGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22f86d22.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function eraThresholdGfl() view returns(uint256)
func (settlement *Settlement) PackEraThresholdGfl() []byte {
	enc, err := settlement.abi.Pack("eraThresholdGfl")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEraThresholdGfl is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22f86d22.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function eraThresholdGfl() view returns(uint256)
func (settlement *Settlement) TryPackEraThresholdGfl() ([]byte, error) {
	return settlement.abi.Pack("eraThresholdGfl")
}

// UnpackEraThresholdGfl is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x22f86d22.
//
// Solidity: function eraThresholdGfl() view returns(uint256)
func (settlement *Settlement) UnpackEraThresholdGfl(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("eraThresholdGfl", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xca1d209d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function fund(uint256 amount) returns()
func (settlement *Settlement) PackFund(amount *big.Int) []byte {
	enc, err := settlement.abi.Pack("fund", amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xca1d209d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function fund(uint256 amount) returns()
func (settlement *Settlement) TryPackFund(amount *big.Int) ([]byte, error) {
	return settlement.abi.Pack("fund", amount)
}

// PackGenesis is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa7f0b3de.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function genesis() view returns(uint64)
func (settlement *Settlement) PackGenesis() []byte {
	enc, err := settlement.abi.Pack("genesis")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGenesis is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa7f0b3de.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function genesis() view returns(uint64)
func (settlement *Settlement) TryPackGenesis() ([]byte, error) {
	return settlement.abi.Pack("genesis")
}

// UnpackGenesis is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa7f0b3de.
//
// Solidity: function genesis() view returns(uint64)
func (settlement *Settlement) UnpackGenesis(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("genesis", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (settlement *Settlement) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := settlement.abi.Pack("getRoleAdmin", role)
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
func (settlement *Settlement) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return settlement.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (settlement *Settlement) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("getRoleAdmin", data)
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
func (settlement *Settlement) PackGfl() []byte {
	enc, err := settlement.abi.Pack("gfl")
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
func (settlement *Settlement) TryPackGfl() ([]byte, error) {
	return settlement.abi.Pack("gfl")
}

// UnpackGfl is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6592b622.
//
// Solidity: function gfl() view returns(address)
func (settlement *Settlement) UnpackGfl(data []byte) (common.Address, error) {
	out, err := settlement.abi.Unpack("gfl", data)
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
func (settlement *Settlement) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := settlement.abi.Pack("grantRole", role, account)
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
func (settlement *Settlement) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return settlement.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (settlement *Settlement) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := settlement.abi.Pack("hasRole", role, account)
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
func (settlement *Settlement) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return settlement.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (settlement *Settlement) UnpackHasRole(data []byte) (bool, error) {
	out, err := settlement.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackMigrate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1068361f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function migrate(address from, address to) returns()
func (settlement *Settlement) PackMigrate(from common.Address, to common.Address) []byte {
	enc, err := settlement.abi.Pack("migrate", from, to)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMigrate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1068361f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function migrate(address from, address to) returns()
func (settlement *Settlement) TryPackMigrate(from common.Address, to common.Address) ([]byte, error) {
	return settlement.abi.Pack("migrate", from, to)
}

// PackNextEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaea0e78b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nextEpoch() view returns(uint64)
func (settlement *Settlement) PackNextEpoch() []byte {
	enc, err := settlement.abi.Pack("nextEpoch")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNextEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaea0e78b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nextEpoch() view returns(uint64)
func (settlement *Settlement) TryPackNextEpoch() ([]byte, error) {
	return settlement.abi.Pack("nextEpoch")
}

// UnpackNextEpoch is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xaea0e78b.
//
// Solidity: function nextEpoch() view returns(uint64)
func (settlement *Settlement) UnpackNextEpoch(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("nextEpoch", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackOpenEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x767f3734.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function openEpoch(uint64 epoch, bytes32 inputsRoot, uint32 providers, uint256 expectedReplenishment) returns()
func (settlement *Settlement) PackOpenEpoch(epoch uint64, inputsRoot [32]byte, providers uint32, expectedReplenishment *big.Int) []byte {
	enc, err := settlement.abi.Pack("openEpoch", epoch, inputsRoot, providers, expectedReplenishment)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOpenEpoch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x767f3734.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function openEpoch(uint64 epoch, bytes32 inputsRoot, uint32 providers, uint256 expectedReplenishment) returns()
func (settlement *Settlement) TryPackOpenEpoch(epoch uint64, inputsRoot [32]byte, providers uint32, expectedReplenishment *big.Int) ([]byte, error) {
	return settlement.abi.Pack("openEpoch", epoch, inputsRoot, providers, expectedReplenishment)
}

// PackPause is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8456cb59.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pause() returns()
func (settlement *Settlement) PackPause() []byte {
	enc, err := settlement.abi.Pack("pause")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPause is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8456cb59.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pause() returns()
func (settlement *Settlement) TryPackPause() ([]byte, error) {
	return settlement.abi.Pack("pause")
}

// PackPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5c975abb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function paused() view returns(bool)
func (settlement *Settlement) PackPaused() []byte {
	enc, err := settlement.abi.Pack("paused")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5c975abb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function paused() view returns(bool)
func (settlement *Settlement) TryPackPaused() ([]byte, error) {
	return settlement.abi.Pack("paused")
}

// UnpackPaused is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (settlement *Settlement) UnpackPaused(data []byte) (bool, error) {
	out, err := settlement.abi.Unpack("paused", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackPendingReplenishment is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe0d3e39e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pendingReplenishment() view returns(uint256)
func (settlement *Settlement) PackPendingReplenishment() []byte {
	enc, err := settlement.abi.Pack("pendingReplenishment")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPendingReplenishment is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe0d3e39e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pendingReplenishment() view returns(uint256)
func (settlement *Settlement) TryPackPendingReplenishment() ([]byte, error) {
	return settlement.abi.Pack("pendingReplenishment")
}

// UnpackPendingReplenishment is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe0d3e39e.
//
// Solidity: function pendingReplenishment() view returns(uint256)
func (settlement *Settlement) UnpackPendingReplenishment(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("pendingReplenishment", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPeriodSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf4514fa3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function periodSeconds() view returns(uint64)
func (settlement *Settlement) PackPeriodSeconds() []byte {
	enc, err := settlement.abi.Pack("periodSeconds")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPeriodSeconds is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf4514fa3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function periodSeconds() view returns(uint64)
func (settlement *Settlement) TryPackPeriodSeconds() ([]byte, error) {
	return settlement.abi.Pack("periodSeconds")
}

// UnpackPeriodSeconds is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf4514fa3.
//
// Solidity: function periodSeconds() view returns(uint64)
func (settlement *Settlement) UnpackPeriodSeconds(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("periodSeconds", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16f0115b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pool() view returns(uint256)
func (settlement *Settlement) PackPool() []byte {
	enc, err := settlement.abi.Pack("pool")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPool is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16f0115b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pool() view returns(uint256)
func (settlement *Settlement) TryPackPool() ([]byte, error) {
	return settlement.abi.Pack("pool")
}

// UnpackPool is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x16f0115b.
//
// Solidity: function pool() view returns(uint256)
func (settlement *Settlement) UnpackPool(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("pool", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRebalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2be01190.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rebalance(address[] providers, uint256[] targets) returns()
func (settlement *Settlement) PackRebalance(providers []common.Address, targets []*big.Int) []byte {
	enc, err := settlement.abi.Pack("rebalance", providers, targets)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRebalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2be01190.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rebalance(address[] providers, uint256[] targets) returns()
func (settlement *Settlement) TryPackRebalance(providers []common.Address, targets []*big.Int) ([]byte, error) {
	return settlement.abi.Pack("rebalance", providers, targets)
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (settlement *Settlement) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := settlement.abi.Pack("renounceRole", role, callerConfirmation)
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
func (settlement *Settlement) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return settlement.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackReplenish is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8554ba15.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function replenish(uint256 amount) returns()
func (settlement *Settlement) PackReplenish(amount *big.Int) []byte {
	enc, err := settlement.abi.Pack("replenish", amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReplenish is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8554ba15.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function replenish(uint256 amount) returns()
func (settlement *Settlement) TryPackReplenish(amount *big.Int) ([]byte, error) {
	return settlement.abi.Pack("replenish", amount)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (settlement *Settlement) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := settlement.abi.Pack("revokeRole", role, account)
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
func (settlement *Settlement) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return settlement.abi.Pack("revokeRole", role, account)
}

// PackRewardsRoot is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x217863b7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rewardsRoot() view returns(bytes32)
func (settlement *Settlement) PackRewardsRoot() []byte {
	enc, err := settlement.abi.Pack("rewardsRoot")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRewardsRoot is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x217863b7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rewardsRoot() view returns(bytes32)
func (settlement *Settlement) TryPackRewardsRoot() ([]byte, error) {
	return settlement.abi.Pack("rewardsRoot")
}

// UnpackRewardsRoot is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x217863b7.
//
// Solidity: function rewardsRoot() view returns(bytes32)
func (settlement *Settlement) UnpackRewardsRoot(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("rewardsRoot", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (settlement *Settlement) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := settlement.abi.Pack("supportsInterface", interfaceId)
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
func (settlement *Settlement) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return settlement.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (settlement *Settlement) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := settlement.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackUnpause is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3f4ba83a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function unpause() returns()
func (settlement *Settlement) PackUnpause() []byte {
	enc, err := settlement.abi.Pack("unpause")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUnpause is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3f4ba83a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function unpause() returns()
func (settlement *Settlement) TryPackUnpause() ([]byte, error) {
	return settlement.abi.Pack("unpause")
}

// SettlementClaimed represents a Claimed event raised by the Settlement contract.
type SettlementClaimed struct {
	Account    common.Address
	Amount     *big.Int
	Cumulative *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const SettlementClaimedEventName = "Claimed"

// ContractEventName returns the user-defined event name.
func (SettlementClaimed) ContractEventName() string {
	return SettlementClaimedEventName
}

// UnpackClaimedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Claimed(address indexed account, uint256 amount, uint256 cumulative)
func (settlement *Settlement) UnpackClaimedEvent(log *types.Log) (*SettlementClaimed, error) {
	event := "Claimed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementClaimed)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementEpochCommitted represents a EpochCommitted event raised by the Settlement contract.
type SettlementEpochCommitted struct {
	Epoch       uint64
	RewardsRoot [32]byte
	TotalGfl    *big.Int
	Rewards     *big.Int
	RewardEra   uint64
	Raw         *types.Log // Blockchain specific contextual infos
}

const SettlementEpochCommittedEventName = "EpochCommitted"

// ContractEventName returns the user-defined event name.
func (SettlementEpochCommitted) ContractEventName() string {
	return SettlementEpochCommittedEventName
}

// UnpackEpochCommittedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EpochCommitted(uint64 indexed epoch, bytes32 rewardsRoot, uint256 totalGfl, uint256 rewards, uint64 rewardEra)
func (settlement *Settlement) UnpackEpochCommittedEvent(log *types.Log) (*SettlementEpochCommitted, error) {
	event := "EpochCommitted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementEpochCommitted)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementEpochOpened represents a EpochOpened event raised by the Settlement contract.
type SettlementEpochOpened struct {
	Epoch          uint64
	InputsRoot     [32]byte
	Providers      uint32
	Replenished    *big.Int
	ReplenishedGfl *big.Int
	Raw            *types.Log // Blockchain specific contextual infos
}

const SettlementEpochOpenedEventName = "EpochOpened"

// ContractEventName returns the user-defined event name.
func (SettlementEpochOpened) ContractEventName() string {
	return SettlementEpochOpenedEventName
}

// UnpackEpochOpenedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EpochOpened(uint64 indexed epoch, bytes32 inputsRoot, uint32 providers, uint256 replenished, uint256 replenishedGfl)
func (settlement *Settlement) UnpackEpochOpenedEvent(log *types.Log) (*SettlementEpochOpened, error) {
	event := "EpochOpened"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementEpochOpened)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementHalvingAdvanced represents a HalvingAdvanced event raised by the Settlement contract.
type SettlementHalvingAdvanced struct {
	Era    uint64
	Reason uint8
	At     uint64
	Raw    *types.Log // Blockchain specific contextual infos
}

const SettlementHalvingAdvancedEventName = "HalvingAdvanced"

// ContractEventName returns the user-defined event name.
func (SettlementHalvingAdvanced) ContractEventName() string {
	return SettlementHalvingAdvancedEventName
}

// UnpackHalvingAdvancedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event HalvingAdvanced(uint64 indexed era, uint8 reason, uint64 at)
func (settlement *Settlement) UnpackHalvingAdvancedEvent(log *types.Log) (*SettlementHalvingAdvanced, error) {
	event := "HalvingAdvanced"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementHalvingAdvanced)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementPaused represents a Paused event raised by the Settlement contract.
type SettlementPaused struct {
	Account common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const SettlementPausedEventName = "Paused"

// ContractEventName returns the user-defined event name.
func (SettlementPaused) ContractEventName() string {
	return SettlementPausedEventName
}

// UnpackPausedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Paused(address account)
func (settlement *Settlement) UnpackPausedEvent(log *types.Log) (*SettlementPaused, error) {
	event := "Paused"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementPaused)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementPoolFunded represents a PoolFunded event raised by the Settlement contract.
type SettlementPoolFunded struct {
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const SettlementPoolFundedEventName = "PoolFunded"

// ContractEventName returns the user-defined event name.
func (SettlementPoolFunded) ContractEventName() string {
	return SettlementPoolFundedEventName
}

// UnpackPoolFundedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event PoolFunded(address indexed from, uint256 amount)
func (settlement *Settlement) UnpackPoolFundedEvent(log *types.Log) (*SettlementPoolFunded, error) {
	event := "PoolFunded"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementPoolFunded)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementPoolReplenished represents a PoolReplenished event raised by the Settlement contract.
type SettlementPoolReplenished struct {
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const SettlementPoolReplenishedEventName = "PoolReplenished"

// ContractEventName returns the user-defined event name.
func (SettlementPoolReplenished) ContractEventName() string {
	return SettlementPoolReplenishedEventName
}

// UnpackPoolReplenishedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event PoolReplenished(address indexed from, uint256 amount)
func (settlement *Settlement) UnpackPoolReplenishedEvent(log *types.Log) (*SettlementPoolReplenished, error) {
	event := "PoolReplenished"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementPoolReplenished)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementRebalanced represents a Rebalanced event raised by the Settlement contract.
type SettlementRebalanced struct {
	Epoch    uint64
	Provider common.Address
	Before   *big.Int
	Target   *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const SettlementRebalancedEventName = "Rebalanced"

// ContractEventName returns the user-defined event name.
func (SettlementRebalanced) ContractEventName() string {
	return SettlementRebalancedEventName
}

// UnpackRebalancedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Rebalanced(uint64 indexed epoch, address indexed provider, uint256 before, uint256 target)
func (settlement *Settlement) UnpackRebalancedEvent(log *types.Log) (*SettlementRebalanced, error) {
	event := "Rebalanced"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementRebalanced)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementRoleAdminChanged represents a RoleAdminChanged event raised by the Settlement contract.
type SettlementRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const SettlementRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (SettlementRoleAdminChanged) ContractEventName() string {
	return SettlementRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (settlement *Settlement) UnpackRoleAdminChangedEvent(log *types.Log) (*SettlementRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementRoleGranted represents a RoleGranted event raised by the Settlement contract.
type SettlementRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const SettlementRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (SettlementRoleGranted) ContractEventName() string {
	return SettlementRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (settlement *Settlement) UnpackRoleGrantedEvent(log *types.Log) (*SettlementRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementRoleGranted)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementRoleRevoked represents a RoleRevoked event raised by the Settlement contract.
type SettlementRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const SettlementRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (SettlementRoleRevoked) ContractEventName() string {
	return SettlementRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (settlement *Settlement) UnpackRoleRevokedEvent(log *types.Log) (*SettlementRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementRoleRevoked)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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

// SettlementUnpaused represents a Unpaused event raised by the Settlement contract.
type SettlementUnpaused struct {
	Account common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const SettlementUnpausedEventName = "Unpaused"

// ContractEventName returns the user-defined event name.
func (SettlementUnpaused) ContractEventName() string {
	return SettlementUnpausedEventName
}

// UnpackUnpausedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Unpaused(address account)
func (settlement *Settlement) UnpackUnpausedEvent(log *types.Log) (*SettlementUnpaused, error) {
	event := "Unpaused"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementUnpaused)
	if len(log.Data) > 0 {
		if err := settlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range settlement.abi.Events[event].Inputs {
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
func (settlement *Settlement) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], settlement.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return settlement.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return settlement.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["BatchTooLarge"].ID.Bytes()[:4]) {
		return settlement.UnpackBatchTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EnforcedPause"].ID.Bytes()[:4]) {
		return settlement.UnpackEnforcedPauseError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EpochAlreadyOpen"].ID.Bytes()[:4]) {
		return settlement.UnpackEpochAlreadyOpenError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EpochNotOver"].ID.Bytes()[:4]) {
		return settlement.UnpackEpochNotOverError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EpochOutOfOrder"].ID.Bytes()[:4]) {
		return settlement.UnpackEpochOutOfOrderError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["HoldersMissing"].ID.Bytes()[:4]) {
		return settlement.UnpackHoldersMissingError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["InvalidProof"].ID.Bytes()[:4]) {
		return settlement.UnpackInvalidProofError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["LengthMismatch"].ID.Bytes()[:4]) {
		return settlement.UnpackLengthMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["NoEpochOpen"].ID.Bytes()[:4]) {
		return settlement.UnpackNoEpochOpenError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["NotAscending"].ID.Bytes()[:4]) {
		return settlement.UnpackNotAscendingError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["NothingToClaim"].ID.Bytes()[:4]) {
		return settlement.UnpackNothingToClaimError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return settlement.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["ReplenishmentMismatch"].ID.Bytes()[:4]) {
		return settlement.UnpackReplenishmentMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["RewardsExceedPool"].ID.Bytes()[:4]) {
		return settlement.UnpackRewardsExceedPoolError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["RewardsMismatch"].ID.Bytes()[:4]) {
		return settlement.UnpackRewardsMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["SafeCastOverflowedUintDowncast"].ID.Bytes()[:4]) {
		return settlement.UnpackSafeCastOverflowedUintDowncastError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["SafeERC20FailedOperation"].ID.Bytes()[:4]) {
		return settlement.UnpackSafeERC20FailedOperationError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["ThresholdTooLarge"].ID.Bytes()[:4]) {
		return settlement.UnpackThresholdTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["TooManyProviders"].ID.Bytes()[:4]) {
		return settlement.UnpackTooManyProvidersError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["Unfinished"].ID.Bytes()[:4]) {
		return settlement.UnpackUnfinishedError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return settlement.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["ZeroRoot"].ID.Bytes()[:4]) {
		return settlement.UnpackZeroRootError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// SettlementAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the Settlement contract.
type SettlementAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func SettlementAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (settlement *Settlement) UnpackAccessControlBadConfirmationError(raw []byte) (*SettlementAccessControlBadConfirmation, error) {
	out := new(SettlementAccessControlBadConfirmation)
	if err := settlement.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the Settlement contract.
type SettlementAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func SettlementAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (settlement *Settlement) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*SettlementAccessControlUnauthorizedAccount, error) {
	out := new(SettlementAccessControlUnauthorizedAccount)
	if err := settlement.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementBatchTooLarge represents a BatchTooLarge error raised by the Settlement contract.
type SettlementBatchTooLarge struct {
	Size *big.Int
	Max  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BatchTooLarge(uint256 size, uint256 max)
func SettlementBatchTooLargeErrorID() common.Hash {
	return common.HexToHash("0xbb1cb70bcc2ddbaabd8d251943ebb6b48ae10b9f78ce35a6f00b43eac7ae64f1")
}

// UnpackBatchTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BatchTooLarge(uint256 size, uint256 max)
func (settlement *Settlement) UnpackBatchTooLargeError(raw []byte) (*SettlementBatchTooLarge, error) {
	out := new(SettlementBatchTooLarge)
	if err := settlement.abi.UnpackIntoInterface(out, "BatchTooLarge", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementEnforcedPause represents a EnforcedPause error raised by the Settlement contract.
type SettlementEnforcedPause struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EnforcedPause()
func SettlementEnforcedPauseErrorID() common.Hash {
	return common.HexToHash("0xd93c0665d6c96d04a8f174024fc4ddd66c250604aff22bbec808de86dd3637e3")
}

// UnpackEnforcedPauseError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EnforcedPause()
func (settlement *Settlement) UnpackEnforcedPauseError(raw []byte) (*SettlementEnforcedPause, error) {
	out := new(SettlementEnforcedPause)
	if err := settlement.abi.UnpackIntoInterface(out, "EnforcedPause", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementEpochAlreadyOpen represents a EpochAlreadyOpen error raised by the Settlement contract.
type SettlementEpochAlreadyOpen struct {
	Epoch uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EpochAlreadyOpen(uint64 epoch)
func SettlementEpochAlreadyOpenErrorID() common.Hash {
	return common.HexToHash("0xd26f5f32522560c2d3030355ddf8345939f59ef80ac0531e3dda3a480f2a6754")
}

// UnpackEpochAlreadyOpenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EpochAlreadyOpen(uint64 epoch)
func (settlement *Settlement) UnpackEpochAlreadyOpenError(raw []byte) (*SettlementEpochAlreadyOpen, error) {
	out := new(SettlementEpochAlreadyOpen)
	if err := settlement.abi.UnpackIntoInterface(out, "EpochAlreadyOpen", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementEpochNotOver represents a EpochNotOver error raised by the Settlement contract.
type SettlementEpochNotOver struct {
	Epoch  uint64
	EndsAt uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EpochNotOver(uint64 epoch, uint64 endsAt)
func SettlementEpochNotOverErrorID() common.Hash {
	return common.HexToHash("0x06470fe49a3eb5668708b5e6b9f1db764f6211a06baf8b9a72520d5621ae4cda")
}

// UnpackEpochNotOverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EpochNotOver(uint64 epoch, uint64 endsAt)
func (settlement *Settlement) UnpackEpochNotOverError(raw []byte) (*SettlementEpochNotOver, error) {
	out := new(SettlementEpochNotOver)
	if err := settlement.abi.UnpackIntoInterface(out, "EpochNotOver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementEpochOutOfOrder represents a EpochOutOfOrder error raised by the Settlement contract.
type SettlementEpochOutOfOrder struct {
	Expected uint64
	Got      uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EpochOutOfOrder(uint64 expected, uint64 got)
func SettlementEpochOutOfOrderErrorID() common.Hash {
	return common.HexToHash("0xaafac234781fe28ed2d4f94a073c37ac514846bc5412616578ec644fcd9a2f7f")
}

// UnpackEpochOutOfOrderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EpochOutOfOrder(uint64 expected, uint64 got)
func (settlement *Settlement) UnpackEpochOutOfOrderError(raw []byte) (*SettlementEpochOutOfOrder, error) {
	out := new(SettlementEpochOutOfOrder)
	if err := settlement.abi.UnpackIntoInterface(out, "EpochOutOfOrder", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementHoldersMissing represents a HoldersMissing error raised by the Settlement contract.
type SettlementHoldersMissing struct {
	Rebalanced uint32
	Holders    uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error HoldersMissing(uint32 rebalanced, uint32 holders)
func SettlementHoldersMissingErrorID() common.Hash {
	return common.HexToHash("0x94753443cfe6fcd97cc001014f61869019cb5febb9924be281bd656d1cf935d6")
}

// UnpackHoldersMissingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error HoldersMissing(uint32 rebalanced, uint32 holders)
func (settlement *Settlement) UnpackHoldersMissingError(raw []byte) (*SettlementHoldersMissing, error) {
	out := new(SettlementHoldersMissing)
	if err := settlement.abi.UnpackIntoInterface(out, "HoldersMissing", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementInvalidProof represents a InvalidProof error raised by the Settlement contract.
type SettlementInvalidProof struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidProof()
func SettlementInvalidProofErrorID() common.Hash {
	return common.HexToHash("0x09bde339c6b182be216ee7ef8ccff6338c6ef7993445216112ae575c5438fd27")
}

// UnpackInvalidProofError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidProof()
func (settlement *Settlement) UnpackInvalidProofError(raw []byte) (*SettlementInvalidProof, error) {
	out := new(SettlementInvalidProof)
	if err := settlement.abi.UnpackIntoInterface(out, "InvalidProof", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementLengthMismatch represents a LengthMismatch error raised by the Settlement contract.
type SettlementLengthMismatch struct {
	Providers *big.Int
	Targets   *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error LengthMismatch(uint256 providers, uint256 targets)
func SettlementLengthMismatchErrorID() common.Hash {
	return common.HexToHash("0xab8b67c6893c59617ef3ba4b4b942e9791f2572db2fdb32028356532f3b7396a")
}

// UnpackLengthMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error LengthMismatch(uint256 providers, uint256 targets)
func (settlement *Settlement) UnpackLengthMismatchError(raw []byte) (*SettlementLengthMismatch, error) {
	out := new(SettlementLengthMismatch)
	if err := settlement.abi.UnpackIntoInterface(out, "LengthMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementNoEpochOpen represents a NoEpochOpen error raised by the Settlement contract.
type SettlementNoEpochOpen struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NoEpochOpen()
func SettlementNoEpochOpenErrorID() common.Hash {
	return common.HexToHash("0xc2ce4983e7891226c98f9c424e5e53176bc7af5043e05b4dd5bf81dea3e0168e")
}

// UnpackNoEpochOpenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NoEpochOpen()
func (settlement *Settlement) UnpackNoEpochOpenError(raw []byte) (*SettlementNoEpochOpen, error) {
	out := new(SettlementNoEpochOpen)
	if err := settlement.abi.UnpackIntoInterface(out, "NoEpochOpen", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementNotAscending represents a NotAscending error raised by the Settlement contract.
type SettlementNotAscending struct {
	Provider common.Address
	Last     common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotAscending(address provider, address last)
func SettlementNotAscendingErrorID() common.Hash {
	return common.HexToHash("0xcccaa6184183f3f1743f3e3dfc0ebbd573f88e48c35fa0ed93a1921a9059312d")
}

// UnpackNotAscendingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotAscending(address provider, address last)
func (settlement *Settlement) UnpackNotAscendingError(raw []byte) (*SettlementNotAscending, error) {
	out := new(SettlementNotAscending)
	if err := settlement.abi.UnpackIntoInterface(out, "NotAscending", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementNothingToClaim represents a NothingToClaim error raised by the Settlement contract.
type SettlementNothingToClaim struct {
	Account common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NothingToClaim(address account)
func SettlementNothingToClaimErrorID() common.Hash {
	return common.HexToHash("0x64ab34663471cdf42e0c6b384f4d5a5ab07a23c81e7ddc69a6fbb3a660346f9a")
}

// UnpackNothingToClaimError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NothingToClaim(address account)
func (settlement *Settlement) UnpackNothingToClaimError(raw []byte) (*SettlementNothingToClaim, error) {
	out := new(SettlementNothingToClaim)
	if err := settlement.abi.UnpackIntoInterface(out, "NothingToClaim", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the Settlement contract.
type SettlementReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func SettlementReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (settlement *Settlement) UnpackReentrancyGuardReentrantCallError(raw []byte) (*SettlementReentrancyGuardReentrantCall, error) {
	out := new(SettlementReentrancyGuardReentrantCall)
	if err := settlement.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementReplenishmentMismatch represents a ReplenishmentMismatch error raised by the Settlement contract.
type SettlementReplenishmentMismatch struct {
	Pending  *big.Int
	Expected *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReplenishmentMismatch(uint256 pending, uint256 expected)
func SettlementReplenishmentMismatchErrorID() common.Hash {
	return common.HexToHash("0x68deace8b500b73cf6546075e512ac5a37fa3e320078da99b80561470337b56c")
}

// UnpackReplenishmentMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReplenishmentMismatch(uint256 pending, uint256 expected)
func (settlement *Settlement) UnpackReplenishmentMismatchError(raw []byte) (*SettlementReplenishmentMismatch, error) {
	out := new(SettlementReplenishmentMismatch)
	if err := settlement.abi.UnpackIntoInterface(out, "ReplenishmentMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementRewardsExceedPool represents a RewardsExceedPool error raised by the Settlement contract.
type SettlementRewardsExceedPool struct {
	Declared *big.Int
	Pool     *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error RewardsExceedPool(uint256 declared, uint256 pool)
func SettlementRewardsExceedPoolErrorID() common.Hash {
	return common.HexToHash("0x910b2522d5f0a2cfb6bf09dc397332c6143015e203f10c6e6d2aa49c44359a66")
}

// UnpackRewardsExceedPoolError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error RewardsExceedPool(uint256 declared, uint256 pool)
func (settlement *Settlement) UnpackRewardsExceedPoolError(raw []byte) (*SettlementRewardsExceedPool, error) {
	out := new(SettlementRewardsExceedPool)
	if err := settlement.abi.UnpackIntoInterface(out, "RewardsExceedPool", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementRewardsMismatch represents a RewardsMismatch error raised by the Settlement contract.
type SettlementRewardsMismatch struct {
	Declared *big.Int
	Expected *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error RewardsMismatch(uint256 declared, uint256 expected)
func SettlementRewardsMismatchErrorID() common.Hash {
	return common.HexToHash("0x7fabe9031617fde2448acb3db79e850e5b7beea2850f4c1fd4d109d959d4cfc5")
}

// UnpackRewardsMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error RewardsMismatch(uint256 declared, uint256 expected)
func (settlement *Settlement) UnpackRewardsMismatchError(raw []byte) (*SettlementRewardsMismatch, error) {
	out := new(SettlementRewardsMismatch)
	if err := settlement.abi.UnpackIntoInterface(out, "RewardsMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementSafeCastOverflowedUintDowncast represents a SafeCastOverflowedUintDowncast error raised by the Settlement contract.
type SettlementSafeCastOverflowedUintDowncast struct {
	Bits  uint8
	Value *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)
func SettlementSafeCastOverflowedUintDowncastErrorID() common.Hash {
	return common.HexToHash("0x6dfcc6503a32754ce7a89698e18201fc5294fd4aad43edefee786f88423b1a12")
}

// UnpackSafeCastOverflowedUintDowncastError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)
func (settlement *Settlement) UnpackSafeCastOverflowedUintDowncastError(raw []byte) (*SettlementSafeCastOverflowedUintDowncast, error) {
	out := new(SettlementSafeCastOverflowedUintDowncast)
	if err := settlement.abi.UnpackIntoInterface(out, "SafeCastOverflowedUintDowncast", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementSafeERC20FailedOperation represents a SafeERC20FailedOperation error raised by the Settlement contract.
type SettlementSafeERC20FailedOperation struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeERC20FailedOperation(address token)
func SettlementSafeERC20FailedOperationErrorID() common.Hash {
	return common.HexToHash("0x5274afe73c98b4749fc91ffae6b7b574e7842cb2144a159e9377a5f20b32edf9")
}

// UnpackSafeERC20FailedOperationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeERC20FailedOperation(address token)
func (settlement *Settlement) UnpackSafeERC20FailedOperationError(raw []byte) (*SettlementSafeERC20FailedOperation, error) {
	out := new(SettlementSafeERC20FailedOperation)
	if err := settlement.abi.UnpackIntoInterface(out, "SafeERC20FailedOperation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementThresholdTooLarge represents a ThresholdTooLarge error raised by the Settlement contract.
type SettlementThresholdTooLarge struct {
	Threshold *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ThresholdTooLarge(uint256 threshold)
func SettlementThresholdTooLargeErrorID() common.Hash {
	return common.HexToHash("0x37e6b794d1ccc73a648dfc55fe8a406fd19cd65ed823d7d71d747b215eb51fc7")
}

// UnpackThresholdTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ThresholdTooLarge(uint256 threshold)
func (settlement *Settlement) UnpackThresholdTooLargeError(raw []byte) (*SettlementThresholdTooLarge, error) {
	out := new(SettlementThresholdTooLarge)
	if err := settlement.abi.UnpackIntoInterface(out, "ThresholdTooLarge", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementTooManyProviders represents a TooManyProviders error raised by the Settlement contract.
type SettlementTooManyProviders struct {
	Declared uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TooManyProviders(uint32 declared)
func SettlementTooManyProvidersErrorID() common.Hash {
	return common.HexToHash("0x71d163b66237f834e7478ffd6e75be2dcfe21e7d9a1020bcd895833dd1c847af")
}

// UnpackTooManyProvidersError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TooManyProviders(uint32 declared)
func (settlement *Settlement) UnpackTooManyProvidersError(raw []byte) (*SettlementTooManyProviders, error) {
	out := new(SettlementTooManyProviders)
	if err := settlement.abi.UnpackIntoInterface(out, "TooManyProviders", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementUnfinished represents a Unfinished error raised by the Settlement contract.
type SettlementUnfinished struct {
	Processed uint32
	Declared  uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Unfinished(uint32 processed, uint32 declared)
func SettlementUnfinishedErrorID() common.Hash {
	return common.HexToHash("0xc954094d7acabda64c42ba29c0a0beea7b93967d1e5dc237c8c03364c69df170")
}

// UnpackUnfinishedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Unfinished(uint32 processed, uint32 declared)
func (settlement *Settlement) UnpackUnfinishedError(raw []byte) (*SettlementUnfinished, error) {
	out := new(SettlementUnfinished)
	if err := settlement.abi.UnpackIntoInterface(out, "Unfinished", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementZeroAddress represents a ZeroAddress error raised by the Settlement contract.
type SettlementZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func SettlementZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (settlement *Settlement) UnpackZeroAddressError(raw []byte) (*SettlementZeroAddress, error) {
	out := new(SettlementZeroAddress)
	if err := settlement.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementZeroRoot represents a ZeroRoot error raised by the Settlement contract.
type SettlementZeroRoot struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroRoot()
func SettlementZeroRootErrorID() common.Hash {
	return common.HexToHash("0xb263ae738e814ca9af6ee56bb85daa47624e790421913c947dcba2aac07cfdbd")
}

// UnpackZeroRootError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroRoot()
func (settlement *Settlement) UnpackZeroRootError(raw []byte) (*SettlementZeroRoot, error) {
	out := new(SettlementZeroRoot)
	if err := settlement.abi.UnpackIntoInterface(out, "ZeroRoot", raw); err != nil {
		return nil, err
	}
	return out, nil
}
