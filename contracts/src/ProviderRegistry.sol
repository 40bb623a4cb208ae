// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// Staking as the registry asks it: whether a provider's bonded stake covers a capacity.
interface IStakeCoverage {
    function covers(address provider, uint64 capacityMegaFlops) external view returns (bool);
    function requiredStake(uint64 capacityMegaFlops) external view returns (uint256);
}

/// @title ProviderRegistry: which sites may earn GFL (whitepaper §3.4.1: admission by the
/// grid's operator, centrally, at first), each with enough stake for its capacity.
contract ProviderRegistry is AccessControl {
    enum Status {
        None,
        Admitted,
        Suspended
    }

    struct Provider {
        Status status;
        // Registered capacity in MFLOPS: the bound the gateway checks reports against, and
        // Settlement every rebalance (× its tolerance).
        uint64 capacityMegaFlops;
        uint32 gpus;
        uint64 admittedAt;
        // The digest of the registration (inventory and capacity) the operator approved: an
        // admission names what was reviewed, never "whatever is registered now".
        bytes32 registration;
    }

    mapping(address => Provider) private _providers;
    address[] private _list;
    /// Set once, right after deployment (Staking is deployed after the registry it reads).
    IStakeCoverage public staking;

    error UnknownProvider(address provider);
    error AlreadyAdmitted(address provider);
    error NotAdmitted(address provider);
    error ZeroAddress();
    error ZeroRegistration();
    error StakingNotSet();
    error StakingAlreadySet();
    error InsufficientStake(address provider, uint64 capacityMegaFlops, uint256 required);

    event ProviderAdmitted(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration);
    event ProviderUpdated(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration);
    event ProviderSuspended(address indexed provider);
    event ProviderReinstated(address indexed provider);
    event StakingSet(address staking);

    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    function setStaking(IStakeCoverage staking_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (address(staking_) == address(0)) revert ZeroAddress();
        if (address(staking) != address(0)) revert StakingAlreadySet();
        staking = staking_;
        emit StakingSet(address(staking_));
    }

    /// A provider is admitted, reinstated or raised only with the stake its capacity needs.
    function _requireStake(address provider, uint64 capacityMegaFlops) private view {
        if (address(staking) == address(0)) revert StakingNotSet();
        if (!staking.covers(provider, capacityMegaFlops)) {
            revert InsufficientStake(provider, capacityMegaFlops, staking.requiredStake(capacityMegaFlops));
        }
    }

    function admit(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (provider == address(0)) revert ZeroAddress();
        if (registration == bytes32(0)) revert ZeroRegistration();
        Provider storage p = _providers[provider];
        if (p.status != Status.None) revert AlreadyAdmitted(provider);
        _requireStake(provider, capacityMegaFlops);
        p.status = Status.Admitted;
        p.capacityMegaFlops = capacityMegaFlops;
        p.gpus = gpus;
        p.admittedAt = uint64(block.timestamp);
        p.registration = registration;
        _list.push(provider);
        emit ProviderAdmitted(provider, capacityMegaFlops, gpus, registration);
    }

    function update(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (registration == bytes32(0)) revert ZeroRegistration();
        Provider storage p = _providers[provider];
        if (p.status == Status.None) revert UnknownProvider(provider);
        if (p.status == Status.Admitted && capacityMegaFlops > p.capacityMegaFlops) _requireStake(provider, capacityMegaFlops);
        p.capacityMegaFlops = capacityMegaFlops;
        p.gpus = gpus;
        p.registration = registration;
        emit ProviderUpdated(provider, capacityMegaFlops, gpus, registration);
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
        _requireStake(provider, p.capacityMegaFlops);
        p.status = Status.Admitted;
        emit ProviderReinstated(provider);
    }

    function isAdmitted(address provider) external view returns (bool) {
        return _providers[provider].status == Status.Admitted;
    }

    /// @notice The capacity (MFLOPS) a provider is admitted with, 0 when it is not admitted
    /// (unknown or suspended): Settlement's bound on what it may be rebalanced to.
    function admittedCapacity(address provider) external view returns (uint64) {
        Provider storage p = _providers[provider];
        return p.status == Status.Admitted ? p.capacityMegaFlops : 0;
    }

    /// @notice The capacity (MFLOPS) a provider was admitted with, admitted or suspended (0
    /// when it never was): what its stake must keep covering until it leaves.
    function registeredCapacity(address provider) external view returns (uint64) {
        return _providers[provider].capacityMegaFlops;
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
