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
}

// ProviderRegistryMetaData contains all meta data concerning the ProviderRegistry contract.
var ProviderRegistryMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"AlreadyAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"UnknownProvider\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"}],\"name\":\"ProviderAdmitted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderReinstated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderSuspended\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"}],\"name\":\"ProviderUpdated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"}],\"name\":\"admit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"count\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"isAdmitted\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"offset\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"limit\",\"type\":\"uint256\"}],\"name\":\"page\",\"outputs\":[{\"internalType\":\"address[]\",\"name\":\"out\",\"type\":\"address[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"addr\",\"type\":\"address\"}],\"name\":\"providerOf\",\"outputs\":[{\"components\":[{\"internalType\":\"enumProviderRegistry.Status\",\"name\":\"status\",\"type\":\"uint8\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"admittedAt\",\"type\":\"uint64\"}],\"internalType\":\"structProviderRegistry.Provider\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"reinstate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"suspend\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"}],\"name\":\"update\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ProviderRegistry",
	Bin: "0x608060405234801561000f575f5ffd5b506040516111f03803806111f083398101604081905261002e916100e8565b6100385f8261003f565b5050610115565b5f828152602081815260408083206001600160a01b038516845290915281205460ff166100df575f838152602081815260408083206001600160a01b03861684529091529020805460ff191660011790556100973390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016100e2565b505f5b92915050565b5f602082840312156100f8575f5ffd5b81516001600160a01b038116811461010e575f5ffd5b9392505050565b6110ce806101225f395ff3fe608060405234801561000f575f5ffd5b50600436106100f0575f3560e01c80634c280ff811610093578063a217fddf11610063578063a217fddf14610227578063d233fb381461022e578063d547741f14610241578063ebb9e69c14610254575f5ffd5b80634c280ff8146101ab578063795d8bbe146101be578063830aebd9146101d157806391d14854146101e4575f5ffd5b8063248a9ca3116100ce578063248a9ca31461014e578063286781c7146101705780632f2ff15d1461018557806336568abe14610198575f5ffd5b806301ffc9a7146100f457806306661abd1461011c57806321338b381461012e575b5f5ffd5b610107610102366004610ddc565b610274565b60405190151581526020015b60405180910390f35b6002545b604051908152602001610113565b61014161013c366004610e4a565b61030c565b6040516101139190610e90565b61012061015c366004610f0e565b5f9081526020819052604090206001015490565b61018361017e366004610e4a565b6103d7565b005b610183610193366004610f25565b6104e1565b6101836101a6366004610f25565b61050b565b6101836101b9366004610f4f565b610569565b6101836101cc366004610f4f565b6107b8565b6101836101df366004610e4a565b610911565b6101076101f2366004610f25565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6101205f81565b61010761023c366004610e4a565b610a14565b61018361024f366004610f25565b610a57565b610267610262366004610fa9565b610a7b565b6040516101139190610fc9565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061030657507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b604080516080810182525f80825260208201819052918101829052606081019190915273ffffffffffffffffffffffffffffffffffffffff82165f90815260016020526040908190208151608081019092528054829060ff16600281111561037657610376610e63565b600281111561038757610387610e63565b8152905467ffffffffffffffff61010082048116602084015263ffffffff690100000000000000000083041660408401526d01000000000000000000000000009091041660609091015292915050565b5f6103e181610b94565b73ffffffffffffffffffffffffffffffffffffffff82165f90815260016020819052604090912090815460ff16600281111561041f5761041f610e63565b14610473576040517ff9eb745300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff841660048201526024015b60405180910390fd5b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600217815560405173ffffffffffffffffffffffffffffffffffffffff8416907fb09a946594975f881c95675e47928ef5907970967900a6fe0adbcb7b8d634df9905f90a2505050565b5f828152602081905260409020600101546104fb81610b94565b6105058383610ba1565b50505050565b73ffffffffffffffffffffffffffffffffffffffff8116331461055a576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6105648282610c9a565b505050565b5f61057381610b94565b73ffffffffffffffffffffffffffffffffffffffff84166105c0576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff84165f90815260016020526040812090815460ff1660028111156105fb576105fb610e63565b1461064a576040517f301eda9600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8616600482015260240161046a565b80544267ffffffffffffffff9081166d0100000000000000000000000000027fffffffffffffffffffffff0000000000000000ffffffffffffffffffffffffff63ffffffff8716690100000000000000000081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff948a166101008102959095167fffffffffffffffffffffffffffffffffffffff0000000000000000000000000090961695909517949094176001908117919091169190911784556002805491820181555f527f405787fa12a823e0f2b7631cc41b3ba8828b3321ca811111fa75cd3aa3bb5ace01805473ffffffffffffffffffffffffffffffffffffffff89167fffffffffffffffffffffffff00000000000000000000000000000000000000009091168117909155604080519283526020830193909352917f5cee7fdb8f8bffe54908a467f0e243034b26b3339c8e189741caafc874656a0691015b60405180910390a25050505050565b5f6107c281610b94565b73ffffffffffffffffffffffffffffffffffffffff84165f90815260016020526040812090815460ff1660028111156107fd576107fd610e63565b0361084c576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8616600482015260240161046a565b80547fffffffffffffffffffffffffffffffffffffff000000000000000000000000ff1661010067ffffffffffffffff86169081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff1691909117690100000000000000000063ffffffff861690810291909117835560408051928352602083019190915273ffffffffffffffffffffffffffffffffffffffff8716917f182a1f708c4bd0f7247e5b13d04c7c8cc3a49bf93460baeabf022d7f42488ac391016107a9565b5f61091b81610b94565b73ffffffffffffffffffffffffffffffffffffffff82165f9081526001602052604090206002815460ff16600281111561095757610957610e63565b146109a6576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8416600482015260240161046a565b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600117815560405173ffffffffffffffffffffffffffffffffffffffff8416907f0b8ceb75fcf9401085a9e463cacfa4e32c097b1c72ed746b9a140e7ddb628e6e905f90a2505050565b5f600173ffffffffffffffffffffffffffffffffffffffff83165f9081526001602052604090205460ff166002811115610a5057610a50610e63565b1492915050565b5f82815260208190526040902060010154610a7181610b94565b6105058383610c9a565b6002546060908310610a9b5750604080515f815260208101909152610306565b5f610aa6838561107b565b600254909150811115610ab857506002545b610ac2848261108e565b67ffffffffffffffff811115610ada57610ada611021565b604051908082528060200260200182016040528015610b03578160200160208202803683370190505b509150835b81811015610b8c5760028181548110610b2357610b236110a1565b5f9182526020909120015473ffffffffffffffffffffffffffffffffffffffff1683610b4f878461108e565b81518110610b5f57610b5f6110a1565b73ffffffffffffffffffffffffffffffffffffffff90921660209283029190910190910152600101610b08565b505092915050565b610b9e8133610d53565b50565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16610c93575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055610c313390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610306565b505f610306565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615610c93575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610306565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16610dd8576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024810183905260440161046a565b5050565b5f60208284031215610dec575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114610e1b575f5ffd5b9392505050565b803573ffffffffffffffffffffffffffffffffffffffff81168114610e45575f5ffd5b919050565b5f60208284031215610e5a575f5ffd5b610e1b82610e22565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b8151608082019060038110610ecc577f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b8083525067ffffffffffffffff602084015116602083015263ffffffff604084015116604083015267ffffffffffffffff606084015116606083015292915050565b5f60208284031215610f1e575f5ffd5b5035919050565b5f5f60408385031215610f36575f5ffd5b82359150610f4660208401610e22565b90509250929050565b5f5f5f60608486031215610f61575f5ffd5b610f6a84610e22565b9250602084013567ffffffffffffffff81168114610f86575f5ffd5b9150604084013563ffffffff81168114610f9e575f5ffd5b809150509250925092565b5f5f60408385031215610fba575f5ffd5b50508035926020909101359150565b602080825282518282018190525f918401906040840190835b8181101561101657835173ffffffffffffffffffffffffffffffffffffffff16835260209384019390920191600101610fe2565b509095945050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b808201808211156103065761030661104e565b818103818111156103065761030661104e565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd",
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
// the contract method with ID 0x4c280ff8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function admit(address provider, uint64 capacityMegaFlops, uint32 gpus) returns()
func (providerRegistry *ProviderRegistry) PackAdmit(provider common.Address, capacityMegaFlops uint64, gpus uint32) []byte {
	enc, err := providerRegistry.abi.Pack("admit", provider, capacityMegaFlops, gpus)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAdmit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c280ff8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function admit(address provider, uint64 capacityMegaFlops, uint32 gpus) returns()
func (providerRegistry *ProviderRegistry) TryPackAdmit(provider common.Address, capacityMegaFlops uint64, gpus uint32) ([]byte, error) {
	return providerRegistry.abi.Pack("admit", provider, capacityMegaFlops, gpus)
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
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64))
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
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64))
func (providerRegistry *ProviderRegistry) TryPackProviderOf(addr common.Address) ([]byte, error) {
	return providerRegistry.abi.Pack("providerOf", addr)
}

// UnpackProviderOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x21338b38.
//
// Solidity: function providerOf(address addr) view returns((uint8,uint64,uint32,uint64))
func (providerRegistry *ProviderRegistry) UnpackProviderOf(data []byte) (ProviderRegistryProvider, error) {
	out, err := providerRegistry.abi.Unpack("providerOf", data)
	if err != nil {
		return *new(ProviderRegistryProvider), err
	}
	out0 := *abi.ConvertType(out[0], new(ProviderRegistryProvider)).(*ProviderRegistryProvider)
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
// the contract method with ID 0x795d8bbe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function update(address provider, uint64 capacityMegaFlops, uint32 gpus) returns()
func (providerRegistry *ProviderRegistry) PackUpdate(provider common.Address, capacityMegaFlops uint64, gpus uint32) []byte {
	enc, err := providerRegistry.abi.Pack("update", provider, capacityMegaFlops, gpus)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackUpdate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x795d8bbe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function update(address provider, uint64 capacityMegaFlops, uint32 gpus) returns()
func (providerRegistry *ProviderRegistry) TryPackUpdate(provider common.Address, capacityMegaFlops uint64, gpus uint32) ([]byte, error) {
	return providerRegistry.abi.Pack("update", provider, capacityMegaFlops, gpus)
}

// ProviderRegistryProviderAdmitted represents a ProviderAdmitted event raised by the ProviderRegistry contract.
type ProviderRegistryProviderAdmitted struct {
	Provider          common.Address
	CapacityMegaFlops uint64
	Gpus              uint32
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
// Solidity: event ProviderAdmitted(address indexed provider, uint64 capacityMegaFlops, uint32 gpus)
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
// Solidity: event ProviderUpdated(address indexed provider, uint64 capacityMegaFlops, uint32 gpus)
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

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (providerRegistry *ProviderRegistry) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["AlreadyAdmitted"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackAlreadyAdmittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["NotAdmitted"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackNotAdmittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["UnknownProvider"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackUnknownProviderError(raw[4:])
	}
	if bytes.Equal(raw[:4], providerRegistry.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return providerRegistry.UnpackZeroAddressError(raw[4:])
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
