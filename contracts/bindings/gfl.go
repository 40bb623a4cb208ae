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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"admin\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"gateway\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"pauser\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AccessControlBadConfirmation\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"neededRole\",\"type\":\"bytes32\"}],\"name\":\"AccessControlUnauthorizedAccount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ApprovalDisabled\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"allowance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientAllowance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"balance\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"ERC20InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"approver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidApprover\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"}],\"name\":\"ERC20InvalidReceiver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSender\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"ERC20InvalidSpender\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EnforcedPause\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ExpectedPause\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"InvalidMigration\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NonTransferable\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Migrated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Paused\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"previousAdminRole\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"newAdminRole\",\"type\":\"bytes32\"}],\"name\":\"RoleAdminChanged\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleGranted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"}],\"name\":\"RoleRevoked\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"Unpaused\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DEFAULT_ADMIN_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"GATEWAY_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"PAUSER_ROLE\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"}],\"name\":\"getRoleAdmin\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"grantRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"hasRole\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"holders\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"migrate\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"target\",\"type\":\"uint256\"}],\"name\":\"rebalanceTo\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"before\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"callerConfirmation\",\"type\":\"address\"}],\"name\":\"renounceRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"role\",\"type\":\"bytes32\"},{\"internalType\":\"address\",\"name\":\"account\",\"type\":\"address\"}],\"name\":\"revokeRole\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes4\",\"name\":\"interfaceId\",\"type\":\"bytes4\"}],\"name\":\"supportsInterface\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"unpause\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "GFL",
	Bin: "0x608060405234801561000f575f5ffd5b5060405161178f38038061178f83398101604081905261002e916101c9565b6040518060400160405280600c81526020016b14195d1851dc9a590811d19360a21b8152506040518060400160405280600381526020016211d19360ea1b815250816003908161007e91906102a1565b50600461008b82826102a1565b50506006805460ff19169055506100a25f84610101565b506100cd7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a83610101565b506100f87f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a82610101565b5050505061035b565b5f8281526005602090815260408083206001600160a01b038516845290915281205460ff166101a5575f8381526005602090815260408083206001600160a01b03861684529091529020805460ff1916600117905561015d3390565b6001600160a01b0316826001600160a01b0316847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a45060016101a8565b505f5b92915050565b80516001600160a01b03811681146101c4575f5ffd5b919050565b5f5f5f606084860312156101db575f5ffd5b6101e4846101ae565b92506101f2602085016101ae565b9150610200604085016101ae565b90509250925092565b634e487b7160e01b5f52604160045260245ffd5b600181811c9082168061023157607f821691505b60208210810361024f57634e487b7160e01b5f52602260045260245ffd5b50919050565b601f82111561029c57805f5260205f20601f840160051c8101602085101561027a5750805b601f840160051c820191505b81811015610299575f8155600101610286565b50505b505050565b81516001600160401b038111156102ba576102ba610209565b6102ce816102c8845461021d565b84610255565b6020601f821160018114610300575f83156102e95750848201515b5f19600385901b1c1916600184901b178455610299565b5f84815260208120601f198516915b8281101561032f578785015182556020948501946001909201910161030f565b508482101561034c57868401515f19600387901b60f8161c191681555b50505050600190811b01905550565b611427806103685f395ff3fe608060405234801561000f575f5ffd5b506004361061018f575f3560e01c806370a08231116100dd578063a9059cbb11610088578063dd62ed3e11610063578063dd62ed3e1461038b578063dd905854146103d0578063e63ab1e9146103e3575f5ffd5b8063a9059cbb1461033e578063c50d6dd914610351578063d547741f14610378575f5ffd5b806391d14854116100b857806391d14854146102ea57806395d89b411461032f578063a217fddf14610337575f5ffd5b806370a08231146102825780638188f71c146102b75780638456cb59146102e2575f5ffd5b8063248a9ca31161013d57806336568abe1161011857806336568abe1461025c5780633f4ba83a1461026f5780635c975abb14610277575f5ffd5b8063248a9ca3146102185780632f2ff15d1461023a578063313ce5671461024d575f5ffd5b80631068361f1161016d5780631068361f146101e357806318160ddd146101f857806323b872dd1461020a575f5ffd5b806301ffc9a71461019357806306fdde03146101bb578063095ea7b3146101d0575b5f5ffd5b6101a66101a13660046111a6565b61040a565b60405190151581526020015b60405180910390f35b6101c36104a2565b6040516101b291906111ec565b6101a66101de366004611267565b610532565b6101f66101f136600461128f565b610565565b005b6002545b6040519081526020016101b2565b6101a66101de3660046112c0565b6101fc6102263660046112fa565b5f9081526005602052604090206001015490565b6101f6610248366004611311565b610762565b604051601281526020016101b2565b6101f661026a366004611311565b61078c565b6101f66107ea565b60065460ff166101a6565b6101fc610290366004611332565b73ffffffffffffffffffffffffffffffffffffffff165f9081526020819052604090205490565b6006546102cd9062010000900463ffffffff1681565b60405163ffffffff90911681526020016101b2565b6101f661081f565b6101a66102f8366004611311565b5f91825260056020908152604080842073ffffffffffffffffffffffffffffffffffffffff93909316845291905290205460ff1690565b6101c3610851565b6101fc5f81565b6101a661034c366004611267565b610860565b6101fc7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a81565b6101f6610386366004611311565b610877565b6101fc61039936600461128f565b73ffffffffffffffffffffffffffffffffffffffff9182165f90815260016020908152604080832093909416825291909152205490565b6101fc6103de366004611267565b61089b565b6101fc7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a81565b5f7fffffffff0000000000000000000000000000000000000000000000000000000082167f7965db0b00000000000000000000000000000000000000000000000000000000148061049c57507f01ffc9a7000000000000000000000000000000000000000000000000000000007fffffffff000000000000000000000000000000000000000000000000000000008316145b92915050565b6060600380546104b19061134b565b80601f01602080910402602001604051908101604052809291908181526020018280546104dd9061134b565b80156105285780601f106104ff57610100808354040283529160200191610528565b820191905f5260205f20905b81548152906001019060200180831161050b57829003601f168201915b5050505050905090565b5f6040517f64e57b7d00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a61058f81610937565b73ffffffffffffffffffffffffffffffffffffffff831615806105c6575073ffffffffffffffffffffffffffffffffffffffff8216155b806105fc57508173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff16145b8061062a575073ffffffffffffffffffffffffffffffffffffffff82165f9081526020819052604090205415155b15610686576040517f106c0c8100000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff8085166004830152831660248201526044015b60405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff83165f90815260208190526040812054600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff1661010017905590506106e4848483610941565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00ff16905560405181815273ffffffffffffffffffffffffffffffffffffffff84811691908616907f928fd5531324ee87d76cc5307dc37580174da76b85cd546da631b2670bc266b59060200160405180910390a350505050565b5f8281526005602052604090206001015461077c81610937565b61078683836109ea565b50505050565b73ffffffffffffffffffffffffffffffffffffffff811633146107db576040517f6697b23200000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b6107e58282610ae7565b505050565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a61081481610937565b61081c610ba4565b50565b7f65d7a28e3265b37a6474929f336521b332c1681b933f6cb9f3376673440d862a61084981610937565b61081c610c21565b6060600480546104b19061134b565b5f3361086d818585610941565b5060019392505050565b5f8281526005602052604090206001015461089181610937565b6107868383610ae7565b5f7fb90e9995c6170fff8ea03e9ad6919878e483770c237f1a6f330ceaa7112b344a6108c681610937565b6108ce610c7c565b73ffffffffffffffffffffffffffffffffffffffff84165f90815260208190526040902054915081831115610915576109108461090b84866113c9565b610cbb565b610930565b81831015610930576109308461092b85856113c9565b610d19565b5092915050565b61081c8133610d73565b73ffffffffffffffffffffffffffffffffffffffff8316610990576040517f96c6fd1e0000000000000000000000000000000000000000000000000000000081525f600482015260240161067d565b73ffffffffffffffffffffffffffffffffffffffff82166109df576040517fec442f050000000000000000000000000000000000000000000000000000000081525f600482015260240161067d565b6107e5838383610dfa565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff16610ae0575f83815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff86168452909152902080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00166001179055610a7e3390565b73ffffffffffffffffffffffffffffffffffffffff168273ffffffffffffffffffffffffffffffffffffffff16847f2f8788117e7eff1d82e926ec794901d17c78024a50270940304540a733656f0d60405160405180910390a450600161049c565b505f61049c565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915281205460ff1615610ae0575f83815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8616808552925280832080547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016905551339286917ff6391f5c32d9c69d2a47ea670b442974b53935d1edc7fd64eb21e047a839171b9190a450600161049c565b610bac610fc3565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001690557f5db9ee0a495bf2e6ff9c91a7834c1ba4fdd244a5e8aa4e537bd38aeae4b073aa335b60405173ffffffffffffffffffffffffffffffffffffffff909116815260200160405180910390a1565b610c29610c7c565b600680547fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660011790557f62e78cea01bee320cd4e420270b5ea74000d11b0c9f74754ebdbfc544b05a258610bf73390565b60065460ff1615610cb9576040517fd93c066500000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b565b73ffffffffffffffffffffffffffffffffffffffff8216610d0a576040517fec442f050000000000000000000000000000000000000000000000000000000081525f600482015260240161067d565b610d155f8383610dfa565b5050565b73ffffffffffffffffffffffffffffffffffffffff8216610d68576040517f96c6fd1e0000000000000000000000000000000000000000000000000000000081525f600482015260240161067d565b610d15825f83610dfa565b5f82815260056020908152604080832073ffffffffffffffffffffffffffffffffffffffff8516845290915290205460ff16610d15576040517fe2517d3f00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff821660048201526024810183905260440161067d565b73ffffffffffffffffffffffffffffffffffffffff831615801590610e34575073ffffffffffffffffffffffffffffffffffffffff821615155b8015610e485750600654610100900460ff16155b15610e7f576040517f9cbe235700000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b5f73ffffffffffffffffffffffffffffffffffffffff831615801590610ea457508115155b8015610ed2575073ffffffffffffffffffffffffffffffffffffffff83165f90815260208190526040902054155b9050610edf848484610fff565b8015610f26576001600660028282829054906101000a900463ffffffff16610f0791906113dc565b92506101000a81548163ffffffff021916908363ffffffff1602179055505b73ffffffffffffffffffffffffffffffffffffffff841615801590610f4a57508115155b8015610f78575073ffffffffffffffffffffffffffffffffffffffff84165f90815260208190526040902054155b15610786576001600660028282829054906101000a900463ffffffff16610f9f91906113f8565b92506101000a81548163ffffffff021916908363ffffffff16021790555050505050565b60065460ff16610cb9576040517f8dfc202b00000000000000000000000000000000000000000000000000000000815260040160405180910390fd5b73ffffffffffffffffffffffffffffffffffffffff8316611036578060025f82825461102b9190611414565b909155506110e69050565b73ffffffffffffffffffffffffffffffffffffffff83165f90815260208190526040902054818110156110bb576040517fe450d38c00000000000000000000000000000000000000000000000000000000815273ffffffffffffffffffffffffffffffffffffffff85166004820152602481018290526044810183905260640161067d565b73ffffffffffffffffffffffffffffffffffffffff84165f9081526020819052604090209082900390555b73ffffffffffffffffffffffffffffffffffffffff821661110f5760028054829003905561113a565b73ffffffffffffffffffffffffffffffffffffffff82165f9081526020819052604090208054820190555b8173ffffffffffffffffffffffffffffffffffffffff168373ffffffffffffffffffffffffffffffffffffffff167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8360405161119991815260200190565b60405180910390a3505050565b5f602082840312156111b6575f5ffd5b81357fffffffff00000000000000000000000000000000000000000000000000000000811681146111e5575f5ffd5b9392505050565b602081525f82518060208401528060208501604085015e5f6040828501015260407fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f83011684010191505092915050565b803573ffffffffffffffffffffffffffffffffffffffff81168114611262575f5ffd5b919050565b5f5f60408385031215611278575f5ffd5b6112818361123f565b946020939093013593505050565b5f5f604083850312156112a0575f5ffd5b6112a98361123f565b91506112b76020840161123f565b90509250929050565b5f5f5f606084860312156112d2575f5ffd5b6112db8461123f565b92506112e96020850161123f565b929592945050506040919091013590565b5f6020828403121561130a575f5ffd5b5035919050565b5f5f60408385031215611322575f5ffd5b823591506112b76020840161123f565b5f60208284031215611342575f5ffd5b6111e58261123f565b600181811c9082168061135f57607f821691505b602082108103611396577f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b50919050565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b8181038181111561049c5761049c61139c565b63ffffffff818116838216019081111561049c5761049c61139c565b63ffffffff828116828216039081111561049c5761049c61139c565b8082018082111561049c5761049c61139c56",
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
