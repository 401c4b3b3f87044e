// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title LocalUSDC18
/// @notice Local-chain stand-in for Binance-Peg USDC on BSC: 18 decimals and no permit.
/// @dev Only ever deployed on local development chains. The owner (the deployer) mints.
contract LocalUSDC18 is ERC20, Ownable {
    /// @notice Creates the token with no supply.
    /// @param initialOwner The account allowed to mint.
    constructor(address initialOwner) ERC20("USD Coin", "USDC") Ownable(initialOwner) {}

    /// @notice Mints `amount` (in base units) to `to`. Owner only.
    /// @param to The receiver.
    /// @param amount The amount in base units.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
