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

// ProviderRegistryProvider is an auto generated low-level Go binding around an user-defined struct.
type ProviderRegistryProvider struct {
	Status            uint8
	CapacityMegaFlops uint64
	Gpus              uint32
	AdmittedAt        uint64
	Registration      [32]byte
}

// ProviderRegistryMetaData contains all meta data concerning the ProviderRegistry contract.
var ProviderRegistryMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"AdmissionByVoteOnly\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"AlreadyAdmitted\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"GovernorAlreadySet\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"required\",\"type\":\"uint256\"}],\"name\":\"InsufficientStake\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotAdmitted\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"StakingAlreadySet\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"StakingNotSet\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"UnknownProvider\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRegistration\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"governor\",\"type\":\"address\"}],\"name\":\"GovernorSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"ProviderAdmitted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderReinstated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderSuspended\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"ProviderUpdated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"staking\",\"type\":\"address\"}],\"name\":\"StakingSet\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"admit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"admittedCapacity\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"count\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"governor\",\"outputs\":[{\"internalType\":\"contractIAdmissionTransition\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"isAdmitted\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"operatorAdmits\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"offset\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"limit\",\"type\":\"uint256\"}],\"name\":\"page\",\"outputs\":[{\"internalType\":\"address[]\",\"name\":\"out\",\"type\":\"address[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"addr\",\"type\":\"address\"}],\"name\":\"providerOf\",\"outputs\":[{\"components\":[{\"internalType\":\"enumProviderRegistry.Status\",\"name\":\"status\",\"type\":\"uint8\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"admittedAt\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"internalType\":\"structProviderRegistry.Provider\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"registeredCapacity\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"reinstate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"contractIAdmissionTransition\",\"name\":\"governor_\",\"type\":\"address\"}],\"name\":\"setGovernor\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"contractIStakeCoverage\",\"name\":\"staking_\",\"type\":\"address\"}],\"name\":\"setStaking\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"staking\",\"outputs\":[{\"internalType\":\"contractIStakeCoverage\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"suspend\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"update\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ProviderRegistry",
	Bin: "0x608060405234801561000f575f5ffd5b50604051611ba3380380611ba383398101604081905261002e916100e8565b6100385f8261003f565b5050610115565b5f828152602081815260408083206001600160a01b038516845290915281205460ff166100df575f838152602081815260408083206001600160a01b03861684529091529020805460ff191660011790556100973390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016100e2565b505f5b92915050565b5f602082840312156100f8575f5ffd5b81516001600160a01b038116811461010e575f5ffd5b9392505050565b611a81806101225f395ff3fe608060405234801561000f575f5ffd5b5060043610610179575f3560e01c806391d14854116100d2578063bdde6a9211610088578063d547741f11610063578063d547741f14610389578063d9afdfc01461039c578063ebb9e69c146103e0575f5ffd5b8063bdde6a9214610337578063c42cf53514610363578063d233fb3814610376575f5ffd5b8063a217fddf116100b8578063a217fddf14610315578063a707b1f51461031c578063af5a132f14610324575f5ffd5b806391d14854146102bf5780639ef9b18a14610302575f5ffd5b8063286781c7116101325780634cf088d91161010d5780634cf088d914610279578063830aebd9146102995780638ff39099146102ac575f5ffd5b8063286781c71461023e5780632f2ff15d1461025357806336568abe14610266575f5ffd5b80630c340a24116101625780630c340a24146101b757806321338b38146101fc578063248a9ca31461021c575f5ffd5b806301ffc9a71461017d57806306661abd146101a5575b5f5ffd5b61019061018b36600461172b565b610400565b60405190151581526020015b60405180910390f35b6002545b60405190815260200161019c565b6004546101d79073ffffffffffffffffffffffffffffffffffffffff1681565b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200161019c565b61020f61020a36600461178b565b610498565b60405161019c91906117d3565b6101a961022a36600461185b565b5f9081526020819052604090206001015490565b61025161024c36600461178b565b610575565b005b610251610261366004611872565b61067f565b610251610274366004611872565b6106a9565b6003546101d79073ffffffffffffffffffffffffffffffffffffffff1681565b6102516102a736600461178b565b610707565b6102516102ba36600461178b565b610826565b6101906102cd366004611872565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6102516103103660046118b5565b610948565b6101a95f81565b610190610be3565b6102516103323660046118b5565b610ca6565b61034a61034536600461178b565b610ed2565b60405167ffffffffffffffff909116815260200161019c565b61025161037136600461178b565b610f33565b61019061038436600461178b565b61104d565b610251610397366004611872565b611090565b61034a6103aa36600461178b565b73ffffffffffffffffffffffffffffffffffffffff165f90815260016020526040902054610100900467ffffffffffffffff1690565b6103f36103ee36600461190b565b6110b4565b60405161019c919061192b565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061049257507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b6040805160a0810182525f8082526020820181905291810182905260608101829052608081019190915273ffffffffffffffffffffffffffffffffffffffff82165f9081526001602052604090819020815160a081019092528054829060ff166002811115610509576105096117a6565b600281111561051a5761051a6117a6565b8152815467ffffffffffffffff61010082048116602084015263ffffffff690100000000000000000083041660408401526d010000000000000000000000000090910416606082015260019091015460809091015292915050565b5f61057f816111cd565b73ffffffffffffffffffffffffffffffffffffffff82165f90815260016020819052604090912090815460ff1660028111156105bd576105bd6117a6565b14610611576040517ff9eb745300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff841660048201526024015b60405180910390fd5b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600217815560405173ffffffffffffffffffffffffffffffffffffffff8416907fb09a946594975f881c95675e47928ef5907970967900a6fe0adbcb7b8d634df9905f90a2505050565b5f82815260208190526040902060010154610699816111cd565b6106a383836111da565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146106f8576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61070282826112d3565b505050565b5f610711816111cd565b73ffffffffffffffffffffffffffffffffffffffff82165f9081526001602052604090206002815460ff16600281111561074d5761074d6117a6565b1461079c576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff84166004820152602401610608565b80546107b8908490610100900467ffffffffffffffff1661138c565b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600117815560405173ffffffffffffffffffffffffffffffffffffffff8416907f0b8ceb75fcf9401085a9e463cacfa4e32c097b1c72ed746b9a140e7ddb628e6e905f90a2505050565b5f610830816111cd565b73ffffffffffffffffffffffffffffffffffffffff821661087d576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60035473ffffffffffffffffffffffffffffffffffffffff16156108cd576040517fb356903400000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600380547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff84169081179091556040519081527ff520447191196b125f76f7110397fdf32b1b9cefb7dec323bd3b998022ac2338906020015b60405180910390a15050565b610950611584565b73ffffffffffffffffffffffffffffffffffffffff841661099d576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b806109d4576040517f65d56b9000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff84165f90815260016020526040812090815460ff166002811115610a0f57610a0f6117a6565b14610a5e576040517f301eda9600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff86166004820152602401610608565b610a68858561138c565b80544267ffffffffffffffff9081166d0100000000000000000000000000027fffffffffffffffffffffff0000000000000000ffffffffffffffffffffffffff63ffffffff8716690100000000000000000081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff948a166101008102959095167fffffffffffffffffffffffffffffffffffffff0000000000000000000000000090961695909517949094176001908117919091169190911784558084018590556002805491820181555f527f405787fa12a823e0f2b7631cc41b3ba8828b3321ca811111fa75cd3aa3bb5ace01805473ffffffffffffffffffffffffffffffffffffffff89167fffffffffffffffffffffffff000000000000000000000000000000000000000090911681179091556040805192835260208301939093529181018490527f200438d2971db696e1cf102b6f66dbb7a7d5ff5758c293884d45e199391112cb906060015b60405180910390a25050505050565b6004545f9073ffffffffffffffffffffffffffffffffffffffff161580610ca1575060048054604080517f4ff049e8000000000000000000000000000000000000000000000000000000008152905173ffffffffffffffffffffffffffffffffffffffff90921692634ff049e89282820192602092908290030181865afa158015610c70573d5f5f3e3d5ffd5b505050506040513d601f19601f82011682018060405250810190610c949190611983565b67ffffffffffffffff1642105b905090565b80610cdd576040517f65d56b9000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff84165f908152600160205260409020805467ffffffffffffffff61010090910481169085161115610d2a57610d25611584565b610d52565b60045473ffffffffffffffffffffffffffffffffffffffff163314610d5257610d525f6111cd565b5f815460ff166002811115610d6957610d696117a6565b03610db8576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff86166004820152602401610608565b6001815460ff166002811115610dd057610dd06117a6565b148015610df05750805467ffffffffffffffff6101009091048116908516115b15610dff57610dff858561138c565b80547fffffffffffffffffffffffffffffffffffffff000000000000000000000000ff1661010067ffffffffffffffff86169081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff1691909117690100000000000000000063ffffffff861690810291909117835560018301849055604080519283526020830191909152810183905273ffffffffffffffffffffffffffffffffffffffff8616907f7f453e71827431bc3687a4ca743a6c4731ddfba810327f60ab7bf42c2fd5ea1e90606001610bd4565b73ffffffffffffffffffffffffffffffffffffffff81165f908152600160208190526040822090815460ff166002811115610f0f57610f0f6117a6565b14610f1a575f610f2c565b8054610100900467ffffffffffffffff165b9392505050565b5f610f3d816111cd565b73ffffffffffffffffffffffffffffffffffffffff8216610f8a576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b60045473ffffffffffffffffffffffffffffffffffffffff1615610fda576040517ff029c63000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b600480547fffffffffffffffffffffffff00000000000000000000000000000000000000001673ffffffffffffffffffffffffffffffffffffffff84169081179091556040519081527f1cbb37f5a02c38ab13773cb770fae505cce417a4d81560117389e3a9f7e001f29060200161093c565b5f600173ffffffffffffffffffffffffffffffffffffffff83165f9081526001602052604090205460ff166002811115611089576110896117a6565b1492915050565b5f828152602081905260409020600101546110aa816111cd565b6106a383836112d3565b60025460609083106110d45750604080515f815260208101909152610492565b5f6110df83856119f8565b6002549091508111156110f157506002545b6110fb8482611a0b565b67ffffffffffffffff8111156111135761111361199e565b60405190808252806020026020018201604052801561113c578160200160208202803683370190505b509150835b818110156111c5576002818154811061115c5761115c611a1e565b5f9182526020909120015473ffffffffffffffffffffffffffffffffffffffff16836111888784611a0b565b8151811061119857611198611a1e565b73ffffffffffffffffffffffffffffffffffffffff90921660209283029190910190910152600101611141565b505092915050565b6111d781336116a6565b50565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff166112cc575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600117905561126a3390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610492565b505f610492565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16156112cc575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610492565b60035473ffffffffffffffffffffffffffffffffffffffff166113db576040517f8d064b1c00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6003546040517fd141c57500000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff848116600483015267ffffffffffffffff841660248301529091169063d141c57590604401602060405180830381865afa158015611459573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061147d9190611a4b565b611580576003546040517fed91a81d00000000000000000000000000000000000000000000000000000000815267ffffffffffffffff831660048201528391839173ffffffffffffffffffffffffffffffffffffffff9091169063ed91a81d90602401602060405180830381865afa1580156114fb573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061151f9190611a6a565b6040517fc6dd6e0000000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff909316600484015267ffffffffffffffff90911660248301526044820152606401610608565b5050565b60045473ffffffffffffffffffffffffffffffffffffffff1633036115a557565b6115ae5f6111cd565b60045473ffffffffffffffffffffffffffffffffffffffff161580159061166d575060048054604080517f4ff049e8000000000000000000000000000000000000000000000000000000008152905173ffffffffffffffffffffffffffffffffffffffff90921692634ff049e89282820192602092908290030181865afa15801561163b573d5f5f3e3d5ffd5b505050506040513d601f19601f8201168201806040525081019061165f9190611983565b67ffffffffffffffff164210155b156116a4576040517fcf254b1200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16611580576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8216600482015260248101839052604401610608565b5f6020828403121561173b575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114610f2c575f5ffd5b73ffffffffffffffffffffffffffffffffffffffff811681146111d7575f5ffd5b5f6020828403121561179b575f5ffd5b8135610f2c8161176a565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b815160a08201906003811061180f577f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b8083525067ffffffffffffffff602084015116602083015263ffffffff604084015116604083015267ffffffffffffffff60608401511660608301526080830151608083015292915050565b5f6020828403121561186b575f5ffd5b5035919050565b5f5f60408385031215611883575f5ffd5b8235915060208301356118958161176a565b809150509250929050565b67ffffffffffffffff811681146111d7575f5ffd5b5f5f5f5f608085870312156118c8575f5ffd5b84356118d38161176a565b935060208501356118e3816118a0565b9250604085013563ffffffff811681146118fb575f5ffd5b9396929550929360600135925050565b5f5f6040838503121561191c575f5ffd5b50508035926020909101359150565b602080825282518282018190525f918401906040840190835b8181101561197857835173ffffffffffffffffffffffffffffffffffffffff16835260209384019390920191600101611944565b509095945050505050565b5f60208284031215611993575f5ffd5b8151610f2c816118a0565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b80820180821115610492576104926119cb565b81810381811115610492576104926119cb565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b5f60208284031215611a5b575f5ffd5b81518015158114610f2c575f5ffd5b5f60208284031215611a7a575f5ffd5b505191905056",
}

