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

// GFLMetaData contains all meta data concerning the GFL contract.
var GFLMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"pauser\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ApprovalDisabled\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ExpectedPause\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"InvalidMigration\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NonTransferable\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"bits\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"SafeCastOverflowedUintDowncast\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"}],\"name\":\"UnknownSnapshot\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Migrated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"}],\"name\":\"SnapshotTaken\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PAUSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SNAPSHOT_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"}],\"name\":\"balanceOfAt\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"currentSnapshotId\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"holders\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"migrate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"target\",\"type\":\"uint256\"}],\"name\":\"rebalanceTo\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"before\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"snapshot\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"id\",\"type\":\"uint32\"}],\"name\":\"totalSupplyAt\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "GFL",
	Bin: "0x608060405234801561000f575f5ffd5b50604051611fc5380380611fc583398101604081905261002e916101c9565b6040518060400160405280600c81526020016b14195d1851dc9a590811d19360a21b8152506040518060400160405280600381526020016211d19360ea1b815250816003908161007e91906102a1565b50600461008b82826102a1565b50506006805460ff19169055506100a25f84610101565b506100cd7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a83610101565b506100f87f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a82610101565b5050505061035b565b5f8281526005602090815260408083206001600160a01b038516845290915281205460ff166101a5575f8381526005602090815260408083206001600160a01b03861684529091529020805460ff1916600117905561015d3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016101a8565b505f5b92915050565b80516001600160a01b03811681146101c4575f5ffd5b919050565b5f5f5f606084860312156101db575f5ffd5b6101e4846101ae565b92506101f2602085016101ae565b9150610200604085016101ae565b90509250925092565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061023157607f821691505b60208210810361024f57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f82111561029c57805f5260205f20601f840160051c8101602085101561027a5750805b601f840160051c820191505b81811015610299575f8155600101610286565b50505b505050565b81516001600160401b038111156102ba576102ba610209565b6102ce816102c8845461021d565b84610255565b6020601f821160018114610300575f83156102e95750848201515b5f19600385901b1c1916600184901b178455610299565b5f84815260208120601f198516915b8281101561032f578785015182556020948501946001909201910161030f565b508482101561034c57868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b611c5d806103685f395ff3fe608060405234801561000f575f5ffd5b50600436106101c6575f3560e01c806370a08231116100fe57806399a373141161009e578063d547741f1161006e578063d547741f1461041e578063dd62ed3e14610431578063dd90585414610476578063e63ab1e914610489575f5ffd5b806399a37314146103ca578063a217fddf146103dd578063a9059cbb146103e4578063c50d6dd9146103f7575f5ffd5b806391d14854116100d957806391d148541461035b57806395d89b41146103a0578063970875ce146103a85780639711715a146103c2575f5ffd5b806370a08231146102f35780638188f71c146103285780638456cb5914610353575f5ffd5b8063248a9ca31161016957806336568abe1161014457806336568abe146102a65780633f4ba83a146102b95780635c975abb146102c15780637028e2cd146102cc575f5ffd5b8063248a9ca3146102625780632f2ff15d14610284578063313ce56714610297575f5ffd5b80631068361f116101a45780631068361f1461021a57806318160ddd1461022f57806322dc0c1e1461024157806323b872dd14610254575f5ffd5b806301ffc9a7146101ca57806306fdde03146101f2578063095ea7b314610207575b5f5ffd5b6101dd6101d8366004611957565b6104b0565b60405190151581526020015b60405180910390f35b6101fa610548565b6040516101e99190611996565b6101dd610215366004611a11565b6105d8565b61022d610228366004611a39565b61060b565b005b6002545b6040519081526020016101e9565b61023361024f366004611a7d565b610808565b6101dd610215366004611a96565b610233610270366004611ad0565b5f9081526005602052604090206001015490565b61022d610292366004611ae7565b61081c565b604051601281526020016101e9565b61022d6102b4366004611ae7565b610846565b61022d6108a4565b60065460ff166101dd565b6102337f5fdbd35e8da83ee755d5e62a539e5ed7f47126abede0b8b10f9ea43dc6eed07f81565b610233610301366004611b08565b73ffffffffffffffffffffffffffffffffffffffff165f9081526020819052604090205490565b60065461033e9062010000900463ffffffff1681565b60405163ffffffff90911681526020016101e9565b61022d6108d9565b6101dd610369366004611ae7565b5f91825260056020908152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6101fa61090b565b60065461033e906601000000000000900463ffffffff1681565b61033e61091a565b6102336103d8366004611b21565b6109dc565b6102335f81565b6101dd6103f2366004611a11565b610a36565b6102337fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b61022d61042c366004611ae7565b610a4d565b61023361043f366004611a39565b73ffffffffffffffffffffffffffffffffffffffff9182165f90815260016020908152604080832093909416825291909152205490565b610233610484366004611a11565b610a71565b6102337f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a81565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061054257507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b60606003805461055790611b49565b80601f016020809104026020016040519081016040528092919081815260200182805461058390611b49565b80156105ce5780601f106105a5576101008083540402835291602001916105ce565b820191905f5260205f20905b8154815290600101906020018083116105b157829003601f168201915b5050505050905090565b5f6040517f64e57b7d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a61063581610b0d565b73ffffffffffffffffffffffffffffffffffffffff8316158061066c575073ffffffffffffffffffffffffffffffffffffffff8216155b806106a257508173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff16145b806106d0575073ffffffffffffffffffffffffffffffffffffffff82165f9081526020819052604090205415155b1561072c576040517f106c0c8100000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8085166004830152831660248201526044015b60405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff83165f90815260208190526040812054600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff16610100179055905061078a848483610b17565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff16905560405181815273ffffffffffffffffffffffffffffffffffffffff84811691908616907f928fd5531324ee87d76cc5307dc37580174da76b85cd546da631b2670bc266b59060200160405180910390a350505050565b5f6105425f8361081760025490565b610bc0565b5f8281526005602052604090206001015461083681610b0d565b6108408383610d77565b50505050565b73ffffffffffffffffffffffffffffffffffffffff81163314610895576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b61089f8282610e74565b505050565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a6108ce81610b0d565b6108d6610f31565b50565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a61090381610b0d565b6108d6610fae565b60606004805461055790611b49565b5f7f5fdbd35e8da83ee755d5e62a539e5ed7f47126abede0b8b10f9ea43dc6eed07f61094581610b0d565b600654610963906601000000000000900463ffffffff166001611bc7565b600680547fffffffffffffffffffffffffffffffffffffffffffff00000000ffffffffffff16660100000000000063ffffffff8416908102919091179091556040519081529092507f8380305afb0c81d790c4b7d21ba0c5583155548754d25d00ae6e66b954aaad979060200160405180910390a15090565b5f73ffffffffffffffffffffffffffffffffffffffff83166109ff57505f610542565b610a2f83836108178673ffffffffffffffffffffffffffffffffffffffff165f9081526020819052604090205490565b9392505050565b5f33610a43818585610b17565b5060019392505050565b5f82815260056020526040902060010154610a6781610b0d565b6108408383610e74565b5f7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a610a9c81610b0d565b610aa4611009565b73ffffffffffffffffffffffffffffffffffffffff84165f90815260208190526040902054915081831115610aeb57610ae684610ae18486611be3565b611048565b610b06565b81831015610b0657610b0684610b018585611be3565b6110a6565b5092915050565b6108d68133611100565b73ffffffffffffffffffffffffffffffffffffffff8316610b66576040517f96c6fd1e0000000000000000000000000000000000000000000000000000000081525f6004820152602401610723565b73ffffffffffffffffffffffffffffffffffffffff8216610bb5576040517fec442f050000000000000000000000000000000000000000000000000000000081525f6004820152602401610723565b61089f838383611187565b5f63ffffffff83161580610be9575060065463ffffffff66010000000000009091048116908416115b15610c28576040517f2020983e00000000000000000000000000000000000000000000000000000000815263ffffffff84166004820152602401610723565b73ffffffffffffffffffffffffffffffffffffffff84165f908152600760209081526040918290208251606081018452905463ffffffff8082168352640100000000820481169383019390935268010000000000000000900482169281018390529190851611610c9b575f915050610a2f565b73ffffffffffffffffffffffffffffffffffffffff85165f908152600860205260408120825190919063ffffffff16805b81831015610d28575f6002610ce18486611bf6565b610ceb9190611c09565b5f8181526020879052604090205490915063ffffffff808b1691161015610d1e57610d17816001611bf6565b9350610d22565b8092505b50610ccc565b808314610d68575f8381526020859052604090205464010000000090047bffffffffffffffffffffffffffffffffffffffffffffffffffffffff16610d6a565b865b9998505050505050505050565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16610e6d575f83815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055610e0b3390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a4506001610542565b505f610542565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615610e6d575f83815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a4506001610542565b610f39611452565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001690557f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa335b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200160405180910390a1565b610fb6611009565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790557f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258610f843390565b60065460ff1615611046576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b565b73ffffffffffffffffffffffffffffffffffffffff8216611097576040517fec442f050000000000000000000000000000000000000000000000000000000081525f6004820152602401610723565b6110a25f8383611187565b5050565b73ffffffffffffffffffffffffffffffffffffffff82166110f5576040517f96c6fd1e0000000000000000000000000000000000000000000000000000000081525f6004820152602401610723565b6110a2825f83611187565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff166110a2576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8216600482015260248101839052604401610723565b73ffffffffffffffffffffffffffffffffffffffff8316158015906111c1575073ffffffffffffffffffffffffffffffffffffffff821615155b80156111d55750600654610100900460ff16155b1561120c576040517f9cbe235700000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6006546601000000000000900463ffffffff16801561130c5773ffffffffffffffffffffffffffffffffffffffff8416156112765761127684826112718773ffffffffffffffffffffffffffffffffffffffff165f9081526020819052604090205490565b61148e565b73ffffffffffffffffffffffffffffffffffffffff8316156112c2576112c283826112718673ffffffffffffffffffffffffffffffffffffffff165f9081526020819052604090205490565b73ffffffffffffffffffffffffffffffffffffffff841615806112f9575073ffffffffffffffffffffffffffffffffffffffff8316155b1561130c5761130c5f8261127160025490565b5f73ffffffffffffffffffffffffffffffffffffffff84161580159061133157508215155b801561135f575073ffffffffffffffffffffffffffffffffffffffff84165f90815260208190526040902054155b905061136c85858561174b565b80156113b3576001600660028282829054906101000a900463ffffffff166113949190611bc7565b92506101000a81548163ffffffff021916908363ffffffff1602179055505b73ffffffffffffffffffffffffffffffffffffffff8516158015906113d757508215155b8015611405575073ffffffffffffffffffffffffffffffffffffffff85165f90815260208190526040902054155b1561144b576001600660028282829054906101000a900463ffffffff1661142c9190611c41565b92506101000a81548163ffffffff021916908363ffffffff1602179055505b5050505050565b60065460ff16611046576040517f8dfc202b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff83165f908152600760209081526040918290208251606081018452905463ffffffff80821683526401000000008204811693830184905268010000000000000000909104811693820193909352918416116114fe5750505050565b811580156115115750805163ffffffff16155b156115d0575050604080516060810182525f80825263ffffffff938416602080840182815284860192835273ffffffffffffffffffffffffffffffffffffffff9097168352600790529290209051815494519251841668010000000000000000027fffffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffff938516640100000000027fffffffffffffffffffffffffffffffffffffffffffffffff000000000000000090961691909416179390931716179055565b60405180604001604052808463ffffffff1681526020016115f0846118f2565b7bffffffffffffffffffffffffffffffffffffffffffffffffffffffff90811690915273ffffffffffffffffffffffffffffffffffffffff86165f908152600860209081526040808320865163ffffffff9081168552908352928190208551959092015190931664010000000002939091169290921790915580516060810190915281518190611681906001611bc7565b63ffffffff908116825294851660208083019190915260409384015186169184019190915273ffffffffffffffffffffffffffffffffffffffff959095165f90815260078652829020815181549683015192909301519285167fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000009096169590951764010000000091851691909102177fffffffffffffffffffffffffffffffffffffffff00000000ffffffffffffffff166801000000000000000091909316029190911790915550565b73ffffffffffffffffffffffffffffffffffffffff8316611782578060025f8282546117779190611bf6565b909155506118329050565b73ffffffffffffffffffffffffffffffffffffffff83165f9081526020819052604090205481811015611807576040517fe450d38c00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff851660048201526024810182905260448101839052606401610723565b73ffffffffffffffffffffffffffffffffffffffff84165f9081526020819052604090209082900390555b73ffffffffffffffffffffffffffffffffffffffff821661185b57600280548290039055611886565b73ffffffffffffffffffffffffffffffffffffffff82165f9081526020819052604090208054820190555b8173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef836040516118e591815260200190565b60405180910390a3505050565b5f7bffffffffffffffffffffffffffffffffffffffffffffffffffffffff821115611953576040517f6dfcc65000000000000000000000000000000000000000000000000000000000815260e0600482015260248101839052604401610723565b5090565b5f60208284031215611967575f5ffd5b81357fffffffff0000000000000000000000000000000000000000000000000000000081168114610a2f575f5ffd5b602081525f82518060208401528060208501604085015e5f6040828501015260407fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f83011684010191505092915050565b803573ffffffffffffffffffffffffffffffffffffffff81168114611a0c575f5ffd5b919050565b5f5f60408385031215611a22575f5ffd5b611a2b836119e9565b946020939093013593505050565b5f5f60408385031215611a4a575f5ffd5b611a53836119e9565b9150611a61602084016119e9565b90509250929050565b803563ffffffff81168114611a0c575f5ffd5b5f60208284031215611a8d575f5ffd5b610a2f82611a6a565b5f5f5f60608486031215611aa8575f5ffd5b611ab1846119e9565b9250611abf602085016119e9565b929592945050506040919091013590565b5f60208284031215611ae0575f5ffd5b5035919050565b5f5f60408385031215611af8575f5ffd5b82359150611a61602084016119e9565b5f60208284031215611b18575f5ffd5b610a2f826119e9565b5f5f60408385031215611b32575f5ffd5b611b3b836119e9565b9150611a6160208401611a6a565b600181811c90821680611b5d57607f821691505b602082108103611b94577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b63ffffffff818116838216019081111561054257610542611b9a565b8181038181111561054257610542611b9a565b8082018082111561054257610542611b9a565b5f82611c3c577f4e487b71000000000000000000000000000000000000000000000000000000005f52601260045260245ffd5b500490565b63ffffffff828116828216039081111561054257610542611b9a56",
}

