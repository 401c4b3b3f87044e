// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {StakingMath} from "./StakingMath.sol";
import {IUniswapV2Router} from "./interfaces/IUniswapV2Router.sol";
import {StakingReferrals} from "./StakingReferrals.sol";

/// @title StakingExchange
/// @notice Exchange of earned reward coin to USDC (the fee split between the dividend pools, written once
///         here), withdrawals, and dividends.
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingExchange is StakingReferrals {
    using SafeERC20 for IERC20;

    /// @notice Swaps `amountIn` of the caller's earned reward coin to USDC through the router (path
    ///         reward → USDC); the USDC minus the fee is added to the caller's withdrawable balance.
    /// @param amountIn Reward coin to swap (≤ earned).
    /// @param minUsdcOut Least USDC the caller accepts after the fee (slippage guard).
    /// @param deadline Last second (unix time) at which the caller accepts the swap; a transaction that
    ///        waited longer in the mempool, at a price the caller never saw, is refused.
    /// @return netUsdc USDC credited.
    function exchange(uint256 amountIn, uint256 minUsdcOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 netUsdc)
    {
        if (block.timestamp > deadline) revert DeadlinePassed(deadline);
        Account storage a = _accounts[msg.sender];
        _debitEarned(a, amountIn);
        uint256 rate = feeBpsFor(msg.sender);
        if (a.exchangeCount < type(uint32).max) ++a.exchangeCount;

        uint256 gross = _swapToUsdc(amountIn, minUsdcOut);

        (uint256 eco, uint256 share) = StakingMath.splitFee(gross * rate / BPS, nodeHolders, founderHolders);
        uint256 fee = eco + share;
        if (fee != 0) {
            if (eco != 0) accEcologicalPerNode += eco * ACC_SCALE / nodeHolders;
            if (share != 0) accShareholderPerFounder += share * ACC_SCALE / founderHolders;
            dividendsUnclaimed += fee;
            emit DividendsDistributed(eco, share);
        }
        netUsdc = gross - fee;
        if (netUsdc < minUsdcOut) revert SlippageExceeded(netUsdc, minUsdcOut);
        a.withdrawable += netUsdc;
        _addTotalWithdrawable(netUsdc);
        emit Exchanged(msg.sender, amountIn, gross, fee, netUsdc);
    }

    /// @notice Sends `amount` of the caller's withdrawable USDC to the caller.
    /// @dev A balance smaller than the minimum (a small grant or dividend) may leave as a whole, so the
    ///      minimum can never lock funds in.
    /// @param amount USDC base units (≤ withdrawable; ≥ minWithdrawal unless it is the whole balance).
    function withdraw(uint256 amount) external nonReentrant {
        Account storage a = _accounts[msg.sender];
        uint256 available = a.withdrawable;
        uint256 minimum = _minWithdrawal;
        if (amount == 0 || (amount < minimum && amount != available)) revert BelowMinimumWithdrawal(minimum);
        if (amount > available) revert InsufficientBalance(available);
        unchecked {
            a.withdrawable = available - amount; // amount ≤ available was checked above
        }
        // The total includes `available` (< 2^128), so the cast is exact; the subtraction stays checked.
        _totalWithdrawable -= uint128(amount);
        emit Withdrawn(msg.sender, amount);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Sends `amount` of the caller's earned reward coin to the caller without exchanging it
    ///         (so earnings can leave even if the DEX is unusable).
    /// @param amount Reward coin (≤ earned).
    function withdrawRewardCoin(uint256 amount) external nonReentrant {
        _debitEarned(_accounts[msg.sender], amount);
        emit RewardCoinWithdrawn(msg.sender, amount);
        rewardToken.safeTransfer(msg.sender, amount);
    }

    /// @notice Credits the caller's dividend (ecological for nodes, shareholder for founders) to its
    ///         withdrawable balance.
    /// @return amount USDC credited.
    function claimDividends() external nonReentrant returns (uint256 amount) {
        return _claimDividend(msg.sender, _accounts[msg.sender]);
    }

    /// @notice Exchange fee rate that applies to `user`'s next exchange (0 during its first
    ///         FREE_EXCHANGES exchanges and from level FEE_FREE_LEVEL).
    /// @param user The address.
    /// @return Basis points of the USDC received.
    function feeBpsFor(address user) public view returns (uint256) {
        // levelOf(user) >= FEE_FREE_LEVEL, with one comparison instead of levelOf's walk from the top.
        if (
            _accounts[user].exchangeCount < FREE_EXCHANGES
                || teamStakeOf(user) >= _levelThreshold(FEE_FREE_LEVEL)
        ) return 0;
        return feeBps;
    }

    /// @notice Sum of all users' withdrawable USDC balances.
    /// @return USDC base units.
    function totalWithdrawable() external view returns (uint256) {
        return _totalWithdrawable;
    }

    /// @notice Minimum withdrawal in USDC base units (timelocked, ≤ maxMinWithdrawal).
    /// @return USDC base units.
    function minWithdrawal() external view returns (uint256) {
        return _minWithdrawal;
    }

    /// @dev Takes `amount` (non-zero, at most the balance) from the account's earned reward coin and
    ///      the pool's total of it: the one debit both ways out of `earned` (exchange, coin withdrawal)
    ///      make.
    function _debitEarned(Account storage a, uint256 amount) internal {
        if (amount == 0) revert ZeroAmount();
        uint256 earned = a.earned;
        if (amount > earned) revert InsufficientBalance(earned);
        a.earned = earned - amount;
        totalEarned -= amount;
    }

    /// @dev Swaps `amountIn` reward coin to USDC here and returns the USDC received. Each token and the
    ///      router are read once into a local: an immutable is copied into the code at every read (33
    ///      bytes), a local costs one byte and the same gas (contracts/README.md, "Size").
    function _swapToUsdc(uint256 amountIn, uint256 minUsdcOut) internal returns (uint256 gross) {
        (IERC20 usdc_, IERC20 reward, IUniswapV2Router router_) = (usdc, rewardToken, router);
        reward.forceApprove(address(router_), amountIn);
        uint256 before = usdc_.balanceOf(address(this));
        address[] memory path = new address[](2);
        (path[0], path[1]) = (address(reward), address(usdc_));
        router_.swapExactTokensForTokens(amountIn, minUsdcOut, path, address(this), block.timestamp);
        gross = usdc_.balanceOf(address(this)) - before;
    }

    function _pendingDividend(Account storage a) internal view returns (uint256) {
        return StakingMath.pendingDividend(
            a.membership, a.dividendDebt, accEcologicalPerNode, accShareholderPerFounder
        );
    }

    function _claimDividend(address user, Account storage a) internal returns (uint256 amount) {
        amount = _pendingDividend(a);
        if (amount == 0) return 0;
        a.dividendDebt += amount * ACC_SCALE;
        a.withdrawable += amount;
        _addTotalWithdrawable(amount);
        dividendsUnclaimed -= amount;
        emit IncomeCredited(
            user,
            a.membership == Membership.Node
                ? IncomeSource.EcologicalDividend
                : IncomeSource.ShareholderDividend,
            address(0),
            address(usdc),
            amount
        );
    }
}
