// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {StakingStorage} from "./StakingStorage.sol";

/// @title StakingGrants
/// @notice Grants (activity and promotion income): an operator-funded USDC budget credited to users.
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingGrants is StakingStorage {
    using SafeERC20 for IERC20;

    /// @notice Deposits USDC into the grants budget. Operator only.
    /// @param amount USDC (needs an allowance).
    function depositGrants(uint256 amount) external onlyOwner nonReentrant {
        if (amount == 0) revert ZeroAmount();
        grantsBudget += _pull(usdc, msg.sender, amount);
        emit GrantsBudgetChanged(amount, true);
    }

    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.
    /// @param amount USDC (≤ grantsBudget).
    function withdrawGrants(uint256 amount) external onlyOwner nonReentrant {
        uint256 budget = grantsBudget;
        if (amount == 0) revert ZeroAmount();
        if (amount > budget) revert InsufficientBalance(budget);
        grantsBudget = budget - amount;
        emit GrantsBudgetChanged(amount, false);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Credits grants from the grants budget to users' withdrawable balances. Operator only.
    /// @param users Recipients.
    /// @param amounts USDC each.
    /// @param source IncomeSource.Activity or IncomeSource.Promotion (the reason code).
    function creditGrants(address[] calldata users, uint256[] calldata amounts, IncomeSource source)
        external
        onlyOwner
    {
        if (source != IncomeSource.Activity && source != IncomeSource.Promotion) {
            revert InvalidGrantSource();
        }
        if (users.length != amounts.length) revert LengthMismatch();
        uint256 budget = grantsBudget;
        uint256 total;
        for (uint256 i = 0; i < users.length; ++i) {
            address user = users[i];
            uint256 amount = amounts[i];
            if (user == address(0)) revert ZeroAddress();
            if (amount == 0) revert ZeroAmount();
            total += amount;
            if (total > budget) revert InsufficientBalance(budget);
            _accounts[user].withdrawable += amount;
            emit IncomeCredited(user, source, address(0), address(usdc), amount);
        }
        grantsBudget = budget - total;
        _addTotalWithdrawable(total);
    }
}
