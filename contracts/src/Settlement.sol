// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {GFL} from "./GFL.sol";

/// The provider registry as Settlement reads it: what capacity a provider is admitted with.
interface IAdmittedCapacity {
    function admittedCapacity(address provider) external view returns (uint64);
}

/// @title Settlement: epoch by epoch, GFL rebalanced to the providers' median computing power,
/// DPS rewards at the halving era's rate committed as a cumulative Merkle root, and the era
/// advanced on chain.
/// @notice The arithmetic is tokenomics.CloseEpoch's, step for step: replenish the pool,
/// rebalance each provider to its median × environmental factor (only admitted providers, at
/// most their admitted capacity × tolerance), count the supply toward the era, pay rewards at
/// the era in force when the epoch began (balance × share × R × period / 15 days / 2^era, one
/// multiply then one divide, rounded down, scaled down pro rata when the pool is short), then
/// advance the era (era n begins at genesis + n × eraSeconds, or earlier when the era's
/// cumulative GFL reaches threshold × 2^era).
contract Settlement is AccessControl, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant ESCROW_ROLE = keccak256("ESCROW_ROLE");
    /// Who may add DPS to the pool: the treasury (admin) and Staking (slashed stakes). Not
    /// anyone: a close pays what the gateway computed from the pool before it opened, and a
    /// stranger's deposit in between would make a short pool's capped rewards disagree with
    /// the chain's, stopping the settlement.
    bytes32 public constant FUNDER_ROLE = keccak256("FUNDER_ROLE");

    uint256 public constant REWARD_SHARE_BPS = 2000; // 20 %
    uint256 public constant R_NUMERATOR = 1; // R = 1/100 DPS per GFL
    uint256 public constant R_DENOMINATOR = 100;
    uint256 public constant MAX_ERA = 64;
    /// Providers one rebalance call may carry: a block never runs out of gas.
    uint256 public constant MAX_BATCH = 200;
    /// The whitepaper's period: its rate (20 % × R per period) and its cumulative GFL are
    /// per 15 days, so an epoch of another length pays and counts in proportion to its length.
    uint256 public constant REFERENCE_PERIOD_SECONDS = 15 days;
    /// The longest epoch and era: bounds that keep every product below 2^256.
    uint64 public constant MAX_PERIOD_SECONDS = 366 days;
    uint64 public constant MAX_ERA_SECONDS = 100 * 366 days;
    /// Every token amount (a median, a balance, the supply, a DPS figure) is at most this:
    /// tokenomics refuses the same amounts, so Go never computes what the chain cannot hold.
    uint256 public constant MAX_AMOUNT = type(uint120).max;
    /// 1 MFLOPS of capacity is 10^9 GFL wei (1 GFL = 1 PFLOPS = 10^18 wei).
    uint256 public constant WEI_PER_MEGAFLOPS = 1e9;
    /// Environmental factors, in basis points (whitepaper §5.6.1): × 1 unless set, at most × 2.
    uint256 public constant FACTOR_ONE_BPS = 10_000;
    uint256 public constant MAX_FACTOR_BPS = 20_000;

    GFL public immutable gfl;
    IERC20 public immutable dps;
    IAdmittedCapacity public immutable registry;
    uint64 public immutable genesis;
    uint64 public immutable periodSeconds;
    uint64 public immutable eraSeconds;
    uint256 public immutable eraThresholdGfl;
    /// How far above its admitted capacity a provider's median may be, in parts per million
    /// (1,050,000 = 5 % over): the gateway's report rule, enforced here too.
    uint32 public immutable capacityTolerancePpm;
    /// Whether environmental factors may be set at all (a deployment parameter, off by default).
    bool public immutable environmentalFactors;

    /// Each provider's environmental factor in basis points; 0 means unset (× 1).
    mapping(address => uint32) public environmentalFactorBps;

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
    error InvalidParameters();
    error NotAdmitted(address provider);
    error ExceedsCapacity(address provider, uint256 median, uint256 limit);
    error AmountTooLarge(uint256 amount, uint256 max);
    error EnvironmentalFactorsDisabled();
    error InvalidFactor(uint256 bps);

    event EpochOpened(uint64 indexed epoch, bytes32 inputsRoot, uint32 providers, uint256 replenished, uint256 replenishedGfl);
    event Rebalanced(uint64 indexed epoch, address indexed provider, uint256 before, uint256 target);
    event EpochCommitted(uint64 indexed epoch, bytes32 rewardsRoot, uint256 totalGfl, uint256 rewards, uint64 rewardEra);
    event HalvingAdvanced(uint64 indexed era, uint8 reason, uint64 at);
    event PoolReplenished(address indexed from, uint256 amount);
    event PoolFunded(address indexed from, uint256 amount);
    event Claimed(address indexed account, uint256 amount, uint256 cumulative);
    event Paused(address account);
    event Unpaused(address account);
    event EnvironmentalFactorSet(address indexed provider, uint32 bps);

    /// Deployment parameters (one struct: the constructor would otherwise take more arguments
    /// than the stack holds).
    struct Params {
        address admin;
        address gateway;
        address pauser;
        GFL gfl;
        IERC20 dps;
        IAdmittedCapacity registry;
        uint64 genesis;
        uint64 periodSeconds;
        uint64 eraSeconds;
        uint256 eraThresholdGfl;
        uint32 capacityTolerancePpm;
        bool environmentalFactors;
    }

    constructor(Params memory p) {
        if (address(p.gfl) == address(0) || address(p.dps) == address(0) || address(p.registry) == address(0)) revert ZeroAddress();
        // eraSeconds ≥ periodSeconds: at most one era boundary falls inside an epoch.
        if (p.periodSeconds == 0 || p.periodSeconds > MAX_PERIOD_SECONDS || p.eraSeconds < p.periodSeconds || p.eraSeconds > MAX_ERA_SECONDS) revert InvalidParameters();
        if (p.capacityTolerancePpm < 1_000_000 || p.capacityTolerancePpm > 2_000_000) revert InvalidParameters();
        // threshold << era must stay an amount for every era below MAX_ERA.
        if (p.eraThresholdGfl == 0 || p.eraThresholdGfl > MAX_AMOUNT) revert ThresholdTooLarge(p.eraThresholdGfl);
        _grantRole(DEFAULT_ADMIN_ROLE, p.admin);
        _grantRole(GATEWAY_ROLE, p.gateway);
        _grantRole(PAUSER_ROLE, p.pauser);
        _grantRole(FUNDER_ROLE, p.admin);
        gfl = p.gfl;
        dps = p.dps;
        registry = p.registry;
        genesis = p.genesis;
        periodSeconds = p.periodSeconds;
        eraSeconds = p.eraSeconds;
        eraThresholdGfl = p.eraThresholdGfl;
        capacityTolerancePpm = p.capacityTolerancePpm;
        environmentalFactors = p.environmentalFactors;
        eraStart = p.genesis;
    }

    /// @notice Sets a provider's environmental factor (basis points, 1..20000; 10000 = × 1),
    /// between epochs only, and only on a deployment made with environmental factors on.
    function setEnvironmentalFactor(address provider, uint32 bps) external onlyRole(GATEWAY_ROLE) whenNotPaused {
        if (!environmentalFactors) revert EnvironmentalFactorsDisabled();
        if (current.open) revert EpochAlreadyOpen(current.epoch);
        if (provider == address(0)) revert ZeroAddress();
        if (bps == 0 || bps > MAX_FACTOR_BPS) revert InvalidFactor(bps);
        environmentalFactorBps[provider] = bps == FACTOR_ONE_BPS ? 0 : bps;
        emit EnvironmentalFactorSet(provider, bps);
    }

    /// @notice Adds DPS to the reward pool: the treasury's funding, Staking's slashed stakes.
    function fund(uint256 amount) external onlyRole(FUNDER_ROLE) nonReentrant {
        // Between epochs only: a close checks rewards against the pool it opened with.
        if (current.open) revert EpochAlreadyOpen(current.epoch);
        if (amount > MAX_AMOUNT - pool) revert AmountTooLarge(amount, MAX_AMOUNT - pool);
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
        if (spent > MAX_AMOUNT - pool) revert AmountTooLarge(spent, MAX_AMOUNT - pool);
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

    /// @notice Rebalances a batch of providers to their medians (GFL wei) × environmental
    /// factor; a median of 0 (no accepted report) burns the provider's balance. A non-zero
    /// median is refused for a provider the registry does not admit, or above its admitted
    /// capacity × tolerance. Providers come in strictly ascending address order across the
    /// epoch's batches, so each is rebalanced once.
    function rebalance(address[] calldata providers, uint256[] calldata medians) external onlyRole(GATEWAY_ROLE) whenNotPaused {
        if (!current.open) revert NoEpochOpen();
        if (providers.length != medians.length) revert LengthMismatch(providers.length, medians.length);
        if (providers.length > MAX_BATCH) revert BatchTooLarge(providers.length, MAX_BATCH);
        if (current.processed + providers.length > current.providers) revert TooManyProviders(current.providers);
        (uint256 num, uint256 den) = _rewardRate(current.epoch);
        uint256 owed = current.owed;
        uint32 holdersSeen = 0;
        address last = current.lastProvider;
        uint64 epoch = current.epoch;
        for (uint256 i = 0; i < providers.length; i++) {
            address p = providers[i];
            if (p <= last) revert NotAscending(p, last); // also refuses address(0)
            last = p;
            uint256 target = _target(p, medians[i]);
            uint256 before = gfl.rebalanceTo(p, target);
            if (before != 0) holdersSeen++;
            if (num != 0) owed += (target * num) / den;
            emit Rebalanced(epoch, p, before, target);
        }
        current.lastProvider = last;
        current.owed = owed;
        current.processed += uint32(providers.length);
        current.holdersProcessed += holdersSeen;
    }

    /// The reward per GFL wei of `epoch`, num / den: share × R × seconds / 15 days / 2^era, at
    /// the era in force when the epoch began; the seconds after an era boundary inside the
    /// epoch at half that: (2 × before + after) / 2^(era+1). eraSeconds ≥ periodSeconds and
    /// every close catches the era up with the calendar, so at most one boundary falls inside.
    function _rewardRate(uint64 epoch) private view returns (uint256 num, uint256 den) {
        uint64 start = genesis + epoch * periodSeconds;
        uint64 end = start + periodSeconds;
        uint256 n = era;
        uint256 atStart = _timeEra(start);
        if (atStart > n) n = atStart; // a no-op for a state every close kept up
        if (n >= MAX_ERA) return (0, 1);
        uint256 share = REWARD_SHARE_BPS * R_NUMERATOR;
        uint256 base = 10_000 * R_DENOMINATOR * REFERENCE_PERIOD_SECONDS;
        if (_timeEra(end) <= n) return (share * periodSeconds, base << n);
        uint256 boundary = uint256(genesis) + (n + 1) * eraSeconds;
        uint256 weight = 2 * (boundary - start);
        if (n + 1 < MAX_ERA) weight += end - boundary;
        return (share * weight, base << (n + 1));
    }

    /// The era the calendar reached at time t: ⌊(t − genesis) / eraSeconds⌋, at most MAX_ERA.
    function _timeEra(uint64 t) private view returns (uint256) {
        if (t <= genesis) return 0;
        uint256 n = uint256(t - genesis) / eraSeconds;
        return n > MAX_ERA ? MAX_ERA : n;
    }

    /// A provider's target: its median × environmental factor, after the registry's checks.
    function _target(address provider, uint256 median) private view returns (uint256) {
        if (median == 0) return 0;
        if (median > MAX_AMOUNT) revert AmountTooLarge(median, MAX_AMOUNT);
        uint256 capacity = registry.admittedCapacity(provider);
        if (capacity == 0) revert NotAdmitted(provider);
        uint256 limit = (capacity * WEI_PER_MEGAFLOPS * capacityTolerancePpm) / 1_000_000;
        if (median > limit) revert ExceedsCapacity(provider, median, limit);
        uint256 bps = environmentalFactorBps[provider];
        if (bps == 0) return median;
        return (median * bps) / FACTOR_ONE_BPS;
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
        if (supply > MAX_AMOUNT) revert AmountTooLarge(supply, MAX_AMOUNT);
        // GFL held for this epoch, in 15-day units: an epoch of another length counts in
        // proportion, so the threshold halving does not come sooner with shorter epochs.
        uint256 counted = (supply * periodSeconds) / REFERENCE_PERIOD_SECONDS;
        eraCumulativeGfl += counted;
        cumulativeGfl += counted;
        cumulativeGflGross += counted;
        if (e.owed <= pool) {
            if (rewards != e.owed) revert RewardsMismatch(rewards, e.owed);
        } else if (rewards > pool) {
            revert RewardsExceedPool(rewards, pool);
        }
        pool -= rewards;
        emitted += rewards;
        committedRewards += SafeCast.toUint120(rewards);
        rewardsRoot = root;
        uint64 startsAt = genesis + e.epoch * periodSeconds;
        uint256 atStart = _timeEra(startsAt);
        if (atStart > era) era = uint64(atStart); // a no-op for a state every close kept up
        uint64 rewardEra = era;
        _advanceEra(e.epoch);
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

    /// The halving schedule is anchored to genesis: era n begins when the epoch that ends at or
    /// after genesis + n × eraSeconds closes (however late the close), so n years hold n
    /// halvings whatever the epoch length and settlement delay; the era's cumulative GFL
    /// reaching threshold × 2^era advances it one step earlier. The epoch's end, not the
    /// block's time, is the clock: the gateway computes the same result before it sends.
    function _advanceEra(uint64 epoch) private {
        if (era >= MAX_ERA) return;
        uint64 endsAt = genesis + (epoch + 1) * periodSeconds;
        uint256 byTime = _timeEra(endsAt);
        if (byTime > era) {
            era = uint64(byTime);
            eraStart = genesis + era * eraSeconds;
            eraCumulativeGfl = 0;
            emit HalvingAdvanced(era, 0, eraStart);
        } else if (eraCumulativeGfl >= (eraThresholdGfl << era)) {
            era += 1;
            eraStart = endsAt;
            eraCumulativeGfl = 0;
            emit HalvingAdvanced(era, 1, endsAt);
        }
    }

    function _subFloor(uint256 a, uint256 b) private pure returns (uint256) {
        return a > b ? a - b : 0;
    }
}
