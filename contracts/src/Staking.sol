// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// The provider registry as Staking reads it: the capacity a provider was admitted with,
/// suspended or not (0 when it never was).
interface IStakedCapacity {
    function registeredCapacity(address provider) external view returns (uint64);
}

/// The reward pool as Staking pays into it (Settlement.fund, between epochs only).
interface IRewardPoolFunding {
    function fund(uint256 amount) external;
}

/// @title Staking: providers lock DPS in proportion to their admitted capacity; the gateway
/// slashes a fixed fraction for proven fraud, and the slashed DPS goes to the reward pool.
/// @notice A provider's stake is bonded or unbonding. The registry admits a provider only
/// with enough bonded stake for the capacity (`covers`), and a provider may unbond only what
/// its registered capacity does not need, admitted or suspended. Unbonding DPS stays slashable until it is withdrawn,
/// so a provider who expects to be caught cannot take its stake out of reach: each request
/// restarts the wait for everything unbonding, and slashing takes unbonding DPS first.
/// The fractions per reason are fixed at deployment: the gateway chooses whom to slash and
/// why, never how much.
contract Staking is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    /// Every amount is at most this, as in Settlement and JobEscrow.
    uint256 public constant MAX_AMOUNT = type(uint120).max;
    /// 1 PFLOPS is 10^9 MFLOPS: the stake parameter is per PFLOPS of admitted capacity.
    uint256 public constant MEGAFLOPS_PER_PETAFLOPS = 1e9;
    uint16 public constant BPS = 10_000;
    /// The longest unbonding period: a provider's DPS is never locked for longer.
    uint64 public constant MAX_UNBONDING_SECONDS = 366 days;

    enum Reason {
        FailedChallenge,
        DuplicateIdentity,
        LostReplicaVote
    }

    struct Stake {
        uint256 bonded;
        uint256 unbonding;
        // When the unbonding DPS may be withdrawn (0: nothing unbonding).
        uint64 unbondsAt;
        // Everything ever slashed from this provider.
        uint256 slashed;
    }

    IERC20 public immutable dps;
    IStakedCapacity public immutable registry;
    IRewardPoolFunding public immutable pool;
    /// DPS wei a provider must have bonded per PFLOPS of admitted capacity (0: no stake needed).
    uint256 public immutable stakePerPetaFlops;
    uint64 public immutable unbondingSeconds;
    uint16 public immutable failedChallengeBps;
    uint16 public immutable duplicateIdentityBps;
    uint16 public immutable lostReplicaVoteBps;

    mapping(address => Stake) private _stakes;
    // Each piece of evidence slashes each provider once: keyed by (provider, evidence).
    mapping(bytes32 => bool) private _evidenceUsed;
    /// Slashed DPS not yet paid into the pool (the pool takes funds between epochs only).
    uint256 public pendingToPool;
    /// Everything slashed and everything paid into the pool, for the record.
    uint256 public slashedTotal;
    uint256 public paidToPool;

    error ZeroAmount();
    error AmountTooLarge(uint256 amount, uint256 max);
    error InvalidParameters();
    error InsufficientBonded(address provider, uint256 bonded, uint256 requested);
    error StakeStillNeeded(address provider, uint256 remaining, uint256 required);
    error NothingUnbonding(address provider);
    error StillUnbonding(address provider, uint64 unbondsAt);
    error NothingToSlash(address provider);
    error EvidenceUsed(bytes32 evidence);
    error ZeroEvidence();

    event Staked(address indexed provider, uint256 amount, uint256 bonded);
    event UnbondRequested(address indexed provider, uint256 amount, uint256 unbonding, uint64 unbondsAt);
    event Withdrawn(address indexed provider, uint256 amount);
    event Slashed(address indexed provider, Reason indexed reason, bytes32 indexed evidence, uint256 amount, uint256 bondedAfter, uint256 unbondingAfter);
    event PaidToPool(uint256 amount);

    constructor(
        address admin,
        address gateway,
        IERC20 dps_,
        IStakedCapacity registry_,
        IRewardPoolFunding pool_,
        uint256 stakePerPetaFlops_,
        uint64 unbondingSeconds_,
        uint16[3] memory slashBps
    ) {
        if (
            admin == address(0) || gateway == address(0) || address(dps_) == address(0) || address(registry_) == address(0)
                || address(pool_) == address(0)
        ) revert InvalidParameters();
        if (stakePerPetaFlops_ > MAX_AMOUNT || unbondingSeconds_ == 0 || unbondingSeconds_ > MAX_UNBONDING_SECONDS) revert InvalidParameters();
        for (uint256 i = 0; i < 3; i++) {
            if (slashBps[i] == 0 || slashBps[i] > BPS) revert InvalidParameters();
        }
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(GATEWAY_ROLE, gateway);
        dps = dps_;
        registry = registry_;
        pool = pool_;
        stakePerPetaFlops = stakePerPetaFlops_;
        unbondingSeconds = unbondingSeconds_;
        failedChallengeBps = slashBps[0];
        duplicateIdentityBps = slashBps[1];
        lostReplicaVoteBps = slashBps[2];
    }

    /// @notice The bonded stake `capacityMegaFlops` of admitted capacity needs, rounded up.
    function requiredStake(uint64 capacityMegaFlops) public view returns (uint256) {
        return (uint256(capacityMegaFlops) * stakePerPetaFlops + MEGAFLOPS_PER_PETAFLOPS - 1) / MEGAFLOPS_PER_PETAFLOPS;
    }

    /// @notice Whether a provider's bonded stake covers `capacityMegaFlops` (the registry asks
    /// before it admits a provider or raises its capacity).
    function covers(address provider, uint64 capacityMegaFlops) external view returns (bool) {
        return _stakes[provider].bonded >= requiredStake(capacityMegaFlops);
    }

    function stakeOf(address provider) external view returns (Stake memory) {
        return _stakes[provider];
    }

    /// @notice Bonds `amount` DPS (approved beforehand) for the sender.
    function stake(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Stake storage s = _stakes[msg.sender];
        uint256 room = MAX_AMOUNT - s.bonded - s.unbonding;
        if (amount > room) revert AmountTooLarge(amount, room);
        s.bonded += amount;
        dps.safeTransferFrom(msg.sender, address(this), amount);
        emit Staked(msg.sender, amount, s.bonded);
    }

    /// @notice Starts unbonding `amount` of the sender's bonded DPS: what the registered
    /// capacity needs stays bonded (a suspension does not free it: a provider suspended for
    /// fraud must stay slashable), and everything unbonding waits the full period again.
    function requestUnbond(uint256 amount) external {
        if (amount == 0) revert ZeroAmount();
        Stake storage s = _stakes[msg.sender];
        if (amount > s.bonded) revert InsufficientBonded(msg.sender, s.bonded, amount);
        uint256 required = requiredStake(registry.registeredCapacity(msg.sender));
        if (s.bonded - amount < required) revert StakeStillNeeded(msg.sender, s.bonded - amount, required);
        s.bonded -= amount;
        s.unbonding += amount;
        s.unbondsAt = uint64(block.timestamp) + unbondingSeconds;
        emit UnbondRequested(msg.sender, amount, s.unbonding, s.unbondsAt);
    }

    /// @notice Withdraws all the sender's unbonding DPS once the period has passed.
    function withdraw() external nonReentrant {
        Stake storage s = _stakes[msg.sender];
        uint256 amount = s.unbonding;
        if (amount == 0) revert NothingUnbonding(msg.sender);
        if (block.timestamp < s.unbondsAt) revert StillUnbonding(msg.sender, s.unbondsAt);
        s.unbonding = 0;
        s.unbondsAt = 0;
        dps.safeTransfer(msg.sender, amount);
        emit Withdrawn(msg.sender, amount);
    }

    /// @notice Slashes the fraction fixed for `reason` of everything the provider has staked
    /// (unbonding first), once per piece of evidence (a challenge's or a vote's digest).
    function slash(address provider, Reason reason, bytes32 evidence) external onlyRole(GATEWAY_ROLE) returns (uint256 amount) {
        if (evidence == bytes32(0)) revert ZeroEvidence();
        bytes32 key = keccak256(abi.encode(provider, evidence));
        if (_evidenceUsed[key]) revert EvidenceUsed(evidence);
        Stake storage s = _stakes[provider];
        uint256 total = s.bonded + s.unbonding;
        amount = total * fractionBps(reason) / BPS;
        // A stake too small for the fraction to take a wei is nothing to slash: the evidence
        // stays unused.
        if (amount == 0) revert NothingToSlash(provider);
        _evidenceUsed[key] = true;
        uint256 fromUnbonding = amount < s.unbonding ? amount : s.unbonding;
        s.unbonding -= fromUnbonding;
        s.bonded -= amount - fromUnbonding;
        if (s.unbonding == 0) s.unbondsAt = 0;
        s.slashed += amount;
        slashedTotal += amount;
        pendingToPool += amount;
        emit Slashed(provider, reason, evidence, amount, s.bonded, s.unbonding);
    }

    /// @notice Whether `evidence` has slashed `provider` already.
    function evidenceUsed(address provider, bytes32 evidence) external view returns (bool) {
        return _evidenceUsed[keccak256(abi.encode(provider, evidence))];
    }

    function fractionBps(Reason reason) public view returns (uint16) {
        if (reason == Reason.FailedChallenge) return failedChallengeBps;
        if (reason == Reason.DuplicateIdentity) return duplicateIdentityBps;
        return lostReplicaVoteBps;
    }

    /// @notice Pays the slashed DPS into the reward pool. The gateway calls it between
    /// settlements (the pool takes funds only between epochs, and a deposit between the
    /// gateway's computation of an epoch and its close would change what the close pays).
    function payToPool() external onlyRole(GATEWAY_ROLE) nonReentrant {
        uint256 amount = pendingToPool;
        if (amount == 0) revert ZeroAmount();
        pendingToPool = 0;
        paidToPool += amount;
        dps.forceApprove(address(pool), amount);
        pool.fund(amount);
        emit PaidToPool(amount);
    }
}
