// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title LocalUSDCPermit
/// @notice Local-chain stand-in for USDC on Ethereum: 6 decimals and EIP-2612 permit.
/// @dev Only ever deployed on local development chains. The owner (the deployer) mints.
contract LocalUSDCPermit is ERC20, ERC20Permit, Ownable {
    /// @notice Creates the token with no supply.
    /// @param initialOwner The account allowed to mint.
    constructor(address initialOwner)
        ERC20("USD Coin", "USDC")
        ERC20Permit("USD Coin")
        Ownable(initialOwner)
    {}

    /// @notice USDC has 6 decimals on Ethereum.
    /// @return Always 6.
    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Mints `amount` (in base units) to `to`. Owner only.
    /// @param to The receiver.
    /// @param amount The amount in base units.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
