// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";

/// GFL as the governor asks it: snapshots of balances and of the supply.
interface IGFLSnapshots {
    function snapshot() external returns (uint32);
    function balanceOfAt(address account, uint32 id) external view returns (uint256);
    function totalSupplyAt(uint32 id) external view returns (uint256);
}

/// The stake a provider has bonded, as the registry's Staking contract answers it.
interface IStakeCover {
    function covers(address provider, uint64 capacityMegaFlops) external view returns (bool);
}

/// The provider registry as the governor drives it.
interface IProviderAdmission {
    struct Provider {
        uint8 status;
        uint64 capacityMegaFlops;
        uint32 gpus;
        uint64 admittedAt;
        bytes32 registration;
    }

    function providerOf(address provider) external view returns (Provider memory);
    function staking() external view returns (IStakeCover);
    function admit(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external;
    function update(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external;
}

/// @title AdmissionGovernor: GFL holders admit providers by vote (whitepaper §3.4.2–3.4.3).
/// @notice A proposal names a registration: the provider's key, its capacity and GPUs, and the
/// digest of the registration they come from (what voters review at the gateway). It opens a
/// GFL snapshot; each holder votes once, weighted by its balance at that snapshot. After the
/// voting period a proposal passes when For + Abstain reach the quorum (a share of the
/// snapshot's supply) and For exceeds the threshold's share of For + Against; anyone may then
/// execute it, which admits the provider (or raises its capacity) in the registry, where the
/// stake check still applies. The operator bootstraps the grid: until transitionEnd it admits
/// alone through the registry and may veto any proposal not yet executed; after it, only votes
/// admit and nobody vetoes.
contract AdmissionGovernor is AccessControl {
    bytes32 public constant PROPOSER_ROLE = keccak256("PROPOSER_ROLE");
    bytes32 public constant VETO_ROLE = keccak256("VETO_ROLE");

    uint8 private constant REGISTRY_NONE = 0;
    uint8 private constant REGISTRY_ADMITTED = 1;

    uint8 public constant AGAINST = 0;
    uint8 public constant FOR = 1;
    uint8 public constant ABSTAIN = 2;

    uint64 public constant MIN_VOTING_PERIOD = 60;
    uint64 public constant MAX_VOTING_PERIOD = 90 days;

    enum State {
        None,
        Active,
        Defeated,
        Succeeded,
        Executed,
        Vetoed,
        Expired
    }

    struct Proposal {
        address provider;
        uint64 capacityMegaFlops;
        uint32 gpus;
        bytes32 registration;
        address proposer;
        uint32 snapshotId;
        uint64 voteEnd;
        bool executed;
        bool vetoed;
        uint256 forVotes;
        uint256 againstVotes;
        uint256 abstainVotes;
    }

    IGFLSnapshots public immutable gfl;
    IProviderAdmission public immutable registry;
    uint64 public immutable votingPeriod;
    /// For + Abstain must reach this share (basis points) of the snapshot's GFL supply.
    uint16 public immutable quorumBps;
    /// For must exceed this share (basis points) of For + Against: 5000 is a simple majority.
    uint16 public immutable thresholdBps;
    /// Until then the operator admits alone and may veto; after, only votes admit.
    uint64 public immutable transitionEnd;

    uint256 public proposalCount;
    mapping(uint256 => Proposal) private _proposals;
    mapping(uint256 => mapping(address => bool)) private _voted;
    /// A provider's latest proposal: it may have one open at a time.
    mapping(address => uint256) public latestProposalOf;

    error InvalidParameters();
    error ZeroAddress();
    error ZeroRegistration();
    error ZeroCapacity();
    error NotProposer(address sender, address provider);
    error ProposalOpen(address provider, uint256 id);
    error AlreadyAdmitted(address provider);
    error NotAdmissible(address provider);
    error InsufficientStake(address provider, uint64 capacityMegaFlops);
    error UnknownProposal(uint256 id);
    error NotActive(uint256 id, State state);
    error NotSucceeded(uint256 id, State state);
    error AlreadyVoted(uint256 id, address voter);
    error NoVotingPower(uint256 id, address voter);
    error InvalidSupport(uint8 support);
    error TransitionOver();

    event ProposalCreated(uint256 indexed id, address indexed provider, address proposer, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration, uint32 snapshotId, uint64 voteEnd);
    event VoteCast(uint256 indexed id, address indexed voter, uint8 support, uint256 weight);
    event ProposalExecuted(uint256 indexed id, address indexed provider, bytes32 registration);
    event ProposalVetoed(uint256 indexed id, address indexed provider);

    constructor(address admin, address proposer, IGFLSnapshots gfl_, IProviderAdmission registry_, uint64 votingPeriod_, uint16 quorumBps_, uint16 thresholdBps_, uint64 transitionEnd_) {
        if (admin == address(0) || address(gfl_) == address(0) || address(registry_) == address(0)) revert ZeroAddress();
        if (votingPeriod_ < MIN_VOTING_PERIOD || votingPeriod_ > MAX_VOTING_PERIOD) revert InvalidParameters();
        if (quorumBps_ == 0 || quorumBps_ > 10000 || thresholdBps_ < 5000 || thresholdBps_ > 9999) revert InvalidParameters();
        gfl = gfl_;
        registry = registry_;
        votingPeriod = votingPeriod_;
        quorumBps = quorumBps_;
        thresholdBps = thresholdBps_;
        transitionEnd = transitionEnd_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(VETO_ROLE, admin);
        if (proposer != address(0)) _grantRole(PROPOSER_ROLE, proposer);
    }

    /// @notice Puts a provider's admission (or a raise of its admitted capacity) to the vote. The
    /// provider proposes itself, or the gateway (proposer role) does for it; its bonded stake
    /// must already cover the capacity, so that a passed proposal can be executed.
    function propose(address provider, uint64 capacityMegaFlops, uint32 gpus, bytes32 registration) external returns (uint256 id) {
        if (provider == address(0)) revert ZeroAddress();
        if (registration == bytes32(0)) revert ZeroRegistration();
        // Nothing to admit: and a free proposal would only open a snapshot.
        if (capacityMegaFlops == 0) revert ZeroCapacity();
        if (msg.sender != provider && !hasRole(PROPOSER_ROLE, msg.sender)) revert NotProposer(msg.sender, provider);
        uint256 latest = latestProposalOf[provider];
        if (latest != 0) {
            State s = state(latest);
            if (s == State.Active || s == State.Succeeded) revert ProposalOpen(provider, latest);
        }
        IProviderAdmission.Provider memory p = registry.providerOf(provider);
        if (p.status == REGISTRY_ADMITTED) {
            // Only a raise needs a vote: the operator lowers a capacity alone.
            if (capacityMegaFlops <= p.capacityMegaFlops) revert AlreadyAdmitted(provider);
        } else if (p.status != REGISTRY_NONE) {
            // Suspended: reinstatement is the operator's decision, not a new admission.
            revert NotAdmissible(provider);
        }
        if (!registry.staking().covers(provider, capacityMegaFlops)) revert InsufficientStake(provider, capacityMegaFlops);
        id = ++proposalCount;
        uint32 snap = gfl.snapshot();
        uint64 end = uint64(block.timestamp) + votingPeriod;
        _proposals[id] = Proposal({
            provider: provider,
            capacityMegaFlops: capacityMegaFlops,
            gpus: gpus,
            registration: registration,
            proposer: msg.sender,
            snapshotId: snap,
            voteEnd: end,
            executed: false,
            vetoed: false,
            forVotes: 0,
            againstVotes: 0,
            abstainVotes: 0
        });
        latestProposalOf[provider] = id;
        emit ProposalCreated(id, provider, msg.sender, capacityMegaFlops, gpus, registration, snap, end);
    }

    /// @notice Votes once on an active proposal (0 against, 1 for, 2 abstain), weighted by the
    /// voter's GFL at the proposal's snapshot.
    function castVote(uint256 id, uint8 support) external returns (uint256 weight) {
        State s = state(id);
        if (s != State.Active) revert NotActive(id, s);
        if (support > ABSTAIN) revert InvalidSupport(support);
        if (_voted[id][msg.sender]) revert AlreadyVoted(id, msg.sender);
        Proposal storage p = _proposals[id];
        weight = gfl.balanceOfAt(msg.sender, p.snapshotId);
        if (weight == 0) revert NoVotingPower(id, msg.sender);
        _voted[id][msg.sender] = true;
        if (support == FOR) {
            p.forVotes += weight;
        } else if (support == AGAINST) {
            p.againstVotes += weight;
        } else {
            p.abstainVotes += weight;
        }
        emit VoteCast(id, msg.sender, support, weight);
    }

    /// @notice Admits the provider of a passed proposal (anyone may call it, until as long
    /// after the vote as the vote lasted).
    function execute(uint256 id) external {
        State s = state(id);
        if (s != State.Succeeded) revert NotSucceeded(id, s);
        Proposal storage p = _proposals[id];
        p.executed = true;
        // The operator may have admitted or suspended the provider during the vote (the
        // transition): a vote never lowers an admission nor reinstates a suspended provider.
        IProviderAdmission.Provider memory current = registry.providerOf(p.provider);
        if (current.status == REGISTRY_NONE) {
            registry.admit(p.provider, p.capacityMegaFlops, p.gpus, p.registration);
        } else if (current.status != REGISTRY_ADMITTED) {
            revert NotAdmissible(p.provider);
        } else if (p.capacityMegaFlops <= current.capacityMegaFlops) {
            revert AlreadyAdmitted(p.provider);
        } else {
            registry.update(p.provider, p.capacityMegaFlops, p.gpus, p.registration);
        }
        emit ProposalExecuted(id, p.provider, p.registration);
    }

    /// @notice The operator rejects a proposal not yet executed, during the transition only.
    function veto(uint256 id) external onlyRole(VETO_ROLE) {
        if (block.timestamp >= transitionEnd) revert TransitionOver();
        State s = state(id);
        if (s != State.Active && s != State.Succeeded) revert NotActive(id, s);
        Proposal storage p = _proposals[id];
        p.vetoed = true;
        emit ProposalVetoed(id, p.provider);
    }

    /// @notice Where a proposal stands.
    function state(uint256 id) public view returns (State) {
        if (id == 0 || id > proposalCount) return State.None;
        Proposal storage p = _proposals[id];
        if (p.executed) return State.Executed;
        if (p.vetoed) return State.Vetoed;
        if (block.timestamp < p.voteEnd) return State.Active;
        if (!_passed(p)) return State.Defeated;
        if (block.timestamp >= uint256(p.voteEnd) + votingPeriod) return State.Expired;
        return State.Succeeded;
    }

    /// @notice The votes For + Abstain a proposal needs: the quorum's share of its snapshot's
    /// supply, rounded up.
    function quorumOf(uint256 id) public view returns (uint256) {
        if (id == 0 || id > proposalCount) revert UnknownProposal(id);
        uint256 supply = gfl.totalSupplyAt(_proposals[id].snapshotId);
        return (supply * quorumBps + 9999) / 10000;
    }

    function _passed(Proposal storage p) private view returns (bool) {
        if (p.forVotes == 0) return false;
        uint256 supply = gfl.totalSupplyAt(p.snapshotId);
        if ((p.forVotes + p.abstainVotes) * 10000 < supply * quorumBps) return false;
        return p.forVotes * 10000 > (p.forVotes + p.againstVotes) * thresholdBps;
    }

    function proposalOf(uint256 id) external view returns (Proposal memory p, State s) {
        if (id == 0 || id > proposalCount) revert UnknownProposal(id);
        return (_proposals[id], state(id));
    }

    function hasVoted(uint256 id, address voter) external view returns (bool) {
        return _voted[id][voter];
    }
}
