// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title GFL: the computing-power index token (1 GFL = 1 PFLOPS, 18 decimals).
/// @notice Balances and total supply read like ERC-20, but GFL cannot be transferred or
/// approved: it stands for the computing power a provider proved, not for something to trade.
/// Only the gateway role (the Settlement contract) mints and burns it, by setting a provider's
/// balance to its target; a provider that lost its key is moved to a new one through Settlement.
contract GFL is ERC20, AccessControl, Pausable {
    bytes32 public constant GATEWAY_ROLE = keccak256("GATEWAY_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");

    /// A transfer between two holders was attempted: GFL is soulbound.
    error NonTransferable();
    /// approve and transferFrom are disabled: there is nothing to delegate.
    error ApprovalDisabled();
    /// migrate(old, new) with a zero address, the same address, or a new key that holds GFL.
    error InvalidMigration(address from, address to);

    event Migrated(address indexed from, address indexed to, uint256 amount);

    // True only inside migrate: the one holder-to-holder move the token allows.
    bool private _migrating;

    /// Addresses with a non-zero balance: Settlement checks that an epoch rebalanced all of them.
    uint32 public holders;

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

    /// Every balance change passes here: only mints, burns and migrations get through, and the
    /// holder count follows every one of them.
    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0) && !_migrating) {
            revert NonTransferable();
        }
        bool newHolder = to != address(0) && value != 0 && balanceOf(to) == 0;
        super._update(from, to, value);
        if (newHolder) holders += 1;
        if (from != address(0) && value != 0 && balanceOf(from) == 0) holders -= 1;
    }
}
