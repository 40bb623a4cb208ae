// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title GFL: the computing-power index token (1 GFL = 1 PFLOPS, 18 decimals).
/// @notice Balances and total supply read like ERC-20, but GFL cannot be transferred or
/// approved: it stands for the computing power a provider proved, not for something to trade.
/// Only the gateway role (the Settlement contract) mints and burns it, by setting a provider's
/// balance to its target; a provider that lost its key is moved to a new one through Settlement.
///
/// Snapshots: the admission governor takes one when a proposal opens, and votes weigh the
/// balances at that snapshot. GFL cannot be transferred, but balances still move between a
/// proposal and a vote: every epoch's rebalance mints and burns, a newly admitted provider gains
/// its first GFL, and a migration moves a whole balance to a new key, which could then vote a
/// second time. A snapshot fixes each holder's weight and the quorum's base for the whole vote.
/// Balances are recorded lazily (the value before the first change after a snapshot), so a
/// rebalance pays for snapshots only in the first epoch after one, and reads one slot otherwise.
contract GFL is ERC20, AccessControl, Pausable {
    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant SNAPSHOT_ROLE = keccak256("SNAPSHOT_ROLE");

    /// A transfer between two holders was attempted: GFL is soulbound.
    error NonTransferable();
    /// approve and transferFrom are disabled: there is nothing to delegate.
    error ApprovalDisabled();
    /// migrate(old, new) with a zero address, the same address, or a new key that holds GFL.
    error InvalidMigration(address from, address to);
    /// balanceOfAt or totalSupplyAt for a snapshot that was not taken (0 or in the future).
    error UnknownSnapshot(uint32 id);

    event Migrated(address indexed from, address indexed to, uint256 amount);
    event SnapshotTaken(uint32 id);

    // A value that held at every snapshot after the previous entry's id, up to and including
    // `id`: one slot per entry.
    struct Recorded {
        uint32 id;
        uint224 value;
    }

    // True only inside migrate: the one holder-to-holder move the token allows.
    bool private _migrating;

    /// Addresses with a non-zero balance: Settlement checks that an epoch rebalanced all of them.
    uint32 public holders;
    /// The latest snapshot's id (0: none yet). It shares a slot with holders, which every
    /// rebalance reads anyway.
    uint32 public currentSnapshotId;

    // An account's records, oldest first, and in one slot their count, the last one's id, and
    // the snapshot up to which it held nothing (so that a new holder's zero needs no record): a
    // rebalance with no snapshot since reads that slot alone, and one after a snapshot writes
    // it and at most one record. The supply's records are address(0)'s, which holds nothing.
    struct RecordIndex {
        uint32 count;
        uint32 lastId;
        uint32 zeroUntil;
    }

    mapping(address => RecordIndex) private _recordIndexOf;
    mapping(address => mapping(uint256 => Recorded)) private _recordsOf;

    constructor(address admin, address gateway, address pauser) ERC20("PetaGrid GFL", "GFL") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(GATEWAY_ROLE, gateway);
        _grantRole(PAUSER_ROLE, pauser);
    }

    /// @notice Sets a provider's balance to `target` by minting or burning the difference, and
    /// returns the balance before: one call per provider when Settlement rebalances.
    function rebalanceTo(address account, uint256 target) external onlyRole(GATEWAY_ROLE) whenNotPaused returns (uint256 before) {
        before = balanceOf(account);
        if (target > before) {
            _mint(account, target - before);
        } else if (target < before) {
            _burn(account, before - target);
        }
    }

    /// @notice Moves a provider's whole balance to a new key (the old one was lost).
    function migrate(address from, address to) external onlyRole(GATEWAY_ROLE) {
        if (from == address(0) || to == address(0) || from == to || balanceOf(to) != 0) {
            revert InvalidMigration(from, to);
        }
        uint256 amount = balanceOf(from);
        _migrating = true;
        _transfer(from, to, amount);
        _migrating = false;
        emit Migrated(from, to, amount);
    }

    /// @notice Takes a snapshot of every balance and of the total supply, and returns its id.
    function snapshot() external onlyRole(SNAPSHOT_ROLE) returns (uint32 id) {
        id = currentSnapshotId + 1;
        currentSnapshotId = id;
        emit SnapshotTaken(id);
    }

    /// @notice An account's balance when snapshot `id` was taken.
    function balanceOfAt(address account, uint32 id) external view returns (uint256) {
        if (account == address(0)) return 0;
        return _valueAt(account, id, balanceOf(account));
    }

    /// @notice The total supply when snapshot `id` was taken.
    function totalSupplyAt(uint32 id) external view returns (uint256) {
        return _valueAt(address(0), id, totalSupply());
    }

    // The first record at or after `id` holds the value at `id`; with none, the value has not
    // changed since, and the current one is it.
    function _valueAt(address holder, uint32 id, uint256 current) private view returns (uint256) {
        if (id == 0 || id > currentSnapshotId) revert UnknownSnapshot(id);
        RecordIndex memory index = _recordIndexOf[holder];
        if (id <= index.zeroUntil) return 0;
        mapping(uint256 => Recorded) storage records = _recordsOf[holder];
        uint256 low = 0;
        uint256 high = index.count;
        uint256 n = high;
        while (low < high) {
            uint256 mid = (low + high) / 2;
            if (records[mid].id < id) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low == n ? current : records[low].value;
    }

    // Records a holder's value (address(0): the supply) before its first change since the
    // latest snapshot.
    function _record(address holder, uint32 current, uint256 value) private {
        RecordIndex memory index = _recordIndexOf[holder];
        if (index.lastId >= current) return;
        if (value == 0 && index.count == 0) {
            // Unchanged since before the first snapshot, and zero: zero at every snapshot so far.
            _recordIndexOf[holder] = RecordIndex(0, current, current);
            return;
        }
        _recordsOf[holder][index.count] = Recorded(current, SafeCast.toUint224(value));
        _recordIndexOf[holder] = RecordIndex(index.count + 1, current, index.zeroUntil);
    }

    function pause() external onlyRole(PAUSER_ROLE) {
        _pause();
    }

    function unpause() external onlyRole(PAUSER_ROLE) {
        _unpause();
    }

    function approve(address, uint256) public pure override returns (bool) {
        revert ApprovalDisabled();
    }

    function transferFrom(address, address, uint256) public pure override returns (bool) {
        revert ApprovalDisabled();
    }

    /// Every balance change passes here: only mints, burns and migrations get through, the
    /// holder count follows every one of them, and the snapshots record what they change.
    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0) && !_migrating) {
            revert NonTransferable();
        }
        uint32 current = currentSnapshotId;
        if (current != 0) {
            if (from != address(0)) _record(from, current, balanceOf(from));
            if (to != address(0)) _record(to, current, balanceOf(to));
            if (from == address(0) || to == address(0)) _record(address(0), current, totalSupply());
        }
        bool newHolder = to != address(0) && value != 0 && balanceOf(to) == 0;
        super._update(from, to, value);
        if (newHolder) holders += 1;
        if (from != address(0) && value != 0 && balanceOf(from) == 0) holders -= 1;
    }
}
