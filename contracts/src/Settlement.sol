// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {GFL} from "./GFL.sol";

/// @title Settlement: epoch by epoch, GFL rebalanced to the providers' median computing power,
/// DPS rewards at the halving era's rate committed as a cumulative Merkle root, and the era
/// advanced on chain.
/// @notice The arithmetic is tokenomics.CloseEpoch's, step for step: replenish the pool,
/// rebalance, count the supply toward the era, pay rewards at the era the epoch ran in
/// (balance × share × R / 2^era, one multiply then one divide, rounded down, scaled down
/// pro rata when the pool is short), then advance the era (a year, or the era's cumulative
/// GFL reaching threshold × 2^era, whichever first).
contract Settlement is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant ESCROW_ROLE = keccak256("ESCROW_ROLE");

    uint256 public constant REWARD_SHARE_BPS = 2000; // 20 %
    uint256 public constant R_NUMERATOR = 1; // R = 1/100 DPS per GFL
    uint256 public constant R_DENOMINATOR = 100;
    uint256 public constant MAX_ERA = 64;
    /// Providers one rebalance call may carry: a block never runs out of gas.
    uint256 public constant MAX_BATCH = 200;

    GFL public immutable gfl;
    IERC20 public immutable dps;
    uint64 public immutable genesis;
    uint64 public immutable periodSeconds;
    uint64 public immutable eraSeconds;
    uint256 public immutable eraThresholdGfl;

    // Economy state (tokenomics.State).
    uint64 public nextEpoch;
    uint64 public era;
    uint64 public eraStart;
    uint256 public eraCumulativeGfl;
    uint256 public cumulativeGfl;
    uint256 public cumulativeGflGross;
    uint256 public pool;
    uint256 public emitted;
    // DPS delivered by escrow settlements since the last close: replenished at the next one.
    uint256 public pendingReplenishment;

    // The epoch being settled.
    struct OpenEpoch {
        bool open;
        uint64 epoch;
        bytes32 inputsRoot;
        uint32 providers;
        uint32 processed;
        // Holders of GFL when the epoch opened, and how many of them the batches carried:
        // every holder must be rebalanced (to its median, or to 0 without a report), or
        // rewards would be paid on a balance nobody proved this epoch.
        uint32 holdersAtOpen;
        uint32 holdersProcessed;
        // Batches carry providers in strictly ascending address order, across the whole
        // epoch: this, the last one rebalanced, is what stops a provider being rebalanced
        // twice, with no storage per provider (a resumed settlement continues after it).
        address lastProvider;
        uint256 owed;
    }


    OpenEpoch public current;

    // Rewards: the newest cumulative root and what each account has claimed. The committed and
    // claimed totals and the pause flag share one slot (DPS amounts fit in 120 bits: the whole
    // supply is 2.1e26 wei < 1.3e36), so a claim reads its pause check and its "never more
    // than was committed" check in one slot and writes it once: a claim stays under 80k gas.
    bytes32 public rewardsRoot;
    uint120 public committedRewards;
    uint120 public claimedRewards;
    bool public paused;
    mapping(address => uint256) public claimed;

    error EpochOutOfOrder(uint64 expected, uint64 got);
    error EpochNotOver(uint64 epoch, uint64 endsAt);
    error EpochAlreadyOpen(uint64 epoch);
    error NoEpochOpen();
    error BatchTooLarge(uint256 size, uint256 max);
    error LengthMismatch(uint256 providers, uint256 targets);
    error NotAscending(address provider, address last);
    error TooManyProviders(uint32 declared);
    error Unfinished(uint32 processed, uint32 declared);
    error HoldersMissing(uint32 rebalanced, uint32 holders);
    error ReplenishmentMismatch(uint256 pending, uint256 expected);
    error ZeroRoot();
    error ThresholdTooLarge(uint256 threshold);
    error RewardsMismatch(uint256 declared, uint256 expected);
    error RewardsExceedPool(uint256 declared, uint256 pool);
    error InvalidProof();
    error NothingToClaim(address account);
    error ZeroAddress();
    error EnforcedPause();

    event EpochOpened(uint64 indexed epoch, bytes32 inputsRoot, uint32 providers, uint256 replenished, uint256 replenishedGfl);
    event Rebalanced(uint64 indexed epoch, address indexed provider, uint256 before, uint256 target);
    event EpochCommitted(uint64 indexed epoch, bytes32 rewardsRoot, uint256 totalGfl, uint256 rewards, uint64 rewardEra);
    event HalvingAdvanced(uint64 indexed era, uint8 reason, uint64 at);
    event PoolReplenished(address indexed from, uint256 amount);
    event PoolFunded(address indexed from, uint256 amount);
    event Claimed(address indexed account, uint256 amount, uint256 cumulative);
    event Paused(address account);
    event Unpaused(address account);

    constructor(
        address admin,
        address gateway,
        address pauser,
        GFL gfl_,
        IERC20 dps_,
        uint64 genesis_,
        uint64 periodSeconds_,
        uint64 eraSeconds_,
        uint256 eraThresholdGfl_
    ) {
        if (address(gfl_) == address(0) || address(dps_) == address(0)) revert ZeroAddress();
        // threshold << era must not wrap for any era below MAX_ERA.
        if (eraThresholdGfl_ == 0 || eraThresholdGfl_ > type(uint256).max >> MAX_ERA) revert ThresholdTooLarge(eraThresholdGfl_);
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(GATEWAY_ROLE, gateway);
        _grantRole(PAUSER_ROLE, pauser);
        gfl = gfl_;
        dps = dps_;
        genesis = genesis_;
        periodSeconds = periodSeconds_;
        eraSeconds = eraSeconds_;
        eraThresholdGfl = eraThresholdGfl_;
        eraStart = genesis_;
    }

    /// @notice Adds DPS to the reward pool (the treasury's initial funding).
    function fund(uint256 amount) external nonReentrant {
        // Between epochs only: a close checks rewards against the pool it opened with.
        if (current.open) revert EpochAlreadyOpen(current.epoch);
        dps.safeTransferFrom(msg.sender, address(this), amount);
        pool += amount;
        emit PoolFunded(msg.sender, amount);
    }

    /// @notice Called by the escrow after it transferred a job's cost here: counted at the
    /// next epoch close, as tokenomics counts DPS spent per epoch.
    function replenish(uint256 amount) external onlyRole(ESCROW_ROLE) {
        pendingReplenishment += amount;
        emit PoolReplenished(msg.sender, amount);
    }

    /// @notice Starts settling `epoch`: commits the root of its inputs (the accepted reports'
    /// medians) and how many providers the rebalance will carry, and replenishes the pool with
    /// the DPS escrows delivered since the last close, which must be what the gateway expects.
    function openEpoch(uint64 epoch, bytes32 inputsRoot, uint32 providers, uint256 expectedReplenishment)
        external
        onlyRole(GATEWAY_ROLE)
        whenNotPaused
    {
        if (current.open) revert EpochAlreadyOpen(current.epoch);
        if (epoch != nextEpoch) revert EpochOutOfOrder(nextEpoch, epoch);
        uint64 endsAt = genesis + (epoch + 1) * periodSeconds;
        if (block.timestamp < endsAt) revert EpochNotOver(epoch, endsAt);
        uint256 spent = pendingReplenishment;
        // The gateway computed this epoch's rewards with what it saw delivered; an escrow
        // settled in between would make the chain and tokenomics disagree: refuse instead.
        if (spent != expectedReplenishment) revert ReplenishmentMismatch(spent, expectedReplenishment);
        pendingReplenishment = 0;
        pool += spent;
        uint256 spentGfl = (spent * R_DENOMINATOR) / R_NUMERATOR;
        eraCumulativeGfl = _subFloor(eraCumulativeGfl, spentGfl);
        cumulativeGfl = _subFloor(cumulativeGfl, spentGfl);
        current = OpenEpoch({
            open: true,
            epoch: epoch,
            inputsRoot: inputsRoot,
            providers: providers,
            processed: 0,
            holdersAtOpen: gfl.holders(),
            holdersProcessed: 0,
            lastProvider: address(0),
            owed: 0
        });
        emit EpochOpened(epoch, inputsRoot, providers, spent, spentGfl);
    }

    /// @notice Rebalances a batch of providers to their targets (median × environmental
    /// factor, or 0 for a provider without an accepted report). Providers come in strictly
    /// ascending address order across the epoch's batches, so each is rebalanced once.
    function rebalance(address[] calldata providers, uint256[] calldata targets) external onlyRole(GATEWAY_ROLE) whenNotPaused {
        if (!current.open) revert NoEpochOpen();
        if (providers.length != targets.length) revert LengthMismatch(providers.length, targets.length);
        if (providers.length > MAX_BATCH) revert BatchTooLarge(providers.length, MAX_BATCH);
        if (current.processed + providers.length > current.providers) revert TooManyProviders(current.providers);
        uint256 num = REWARD_SHARE_BPS * R_NUMERATOR;
        uint256 den = era < MAX_ERA ? (10_000 * R_DENOMINATOR) << era : 0;
        uint256 owed = current.owed;
        uint32 holdersSeen = 0;
        address last = current.lastProvider;
        uint64 epoch = current.epoch;
        for (uint256 i = 0; i < providers.length; i++) {
            address p = providers[i];
            if (p <= last) revert NotAscending(p, last); // also refuses address(0)
            last = p;
            uint256 target = targets[i];
            uint256 before = gfl.rebalanceTo(p, target);
            if (before != 0) holdersSeen++;
            if (den != 0) owed += (target * num) / den;
            emit Rebalanced(epoch, p, before, target);
        }
        current.lastProvider = last;
        current.owed = owed;
        current.processed += uint32(providers.length);
        current.holdersProcessed += holdersSeen;
    }

    /// @notice Closes the open epoch: counts the supply toward the era, commits the cumulative
    /// rewards root, pays `rewards` out of the pool into the claimable balance, and advances
    /// the era. `rewards` must be what the rate owes, or, when the pool cannot pay that, at
    /// most the pool (the off-chain tree scales each provider down pro rata).
    function closeEpoch(bytes32 root, uint256 rewards) external onlyRole(GATEWAY_ROLE) whenNotPaused {
        OpenEpoch memory e = current;
        if (!e.open) revert NoEpochOpen();
        // Each root replaces the last and must carry every account's cumulative rewards: a
        // zero root would make everything committed so far unclaimable.
        if (root == bytes32(0)) revert ZeroRoot();
        if (e.processed != e.providers) revert Unfinished(e.processed, e.providers);
        if (e.holdersProcessed != e.holdersAtOpen) revert HoldersMissing(e.holdersProcessed, e.holdersAtOpen);
        uint256 supply = gfl.totalSupply();
        eraCumulativeGfl += supply;
        cumulativeGfl += supply;
        cumulativeGflGross += supply;
        if (e.owed <= pool) {
            if (rewards != e.owed) revert RewardsMismatch(rewards, e.owed);
        } else if (rewards > pool) {
            revert RewardsExceedPool(rewards, pool);
        }
        pool -= rewards;
        emitted += rewards;
        committedRewards += SafeCast.toUint120(rewards);
        rewardsRoot = root;
        uint64 rewardEra = era;
        if (era < MAX_ERA) {
            bool byThreshold = eraCumulativeGfl >= (eraThresholdGfl << era);
            bool byTime = block.timestamp - eraStart >= eraSeconds;
            if (byThreshold || byTime) {
                era += 1;
                eraStart = uint64(block.timestamp);
                eraCumulativeGfl = 0;
                emit HalvingAdvanced(era, byThreshold ? 1 : 0, uint64(block.timestamp));
            }
        }
        delete current;
        nextEpoch = e.epoch + 1;
        emit EpochCommitted(e.epoch, root, supply, rewards, rewardEra);
    }

    /// @notice Moves a provider's GFL to a new key (the old one was lost), between epochs only,
    /// so that an open epoch's holder count cannot change under it.
    function migrate(address from, address to) external onlyRole(GATEWAY_ROLE) whenNotPaused {
        if (current.open) revert EpochAlreadyOpen(current.epoch);
        gfl.migrate(from, to);
    }

    /// @notice Pays `account` what the newest root grants it beyond what it claimed. Leaves
    /// are keccak256(keccak256(abi.encode(account, cumulativeAmount))), OpenZeppelin's
    /// standard Merkle tree encoding.
    function claim(address account, uint256 cumulativeAmount, bytes32[] calldata proof) external nonReentrant whenNotPaused {
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(account, cumulativeAmount))));
        if (!MerkleProof.verifyCalldata(proof, rewardsRoot, leaf)) revert InvalidProof();
        uint256 already = claimed[account];
        if (cumulativeAmount <= already) revert NothingToClaim(account);
        uint256 amount = cumulativeAmount - already;
        claimed[account] = cumulativeAmount;
        uint120 total = claimedRewards + SafeCast.toUint120(amount);
        // A root can never pay out more than the rewards committed so far.
        if (total > committedRewards) revert RewardsExceedPool(total, committedRewards);
        claimedRewards = total;
        dps.safeTransfer(account, amount);
        emit Claimed(account, amount, cumulativeAmount);
    }

    /// @notice Stops epoch settlement (and so GFL minting) and claims.
    function pause() external onlyRole(PAUSER_ROLE) {
        paused = true;
        emit Paused(msg.sender);
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        paused = false;
        emit Unpaused(msg.sender);
    }

    modifier whenNotPaused() {
        if (paused) revert EnforcedPause();
        _;
    }

    function _subFloor(uint256 a, uint256 b) private pure returns (uint256) {
        return a > b ? a - b : 0;
    }
}
