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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"AlreadyAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"NotAdmitted\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"UnknownProvider\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroRegistration\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"ProviderAdmitted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderReinstated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"ProviderSuspended\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"indexed\":false,\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"ProviderUpdated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"admit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"admittedCapacity\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"count\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"isAdmitted\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"offset\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"limit\",\"type\":\"uint256\"}],\"name\":\"page\",\"outputs\":[{\"internalType\":\"address[]\",\"name\":\"out\",\"type\":\"address[]\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"addr\",\"type\":\"address\"}],\"name\":\"providerOf\",\"outputs\":[{\"components\":[{\"internalType\":\"enumProviderRegistry.Status\",\"name\":\"status\",\"type\":\"uint8\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"uint64\",\"name\":\"admittedAt\",\"type\":\"uint64\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"internalType\":\"structProviderRegistry.Provider\",\"name\":\"\",\"type\":\"tuple\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"reinstate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"}],\"name\":\"suspend\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"provider\",\"type\":\"address\"},{\"internalType\":\"uint64\",\"name\":\"capacityMegaFlops\",\"type\":\"uint64\"},{\"internalType\":\"uint32\",\"name\":\"gpus\",\"type\":\"uint32\"},{\"internalType\":\"bytes32\",\"name\":\"registration\",\"type\":\"bytes32\"}],\"name\":\"update\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ProviderRegistry",
	Bin: "0x608060405234801561000f575f5ffd5b5060405161132d38038061132d83398101604081905261002e916100e8565b6100385f8261003f565b5050610115565b5f828152602081815260408083206001600160a01b038516845290915281205460ff166100df575f838152602081815260408083206001600160a01b03861684529091529020805460ff191660011790556100973390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016100e2565b505f5b92915050565b5f602082840312156100f8575f5ffd5b81516001600160a01b038116811461010e575f5ffd5b9392505050565b61120b806101225f395ff3fe608060405234801561000f575f5ffd5b50600436106100fb575f3560e01c806391d1485411610093578063bdde6a9211610063578063bdde6a9214610239578063d233fb3814610265578063d547741f14610278578063ebb9e69c1461028b575f5ffd5b806391d14854146101c95780639ef9b18a1461020c578063a217fddf1461021f578063af5a132f14610226575f5ffd5b8063286781c7116100ce578063286781c71461017b5780632f2ff15d1461019057806336568abe146101a3578063830aebd9146101b6575f5ffd5b806301ffc9a7146100ff57806306661abd1461012757806321338b3814610139578063248a9ca314610159575b5f5ffd5b61011261010d366004610f10565b6102ab565b60405190151581526020015b60405180910390f35b6002545b60405190815260200161011e565b61014c610147366004610f77565b610343565b60405161011e9190610fbd565b61012b610167366004611045565b5f9081526020819052604090206001015490565b61018e610189366004610f77565b610420565b005b61018e61019e36600461105c565b61052a565b61018e6101b136600461105c565b610554565b61018e6101c4366004610f77565b6105b2565b6101126101d736600461105c565b5f9182526020828152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b61018e61021a366004611086565b6106b5565b61012b5f81565b61018e610234366004611086565b610949565b61024c610247366004610f77565b610ae7565b60405167ffffffffffffffff909116815260200161011e565b610112610273366004610f77565b610b48565b61018e61028636600461105c565b610b8b565b61029e6102993660046110e6565b610baf565b60405161011e9190611106565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061033d57507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b6040805160a0810182525f8082526020820181905291810182905260608101829052608081019190915273ffffffffffffffffffffffffffffffffffffffff82165f9081526001602052604090819020815160a081019092528054829060ff1660028111156103b4576103b4610f90565b60028111156103c5576103c5610f90565b8152815467ffffffffffffffff61010082048116602084015263ffffffff690100000000000000000083041660408401526d010000000000000000000000000090910416606082015260019091015460809091015292915050565b5f61042a81610cc8565b73ffffffffffffffffffffffffffffffffffffffff82165f90815260016020819052604090912090815460ff16600281111561046857610468610f90565b146104bc576040517ff9eb745300000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff841660048201526024015b60405180910390fd5b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600217815560405173ffffffffffffffffffffffffffffffffffffffff8416907fb09a946594975f881c95675e47928ef5907970967900a6fe0adbcb7b8d634df9905f90a2505050565b5f8281526020819052604090206001015461054481610cc8565b61054e8383610cd5565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146105a3576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6105ad8282610dce565b505050565b5f6105bc81610cc8565b73ffffffffffffffffffffffffffffffffffffffff82165f9081526001602052604090206002815460ff1660028111156105f8576105f8610f90565b14610647576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff841660048201526024016104b3565b80547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016600117815560405173ffffffffffffffffffffffffffffffffffffffff8416907f0b8ceb75fcf9401085a9e463cacfa4e32c097b1c72ed746b9a140e7ddb628e6e905f90a2505050565b5f6106bf81610cc8565b73ffffffffffffffffffffffffffffffffffffffff851661070c576040517fd92e233d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b81610743576040517f65d56b9000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff85165f90815260016020526040812090815460ff16600281111561077e5761077e610f90565b146107cd576040517f301eda9600000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff871660048201526024016104b3565b80544267ffffffffffffffff9081166d0100000000000000000000000000027fffffffffffffffffffffff0000000000000000ffffffffffffffffffffffffff63ffffffff8816690100000000000000000081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff948b166101008102959095167fffffffffffffffffffffffffffffffffffffff0000000000000000000000000090961695909517949094176001908117919091169190911784558084018690556002805491820181555f527f405787fa12a823e0f2b7631cc41b3ba8828b3321ca811111fa75cd3aa3bb5ace01805473ffffffffffffffffffffffffffffffffffffffff8a167fffffffffffffffffffffffff000000000000000000000000000000000000000090911681179091556040805192835260208301939093529181018590527f200438d2971db696e1cf102b6f66dbb7a7d5ff5758c293884d45e199391112cb906060015b60405180910390a2505050505050565b5f61095381610cc8565b8161098a576040517f65d56b9000000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff85165f90815260016020526040812090815460ff1660028111156109c5576109c5610f90565b03610a14576040517f30ac863d00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff871660048201526024016104b3565b80547fffffffffffffffffffffffffffffffffffffff000000000000000000000000ff1661010067ffffffffffffffff87169081027fffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffffff1691909117690100000000000000000063ffffffff871690810291909117835560018301859055604080519283526020830191909152810184905273ffffffffffffffffffffffffffffffffffffffff8716907f7f453e71827431bc3687a4ca743a6c4731ddfba810327f60ab7bf42c2fd5ea1e90606001610939565b73ffffffffffffffffffffffffffffffffffffffff81165f908152600160208190526040822090815460ff166002811115610b2457610b24610f90565b14610b2f575f610b41565b8054610100900467ffffffffffffffff165b9392505050565b5f600173ffffffffffffffffffffffffffffffffffffffff83165f9081526001602052604090205460ff166002811115610b8457610b84610f90565b1492915050565b5f82815260208190526040902060010154610ba581610cc8565b61054e8383610dce565b6002546060908310610bcf5750604080515f81526020810190915261033d565b5f610bda83856111b8565b600254909150811115610bec57506002545b610bf684826111cb565b67ffffffffffffffff811115610c0e57610c0e61115e565b604051908082528060200260200182016040528015610c37578160200160208202803683370190505b509150835b81811015610cc05760028181548110610c5757610c576111de565b5f9182526020909120015473ffffffffffffffffffffffffffffffffffffffff1683610c8387846111cb565b81518110610c9357610c936111de565b73ffffffffffffffffffffffffffffffffffffffff90921660209283029190910190910152600101610c3c565b505092915050565b610cd28133610e87565b50565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16610dc7575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055610d653390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a450600161033d565b505f61033d565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615610dc7575f8381526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a450600161033d565b5f8281526020818152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16610f0c576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff82166004820152602481018390526044016104b3565b5050565b5f60208284031215610f20575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114610b41575f5ffd5b803573ffffffffffffffffffffffffffffffffffffffff81168114610f72575f5ffd5b919050565b5f60208284031215610f87575f5ffd5b610b4182610f4f565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b815160a082019060038110610ff9577f4e487b71000000000000000000000000000000000000000000000000000000005f52602160045260245ffd5b8083525067ffffffffffffffff602084015116602083015263ffffffff604084015116604083015267ffffffffffffffff60608401511660608301526080830151608083015292915050565b5f60208284031215611055575f5ffd5b5035919050565b5f5f6040838503121561106d575f5ffd5b8235915061107d60208401610f4f565b90509250929050565b5f5f5f5f60808587031215611099575f5ffd5b6110a285610f4f565b9350602085013567ffffffffffffffff811681146110be575f5ffd5b9250604085013563ffffffff811681146110d6575f5ffd5b9396929550929360600135925050565b5f5f604083850312156110f7575f5ffd5b50508035926020909101359150565b602080825282518282018190525f918401906040840190835b8181101561115357835173ffffffffffffffffffffffffffffffffffffffff1683526020938401939092019160010161111f565b509095945050505050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b8082018082111561033d5761033d61118b565b8181038181111561033d5761033d61118b565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd",
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