// ProviderRegistry is an auto generated Go binding around an Ethereum contract.
type ProviderRegistry struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *ProviderRegistry) GetABI() abi.ABI {
	return c.abi
}

// NewProviderRegistry creates a new instance of ProviderRegistry.
func NewProviderRegistry() *ProviderRegistry {
	parsed, err := ProviderRegistryMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &ProviderRegistry{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *ProviderRegistry) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin) returns()
func (providerRegistry *ProviderRegistry) PackConstructor(admin common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("", admin)
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
func (providerRegistry *ProviderRegistry) PackDEFAULTADMINROLE() []byte {
	enc, err := providerRegistry.abi.Pack("DEFAULT_ADMIN_ROLE")
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
func (providerRegistry *ProviderRegistry) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return providerRegistry.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (providerRegistry *ProviderRegistry) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := providerRegistry.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAdmit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9ef9b18a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function admit(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns()
func (providerRegistry *ProviderRegistry) PackAdmit(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) []byte {
	enc, err := providerRegistry.abi.Pack("admit", provider, capacityMegaFlops, gpus, registration)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAdmit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9ef9b18a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function admit(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns()
func (providerRegistry *ProviderRegistry) TryPackAdmit(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) ([]byte, error) {
	return providerRegistry.abi.Pack("admit", provider, capacityMegaFlops, gpus, registration)
}

// PackAdmittedCapacity is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbdde6a92.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function admittedCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) PackAdmittedCapacity(provider common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("admittedCapacity", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAdmittedCapacity is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbdde6a92.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function admittedCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) TryPackAdmittedCapacity(provider common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("admittedCapacity", provider)
}

// UnpackAdmittedCapacity is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xbdde6a92.
//
// Solidity: function admittedCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) UnpackAdmittedCapacity(data []byte) (uint64, error) {
	out, err := providerRegistry.abi.Unpack("admittedCapacity", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06661abd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function count() view returns(uint256)
func (providerRegistry *ProviderRegistry) PackCount() []byte {
	enc, err := providerRegistry.abi.Pack("count")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCount is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06661abd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function count() view returns(uint256)
func (providerRegistry *ProviderRegistry) TryPackCount() ([]byte, error) {
	return providerRegistry.abi.Pack("count")
}

// UnpackCount is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06661abd.
//
// Solidity: function count() view returns(uint256)
func (providerRegistry *ProviderRegistry) UnpackCount(data []byte) (*big.Int, error) {
	out, err := providerRegistry.abi.Unpack("count", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (providerRegistry *ProviderRegistry) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := providerRegistry.abi.Pack("getRoleAdmin", role)
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
func (providerRegistry *ProviderRegistry) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return providerRegistry.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (providerRegistry *ProviderRegistry) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := providerRegistry.abi.Unpack("getRoleAdmin", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGovernor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0c340a24.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function governor() view returns(address)
func (providerRegistry *ProviderRegistry) PackGovernor() []byte {
	enc, err := providerRegistry.abi.Pack("governor")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGovernor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0c340a24.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function governor() view returns(address)
func (providerRegistry *ProviderRegistry) TryPackGovernor() ([]byte, error) {
	return providerRegistry.abi.Pack("governor")
}

// UnpackGovernor is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0c340a24.
//
// Solidity: function governor() view returns(address)
func (providerRegistry *ProviderRegistry) UnpackGovernor(data []byte) (common.Address, error) {
	out, err := providerRegistry.abi.Unpack("governor", data)
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
func (providerRegistry *ProviderRegistry) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("grantRole", role, account)
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
func (providerRegistry *ProviderRegistry) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (providerRegistry *ProviderRegistry) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("hasRole", role, account)
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
func (providerRegistry *ProviderRegistry) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (providerRegistry *ProviderRegistry) UnpackHasRole(data []byte) (bool, error) {
	out, err := providerRegistry.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackIsAdmitted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd233fb38.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isAdmitted(address provider) view returns(bool)
func (providerRegistry *ProviderRegistry) PackIsAdmitted(provider common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("isAdmitted", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsAdmitted is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd233fb38.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isAdmitted(address provider) view returns(bool)
func (providerRegistry *ProviderRegistry) TryPackIsAdmitted(provider common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("isAdmitted", provider)
}

// UnpackIsAdmitted is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd233fb38.
//
// Solidity: function isAdmitted(address provider) view returns(bool)
func (providerRegistry *ProviderRegistry) UnpackIsAdmitted(data []byte) (bool, error) {
	out, err := providerRegistry.abi.Unpack("isAdmitted", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackOperatorAdmits is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa707b1f5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function operatorAdmits() view returns(bool)
func (providerRegistry *ProviderRegistry) PackOperatorAdmits() []byte {
	enc, err := providerRegistry.abi.Pack("operatorAdmits")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOperatorAdmits is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa707b1f5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function operatorAdmits() view returns(bool)
func (providerRegistry *ProviderRegistry) TryPackOperatorAdmits() ([]byte, error) {
	return providerRegistry.abi.Pack("operatorAdmits")
}

// UnpackOperatorAdmits is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa707b1f5.
//
// Solidity: function operatorAdmits() view returns(bool)
func (providerRegistry *ProviderRegistry) UnpackOperatorAdmits(data []byte) (bool, error) {
	out, err := providerRegistry.abi.Unpack("operatorAdmits", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackPage is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xebb9e69c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function page(uint256 offset, uint256 limit) view returns(address[] out)
func (providerRegistry *ProviderRegistry) PackPage(offset *big.Int, limit *big.Int) []byte {
	enc, err := providerRegistry.abi.Pack("page", offset, limit)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPage is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xebb9e69c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function page(uint256 offset, uint256 limit) view returns(address[] out)
func (providerRegistry *ProviderRegistry) TryPackPage(offset *big.Int, limit *big.Int) ([]byte, error) {
	return providerRegistry.abi.Pack("page", offset, limit)
}

// UnpackPage is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xebb9e69c.
//
// Solidity: function page(uint256 offset, uint256 limit) view returns(address[] out)
func (providerRegistry *ProviderRegistry) UnpackPage(data []byte) ([]common.Address, error) {
	out, err := providerRegistry.abi.Unpack("page", data)
	if err != nil {
		return *new([]common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new([]common.Address)).(*[]common.Address)
	return out0, nil
}

// PackProviderOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21338b38.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64,bytes32))
func (providerRegistry *ProviderRegistry) PackProviderOf(addr common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("providerOf", addr)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackProviderOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21338b38.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64,bytes32))
func (providerRegistry *ProviderRegistry) TryPackProviderOf(addr common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("providerOf", addr)
}

// UnpackProviderOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x21338b38.
//
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64,bytes32))
func (providerRegistry *ProviderRegistry) UnpackProviderOf(data []byte) (ProviderRegistryProvider, error) {
	out, err := providerRegistry.abi.Unpack("providerOf", data)
	if err != nil {
		return *new(ProviderRegistryProvider), err
	}
	out0 := *abi.ConvertType(out[0], new(ProviderRegistryProvider)).(*ProviderRegistryProvider)
	return out0, nil
}

// PackRegisteredCapacity is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd9afdfc0.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function registeredCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) PackRegisteredCapacity(provider common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("registeredCapacity", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRegisteredCapacity is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd9afdfc0.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function registeredCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) TryPackRegisteredCapacity(provider common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("registeredCapacity", provider)
}

// UnpackRegisteredCapacity is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd9afdfc0.
//
// Solidity: function registeredCapacity(address provider) view returns(uint64)
func (providerRegistry *ProviderRegistry) UnpackRegisteredCapacity(data []byte) (uint64, error) {
	out, err := providerRegistry.abi.Unpack("registeredCapacity", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackReinstate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x830aebd9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function reinstate(address provider) returns()
func (providerRegistry *ProviderRegistry) PackReinstate(provider common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("reinstate", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReinstate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x830aebd9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function reinstate(address provider) returns()
func (providerRegistry *ProviderRegistry) TryPackReinstate(provider common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("reinstate", provider)
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (providerRegistry *ProviderRegistry) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("renounceRole", role, callerConfirmation)
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
func (providerRegistry *ProviderRegistry) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (providerRegistry *ProviderRegistry) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("revokeRole", role, account)
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
func (providerRegistry *ProviderRegistry) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("revokeRole", role, account)
}

// PackSetGovernor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc42cf535.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setGovernor(address governor_) returns()
func (providerRegistry *ProviderRegistry) PackSetGovernor(governor common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("setGovernor", governor)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetGovernor is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc42cf535.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setGovernor(address governor_) returns()
func (providerRegistry *ProviderRegistry) TryPackSetGovernor(governor common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("setGovernor", governor)
}

// PackSetStaking is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8ff39099.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setStaking(address staking_) returns()
func (providerRegistry *ProviderRegistry) PackSetStaking(staking common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("setStaking", staking)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetStaking is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8ff39099.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setStaking(address staking_) returns()
func (providerRegistry *ProviderRegistry) TryPackSetStaking(staking common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("setStaking", staking)
}

// PackStaking is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4cf088d9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function staking() view returns(address)
func (providerRegistry *ProviderRegistry) PackStaking() []byte {
	enc, err := providerRegistry.abi.Pack("staking")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackStaking is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4cf088d9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function staking() view returns(address)
func (providerRegistry *ProviderRegistry) TryPackStaking() ([]byte, error) {
	return providerRegistry.abi.Pack("staking")
}

// UnpackStaking is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4cf088d9.
//
// Solidity: function staking() view returns(address)
func (providerRegistry *ProviderRegistry) UnpackStaking(data []byte) (common.Address, error) {
	out, err := providerRegistry.abi.Unpack("staking", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (providerRegistry *ProviderRegistry) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := providerRegistry.abi.Pack("supportsInterface", interfaceId)
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
func (providerRegistry *ProviderRegistry) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return providerRegistry.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (providerRegistry *ProviderRegistry) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := providerRegistry.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackSuspend is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x286781c7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function suspend(address provider) returns()
func (providerRegistry *ProviderRegistry) PackSuspend(provider common.Address) []byte {
	enc, err := providerRegistry.abi.Pack("suspend", provider)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSuspend is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x286781c7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function suspend(address provider) returns()
func (providerRegistry *ProviderRegistry) TryPackSuspend(provider common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("suspend", provider)
}

// PackUpdate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaf5a132f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function update(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns()
func (providerRegistry *ProviderRegistry) PackUpdate(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) []byte {
	enc, err := providerRegistry.abi.Pack("update", provider, capacityMegaFlops, gpus, registration)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUpdate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaf5a132f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function update(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) returns()
func (providerRegistry *ProviderRegistry) TryPackUpdate(provider common.Address, capacityMegaFlops uint64, gpus uint32, registration [32]byte) ([]byte, error) {
	return providerRegistry.abi.Pack("update", provider, capacityMegaFlops, gpus, registration)
}

// ProviderRegistryGovernorSet represents a GovernorSet event raised by the ProviderRegistry contract.
type ProviderRegistryGovernorSet struct {
	Governor common.Address
	Raw      *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryGovernorSetEventName = "GovernorSet"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryGovernorSet) ContractEventName() string {
	return ProviderRegistryGovernorSetEventName
}

// UnpackGovernorSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event GovernorSet(address governor)
func (providerRegistry *ProviderRegistry) UnpackGovernorSetEvent(log *types.Log) (*ProviderRegistryGovernorSet, error) {
	event := "GovernorSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryGovernorSet)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryProviderAdmitted represents a ProviderAdmitted event raised by the ProviderRegistry contract.
type ProviderRegistryProviderAdmitted struct {
	Provider          common.Address
	CapacityMegaFlops uint64
	Gpus              uint32
	Registration      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryProviderAdmittedEventName = "ProviderAdmitted"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryProviderAdmitted) ContractEventName() string {
	return ProviderRegistryProviderAdmittedEventName
}

// UnpackProviderAdmittedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProviderAdmitted(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration)
func (providerRegistry *ProviderRegistry) UnpackProviderAdmittedEvent(log *types.Log) (*ProviderRegistryProviderAdmitted, error) {
	event := "ProviderAdmitted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryProviderAdmitted)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryProviderReinstated represents a ProviderReinstated event raised by the ProviderRegistry contract.
type ProviderRegistryProviderReinstated struct {
	Provider common.Address
	Raw      *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryProviderReinstatedEventName = "ProviderReinstated"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryProviderReinstated) ContractEventName() string {
	return ProviderRegistryProviderReinstatedEventName
}

// UnpackProviderReinstatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProviderReinstated(address indexed provider)
func (providerRegistry *ProviderRegistry) UnpackProviderReinstatedEvent(log *types.Log) (*ProviderRegistryProviderReinstated, error) {
	event := "ProviderReinstated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryProviderReinstated)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryProviderSuspended represents a ProviderSuspended event raised by the ProviderRegistry contract.
type ProviderRegistryProviderSuspended struct {
	Provider common.Address
	Raw      *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryProviderSuspendedEventName = "ProviderSuspended"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryProviderSuspended) ContractEventName() string {
	return ProviderRegistryProviderSuspendedEventName
}

// UnpackProviderSuspendedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProviderSuspended(address indexed provider)
func (providerRegistry *ProviderRegistry) UnpackProviderSuspendedEvent(log *types.Log) (*ProviderRegistryProviderSuspended, error) {
	event := "ProviderSuspended"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryProviderSuspended)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryProviderUpdated represents a ProviderUpdated event raised by the ProviderRegistry contract.
type ProviderRegistryProviderUpdated struct {
	Provider          common.Address
	CapacityMegaFlops uint64
	Gpus              uint32
	Registration      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryProviderUpdatedEventName = "ProviderUpdated"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryProviderUpdated) ContractEventName() string {
	return ProviderRegistryProviderUpdatedEventName
}

// UnpackProviderUpdatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ProviderUpdated(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration)
func (providerRegistry *ProviderRegistry) UnpackProviderUpdatedEvent(log *types.Log) (*ProviderRegistryProviderUpdated, error) {
	event := "ProviderUpdated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryProviderUpdated)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryRoleAdminChanged represents a RoleAdminChanged event raised by the ProviderRegistry contract.
type ProviderRegistryRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryRoleAdminChanged) ContractEventName() string {
	return ProviderRegistryRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (providerRegistry *ProviderRegistry) UnpackRoleAdminChangedEvent(log *types.Log) (*ProviderRegistryRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryRoleGranted represents a RoleGranted event raised by the ProviderRegistry contract.
type ProviderRegistryRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryRoleGranted) ContractEventName() string {
	return ProviderRegistryRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (providerRegistry *ProviderRegistry) UnpackRoleGrantedEvent(log *types.Log) (*ProviderRegistryRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryRoleGranted)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryRoleRevoked represents a RoleRevoked event raised by the ProviderRegistry contract.
type ProviderRegistryRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryRoleRevoked) ContractEventName() string {
	return ProviderRegistryRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (providerRegistry *ProviderRegistry) UnpackRoleRevokedEvent(log *types.Log) (*ProviderRegistryRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryRoleRevoked)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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

// ProviderRegistryStakingSet represents a StakingSet event raised by the ProviderRegistry contract.
type ProviderRegistryStakingSet struct {
	Staking common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const ProviderRegistryStakingSetEventName = "StakingSet"

// ContractEventName returns the user-defined event name.
func (ProviderRegistryStakingSet) ContractEventName() string {
	return ProviderRegistryStakingSetEventName
}

// UnpackStakingSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event StakingSet(address staking)
func (providerRegistry *ProviderRegistry) UnpackStakingSetEvent(log *types.Log) (*ProviderRegistryStakingSet, error) {
	event := "StakingSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != providerRegistry.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(ProviderRegistryStakingSet)
	if len(log.Data) > 0 {
		if err := providerRegistry.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range providerRegistry.abi.Events[event].Inputs {
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
func (providerRegistry *ProviderRegistry) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AdmissionByVoteOnly"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAdmissionByVoteOnlyError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AlreadyAdmitted"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAlreadyAdmittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["GovernorAlreadySet"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackGovernorAlreadySetError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["InsufficientStake"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackInsufficientStakeError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["NotAdmitted"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackNotAdmittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["StakingAlreadySet"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackStakingAlreadySetError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["StakingNotSet"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackStakingNotSetError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["UnknownProvider"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackUnknownProviderError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["ZeroRegistration"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackZeroRegistrationError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// ProviderRegistryAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the ProviderRegistry contract.
type ProviderRegistryAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func ProviderRegistryAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (providerRegistry *ProviderRegistry) UnpackAccessControlBadConfirmationError(raw []byte) (*ProviderRegistryAccessControlBadConfirmation, error) {
	out := new(ProviderRegistryAccessControlBadConfirmation)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the ProviderRegistry contract.
type ProviderRegistryAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func ProviderRegistryAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (providerRegistry *ProviderRegistry) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*ProviderRegistryAccessControlUnauthorizedAccount, error) {
	out := new(ProviderRegistryAccessControlUnauthorizedAccount)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryAdmissionByVoteOnly represents a AdmissionByVoteOnly error raised by the ProviderRegistry contract.
type ProviderRegistryAdmissionByVoteOnly struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AdmissionByVoteOnly()
func ProviderRegistryAdmissionByVoteOnlyErrorID() common.Hash {
	return common.HexToHash("0xcf254b12e4d4d8ba4a6a66e6134e0b439acfce43dc71081d460fddf8d1dae9ec")
}

// UnpackAdmissionByVoteOnlyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AdmissionByVoteOnly()
func (providerRegistry *ProviderRegistry) UnpackAdmissionByVoteOnlyError(raw []byte) (*ProviderRegistryAdmissionByVoteOnly, error) {
	out := new(ProviderRegistryAdmissionByVoteOnly)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "AdmissionByVoteOnly", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryAlreadyAdmitted represents a AlreadyAdmitted error raised by the ProviderRegistry contract.
type ProviderRegistryAlreadyAdmitted struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AlreadyAdmitted(address provider)
func ProviderRegistryAlreadyAdmittedErrorID() common.Hash {
	return common.HexToHash("0x301eda96bb30c357104431e0350b3a2bd993b34ea0dd186ebfddacff70ef326e")
}

// UnpackAlreadyAdmittedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AlreadyAdmitted(address provider)
func (providerRegistry *ProviderRegistry) UnpackAlreadyAdmittedError(raw []byte) (*ProviderRegistryAlreadyAdmitted, error) {
	out := new(ProviderRegistryAlreadyAdmitted)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "AlreadyAdmitted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryGovernorAlreadySet represents a GovernorAlreadySet error raised by the ProviderRegistry contract.
type ProviderRegistryGovernorAlreadySet struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error GovernorAlreadySet()
func ProviderRegistryGovernorAlreadySetErrorID() common.Hash {
	return common.HexToHash("0xf029c630dde111e5fcf502347930d61c7181b0155efd362a82d4e92b99f83261")
}

// UnpackGovernorAlreadySetError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error GovernorAlreadySet()
func (providerRegistry *ProviderRegistry) UnpackGovernorAlreadySetError(raw []byte) (*ProviderRegistryGovernorAlreadySet, error) {
	out := new(ProviderRegistryGovernorAlreadySet)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "GovernorAlreadySet", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryInsufficientStake represents a InsufficientStake error raised by the ProviderRegistry contract.
type ProviderRegistryInsufficientStake struct {
	Provider          common.Address
	CapacityMegaFlops uint64
	Required          *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientStake(address provider, uint64 capacityMegaFlops, uint256 required)
func ProviderRegistryInsufficientStakeErrorID() common.Hash {
	return common.HexToHash("0xc6dd6e00af84e51590aa55a1e0ddd4dc295dafa4c9803c1236c6baaf621e1f90")
}

// UnpackInsufficientStakeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientStake(address provider, uint64 capacityMegaFlops, uint256 required)
func (providerRegistry *ProviderRegistry) UnpackInsufficientStakeError(raw []byte) (*ProviderRegistryInsufficientStake, error) {
	out := new(ProviderRegistryInsufficientStake)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "InsufficientStake", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryNotAdmitted represents a NotAdmitted error raised by the ProviderRegistry contract.
type ProviderRegistryNotAdmitted struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotAdmitted(address provider)
func ProviderRegistryNotAdmittedErrorID() common.Hash {
	return common.HexToHash("0xf9eb7453ab8744e4cb94d46ace41077884bf6f2444cf33296649fc80d1eeb578")
}

// UnpackNotAdmittedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotAdmitted(address provider)
func (providerRegistry *ProviderRegistry) UnpackNotAdmittedError(raw []byte) (*ProviderRegistryNotAdmitted, error) {
	out := new(ProviderRegistryNotAdmitted)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "NotAdmitted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryStakingAlreadySet represents a StakingAlreadySet error raised by the ProviderRegistry contract.
type ProviderRegistryStakingAlreadySet struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StakingAlreadySet()
func ProviderRegistryStakingAlreadySetErrorID() common.Hash {
	return common.HexToHash("0xb3569034cc0acd8a6f02806b1f15be56de171752cfd30153a16c14060ef801a7")
}

// UnpackStakingAlreadySetError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StakingAlreadySet()
func (providerRegistry *ProviderRegistry) UnpackStakingAlreadySetError(raw []byte) (*ProviderRegistryStakingAlreadySet, error) {
	out := new(ProviderRegistryStakingAlreadySet)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "StakingAlreadySet", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryStakingNotSet represents a StakingNotSet error raised by the ProviderRegistry contract.
type ProviderRegistryStakingNotSet struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error StakingNotSet()
func ProviderRegistryStakingNotSetErrorID() common.Hash {
	return common.HexToHash("0x8d064b1c714fddc7beeec940d6e211c4dbf01305602371f96ceaf7a35936e001")
}

// UnpackStakingNotSetError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error StakingNotSet()
func (providerRegistry *ProviderRegistry) UnpackStakingNotSetError(raw []byte) (*ProviderRegistryStakingNotSet, error) {
	out := new(ProviderRegistryStakingNotSet)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "StakingNotSet", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryUnknownProvider represents a UnknownProvider error raised by the ProviderRegistry contract.
type ProviderRegistryUnknownProvider struct {
	Provider common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownProvider(address provider)
func ProviderRegistryUnknownProviderErrorID() common.Hash {
	return common.HexToHash("0x30ac863d4c4dd38cded884b4b4b7b58d0c2ad96a1e6f66f82293d073361a314f")
}

// UnpackUnknownProviderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownProvider(address provider)
func (providerRegistry *ProviderRegistry) UnpackUnknownProviderError(raw []byte) (*ProviderRegistryUnknownProvider, error) {
	out := new(ProviderRegistryUnknownProvider)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "UnknownProvider", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryZeroAddress represents a ZeroAddress error raised by the ProviderRegistry contract.
type ProviderRegistryZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func ProviderRegistryZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (providerRegistry *ProviderRegistry) UnpackZeroAddressError(raw []byte) (*ProviderRegistryZeroAddress, error) {
	out := new(ProviderRegistryZeroAddress)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ProviderRegistryZeroRegistration represents a ZeroRegistration error raised by the ProviderRegistry contract.
type ProviderRegistryZeroRegistration struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroRegistration()
func ProviderRegistryZeroRegistrationErrorID() common.Hash {
	return common.HexToHash("0x65d56b90e4daa91d99b2c6ed627496375b26c918d6b8b0ba76577d57de35345e")
}

// UnpackZeroRegistrationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroRegistration()
func (providerRegistry *ProviderRegistry) UnpackZeroRegistrationError(raw []byte) (*ProviderRegistryZeroRegistration, error) {
	out := new(ProviderRegistryZeroRegistration)
	if err := providerRegistry.abi.UnpackIntoInterface(out, "ZeroRegistration", raw); err != nil {
		return nil, err
	}
	return out, nil
}
