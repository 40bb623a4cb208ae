// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// Staking as the registry asks it: whether a provider's bonded stake covers a capacity.
interface IStakeCoverage {
    function covers(address provider, uint64 capacityMegaFlops) external view returns (bool);
    function requiredStake(uint64 capacityMegaFlops) external view returns (uint256);
}

/// The admission governor as the registry asks it: until when the operator still admits alone.
interface IAdmissionTransition {
    function transitionEnd() external view returns (uint64);
}

/// @title ProviderRegistry: which sites may earn GFL, each with enough stake for its capacity.
/// Admission is the grid's operator's at first (whitepaper §3.4.1, "initial centralised
/// selection"); with an admission governor set, GFL holders vote on it (§3.4.2–3.4.3), and once
/// the governor's transition ends the operator no longer admits a provider or raises a
/// capacity alone. Suspension, reinstatement of what was admitted, and lowering a capacity stay
/// the operator's: they are how fraud and retired hardware are handled between votes.
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
    /// Set once, at deployment, when admission goes by vote (zero: the operator admits).
    IAdmissionTransition public governor;

    error UnknownProvider(address provider);
    error AlreadyAdmitted(address provider);
    error NotAdmitted(address provider);
    error ZeroAddress();
    error ZeroRegistration();
    error StakingNotSet();
    error StakingAlreadySet();
    error InsufficientStake(address provider, uint64 capacityMegaFlops, uint256 required);
    error GovernorAlreadySet();
    /// The operator admitted or raised a capacity after the transition: only a vote does.
    error AdmissionByVoteOnly();

    event ProviderAdmitted(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration);
    event ProviderUpdated(address indexed provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration);
    event ProviderSuspended(address indexed provider);
    event ProviderReinstated(address indexed provider);
    event StakingSet(address staking);
    event GovernorSet(address governor);

    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
    }

    function setStaking(IStakeCoverage staking_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (address(staking_) == address(0)) revert ZeroAddress();
        if (address(staking) != address(0)) revert StakingAlreadySet();
        staking = staking_;
        emit StakingSet(address(staking_));
    }

    function setGovernor(IAdmissionTransition governor_) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (address(governor_) == address(0)) revert ZeroAddress();
        if (address(governor) != address(0)) revert GovernorAlreadySet();
        governor = governor_;
        emit GovernorSet(address(governor_));
    }

    // Admitting a provider or raising its capacity: the governor (a vote) always; the operator
    // while no governor is set or its transition lasts.
    function _checkAdmitter() private view {
        if (msg.sender == address(governor)) return;
        _checkRole(DEFAULT_ADMIN_ROLE);
        if (address(governor) != address(0) && block.timestamp >= governor.transitionEnd()) revert AdmissionByVoteOnly();
    }

    /// @notice Whether the operator still admits providers alone (no governor, or its
    /// transition lasts).
    function operatorAdmits() external view returns (bool) {
        return address(governor) == address(0) || block.timestamp < governor.transitionEnd();
    }

    /// A provider is admitted, reinstated or raised only with the stake its capacity needs.
    function _requireStake(address provider, uint64 capacityMegaFlops) private view {
        if (address(staking) == address(0)) revert StakingNotSet();
        if (!staking.covers(provider, capacityMegaFlops)) {
            revert InsufficientStake(provider, capacityMegaFlops, staking.requiredStake(capacityMegaFlops));
        }
    }

    function admit(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external {
        _checkAdmitter();
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

    /// @notice Changes an admission: the operator's, or the governor's for a raise after the
    /// transition.
    function update(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external {
        if (registration == bytes32(0)) revert ZeroRegistration();
        Provider storage p = _providers[provider];
        if (capacityMegaFlops > p.capacityMegaFlops) {
            _checkAdmitter();
        } else if (msg.sender != address(governor)) {
            _checkRole(DEFAULT_ADMIN_ROLE);
        }
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
