// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

interface IRewardPool {
    function replenish(uint256 amount) external;
}

/// @title JobEscrow: a researcher locks DPS for a job up to a maximum; the gateway settles the
/// actual cost into the reward pool and the rest goes back; if the gateway never settles, the
/// researcher takes it all back after a timeout.
contract JobEscrow is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    /// The largest amount an escrow holds: Settlement's bound on every token amount, which
    /// tokenomics enforces too.
    uint256 public constant MAX_AMOUNT = type(uint120).max;

    enum Status {
        None,
        Locked,
        Settled,
        Reclaimed
    }

    struct Escrow {
        address researcher;
        Status status;
        uint64 lockedAt;
        uint256 maxAmount;
        uint256 cost;
    }

    IERC20 public immutable dps;
    IRewardPool public immutable pool;
    /// How long after locking the researcher may reclaim an unsettled escrow.
    uint64 public immutable reclaimAfterSeconds;

    // Keyed by (researcher, jobId): nobody can take another researcher's job id first.
    mapping(bytes32 => Escrow) private _escrows;

    error EscrowExists(bytes32 jobId);
    error UnknownEscrow(bytes32 jobId);
    error NotLocked(bytes32 jobId);
    error OverSettled(bytes32 jobId, uint256 cost, uint256 maxAmount);
    error TooEarly(bytes32 jobId, uint64 reclaimableAt);
    error ZeroAmount();
    error AmountTooLarge(uint256 amount, uint256 max);
    error InvalidTimeout(uint64 reclaimAfterSeconds);

    event Locked(bytes32 indexed jobId, address indexed researcher, uint256 maxAmount);
    event Settled(bytes32 indexed jobId, address indexed researcher, uint256 cost, uint256 refund);
    event Reclaimed(bytes32 indexed jobId, address indexed researcher, uint256 amount);

    constructor(address admin, address gateway, IERC20 dps_, IRewardPool pool_, uint64 reclaimAfterSeconds_) {
        if (reclaimAfterSeconds_ == 0 || reclaimAfterSeconds_ > 365 days) revert InvalidTimeout(reclaimAfterSeconds_);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(GATEWAY_ROLE, gateway);
        dps = dps_;
        pool = pool_;
        reclaimAfterSeconds = reclaimAfterSeconds_;
    }

    /// @notice Locks up to `maxAmount` DPS (approved beforehand) for job `jobId`.
    function lock(bytes32 jobId, uint256 maxAmount) external nonReentrant {
        if (maxAmount == 0) revert ZeroAmount();
        if (maxAmount > MAX_AMOUNT) revert AmountTooLarge(maxAmount, MAX_AMOUNT);
        bytes32 key = _key(msg.sender, jobId);
        if (_escrows[key].status != Status.None) revert EscrowExists(jobId);
        _escrows[key] = Escrow({researcher: msg.sender, status: Status.Locked, lockedAt: uint64(block.timestamp), maxAmount: maxAmount, cost: 0});
        dps.safeTransferFrom(msg.sender, address(this), maxAmount);
        emit Locked(jobId, msg.sender, maxAmount);
    }

    /// @notice Settles a job at its actual cost: the cost replenishes the reward pool, the rest
    /// is refunded to the researcher.
    function settle(address researcher, bytes32 jobId, uint256 cost) external onlyRole(GATEWAY_ROLE) nonReentrant {
        Escrow storage e = _escrows[_key(researcher, jobId)];
        if (e.status == Status.None) revert UnknownEscrow(jobId);
        if (e.status != Status.Locked) revert NotLocked(jobId);
        if (cost > e.maxAmount) revert OverSettled(jobId, cost, e.maxAmount);
        e.status = Status.Settled;
        e.cost = cost;
        uint256 refund = e.maxAmount - cost;
        if (cost > 0) {
            dps.safeTransfer(address(pool), cost);
            pool.replenish(cost);
        }
        if (refund > 0) {
            dps.safeTransfer(e.researcher, refund);
        }
        emit Settled(jobId, e.researcher, cost, refund);
    }

    /// @notice Takes back an escrow the gateway never settled, once the timeout has passed.
    function reclaim(bytes32 jobId) external nonReentrant {
        Escrow storage e = _escrows[_key(msg.sender, jobId)];
        if (e.status == Status.None) revert UnknownEscrow(jobId);
        if (e.status != Status.Locked) revert NotLocked(jobId);
        uint64 at = e.lockedAt + reclaimAfterSeconds;
        if (block.timestamp < at) revert TooEarly(jobId, at);
        e.status = Status.Reclaimed;
        dps.safeTransfer(e.researcher, e.maxAmount);
        emit Reclaimed(jobId, e.researcher, e.maxAmount);
    }

    function escrow(address researcher, bytes32 jobId) external view returns (Escrow memory) {
        return _escrows[_key(researcher, jobId)];
    }

    function _key(address researcher, bytes32 jobId) private pure returns (bytes32) {
        return keccak256(abi.encode(researcher, jobId));
    }
}
