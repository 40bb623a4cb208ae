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

// SettlementParams is an auto generated low-level Go binding around an user-defined struct.
type SettlementParams struct {
	Admin                common.Address
	Gateway              common.Address
	Pauser               common.Address
	Gfl                  common.Address
	Dps                  common.Address
	Registry             common.Address
	Genesis              uint64
	PeriodSeconds        uint64
	EraSeconds           uint64
	EraThresholdGfl      *big.Int
	CapacityTolerancePpm uint32
	EnvironmentalFactors bool
}

// SettlementMetaData contains all meta data concerning the Settlement contract.
var SettlementMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"pauser\",\"type\":\"address\"},{\"internalType\":\"contractGFL\",\"name\":\"gfl\",\"type\":\"address\"},{\"internalType\":\"contractIERC20\",\"name\":\"dps\",\"type\":\"address\"},{\"internalType\":\"contractIAdmittedCapacity\",\"name\":\"registry\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"genesis\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"periodSeconds\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"eraSeconds\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"eraThresholdGfl\",\"type\":\"uint256\"},{\"internalType\":\"uint32\",\"name\":\"capacityTolerancePpm\",\"type\":\"uint32\"},{\"internalType\":\"bool\",\"name\":\"environmentalFactors\",\"type\":\"bool\"}],\"internalType\":\"structSettlement.Params\",\"name\":\"p\",\"type\":\"tuple\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"AmountTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"size\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"max\",\"type\":\"uint256\"}],\"name\":\"BatchTooLarge\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnvironmentalFactorsDisabled\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"}],\"name\":\"EpochAlreadyOpen\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"endsAt\",\"type\":\"uint64\"}],\"name\":\"EpochNotOver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"expected\",\"type\":\"uint64\"},{\"internalType\":\"uint64\",\"name\":\"got\",\"type\":\"uint64\"}],\"name\":\"EpochOutOfOrder\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"median\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"limit\",\"type\":\"uint256\"}],\"name\":\"ExceedsCapacity\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"rebalanced\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holders\",\"type\":\"uint32\"}],\"name\":\"HoldersMissing\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"bps\",\"type\":\"uint256\"}],\"name\":\"InvalidFactor\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidParameters\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidProof\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"providers\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"targets\",\"type\":\"uint256\"}],\"name\":\"LengthMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NoEpochOpen\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"last\",\"type\":\"address\"}],\"name\":\"NotAscending\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"NothingToClaim\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrancyGuardReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"pending\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"}],\"name\":\"ReplenishmentMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"declared\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"pool\",\"type\":\"uint256\"}],\"name\":\"RewardsExceedPool\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"declared\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"}],\"name\":\"RewardsMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"SafeCastOverflowedUintDowncast\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SafeERC20FailedOperation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"threshold\",\"type\":\"uint256\"}],\"name\":\"ThresholdTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"declared\",\"type\":\"uint32\"}],\"name\":\"TooManyProviders\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"processed\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"declared\",\"type\":\"uint32\"}],\"name\":\"Unfinished\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRoot\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"cumulative\",\"type\":\"uint256\"}],\"name\":\"Claimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"bps\",\"type\":\"uint32\"}],\"name\":\"EnvironmentalFactorSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"rewardsRoot\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"totalGfl\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"rewards\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"rewardEra\",\"type\":\"uint64\"}],\"name\":\"EpochCommitted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"replenished\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"replenishedGfl\",\"type\":\"uint256\"}],\"name\":\"EpochOpened\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"era\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"reason\",\"type\":\"uint8\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"at\",\"type\":\"uint64\"}],\"name\":\"HalvingAdvanced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"PoolFunded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"PoolReplenished\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"before\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"target\",\"type\":\"uint256\"}],\"name\":\"Rebalanced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ESCROW_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"FACTOR_ONE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"FUNDER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_AMOUNT\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_BATCH\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_ERA\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_ERA_SECONDS\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_FACTOR_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_PERIOD_SECONDS\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PAUSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"REFERENCE_PERIOD_SECONDS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"REWARD_SHARE_BPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"R_DENOMINATOR\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"R_NUMERATOR\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"WEI_PER_MEGAFLOPS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"capacityTolerancePpm\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"cumulativeAmount\",\"type\":\"uint256\"},{\"internalType\":\"bytes32[]\",\"name\":\"proof\",\"type\":\"bytes32[]\"}],\"name\":\"claim\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"claimed\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"claimedRewards\",\"outputs\":[{\"internalType\":\"uint120\",\"name\":\"\",\"type\":\"uint120\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"root\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"rewards\",\"type\":\"uint256\"}],\"name\":\"closeEpoch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"committedRewards\",\"outputs\":[{\"internalType\":\"uint120\",\"name\":\"\",\"type\":\"uint120\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"cumulativeGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"cumulativeGflGross\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"current\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"open\",\"type\":\"bool\"},{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"processed\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holdersAtOpen\",\"type\":\"uint32\"},{\"internalType\":\"uint32\",\"name\":\"holdersProcessed\",\"type\":\"uint32\"},{\"internalType\":\"address\",\"name\":\"lastProvider\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"owed\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"dps\",\"outputs\":[{\"internalType\":\"contractIERC20\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"emitted\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"environmentalFactorBps\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"environmentalFactors\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"era\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraCumulativeGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraStart\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"eraThresholdGfl\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"fund\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"genesis\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"gfl\",\"outputs\":[{\"internalType\":\"contractGFL\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"migrate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"nextEpoch\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"epoch\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"inputsRoot\",\"type\":\"bytes32\"},{\"internalType\":\"uint32\",\"name\":\"providers\",\"type\":\"uint32\"},{\"internalType\":\"uint256\",\"name\":\"expectedReplenishment\",\"type\":\"uint256\"}],\"name\":\"openEpoch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pendingReplenishment\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"periodSeconds\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pool\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address[]\",\"name\":\"providers\",\"type\":\"address[]\"},{\"internalType\":\"uint256[]\",\"name\":\"medians\",\"type\":\"uint256[]\"}],\"name\":\"rebalance\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"registry\",\"outputs\":[{\"internalType\":\"contractIAdmittedCapacity\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"replenish\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"rewardsRoot\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"bps\",\"type\":\"uint32\"}],\"name\":\"setEnvironmentalFactor\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "Settlement",
	Bin: "0x6101a0604052348015610010575f5ffd5b506040516140f03803806140f083398101604081905261002f91610428565b60608101516001600160a01b03161580610054575060808101516001600160a01b0316155b8061006a575060a08101516001600160a01b0316155b156100885760405163d92e233d60e01b815260040160405180910390fd5b60e08101516001600160401b031615806100bb57506301e285006001600160401b03168160e001516001600160401b0316115b806100e057508060e001516001600160401b03168161010001516001600160401b0316105b80610105575063bc7bf4006001600160401b03168161010001516001600160401b0316115b1561012357604051630e52390960e41b815260040160405180910390fd5b620f424081610140015163ffffffff16108061014c5750621e848081610140015163ffffffff16115b1561016a57604051630e52390960e41b815260040160405180910390fd5b610120810151158061018757506101208101516001600160781b03105b156101b757806101200151604051630df9ade560e21b81526004016101ae91815260200190565b60405180910390fd5b80516101c4905f906102f7565b506101f97fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a82602001516102f760201b60201c565b5061022e7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a82604001516102f760201b60201c565b50805161025c907f0914bb97ca83e85ef385857d9d418f187ff630589e0c9f44db92976d8e4519cb906102f7565b5060608101516001600160a01b039081166080908152820151811660a09081528201511660c0908152810180516001600160401b0390811660e09081528301518116610100908152830151811661012090815283015161014090815283015163ffffffff1661016090815290920151151561018052516002805491909216600160801b02600160801b600160c01b0319909116179055610510565b5f828152602081815260408083206001600160a01b038516845290915281205460ff16610397575f838152602081815260408083206001600160a01b03861684529091529020805460ff1916600117905561034f3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a450600161039a565b505f5b92915050565b60405161018081016001600160401b03811182821017156103cf57634e487b7160e01b5f52604160045260245ffd5b60405290565b80516001600160a01b03811681146103eb575f5ffd5b919050565b80516001600160401b03811681146103eb575f5ffd5b805163ffffffff811681146103eb575f5ffd5b805180151581146103eb575f5ffd5b5f61018082840312801561043a575f5ffd5b506104436103a0565b61044c836103d5565b815261045a602084016103d5565b602082015261046b604084016103d5565b604082015261047c606084016103d5565b606082015261048d608084016103d5565b608082015261049e60a084016103d5565b60a08201526104af60c084016103f0565b60c08201526104c060e084016103f0565b60e08201526104d261010084016103f0565b61010082015261012083810151908201526104f06101408401610406565b6101408201526105036101608401610419565b6101608201529392505050565b60805160a05160c05160e0516101005161012051610140516101605161018051613ab76106395f395f81816109360152611db301525f8181610386015261303a01525f81816104cd0152612b6601525f81816109d4015281816128da01528181612a520152612dc501525f8181610a0401528181610fbf0152818161117b015281816120e40152818161297901528181612c7201528181612cc90152612d8401525f8181610884015281816111af0152818161211e0152818161288e015281816128ff015281816129b301528181612a8101528181612c9d0152612e0901525f81816106b10152612f6601525f818161084c01528181611c06015261278301525f81816105f501528181610bf501528181610ebe015281816116c501526122fd0152613ab75ff3fe608060405234801561000f575f5ffd5b506004361061037d575f3560e01c8063767f3734116101d4578063b739a7b811610109578063d40dc870116100a9578063e81f155311610079578063e81f1553146109cf578063edfdabbb146109f6578063f4514fa3146109ff578063f8d9867a14610a26575f5ffd5b8063d40dc87014610976578063d547741f1461098c578063e0d3e39e1461099f578063e63ab1e9146109a8575f5ffd5b8063c884ef83116100e4578063c884ef8314610912578063c90b290614610931578063c96a842c14610958578063ca1d209d14610963575f5ffd5b8063b739a7b8146108ba578063bd153c64146108e2578063c50d6dd9146108eb575f5ffd5b8063970eef4311610174578063a217fddf1161014f578063a217fddf1461086e578063a53f6dba14610875578063a7f0b3de1461087f578063aea0e78b146108a6575f5ffd5b8063970eef43146107545780639fa6a6e31461075d578063a09620fb14610847575f5ffd5b80638554ba15116101af5780638554ba15146106db578063918a0a87146106ee57806391d1485414610709578063950bff9f1461074c575f5ffd5b8063767f3734146106995780637b103999146106ac5780638456cb59146106d3575f5ffd5b806334aedecd116102b5578063555191121161025557806365f49e811161022557806365f49e811461063c5780636a3433bd146106455780636c83f0941461064d5780636ce76f3014610672575f5ffd5b806355519112146105b05780635c975abb146105b85780635e2c8245146105e75780636592b622146105f0575f5ffd5b80633e8512ec116102905780633e8512ec146105845780633f4ba83a1461058c57806343f3a758146105945780634f8ca19e1461059d575f5ffd5b806334aedecd1461053757806336568abe1461055e5780633d13f87414610571575f5ffd5b806316f0115b1161032057806322f86d22116102fb57806322f86d22146104c8578063248a9ca3146104ef5780632be01190146105115780632f2ff15d14610524575f5ffd5b806316f0115b14610468578063217863b71461047157806322e9c08d1461047a575f5ffd5b80630e1ae32c1161035b5780630e1ae32c146103fc5780631068361f1461042057806311426f9114610435578063143e55e014610448575f5ffd5b806301a9e9351461038157806301ffc9a7146103c2578063089f2b3f146103e5575b5f5ffd5b6103a87f000000000000000000000000000000000000000000000000000000000000000081565b60405163ffffffff90911681526020015b60405180910390f35b6103d56103d036600461362f565b610a31565b60405190151581526020016103b9565b6103ee60035481565b6040519081526020016103b9565b6104076301e2850081565b60405167ffffffffffffffff90911681526020016103b9565b61043361042e366004613696565b610ac9565b005b6104336104433660046136c7565b610c51565b6002546104079068010000000000000000900467ffffffffffffffff1681565b6103ee60065481565b6103ee600e5481565b600f546104a8906f0100000000000000000000000000000090046effffffffffffffffffffffffffffff1681565b6040516effffffffffffffffffffffffffffff90911681526020016103b9565b6103ee7f000000000000000000000000000000000000000000000000000000000000000081565b6103ee6104fd3660046136e7565b5f9081526020819052604090206001015490565b61043361051f366004613746565b61138d565b6104336105323660046137b2565b6118ab565b6103ee7f0914bb97ca83e85ef385857d9d418f187ff630589e0c9f44db92976d8e4519cb81565b61043361056c3660046137b2565b6118d5565b61043361057f3660046137d3565b611933565b6103ee606481565b610433611c9f565b6103ee614e2081565b6104336105ab366004613822565b611d28565b6103ee600181565b600f546103d5907e01000000000000000000000000000000000000000000000000000000000000900460ff1681565b6103ee61271081565b6106177f000000000000000000000000000000000000000000000000000000000000000081565b60405173ffffffffffffffffffffffffffffffffffffffff90911681526020016103b9565b6103ee6107d081565b6103ee604081565b6103a861065b366004613857565b60016020525f908152604090205463ffffffff1681565b6103ee7f2fdac322ee704ce09f0773f7f3f92eb98d5e7c836ee9c056cccd5f61041e5e3f81565b6104336106a7366004613885565b611fa7565b6106177f000000000000000000000000000000000000000000000000000000000000000081565b610433612589565b6104336106e93660046136e7565b61262c565b600f546104a8906effffffffffffffffffffffffffffff1681565b6103d56107173660046137b2565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6103ee60c881565b6103ee60045481565b600954600a54600b54600c54600d546107da9460ff81169461010090910467ffffffffffffffff1693909263ffffffff8083169364010000000084048216936801000000000000000081048316936c010000000000000000000000009091049092169173ffffffffffffffffffffffffffffffffffffffff169089565b604080519915158a5267ffffffffffffffff90981660208a01529688019590955263ffffffff93841660608801529183166080870152821660a08601521660c084015273ffffffffffffffffffffffffffffffffffffffff1660e0830152610100820152610120016103b9565b6106177f000000000000000000000000000000000000000000000000000000000000000081565b6103ee5f81565b6103ee6213c68081565b6104077f000000000000000000000000000000000000000000000000000000000000000081565b6002546104079067ffffffffffffffff1681565b60025461040790700100000000000000000000000000000000900467ffffffffffffffff1681565b6103ee60075481565b6103ee7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b6103ee610920366004613857565b60106020525f908152604090205481565b6103d57f000000000000000000000000000000000000000000000000000000000000000081565b6103ee633b9aca0081565b6104336109713660046136e7565b6126a5565b6103ee6effffffffffffffffffffffffffffff81565b61043361099a3660046137b2565b612802565b6103ee60085481565b6103ee7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a81565b6104077f000000000000000000000000000000000000000000000000000000000000000081565b6103ee60055481565b6104077f000000000000000000000000000000000000000000000000000000000000000081565b61040763bc7bf40081565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b000000000000000000000000000000000000000000000000000000001480610ac357507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a610af381612826565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff1615610b52576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60095460ff1615610ba8576009546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff1660048201526024015b60405180910390fd5b6040517f1068361f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff848116600483015283811660248301527f00000000000000000000000000000000000000000000000000000000000000001690631068361f906044015f604051808303815f87803b158015610c36575f5ffd5b505af1158015610c48573d5f5f3e3d5ffd5b50505050505050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a610c7b81612826565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff1615610cda576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b604080516101208101825260095460ff8116151580835267ffffffffffffffff61010092839004166020840152600a5493830193909352600b5463ffffffff8082166060850152640100000000820481166080850152680100000000000000008204811660a08501526c010000000000000000000000009091041660c0830152600c5473ffffffffffffffffffffffffffffffffffffffff1660e0830152600d549082015290610db6576040517fc2ce498300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b83610ded576040517fb263ae7300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b806060015163ffffffff16816080015163ffffffff1614610e5457608081015160608201516040517fc954094d00000000000000000000000000000000000000000000000000000000815263ffffffff928316600482015291166024820152604401610b9f565b8060a0015163ffffffff168160c0015163ffffffff1614610ebb5760c081015160a08201516040517f9475344300000000000000000000000000000000000000000000000000000000815263ffffffff928316600482015291166024820152604401610b9f565b5f7f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff166318160ddd6040518163ffffffff1660e01b8152600401602060405180830381865afa158015610f25573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190610f4991906138ca565b90506effffffffffffffffffffffffffffff811115610fac576040517f7f162703000000000000000000000000000000000000000000000000000000008152600481018290526effffffffffffffffffffffffffffff6024820152604401610b9f565b5f6213c680610fe567ffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168461390e565b610fef9190613925565b90508060035f828254611002919061395d565b925050819055508060045f82825461101a919061395d565b925050819055508060055f828254611032919061395d565b909155505060065461010084015111611099578261010001518514611094576101008301516040517f7fabe903000000000000000000000000000000000000000000000000000000008152610b9f918791600401918252602082015260400190565b6110e3565b6006548511156110e3576006546040517f910b2522000000000000000000000000000000000000000000000000000000008152610b9f918791600401918252602082015260400190565b8460065f8282546110f49190613970565b925050819055508460075f82825461110c919061395d565b9091555061111b905085612833565b600f80545f9061113d9084906effffffffffffffffffffffffffffff16613983565b92506101000a8154816effffffffffffffffffffffffffffff02191690836effffffffffffffffffffffffffffff16021790555085600e819055505f7f000000000000000000000000000000000000000000000000000000000000000084602001516111a991906139aa565b6111d3907f00000000000000000000000000000000000000000000000000000000000000006139d4565b90505f6111df8261288b565b60025490915068010000000000000000900467ffffffffffffffff1681111561124257600280547fffffffffffffffffffffffffffffffff0000000000000000ffffffffffffffff166801000000000000000067ffffffffffffffff8416021790555b60025460208601516801000000000000000090910467ffffffffffffffff169061126b90612952565b600980547fffffffffffffffffffffffffffffffffffffffffffffff0000000000000000001690555f600a819055600b80547fffffffffffffffffffffffffffffffff00000000000000000000000000000000169055600c80547fffffffffffffffffffffffff0000000000000000000000000000000000000000169055600d5560208601516112fc9060016139d4565b600280547fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000001667ffffffffffffffff928316179055602087810151604080518d815292830189905282018b90528383166060830152909116907f650987db230ea8f700349311963db52136d53317630007c79472704ed9fc44d59060800160405180910390a2505050505050505050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a6113b781612826565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff1615611416576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60095460ff16611452576040517fc2ce498300000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b838214611495576040517fab8b67c60000000000000000000000000000000000000000000000000000000081526004810185905260248101839052604401610b9f565b60c88411156114da576040517fbb1cb70b0000000000000000000000000000000000000000000000000000000081526004810185905260c86024820152604401610b9f565b600b5463ffffffff808216916114fa91879164010000000090041661395d565b111561153e57600b546040517f71d163b600000000000000000000000000000000000000000000000000000000815263ffffffff9091166004820152602401610b9f565b6009545f90819061155d90610100900467ffffffffffffffff16612c6a565b600d54600c54600954939550919350915f9173ffffffffffffffffffffffffffffffffffffffff1690610100900467ffffffffffffffff16825b8a8110156117d5575f8c8c838181106115b2576115b26139f4565b90506020020160208101906115c79190613857565b90508373ffffffffffffffffffffffffffffffffffffffff168173ffffffffffffffffffffffffffffffffffffffff161161164e576040517fcccaa61800000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff808316600483015285166024820152604401610b9f565b8093505f611674828d8d86818110611668576116686139f4565b90506020020135612eaf565b6040517fdd90585400000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8481166004830152602482018390529192505f917f0000000000000000000000000000000000000000000000000000000000000000169063dd905854906044016020604051808303815f875af115801561170b573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061172f91906138ca565b90508015611745578661174181613a21565b9750505b891561176d57886117568b8461390e565b6117609190613925565b61176a908961395d565b97505b604080518281526020810184905273ffffffffffffffffffffffffffffffffffffffff85169167ffffffffffffffff8816917f78461357f515dc8e7defab68ae7fc600f4296cf9c6a188c67d7a01777fb80483910160405180910390a3505050600101611597565b50600c80547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff8416179055600d849055600b80548b919060049061183e908490640100000000900463ffffffff16613a45565b92506101000a81548163ffffffff021916908363ffffffff160217905550826009600201600c8282829054906101000a900463ffffffff166118809190613a45565b92506101000a81548163ffffffff021916908363ffffffff1602179055505050505050505050505050565b5f828152602081905260409020600101546118c581612826565b6118cf838361313d565b50505050565b73ffffffffffffffffffffffffffffffffffffffff81163314611924576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61192e8282613236565b505050565b61193b6132ef565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff161561199a576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6040805173ffffffffffffffffffffffffffffffffffffffff861660208201529081018490525f90606001604080517fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe081840301815282825280516020918201209083015201604051602081830303815290604052805190602001209050611a268383600e5484613377565b611a5c576040517f09bde33900000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff85165f90815260106020526040902054808511611ad2576040517f64ab346600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff87166004820152602401610b9f565b5f611add8287613970565b73ffffffffffffffffffffffffffffffffffffffff88165f908152601060205260408120889055909150611b1082612833565b600f54611b4191906f0100000000000000000000000000000090046effffffffffffffffffffffffffffff16613983565b600f549091506effffffffffffffffffffffffffffff9081169082161115611bb457600f546040517f910b25220000000000000000000000000000000000000000000000000000000081526effffffffffffffffffffffffffffff80841660048301529091166024820152604401610b9f565b600f80547fffff000000000000000000000000000000ffffffffffffffffffffffffffffff166f010000000000000000000000000000006effffffffffffffffffffffffffffff841602179055611c427f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16898461338e565b604080518381526020810189905273ffffffffffffffffffffffffffffffffffffffff8a16917f987d620f307ff6b94d58743cb7a7509f24071586a77759b77c2d4e29f75a2f9a910160405180910390a2505050506118cf61340f565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a611cc981612826565b600f80547fff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff1690556040513381527f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa906020015b60405180910390a150565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a611d5281612826565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff1615611db1576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7f0000000000000000000000000000000000000000000000000000000000000000611e08576040517f9bd330d800000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60095460ff1615611e59576009546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff166004820152602401610b9f565b73ffffffffffffffffffffffffffffffffffffffff8316611ea6576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b63ffffffff82161580611ec05750614e208263ffffffff16115b15611eff576040517f4625bd0000000000000000000000000000000000000000000000000000000000815263ffffffff83166004820152602401610b9f565b6127108263ffffffff1614611f145781611f16565b5f5b73ffffffffffffffffffffffffffffffffffffffff84165f8181526001602090815260409182902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffff000000001663ffffffff9586161790559051928516835290917f673033e9a2080013de92cdd523ce8586e650f407c9d150b44066f84e97c0d75591015b60405180910390a2505050565b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a611fd181612826565b600f547e01000000000000000000000000000000000000000000000000000000000000900460ff1615612030576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60095460ff1615612081576009546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff166004820152602401610b9f565b60025467ffffffffffffffff8681169116146120e1576002546040517faafac23400000000000000000000000000000000000000000000000000000000815267ffffffffffffffff91821660048201529086166024820152604401610b9f565b5f7f000000000000000000000000000000000000000000000000000000000000000061210e8760016139d4565b61211891906139aa565b612142907f00000000000000000000000000000000000000000000000000000000000000006139d4565b90508067ffffffffffffffff1642101561219c576040517f06470fe400000000000000000000000000000000000000000000000000000000815267ffffffffffffffff808816600483015282166024820152604401610b9f565b6008548381146121e2576040517f68deace80000000000000000000000000000000000000000000000000000000081526004810182905260248101859052604401610b9f565b6006546121fe906effffffffffffffffffffffffffffff613970565b81111561225e576006548190612223906effffffffffffffffffffffffffffff613970565b6040517f7f16270300000000000000000000000000000000000000000000000000000000815260048101929092526024820152604401610b9f565b5f6008819055508060065f828254612276919061395d565b909155505f9050600161228a60648461390e565b6122949190613925565b90506122a260035482613439565b6003556004546122b29082613439565b6004819055506040518061012001604052806001151581526020018967ffffffffffffffff1681526020018881526020018763ffffffff1681526020015f63ffffffff1681526020017f000000000000000000000000000000000000000000000000000000000000000073ffffffffffffffffffffffffffffffffffffffff16638188f71c6040518163ffffffff1660e01b8152600401602060405180830381865afa158015612364573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906123889190613a61565b63ffffffff90811682525f602080840182905260408085018390526060948501929092528451600980548784015167ffffffffffffffff9081166101009081027fffffffffffffffffffffffffffffffffffffffffffffff0000000000000000ff951515959095167fffffffffffffffffffffffffffffffffffffffffffffff000000000000000000909316929092179390931790915586840151600a5586860151600b80546080808b015160a08c015160c08d01518b166c01000000000000000000000000027fffffffffffffffffffffffffffffffff00000000ffffffffffffffffffffffff918c166801000000000000000002919091167fffffffffffffffffffffffffffffffff0000000000000000ffffffffffffffff928c16640100000000027fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000909516968c169690961793909317169390931717905560e0880151600c805473ffffffffffffffffffffffffffffffffffffffff9092167fffffffffffffffffffffffff0000000000000000000000000000000000000000909216919091179055960151600d5582518d8152938c1691840191909152908201869052918101849052908a16917f1689df46e89d9e05d52e9732feac2013fc14caf029da36a9ea2d45ae0455586f910160405180910390a25050505050505050565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a6125b381612826565b600f80547fff00ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff167e010000000000000000000000000000000000000000000000000000000000001790556040513381527f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a25890602001611d1d565b7f2fdac322ee704ce09f0773f7f3f92eb98d5e7c836ee9c056cccd5f61041e5e3f61265681612826565b8160085f828254612667919061395d565b909155505060405182815233907f68cdedd2f4bf7471df52052143823378a8bf0e406cca5a9588c609b7fac8fe8e9060200160405180910390a25050565b7f0914bb97ca83e85ef385857d9d418f187ff630589e0c9f44db92976d8e4519cb6126cf81612826565b6126d76132ef565b60095460ff1615612728576009546040517fd26f5f3200000000000000000000000000000000000000000000000000000000815261010090910467ffffffffffffffff166004820152602401610b9f565b600654612744906effffffffffffffffffffffffffffff613970565b821115612769576006548290612223906effffffffffffffffffffffffffffff613970565b6127ab73ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016333085613451565b8160065f8282546127bc919061395d565b909155505060405182815233907f32173d8e51cec3a6fe484b7a1c3febe760cdf96e03d4cca36a43563a4333e8389060200160405180910390a26127fe61340f565b5050565b5f8281526020819052604090206001015461281c81612826565b6118cf8383613236565b6128308133613497565b50565b5f6effffffffffffffffffffffffffffff821115612887576040517f6dfcc6500000000000000000000000000000000000000000000000000000000081526078600482015260248101839052604401610b9f565b5090565b5f7f000000000000000000000000000000000000000000000000000000000000000067ffffffffffffffff168267ffffffffffffffff16116128ce57505f919050565b5f67ffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000166129247f000000000000000000000000000000000000000000000000000000000000000085613a7c565b67ffffffffffffffff166129389190613925565b905060408111612948578061294b565b60405b9392505050565b60025460406801000000000000000090910467ffffffffffffffff16106129765750565b5f7f00000000000000000000000000000000000000000000000000000000000000006129a38360016139d4565b6129ad91906139aa565b6129d7907f00000000000000000000000000000000000000000000000000000000000000006139d4565b90505f6129e38261288b565b60025490915068010000000000000000900467ffffffffffffffff16811115612b4357600280547fffffffffffffffffffffffffffffffff0000000000000000ffffffffffffffff166801000000000000000067ffffffffffffffff84811682029290921792839055612a7b927f000000000000000000000000000000000000000000000000000000000000000092919004166139aa565b612aa5907f00000000000000000000000000000000000000000000000000000000000000006139d4565b600280547fffffffffffffffff0000000000000000ffffffffffffffffffffffffffffffff1670010000000000000000000000000000000067ffffffffffffffff938416810291909117918290555f6003819055604080519182529183048416602082015268010000000000000000909204909216917f5f3f0d8ef329f7552ca5bfa58fc4f4569b7773c6b530619e0803cdfd332c4d969101611f9a565b600260089054906101000a900467ffffffffffffffff1667ffffffffffffffff167f0000000000000000000000000000000000000000000000000000000000000000901b6003541061192e576001600260088282829054906101000a900467ffffffffffffffff16612bb591906139d4565b82546101009290920a67ffffffffffffffff818102199093169183160217909155600280547fffffffffffffffff0000000000000000ffffffffffffffffffffffffffffffff1670010000000000000000000000000000000086841690810291909117918290555f600355604080516001815260208101929092526801000000000000000090920490921692507f5f3f0d8ef329f7552ca5bfa58fc4f4569b7773c6b530619e0803cdfd332c4d969101611f9a565b5f8080612c977f0000000000000000000000000000000000000000000000000000000000000000856139aa565b612cc1907f00000000000000000000000000000000000000000000000000000000000000006139d4565b90505f612cee7f0000000000000000000000000000000000000000000000000000000000000000836139d4565b60025490915068010000000000000000900467ffffffffffffffff165f612d148461288b565b905081811115612d22578091505b60408210612d3957505f9660019650945050505050565b5f612d4760016107d061390e565b90505f6213c680612d5b606461271061390e565b612d65919061390e565b905083612d718661288b565b11612db957612daa67ffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168361390e565b99931b97509195505050505050565b5f67ffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016612df086600161395d565b612dfa919061390e565b612e2e9067ffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001661395d565b90505f612e4567ffffffffffffffff891683613970565b612e5090600261390e565b90506040612e5f87600161395d565b1015612e8657612e798267ffffffffffffffff8916613970565b612e83908261395d565b90505b612e90818561390e565b612e9b87600161395d565b84901b995099505050505050505050915091565b5f815f03612ebe57505f610ac3565b6effffffffffffffffffffffffffffff821115612f1f576040517f7f162703000000000000000000000000000000000000000000000000000000008152600481018390526effffffffffffffffffffffffffffff6024820152604401610b9f565b6040517fbdde6a9200000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff84811660048301525f917f00000000000000000000000000000000000000000000000000000000000000009091169063bdde6a9290602401602060405180830381865afa158015612fad573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190612fd19190613a9c565b67ffffffffffffffff169050805f0361302e576040517ff9eb745300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff85166004820152602401610b9f565b5f620f424063ffffffff7f000000000000000000000000000000000000000000000000000000000000000016613068633b9aca008561390e565b613072919061390e565b61307c9190613925565b9050808411156130de576040517f4dc7ff7b00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff861660048201526024810185905260448101829052606401610b9f565b73ffffffffffffffffffffffffffffffffffffffff85165f9081526001602052604081205463ffffffff169081900361311c57849350505050610ac3565b612710613129828761390e565b6131339190613925565b9695505050505050565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1661322f575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790556131cd3390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610ac3565b505f610ac3565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff161561322f575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610ac3565b7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005c15613348576040517f3ee5aeb500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61337560017f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f005b9061351c565b565b5f82613384868685613523565b1495945050505050565b60405173ffffffffffffffffffffffffffffffffffffffff83811660248301526044820183905261192e91859182169063a9059cbb906064015b604051602081830303815290604052915060e01b6020820180517bffffffffffffffffffffffffffffffffffffffffffffffffffffffff8381831617835250505050613564565b6133755f7f9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f0061336f565b5f818311613447575f61294b565b61294b8284613970565b60405173ffffffffffffffffffffffffffffffffffffffff84811660248301528381166044830152606482018390526118cf9186918216906323b872dd906084016133c8565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff166127fe576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8216600482015260248101839052604401610b9f565b80825d5050565b5f81815b8481101561355b5761355182878784818110613545576135456139f4565b90506020020135613603565b9150600101613527565b50949350505050565b5f5f60205f8451602086015f885af180613583576040513d5f823e3d81fd5b50505f513d9150811561359a5780600114156135b4565b73ffffffffffffffffffffffffffffffffffffffff84163b155b156118cf576040517f5274afe700000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff85166004820152602401610b9f565b5f81831061361d575f82815260208490526040902061294b565b5f83815260208390526040902061294b565b5f6020828403121561363f575f5ffd5b81357fffffffff000000000000000000000000000000000000000000000000000000008116811461294b575f5ffd5b803573ffffffffffffffffffffffffffffffffffffffff81168114613691575f5ffd5b919050565b5f5f604083850312156136a7575f5ffd5b6136b08361366e565b91506136be6020840161366e565b90509250929050565b5f5f604083850312156136d8575f5ffd5b50508035926020909101359150565b5f602082840312156136f7575f5ffd5b5035919050565b5f5f83601f84011261370e575f5ffd5b50813567ffffffffffffffff811115613725575f5ffd5b6020830191508360208260051b850101111561373f575f5ffd5b9250929050565b5f5f5f5f60408587031215613759575f5ffd5b843567ffffffffffffffff81111561376f575f5ffd5b61377b878288016136fe565b909550935050602085013567ffffffffffffffff81111561379a575f5ffd5b6137a6878288016136fe565b95989497509550505050565b5f5f604083850312156137c3575f5ffd5b823591506136be6020840161366e565b5f5f5f5f606085870312156137e6575f5ffd5b6137ef8561366e565b935060208501359250604085013567ffffffffffffffff81111561379a575f5ffd5b63ffffffff81168114612830575f5ffd5b5f5f60408385031215613833575f5ffd5b61383c8361366e565b9150602083013561384c81613811565b809150509250929050565b5f60208284031215613867575f5ffd5b61294b8261366e565b67ffffffffffffffff81168114612830575f5ffd5b5f5f5f5f60808587031215613898575f5ffd5b84356138a381613870565b93506020850135925060408501356138ba81613811565b9396929550929360600135925050565b5f602082840312156138da575f5ffd5b5051919050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b8082028115828204841417610ac357610ac36138e1565b5f82613958577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b80820180821115610ac357610ac36138e1565b81810381811115610ac357610ac36138e1565b6effffffffffffffffffffffffffffff8181168382160190811115610ac357610ac36138e1565b67ffffffffffffffff81811683821602908116908181146139cd576139cd6138e1565b5092915050565b67ffffffffffffffff8181168382160190811115610ac357610ac36138e1565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b5f63ffffffff821663ffffffff8103613a3c57613a3c6138e1565b60010192915050565b63ffffffff8181168382160190811115610ac357610ac36138e1565b5f60208284031215613a71575f5ffd5b815161294b81613811565b67ffffffffffffffff8281168282160390811115610ac357610ac36138e1565b5f60208284031215613aac575f5ffd5b815161294b8161387056",
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
// Solidity: constructor((address,address,address,address,address,address,uint64,uint64,uint64,uint256,uint32,bool) p) returns()
func (settlement *Settlement) PackConstructor(p SettlementParams) []byte {
	enc, err := settlement.abi.Pack("", p)
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

// PackFACTORONEBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e2c8245.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function FACTOR_ONE_BPS() view returns(uint256)
func (settlement *Settlement) PackFACTORONEBPS() []byte {
	enc, err := settlement.abi.Pack("FACTOR_ONE_BPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFACTORONEBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e2c8245.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function FACTOR_ONE_BPS() view returns(uint256)
func (settlement *Settlement) TryPackFACTORONEBPS() ([]byte, error) {
	return settlement.abi.Pack("FACTOR_ONE_BPS")
}

// UnpackFACTORONEBPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5e2c8245.
//
// Solidity: function FACTOR_ONE_BPS() view returns(uint256)
func (settlement *Settlement) UnpackFACTORONEBPS(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("FACTOR_ONE_BPS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackFUNDERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x34aedecd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function FUNDER_ROLE() view returns(bytes32)
func (settlement *Settlement) PackFUNDERROLE() []byte {
	enc, err := settlement.abi.Pack("FUNDER_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFUNDERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x34aedecd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function FUNDER_ROLE() view returns(bytes32)
func (settlement *Settlement) TryPackFUNDERROLE() ([]byte, error) {
	return settlement.abi.Pack("FUNDER_ROLE")
}

// UnpackFUNDERROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x34aedecd.
//
// Solidity: function FUNDER_ROLE() view returns(bytes32)
func (settlement *Settlement) UnpackFUNDERROLE(data []byte) ([32]byte, error) {
	out, err := settlement.abi.Unpack("FUNDER_ROLE", data)
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

// PackMAXAMOUNT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd40dc870.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (settlement *Settlement) PackMAXAMOUNT() []byte {
	enc, err := settlement.abi.Pack("MAX_AMOUNT")
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
func (settlement *Settlement) TryPackMAXAMOUNT() ([]byte, error) {
	return settlement.abi.Pack("MAX_AMOUNT")
}

// UnpackMAXAMOUNT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd40dc870.
//
// Solidity: function MAX_AMOUNT() view returns(uint256)
func (settlement *Settlement) UnpackMAXAMOUNT(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("MAX_AMOUNT", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
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

// PackMAXERASECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf8d9867a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_ERA_SECONDS() view returns(uint64)
func (settlement *Settlement) PackMAXERASECONDS() []byte {
	enc, err := settlement.abi.Pack("MAX_ERA_SECONDS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXERASECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf8d9867a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_ERA_SECONDS() view returns(uint64)
func (settlement *Settlement) TryPackMAXERASECONDS() ([]byte, error) {
	return settlement.abi.Pack("MAX_ERA_SECONDS")
}

// UnpackMAXERASECONDS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf8d9867a.
//
// Solidity: function MAX_ERA_SECONDS() view returns(uint64)
func (settlement *Settlement) UnpackMAXERASECONDS(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("MAX_ERA_SECONDS", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackMAXFACTORBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43f3a758.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_FACTOR_BPS() view returns(uint256)
func (settlement *Settlement) PackMAXFACTORBPS() []byte {
	enc, err := settlement.abi.Pack("MAX_FACTOR_BPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXFACTORBPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x43f3a758.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_FACTOR_BPS() view returns(uint256)
func (settlement *Settlement) TryPackMAXFACTORBPS() ([]byte, error) {
	return settlement.abi.Pack("MAX_FACTOR_BPS")
}

// UnpackMAXFACTORBPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x43f3a758.
//
// Solidity: function MAX_FACTOR_BPS() view returns(uint256)
func (settlement *Settlement) UnpackMAXFACTORBPS(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("MAX_FACTOR_BPS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMAXPERIODSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e1ae32c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_PERIOD_SECONDS() view returns(uint64)
func (settlement *Settlement) PackMAXPERIODSECONDS() []byte {
	enc, err := settlement.abi.Pack("MAX_PERIOD_SECONDS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXPERIODSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0e1ae32c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_PERIOD_SECONDS() view returns(uint64)
func (settlement *Settlement) TryPackMAXPERIODSECONDS() ([]byte, error) {
	return settlement.abi.Pack("MAX_PERIOD_SECONDS")
}

// UnpackMAXPERIODSECONDS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0e1ae32c.
//
// Solidity: function MAX_PERIOD_SECONDS() view returns(uint64)
func (settlement *Settlement) UnpackMAXPERIODSECONDS(data []byte) (uint64, error) {
	out, err := settlement.abi.Unpack("MAX_PERIOD_SECONDS", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
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

// PackREFERENCEPERIODSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa53f6dba.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function REFERENCE_PERIOD_SECONDS() view returns(uint256)
func (settlement *Settlement) PackREFERENCEPERIODSECONDS() []byte {
	enc, err := settlement.abi.Pack("REFERENCE_PERIOD_SECONDS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackREFERENCEPERIODSECONDS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa53f6dba.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function REFERENCE_PERIOD_SECONDS() view returns(uint256)
func (settlement *Settlement) TryPackREFERENCEPERIODSECONDS() ([]byte, error) {
	return settlement.abi.Pack("REFERENCE_PERIOD_SECONDS")
}

// UnpackREFERENCEPERIODSECONDS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa53f6dba.
//
// Solidity: function REFERENCE_PERIOD_SECONDS() view returns(uint256)
func (settlement *Settlement) UnpackREFERENCEPERIODSECONDS(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("REFERENCE_PERIOD_SECONDS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
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

// PackWEIPERMEGAFLOPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc96a842c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function WEI_PER_MEGAFLOPS() view returns(uint256)
func (settlement *Settlement) PackWEIPERMEGAFLOPS() []byte {
	enc, err := settlement.abi.Pack("WEI_PER_MEGAFLOPS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWEIPERMEGAFLOPS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc96a842c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function WEI_PER_MEGAFLOPS() view returns(uint256)
func (settlement *Settlement) TryPackWEIPERMEGAFLOPS() ([]byte, error) {
	return settlement.abi.Pack("WEI_PER_MEGAFLOPS")
}

// UnpackWEIPERMEGAFLOPS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc96a842c.
//
// Solidity: function WEI_PER_MEGAFLOPS() view returns(uint256)
func (settlement *Settlement) UnpackWEIPERMEGAFLOPS(data []byte) (*big.Int, error) {
	out, err := settlement.abi.Unpack("WEI_PER_MEGAFLOPS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCapacityTolerancePpm is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01a9e935.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function capacityTolerancePpm() view returns(uint32)
func (settlement *Settlement) PackCapacityTolerancePpm() []byte {
	enc, err := settlement.abi.Pack("capacityTolerancePpm")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCapacityTolerancePpm is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01a9e935.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function capacityTolerancePpm() view returns(uint32)
func (settlement *Settlement) TryPackCapacityTolerancePpm() ([]byte, error) {
	return settlement.abi.Pack("capacityTolerancePpm")
}

// UnpackCapacityTolerancePpm is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01a9e935.
//
// Solidity: function capacityTolerancePpm() view returns(uint32)
func (settlement *Settlement) UnpackCapacityTolerancePpm(data []byte) (uint32, error) {
	out, err := settlement.abi.Unpack("capacityTolerancePpm", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
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

// PackEnvironmentalFactorBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c83f094.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function environmentalFactorBps(address ) view returns(uint32)
func (settlement *Settlement) PackEnvironmentalFactorBps(arg0 common.Address) []byte {
	enc, err := settlement.abi.Pack("environmentalFactorBps", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEnvironmentalFactorBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6c83f094.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function environmentalFactorBps(address ) view returns(uint32)
func (settlement *Settlement) TryPackEnvironmentalFactorBps(arg0 common.Address) ([]byte, error) {
	return settlement.abi.Pack("environmentalFactorBps", arg0)
}

// UnpackEnvironmentalFactorBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6c83f094.
//
// Solidity: function environmentalFactorBps(address ) view returns(uint32)
func (settlement *Settlement) UnpackEnvironmentalFactorBps(data []byte) (uint32, error) {
	out, err := settlement.abi.Unpack("environmentalFactorBps", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackEnvironmentalFactors is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc90b2906.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function environmentalFactors() view returns(bool)
func (settlement *Settlement) PackEnvironmentalFactors() []byte {
	enc, err := settlement.abi.Pack("environmentalFactors")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackEnvironmentalFactors is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc90b2906.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function environmentalFactors() view returns(bool)
func (settlement *Settlement) TryPackEnvironmentalFactors() ([]byte, error) {
	return settlement.abi.Pack("environmentalFactors")
}

// UnpackEnvironmentalFactors is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc90b2906.
//
// Solidity: function environmentalFactors() view returns(bool)
func (settlement *Settlement) UnpackEnvironmentalFactors(data []byte) (bool, error) {
	out, err := settlement.abi.Unpack("environmentalFactors", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
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
// Solidity: function rebalance(address[] providers, uint256[] medians) returns()
func (settlement *Settlement) PackRebalance(providers []common.Address, medians []*big.Int) []byte {
	enc, err := settlement.abi.Pack("rebalance", providers, medians)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRebalance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2be01190.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rebalance(address[] providers, uint256[] medians) returns()
func (settlement *Settlement) TryPackRebalance(providers []common.Address, medians []*big.Int) ([]byte, error) {
	return settlement.abi.Pack("rebalance", providers, medians)
}

// PackRegistry is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7b103999.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function registry() view returns(address)
func (settlement *Settlement) PackRegistry() []byte {
	enc, err := settlement.abi.Pack("registry")
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
func (settlement *Settlement) TryPackRegistry() ([]byte, error) {
	return settlement.abi.Pack("registry")
}

// UnpackRegistry is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7b103999.
//
// Solidity: function registry() view returns(address)
func (settlement *Settlement) UnpackRegistry(data []byte) (common.Address, error) {
	out, err := settlement.abi.Unpack("registry", data)
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

// PackSetEnvironmentalFactor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f8ca19e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setEnvironmentalFactor(address provider, uint32 bps) returns()
func (settlement *Settlement) PackSetEnvironmentalFactor(provider common.Address, bps uint32) []byte {
	enc, err := settlement.abi.Pack("setEnvironmentalFactor", provider, bps)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetEnvironmentalFactor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4f8ca19e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setEnvironmentalFactor(address provider, uint32 bps) returns()
func (settlement *Settlement) TryPackSetEnvironmentalFactor(provider common.Address, bps uint32) ([]byte, error) {
	return settlement.abi.Pack("setEnvironmentalFactor", provider, bps)
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

// SettlementEnvironmentalFactorSet represents a EnvironmentalFactorSet event raised by the Settlement contract.
type SettlementEnvironmentalFactorSet struct {
	Provider common.Address
	Bps      uint32
	Raw      *types.Log // Blockchain specific contextual infos
}

const SettlementEnvironmentalFactorSetEventName = "EnvironmentalFactorSet"

// ContractEventName returns the user-defined event name.
func (SettlementEnvironmentalFactorSet) ContractEventName() string {
	return SettlementEnvironmentalFactorSetEventName
}

// UnpackEnvironmentalFactorSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EnvironmentalFactorSet(address indexed provider, uint32 bps)
func (settlement *Settlement) UnpackEnvironmentalFactorSetEvent(log *types.Log) (*SettlementEnvironmentalFactorSet, error) {
	event := "EnvironmentalFactorSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != settlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(SettlementEnvironmentalFactorSet)
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
	if bytes.Equal(raw[:4], settlement.abi.Errors["AmountTooLarge"].ID.Bytes()[:4]) {
		return settlement.UnpackAmountTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["BatchTooLarge"].ID.Bytes()[:4]) {
		return settlement.UnpackBatchTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EnforcedPause"].ID.Bytes()[:4]) {
		return settlement.UnpackEnforcedPauseError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["EnvironmentalFactorsDisabled"].ID.Bytes()[:4]) {
		return settlement.UnpackEnvironmentalFactorsDisabledError(raw[4:])
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
	if bytes.Equal(raw[:4], settlement.abi.Errors["ExceedsCapacity"].ID.Bytes()[:4]) {
		return settlement.UnpackExceedsCapacityError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["HoldersMissing"].ID.Bytes()[:4]) {
		return settlement.UnpackHoldersMissingError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["InvalidFactor"].ID.Bytes()[:4]) {
		return settlement.UnpackInvalidFactorError(raw[4:])
	}
	if bytes.Equal(raw[:4], settlement.abi.Errors["InvalidParameters"].ID.Bytes()[:4]) {
		return settlement.UnpackInvalidParametersError(raw[4:])
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
	if bytes.Equal(raw[:4], settlement.abi.Errors["NotAdmitted"].ID.Bytes()[:4]) {
		return settlement.UnpackNotAdmittedError(raw[4:])
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

// SettlementAmountTooLarge represents a AmountTooLarge error raised by the Settlement contract.
type SettlementAmountTooLarge struct {
	Amount *big.Int
	Max    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func SettlementAmountTooLargeErrorID() common.Hash {
	return common.HexToHash("0x7f162703b1fbad455ee7087f54e476f5f7b21f668d715d2aa1b9371e813d293d")
}

// UnpackAmountTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountTooLarge(uint256 amount, uint256 max)
func (settlement *Settlement) UnpackAmountTooLargeError(raw []byte) (*SettlementAmountTooLarge, error) {
	out := new(SettlementAmountTooLarge)
	if err := settlement.abi.UnpackIntoInterface(out, "AmountTooLarge", raw); err != nil {
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

// SettlementEnvironmentalFactorsDisabled represents a EnvironmentalFactorsDisabled error raised by the Settlement contract.
type SettlementEnvironmentalFactorsDisabled struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EnvironmentalFactorsDisabled()
func SettlementEnvironmentalFactorsDisabledErrorID() common.Hash {
	return common.HexToHash("0x9bd330d8ea0e97a5e8c36aac4b8fc580304331d03e6db1d5139aa498f8d0ec2b")
}

// UnpackEnvironmentalFactorsDisabledError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EnvironmentalFactorsDisabled()
func (settlement *Settlement) UnpackEnvironmentalFactorsDisabledError(raw []byte) (*SettlementEnvironmentalFactorsDisabled, error) {
	out := new(SettlementEnvironmentalFactorsDisabled)
	if err := settlement.abi.UnpackIntoInterface(out, "EnvironmentalFactorsDisabled", raw); err != nil {
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

// SettlementExceedsCapacity represents a ExceedsCapacity error raised by the Settlement contract.
type SettlementExceedsCapacity struct {
	Provider common.Address
	Median   *big.Int
	Limit    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ExceedsCapacity(address provider, uint256 median, uint256 limit)
func SettlementExceedsCapacityErrorID() common.Hash {
	return common.HexToHash("0x4dc7ff7b57847b35fd07d9646514aca9d95465a9ab14a4c285d86d8921c14ffc")
}

// UnpackExceedsCapacityError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ExceedsCapacity(address provider, uint256 median, uint256 limit)
func (settlement *Settlement) UnpackExceedsCapacityError(raw []byte) (*SettlementExceedsCapacity, error) {
	out := new(SettlementExceedsCapacity)
	if err := settlement.abi.UnpackIntoInterface(out, "ExceedsCapacity", raw); err != nil {
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

// SettlementInvalidFactor represents a InvalidFactor error raised by the Settlement contract.
type SettlementInvalidFactor struct {
	Bps *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidFactor(uint256 bps)
func SettlementInvalidFactorErrorID() common.Hash {
	return common.HexToHash("0x4625bd005d272a1c974d272d11a1a7458b7113e21a32342737248d5b2987dc10")
}

// UnpackInvalidFactorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidFactor(uint256 bps)
func (settlement *Settlement) UnpackInvalidFactorError(raw []byte) (*SettlementInvalidFactor, error) {
	out := new(SettlementInvalidFactor)
	if err := settlement.abi.UnpackIntoInterface(out, "InvalidFactor", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// SettlementInvalidParameters represents a InvalidParameters error raised by the Settlement contract.
type SettlementInvalidParameters struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidParameters()
func SettlementInvalidParametersErrorID() common.Hash {
	return common.HexToHash("0xe52390909f87229f872871b8ab57a0e139663fb951ac6346f3852d332ca460b7")
}

// UnpackInvalidParametersError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidParameters()
func (settlement *Settlement) UnpackInvalidParametersError(raw []byte) (*SettlementInvalidParameters, error) {
	out := new(SettlementInvalidParameters)
	if err := settlement.abi.UnpackIntoInterface(out, "InvalidParameters", raw); err != nil {
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

// SettlementNotAdmitted represents a NotAdmitted error raised by the Settlement contract.
type SettlementNotAdmitted struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotAdmitted(address provider)
func SettlementNotAdmittedErrorID() common.Hash {
	return common.HexToHash("0xf9eb7453ab8744e4cb94d46ace41077884bf6f2444cf33296649fc80d1eeb578")
}

// UnpackNotAdmittedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotAdmitted(address provider)
func (settlement *Settlement) UnpackNotAdmittedError(raw []byte) (*SettlementNotAdmitted, error) {
	out := new(SettlementNotAdmitted)
	if err := settlement.abi.UnpackIntoInterface(out, "NotAdmitted", raw); err != nil {
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
