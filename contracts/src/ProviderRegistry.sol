// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// @title ProviderRegistry: which sites may earn GFL (whitepaper §3.4.1: admission by the
/// grid's operator, centrally, at first).
contract ProviderRegistry is AccessControl {
    enum Status {
        None,
        Admitted,
        Suspended
    }

    struct Provider {
        Status status;
        // Registered capacity in MFLOPS: the bound the gateway checks reports against.
        uint64 capacityMegaFlops;
        uint32 gpus;
        uint64 admittedAt;
    }

    mapping(address => Provider) private _providers;
    address[] private _list;

    error UnknownProvider(address provider);
    error AlreadyAdmitted(address provider);
    error NotAdmitted(address provider);
    error ZeroAddress();

    event ProviderAdmitted(address indexed provider, uint64 capacityMegaFlops, uint32 gpus);
    event ProviderUpdated(address indexed provider, uint64 capacityMegaFlops, uint32 gpus);
    event ProviderSuspended(address indexed provider);
    event ProviderReinstated(address indexed provider);

    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    function admit(address provider, uint64 capacityMegaFlops, uint32 gpus) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (provider == address(0)) revert ZeroAddress();
        Provider storage p = _providers[provider];
        if (p.status != Status.None) revert AlreadyAdmitted(provider);
        p.status = Status.Admitted;
        p.capacityMegaFlops = capacityMegaFlops;
        p.gpus = gpus;
        p.admittedAt = uint64(block.timestamp);
        _list.push(provider);
        emit ProviderAdmitted(provider, capacityMegaFlops, gpus);
    }

    function update(address provider, uint64 capacityMegaFlops, uint32 gpus) external onlyRole(DEFAULT_ADMIN_ROLE) {
        Provider storage p = _providers[provider];
        if (p.status == Status.None) revert UnknownProvider(provider);
        p.capacityMegaFlops = capacityMegaFlops;
        p.gpus = gpus;
        emit ProviderUpdated(provider, capacityMegaFlops, gpus);
    }

    function suspend(address provider) external onlyRole(DEFAULT_ADMIN_ROLE) {
        Provider storage p = _providers[provider];
        if (p.status != Status.Admitted) revert NotAdmitted(provider);
        p.status = Status.Suspended;
        emit ProviderSuspended(provider);
    }

    function reinstate(address provider) external onlyRole(DEFAULT_ADMIN_ROLE) {
        Provider storage p = _providers[provider];
        if (p.status != Status.Suspended) revert UnknownProvider(provider);
        p.status = Status.Admitted;
        emit ProviderReinstated(provider);
    }

    function isAdmitted(address provider) external view returns (bool) {
        return _providers[provider].status == Status.Admitted;
    }

    function providerOf(address addr) external view returns (Provider memory) {
        return _providers[addr];
    }

    function count() external view returns (uint256) {
        return _list.length;
    }

    /// @notice Providers [offset, offset + limit), for paging through a long list.
    function page(uint256 offset, uint256 limit) external view returns (address[] memory out) {
        if (offset >= _list.length) return new address[](0);
        uint256 end = offset + limit;
        if (end > _list.length) end = _list.length;
        out = new address[](end - offset);
        for (uint256 i = offset; i < end; i++) {
            out[i - offset] = _list[i];
        }
    }
}