// GFL is an auto generated Go binding around an Ethereum contract.
type GFL struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *GFL) GetABI() abi.ABI {
	return c.abi
}

// NewGFL creates a new instance of GFL.
func NewGFL() *GFL {
	parsed, err := GFLMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &GFL{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *GFL) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address admin, address gateway, address pauser) returns()
func (gFL *GFL) PackConstructor(admin common.Address, gateway common.Address, pauser common.Address) []byte {
	enc, err := gFL.abi.Pack("", admin, gateway, pauser)
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
func (gFL *GFL) PackDEFAULTADMINROLE() []byte {
	enc, err := gFL.abi.Pack("DEFAULT_ADMIN_ROLE")
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
func (gFL *GFL) TryPackDEFAULTADMINROLE() ([]byte, error) {
	return gFL.abi.Pack("DEFAULT_ADMIN_ROLE")
}

// UnpackDEFAULTADMINROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa217fddf.
//
// Solidity: function DEFAULT_ADMIN_ROLE() view returns(bytes32)
func (gFL *GFL) UnpackDEFAULTADMINROLE(data []byte) ([32]byte, error) {
	out, err := gFL.abi.Unpack("DEFAULT_ADMIN_ROLE", data)
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
func (gFL *GFL) PackGATEWAYROLE() []byte {
	enc, err := gFL.abi.Pack("GATEWAY_ROLE")
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
func (gFL *GFL) TryPackGATEWAYROLE() ([]byte, error) {
	return gFL.abi.Pack("GATEWAY_ROLE")
}

// UnpackGATEWAYROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc50d6dd9.
//
// Solidity: function GATEWAY_ROLE() view returns(bytes32)
func (gFL *GFL) UnpackGATEWAYROLE(data []byte) ([32]byte, error) {
	out, err := gFL.abi.Unpack("GATEWAY_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackPAUSERROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe63ab1e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (gFL *GFL) PackPAUSERROLE() []byte {
	enc, err := gFL.abi.Pack("PAUSER_ROLE")
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
func (gFL *GFL) TryPackPAUSERROLE() ([]byte, error) {
	return gFL.abi.Pack("PAUSER_ROLE")
}

// UnpackPAUSERROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe63ab1e9.
//
// Solidity: function PAUSER_ROLE() view returns(bytes32)
func (gFL *GFL) UnpackPAUSERROLE(data []byte) ([32]byte, error) {
	out, err := gFL.abi.Unpack("PAUSER_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackSNAPSHOTROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7028e2cd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SNAPSHOT_ROLE() view returns(bytes32)
func (gFL *GFL) PackSNAPSHOTROLE() []byte {
	enc, err := gFL.abi.Pack("SNAPSHOT_ROLE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSNAPSHOTROLE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7028e2cd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SNAPSHOT_ROLE() view returns(bytes32)
func (gFL *GFL) TryPackSNAPSHOTROLE() ([]byte, error) {
	return gFL.abi.Pack("SNAPSHOT_ROLE")
}

// UnpackSNAPSHOTROLE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7028e2cd.
//
// Solidity: function SNAPSHOT_ROLE() view returns(bytes32)
func (gFL *GFL) UnpackSNAPSHOTROLE(data []byte) ([32]byte, error) {
	out, err := gFL.abi.Unpack("SNAPSHOT_ROLE", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (gFL *GFL) PackAllowance(owner common.Address, spender common.Address) []byte {
	enc, err := gFL.abi.Pack("allowance", owner, spender)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (gFL *GFL) TryPackAllowance(owner common.Address, spender common.Address) ([]byte, error) {
	return gFL.abi.Pack("allowance", owner, spender)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address owner, address spender) view returns(uint256)
func (gFL *GFL) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address , uint256 ) pure returns(bool)
func (gFL *GFL) PackApprove(arg0 common.Address, arg1 *big.Int) []byte {
	enc, err := gFL.abi.Pack("approve", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address , uint256 ) pure returns(bool)
func (gFL *GFL) TryPackApprove(arg0 common.Address, arg1 *big.Int) ([]byte, error) {
	return gFL.abi.Pack("approve", arg0, arg1)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address , uint256 ) pure returns(bool)
func (gFL *GFL) UnpackApprove(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (gFL *GFL) PackBalanceOf(account common.Address) []byte {
	enc, err := gFL.abi.Pack("balanceOf", account)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (gFL *GFL) TryPackBalanceOf(account common.Address) ([]byte, error) {
	return gFL.abi.Pack("balanceOf", account)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address account) view returns(uint256)
func (gFL *GFL) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackBalanceOfAt is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x99a37314.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOfAt(address account, uint32 id) view returns(uint256)
func (gFL *GFL) PackBalanceOfAt(account common.Address, id uint32) []byte {
	enc, err := gFL.abi.Pack("balanceOfAt", account, id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOfAt is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x99a37314.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOfAt(address account, uint32 id) view returns(uint256)
func (gFL *GFL) TryPackBalanceOfAt(account common.Address, id uint32) ([]byte, error) {
	return gFL.abi.Pack("balanceOfAt", account, id)
}

// UnpackBalanceOfAt is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x99a37314.
//
// Solidity: function balanceOfAt(address account, uint32 id) view returns(uint256)
func (gFL *GFL) UnpackBalanceOfAt(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("balanceOfAt", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCurrentSnapshotId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x970875ce.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function currentSnapshotId() view returns(uint32)
func (gFL *GFL) PackCurrentSnapshotId() []byte {
	enc, err := gFL.abi.Pack("currentSnapshotId")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCurrentSnapshotId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x970875ce.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function currentSnapshotId() view returns(uint32)
func (gFL *GFL) TryPackCurrentSnapshotId() ([]byte, error) {
	return gFL.abi.Pack("currentSnapshotId")
}

// UnpackCurrentSnapshotId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x970875ce.
//
// Solidity: function currentSnapshotId() view returns(uint32)
func (gFL *GFL) UnpackCurrentSnapshotId(data []byte) (uint32, error) {
	out, err := gFL.abi.Unpack("currentSnapshotId", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (gFL *GFL) PackDecimals() []byte {
	enc, err := gFL.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (gFL *GFL) TryPackDecimals() ([]byte, error) {
	return gFL.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (gFL *GFL) UnpackDecimals(data []byte) (uint8, error) {
	out, err := gFL.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackGetRoleAdmin is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x248a9ca3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (gFL *GFL) PackGetRoleAdmin(role [32]byte) []byte {
	enc, err := gFL.abi.Pack("getRoleAdmin", role)
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
func (gFL *GFL) TryPackGetRoleAdmin(role [32]byte) ([]byte, error) {
	return gFL.abi.Pack("getRoleAdmin", role)
}

// UnpackGetRoleAdmin is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x248a9ca3.
//
// Solidity: function getRoleAdmin(bytes32 role) view returns(bytes32)
func (gFL *GFL) UnpackGetRoleAdmin(data []byte) ([32]byte, error) {
	out, err := gFL.abi.Unpack("getRoleAdmin", data)
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
func (gFL *GFL) PackGrantRole(role [32]byte, account common.Address) []byte {
	enc, err := gFL.abi.Pack("grantRole", role, account)
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
func (gFL *GFL) TryPackGrantRole(role [32]byte, account common.Address) ([]byte, error) {
	return gFL.abi.Pack("grantRole", role, account)
}

// PackHasRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x91d14854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (gFL *GFL) PackHasRole(role [32]byte, account common.Address) []byte {
	enc, err := gFL.abi.Pack("hasRole", role, account)
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
func (gFL *GFL) TryPackHasRole(role [32]byte, account common.Address) ([]byte, error) {
	return gFL.abi.Pack("hasRole", role, account)
}

// UnpackHasRole is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x91d14854.
//
// Solidity: function hasRole(bytes32 role, address account) view returns(bool)
func (gFL *GFL) UnpackHasRole(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("hasRole", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackHolders is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8188f71c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function holders() view returns(uint32)
func (gFL *GFL) PackHolders() []byte {
	enc, err := gFL.abi.Pack("holders")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHolders is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8188f71c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function holders() view returns(uint32)
func (gFL *GFL) TryPackHolders() ([]byte, error) {
	return gFL.abi.Pack("holders")
}

// UnpackHolders is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8188f71c.
//
// Solidity: function holders() view returns(uint32)
func (gFL *GFL) UnpackHolders(data []byte) (uint32, error) {
	out, err := gFL.abi.Unpack("holders", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackMigrate is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1068361f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function migrate(address from, address to) returns()
func (gFL *GFL) PackMigrate(from common.Address, to common.Address) []byte {
	enc, err := gFL.abi.Pack("migrate", from, to)
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
func (gFL *GFL) TryPackMigrate(from common.Address, to common.Address) ([]byte, error) {
	return gFL.abi.Pack("migrate", from, to)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (gFL *GFL) PackName() []byte {
	enc, err := gFL.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (gFL *GFL) TryPackName() ([]byte, error) {
	return gFL.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (gFL *GFL) UnpackName(data []byte) (string, error) {
	out, err := gFL.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackPause is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8456cb59.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pause() returns()
func (gFL *GFL) PackPause() []byte {
	enc, err := gFL.abi.Pack("pause")
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
func (gFL *GFL) TryPackPause() ([]byte, error) {
	return gFL.abi.Pack("pause")
}

// PackPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5c975abb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function paused() view returns(bool)
func (gFL *GFL) PackPaused() []byte {
	enc, err := gFL.abi.Pack("paused")
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
func (gFL *GFL) TryPackPaused() ([]byte, error) {
	return gFL.abi.Pack("paused")
}

// UnpackPaused is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (gFL *GFL) UnpackPaused(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("paused", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackRebalanceTo is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd905854.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function rebalanceTo(address account, uint256 target) returns(uint256 before)
func (gFL *GFL) PackRebalanceTo(account common.Address, target *big.Int) []byte {
	enc, err := gFL.abi.Pack("rebalanceTo", account, target)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRebalanceTo is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd905854.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function rebalanceTo(address account, uint256 target) returns(uint256 before)
func (gFL *GFL) TryPackRebalanceTo(account common.Address, target *big.Int) ([]byte, error) {
	return gFL.abi.Pack("rebalanceTo", account, target)
}

// UnpackRebalanceTo is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd905854.
//
// Solidity: function rebalanceTo(address account, uint256 target) returns(uint256 before)
func (gFL *GFL) UnpackRebalanceTo(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("rebalanceTo", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRenounceRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36568abe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function renounceRole(bytes32 role, address callerConfirmation) returns()
func (gFL *GFL) PackRenounceRole(role [32]byte, callerConfirmation common.Address) []byte {
	enc, err := gFL.abi.Pack("renounceRole", role, callerConfirmation)
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
func (gFL *GFL) TryPackRenounceRole(role [32]byte, callerConfirmation common.Address) ([]byte, error) {
	return gFL.abi.Pack("renounceRole", role, callerConfirmation)
}

// PackRevokeRole is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd547741f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function revokeRole(bytes32 role, address account) returns()
func (gFL *GFL) PackRevokeRole(role [32]byte, account common.Address) []byte {
	enc, err := gFL.abi.Pack("revokeRole", role, account)
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
func (gFL *GFL) TryPackRevokeRole(role [32]byte, account common.Address) ([]byte, error) {
	return gFL.abi.Pack("revokeRole", role, account)
}

// PackSnapshot is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9711715a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function snapshot() returns(uint32 id)
func (gFL *GFL) PackSnapshot() []byte {
	enc, err := gFL.abi.Pack("snapshot")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSnapshot is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9711715a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function snapshot() returns(uint32 id)
func (gFL *GFL) TryPackSnapshot() ([]byte, error) {
	return gFL.abi.Pack("snapshot")
}

// UnpackSnapshot is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9711715a.
//
// Solidity: function snapshot() returns(uint32 id)
func (gFL *GFL) UnpackSnapshot(data []byte) (uint32, error) {
	out, err := gFL.abi.Unpack("snapshot", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackSupportsInterface is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01ffc9a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (gFL *GFL) PackSupportsInterface(interfaceId [4]byte) []byte {
	enc, err := gFL.abi.Pack("supportsInterface", interfaceId)
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
func (gFL *GFL) TryPackSupportsInterface(interfaceId [4]byte) ([]byte, error) {
	return gFL.abi.Pack("supportsInterface", interfaceId)
}

// UnpackSupportsInterface is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01ffc9a7.
//
// Solidity: function supportsInterface(bytes4 interfaceId) view returns(bool)
func (gFL *GFL) UnpackSupportsInterface(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("supportsInterface", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (gFL *GFL) PackSymbol() []byte {
	enc, err := gFL.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (gFL *GFL) TryPackSymbol() ([]byte, error) {
	return gFL.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (gFL *GFL) UnpackSymbol(data []byte) (string, error) {
	out, err := gFL.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (gFL *GFL) PackTotalSupply() []byte {
	enc, err := gFL.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (gFL *GFL) TryPackTotalSupply() ([]byte, error) {
	return gFL.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (gFL *GFL) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTotalSupplyAt is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22dc0c1e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupplyAt(uint32 id) view returns(uint256)
func (gFL *GFL) PackTotalSupplyAt(id uint32) []byte {
	enc, err := gFL.abi.Pack("totalSupplyAt", id)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupplyAt is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x22dc0c1e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupplyAt(uint32 id) view returns(uint256)
func (gFL *GFL) TryPackTotalSupplyAt(id uint32) ([]byte, error) {
	return gFL.abi.Pack("totalSupplyAt", id)
}

// UnpackTotalSupplyAt is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x22dc0c1e.
//
// Solidity: function totalSupplyAt(uint32 id) view returns(uint256)
func (gFL *GFL) UnpackTotalSupplyAt(data []byte) (*big.Int, error) {
	out, err := gFL.abi.Unpack("totalSupplyAt", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (gFL *GFL) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := gFL.abi.Pack("transfer", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (gFL *GFL) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return gFL.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (gFL *GFL) UnpackTransfer(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address , address , uint256 ) pure returns(bool)
func (gFL *GFL) PackTransferFrom(arg0 common.Address, arg1 common.Address, arg2 *big.Int) []byte {
	enc, err := gFL.abi.Pack("transferFrom", arg0, arg1, arg2)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address , address , uint256 ) pure returns(bool)
func (gFL *GFL) TryPackTransferFrom(arg0 common.Address, arg1 common.Address, arg2 *big.Int) ([]byte, error) {
	return gFL.abi.Pack("transferFrom", arg0, arg1, arg2)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address , address , uint256 ) pure returns(bool)
func (gFL *GFL) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := gFL.abi.Unpack("transferFrom", data)
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
func (gFL *GFL) PackUnpause() []byte {
	enc, err := gFL.abi.Pack("unpause")
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
func (gFL *GFL) TryPackUnpause() ([]byte, error) {
	return gFL.abi.Pack("unpause")
}

// GFLApproval represents a Approval event raised by the GFL contract.
type GFLApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const GFLApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (GFLApproval) ContractEventName() string {
	return GFLApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (gFL *GFL) UnpackApprovalEvent(log *types.Log) (*GFLApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLApproval)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLMigrated represents a Migrated event raised by the GFL contract.
type GFLMigrated struct {
	From   common.Address
	To     common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const GFLMigratedEventName = "Migrated"

// ContractEventName returns the user-defined event name.
func (GFLMigrated) ContractEventName() string {
	return GFLMigratedEventName
}

// UnpackMigratedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Migrated(address indexed from, address indexed to, uint256 amount)
func (gFL *GFL) UnpackMigratedEvent(log *types.Log) (*GFLMigrated, error) {
	event := "Migrated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLMigrated)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLPaused represents a Paused event raised by the GFL contract.
type GFLPaused struct {
	Account common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const GFLPausedEventName = "Paused"

// ContractEventName returns the user-defined event name.
func (GFLPaused) ContractEventName() string {
	return GFLPausedEventName
}

// UnpackPausedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Paused(address account)
func (gFL *GFL) UnpackPausedEvent(log *types.Log) (*GFLPaused, error) {
	event := "Paused"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLPaused)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLRoleAdminChanged represents a RoleAdminChanged event raised by the GFL contract.
type GFLRoleAdminChanged struct {
	Role              [32]byte
	PreviousAdminRole [32]byte
	NewAdminRole      [32]byte
	Raw               *types.Log // Blockchain specific contextual infos
}

const GFLRoleAdminChangedEventName = "RoleAdminChanged"

// ContractEventName returns the user-defined event name.
func (GFLRoleAdminChanged) ContractEventName() string {
	return GFLRoleAdminChangedEventName
}

// UnpackRoleAdminChangedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)
func (gFL *GFL) UnpackRoleAdminChangedEvent(log *types.Log) (*GFLRoleAdminChanged, error) {
	event := "RoleAdminChanged"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLRoleAdminChanged)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLRoleGranted represents a RoleGranted event raised by the GFL contract.
type GFLRoleGranted struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const GFLRoleGrantedEventName = "RoleGranted"

// ContractEventName returns the user-defined event name.
func (GFLRoleGranted) ContractEventName() string {
	return GFLRoleGrantedEventName
}

// UnpackRoleGrantedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)
func (gFL *GFL) UnpackRoleGrantedEvent(log *types.Log) (*GFLRoleGranted, error) {
	event := "RoleGranted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLRoleGranted)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLRoleRevoked represents a RoleRevoked event raised by the GFL contract.
type GFLRoleRevoked struct {
	Role    [32]byte
	Account common.Address
	Sender  common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const GFLRoleRevokedEventName = "RoleRevoked"

// ContractEventName returns the user-defined event name.
func (GFLRoleRevoked) ContractEventName() string {
	return GFLRoleRevokedEventName
}

// UnpackRoleRevokedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)
func (gFL *GFL) UnpackRoleRevokedEvent(log *types.Log) (*GFLRoleRevoked, error) {
	event := "RoleRevoked"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLRoleRevoked)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLSnapshotTaken represents a SnapshotTaken event raised by the GFL contract.
type GFLSnapshotTaken struct {
	Id  uint32
	Raw *types.Log // Blockchain specific contextual infos
}

const GFLSnapshotTakenEventName = "SnapshotTaken"

// ContractEventName returns the user-defined event name.
func (GFLSnapshotTaken) ContractEventName() string {
	return GFLSnapshotTakenEventName
}

// UnpackSnapshotTakenEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SnapshotTaken(uint32 id)
func (gFL *GFL) UnpackSnapshotTakenEvent(log *types.Log) (*GFLSnapshotTaken, error) {
	event := "SnapshotTaken"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLSnapshotTaken)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLTransfer represents a Transfer event raised by the GFL contract.
type GFLTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const GFLTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (GFLTransfer) ContractEventName() string {
	return GFLTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (gFL *GFL) UnpackTransferEvent(log *types.Log) (*GFLTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLTransfer)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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

// GFLUnpaused represents a Unpaused event raised by the GFL contract.
type GFLUnpaused struct {
	Account common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const GFLUnpausedEventName = "Unpaused"

// ContractEventName returns the user-defined event name.
func (GFLUnpaused) ContractEventName() string {
	return GFLUnpausedEventName
}

// UnpackUnpausedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Unpaused(address account)
func (gFL *GFL) UnpackUnpausedEvent(log *types.Log) (*GFLUnpaused, error) {
	event := "Unpaused"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != gFL.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(GFLUnpaused)
	if len(log.Data) > 0 {
		if err := gFL.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range gFL.abi.Events[event].Inputs {
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
func (gFL *GFL) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], gFL.abi.Errors["AccessControlBadConfirmation"].ID.Bytes()[:4]) {
		return gFL.UnpackAccessControlBadConfirmationError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["AccessControlUnauthorizedAccount"].ID.Bytes()[:4]) {
		return gFL.UnpackAccessControlUnauthorizedAccountError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ApprovalDisabled"].ID.Bytes()[:4]) {
		return gFL.UnpackApprovalDisabledError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InsufficientAllowance"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InsufficientBalance"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InvalidApprover"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InvalidApproverError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InvalidReceiver"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InvalidReceiverError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InvalidSender"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InvalidSenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ERC20InvalidSpender"].ID.Bytes()[:4]) {
		return gFL.UnpackERC20InvalidSpenderError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["EnforcedPause"].ID.Bytes()[:4]) {
		return gFL.UnpackEnforcedPauseError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["ExpectedPause"].ID.Bytes()[:4]) {
		return gFL.UnpackExpectedPauseError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["InvalidMigration"].ID.Bytes()[:4]) {
		return gFL.UnpackInvalidMigrationError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["NonTransferable"].ID.Bytes()[:4]) {
		return gFL.UnpackNonTransferableError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["SafeCastOverflowedUintDowncast"].ID.Bytes()[:4]) {
		return gFL.UnpackSafeCastOverflowedUintDowncastError(raw[4:])
	}
	if bytes.Equal(raw[:4], gFL.abi.Errors["UnknownSnapshot"].ID.Bytes()[:4]) {
		return gFL.UnpackUnknownSnapshotError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// GFLAccessControlBadConfirmation represents a AccessControlBadConfirmation error raised by the GFL contract.
type GFLAccessControlBadConfirmation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlBadConfirmation()
func GFLAccessControlBadConfirmationErrorID() common.Hash {
	return common.HexToHash("0x6697b23232a647058342c0724fe7c415cab25915b54e5dbc03f233173d37b41c")
}

// UnpackAccessControlBadConfirmationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlBadConfirmation()
func (gFL *GFL) UnpackAccessControlBadConfirmationError(raw []byte) (*GFLAccessControlBadConfirmation, error) {
	out := new(GFLAccessControlBadConfirmation)
	if err := gFL.abi.UnpackIntoInterface(out, "AccessControlBadConfirmation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLAccessControlUnauthorizedAccount represents a AccessControlUnauthorizedAccount error raised by the GFL contract.
type GFLAccessControlUnauthorizedAccount struct {
	Account    common.Address
	NeededRole [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func GFLAccessControlUnauthorizedAccountErrorID() common.Hash {
	return common.HexToHash("0xe2517d3fbfae6f8515ef5ff1ccedc3933ab0cbbda0b492c06eb54ad10ef03b3e")
}

// UnpackAccessControlUnauthorizedAccountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)
func (gFL *GFL) UnpackAccessControlUnauthorizedAccountError(raw []byte) (*GFLAccessControlUnauthorizedAccount, error) {
	out := new(GFLAccessControlUnauthorizedAccount)
	if err := gFL.abi.UnpackIntoInterface(out, "AccessControlUnauthorizedAccount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLApprovalDisabled represents a ApprovalDisabled error raised by the GFL contract.
type GFLApprovalDisabled struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ApprovalDisabled()
func GFLApprovalDisabledErrorID() common.Hash {
	return common.HexToHash("0x64e57b7df5c9e90ec46170a686e1b1f78f965ba386c3d98ae34f4bba1968efed")
}

// UnpackApprovalDisabledError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ApprovalDisabled()
func (gFL *GFL) UnpackApprovalDisabledError(raw []byte) (*GFLApprovalDisabled, error) {
	out := new(GFLApprovalDisabled)
	if err := gFL.abi.UnpackIntoInterface(out, "ApprovalDisabled", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InsufficientAllowance represents a ERC20InsufficientAllowance error raised by the GFL contract.
type GFLERC20InsufficientAllowance struct {
	Spender   common.Address
	Allowance *big.Int
	Needed    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func GFLERC20InsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0xfb8f41b23e99d2101d86da76cdfa87dd51c82ed07d3cb62cbc473e469dbc75c3")
}

// UnpackERC20InsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)
func (gFL *GFL) UnpackERC20InsufficientAllowanceError(raw []byte) (*GFLERC20InsufficientAllowance, error) {
	out := new(GFLERC20InsufficientAllowance)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InsufficientBalance represents a ERC20InsufficientBalance error raised by the GFL contract.
type GFLERC20InsufficientBalance struct {
	Sender  common.Address
	Balance *big.Int
	Needed  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func GFLERC20InsufficientBalanceErrorID() common.Hash {
	return common.HexToHash("0xe450d38cd8d9f7d95077d567d60ed49c7254716e6ad08fc9872816c97e0ffec6")
}

// UnpackERC20InsufficientBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)
func (gFL *GFL) UnpackERC20InsufficientBalanceError(raw []byte) (*GFLERC20InsufficientBalance, error) {
	out := new(GFLERC20InsufficientBalance)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InsufficientBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InvalidApprover represents a ERC20InvalidApprover error raised by the GFL contract.
type GFLERC20InvalidApprover struct {
	Approver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidApprover(address approver)
func GFLERC20InvalidApproverErrorID() common.Hash {
	return common.HexToHash("0xe602df05cc75712490294c6c104ab7c17f4030363910a7a2626411c6d3118847")
}

// UnpackERC20InvalidApproverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidApprover(address approver)
func (gFL *GFL) UnpackERC20InvalidApproverError(raw []byte) (*GFLERC20InvalidApprover, error) {
	out := new(GFLERC20InvalidApprover)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InvalidApprover", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InvalidReceiver represents a ERC20InvalidReceiver error raised by the GFL contract.
type GFLERC20InvalidReceiver struct {
	Receiver common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func GFLERC20InvalidReceiverErrorID() common.Hash {
	return common.HexToHash("0xec442f055133b72f3b2f9f0bb351c406b178527de2040a7d1feb4e058771f613")
}

// UnpackERC20InvalidReceiverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidReceiver(address receiver)
func (gFL *GFL) UnpackERC20InvalidReceiverError(raw []byte) (*GFLERC20InvalidReceiver, error) {
	out := new(GFLERC20InvalidReceiver)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InvalidReceiver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InvalidSender represents a ERC20InvalidSender error raised by the GFL contract.
type GFLERC20InvalidSender struct {
	Sender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSender(address sender)
func GFLERC20InvalidSenderErrorID() common.Hash {
	return common.HexToHash("0x96c6fd1edd0cd6ef7ff0ecc0facdf53148dc0048b57fe58af65755250a7a96bd")
}

// UnpackERC20InvalidSenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSender(address sender)
func (gFL *GFL) UnpackERC20InvalidSenderError(raw []byte) (*GFLERC20InvalidSender, error) {
	out := new(GFLERC20InvalidSender)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InvalidSender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLERC20InvalidSpender represents a ERC20InvalidSpender error raised by the GFL contract.
type GFLERC20InvalidSpender struct {
	Spender common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ERC20InvalidSpender(address spender)
func GFLERC20InvalidSpenderErrorID() common.Hash {
	return common.HexToHash("0x94280d62c347d8d9f4d59a76ea321452406db88df38e0c9da304f58b57b373a2")
}

// UnpackERC20InvalidSpenderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ERC20InvalidSpender(address spender)
func (gFL *GFL) UnpackERC20InvalidSpenderError(raw []byte) (*GFLERC20InvalidSpender, error) {
	out := new(GFLERC20InvalidSpender)
	if err := gFL.abi.UnpackIntoInterface(out, "ERC20InvalidSpender", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLEnforcedPause represents a EnforcedPause error raised by the GFL contract.
type GFLEnforcedPause struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EnforcedPause()
func GFLEnforcedPauseErrorID() common.Hash {
	return common.HexToHash("0xd93c0665d6c96d04a8f174024fc4ddd66c250604aff22bbec808de86dd3637e3")
}

// UnpackEnforcedPauseError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EnforcedPause()
func (gFL *GFL) UnpackEnforcedPauseError(raw []byte) (*GFLEnforcedPause, error) {
	out := new(GFLEnforcedPause)
	if err := gFL.abi.UnpackIntoInterface(out, "EnforcedPause", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLExpectedPause represents a ExpectedPause error raised by the GFL contract.
type GFLExpectedPause struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ExpectedPause()
func GFLExpectedPauseErrorID() common.Hash {
	return common.HexToHash("0x8dfc202bcfe9a735b559bee70674422512bc5c30f687046ae8778315fb81da44")
}

// UnpackExpectedPauseError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ExpectedPause()
func (gFL *GFL) UnpackExpectedPauseError(raw []byte) (*GFLExpectedPause, error) {
	out := new(GFLExpectedPause)
	if err := gFL.abi.UnpackIntoInterface(out, "ExpectedPause", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLInvalidMigration represents a InvalidMigration error raised by the GFL contract.
type GFLInvalidMigration struct {
	From common.Address
	To   common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidMigration(address from, address to)
func GFLInvalidMigrationErrorID() common.Hash {
	return common.HexToHash("0x106c0c817257eb4943fa4683608797ae84b5f3b38e32e01ae504aae4e7c92c59")
}

// UnpackInvalidMigrationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidMigration(address from, address to)
func (gFL *GFL) UnpackInvalidMigrationError(raw []byte) (*GFLInvalidMigration, error) {
	out := new(GFLInvalidMigration)
	if err := gFL.abi.UnpackIntoInterface(out, "InvalidMigration", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLNonTransferable represents a NonTransferable error raised by the GFL contract.
type GFLNonTransferable struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NonTransferable()
func GFLNonTransferableErrorID() common.Hash {
	return common.HexToHash("0x9cbe2357a4972e283063afc84724973a71a5198d851665326ce59cba8a5d6cf6")
}

// UnpackNonTransferableError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NonTransferable()
func (gFL *GFL) UnpackNonTransferableError(raw []byte) (*GFLNonTransferable, error) {
	out := new(GFLNonTransferable)
	if err := gFL.abi.UnpackIntoInterface(out, "NonTransferable", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLSafeCastOverflowedUintDowncast represents a SafeCastOverflowedUintDowncast error raised by the GFL contract.
type GFLSafeCastOverflowedUintDowncast struct {
	Bits  uint8
	Value *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)
func GFLSafeCastOverflowedUintDowncastErrorID() common.Hash {
	return common.HexToHash("0x6dfcc6503a32754ce7a89698e18201fc5294fd4aad43edefee786f88423b1a12")
}

// UnpackSafeCastOverflowedUintDowncastError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)
func (gFL *GFL) UnpackSafeCastOverflowedUintDowncastError(raw []byte) (*GFLSafeCastOverflowedUintDowncast, error) {
	out := new(GFLSafeCastOverflowedUintDowncast)
	if err := gFL.abi.UnpackIntoInterface(out, "SafeCastOverflowedUintDowncast", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// GFLUnknownSnapshot represents a UnknownSnapshot error raised by the GFL contract.
type GFLUnknownSnapshot struct {
	Id uint32
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownSnapshot(uint32 id)
func GFLUnknownSnapshotErrorID() common.Hash {
	return common.HexToHash("0x2020983ec520ba5e68979402c42321ffeb23737bd5838f94dc2c1a892ab9535b")
}

// UnpackUnknownSnapshotError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownSnapshot(uint32 id)
func (gFL *GFL) UnpackUnknownSnapshotError(raw []byte) (*GFLUnknownSnapshot, error) {
	out := new(GFLUnknownSnapshot)
	if err := gFL.abi.UnpackIntoInterface(out, "UnknownSnapshot", raw); err != nil {
		return nil, err
	}
	return out, nil
}
