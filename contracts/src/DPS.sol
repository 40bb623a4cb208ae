// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title DPS: the grid's payment token, an ordinary ERC-20 with a fixed supply.
/// @notice The whole supply is minted once, to the treasury, at deployment; nothing can mint
/// more. Rewards are paid from a pool the Settlement contract holds, not by minting.
contract DPS is ERC20 {
    constructor(address treasury, uint256 supply) ERC20("PetaGrid DPS", "DPS") {
        _mint(treasury, supply);
    }
}
