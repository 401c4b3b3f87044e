// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IStaking} from "./IStaking.sol";

/// @title StakingMath
/// @notice The reward, commission, fee-split and dividend arithmetic of Staking.
/// @dev Internal functions only, so the compiler inlines them into Staking and into StakingLens: the lens
///      shows exactly what the contract credits because both run this one copy of the formulas.
library StakingMath {
    /// @dev Basis points scale.
    uint256 internal constant BPS = 10_000;
    /// @dev Scale of a plan's `dailyRate`.
    uint256 internal constant RATE_SCALE = 1e18;
    /// @dev Scale of the dividend accumulators.
    uint256 internal constant ACC_SCALE = 1e18;
    /// @dev Commissions of the depth-1, depth-2 and depth-3 uplines, in basis points of mining.
    uint256 internal constant REFERRAL_BPS_1 = 1000;
    uint256 internal constant REFERRAL_BPS_2 = 800;
    uint256 internal constant REFERRAL_BPS_3 = 500;
    /// @dev Share of an exchange fee that goes to node holders; the rest goes to founders.
    uint256 internal constant ECOLOGICAL_SHARE_BPS = 5000;

    /// @dev Commission rate of the upline at `depth` (0-based).
    function referralBps(uint256 depth) internal pure returns (uint256) {
        return depth == 0 ? REFERRAL_BPS_1 : depth == 1 ? REFERRAL_BPS_2 : REFERRAL_BPS_3;
    }

    /// @dev Mining a position of `amount` earns over its plan's whole term.
    function fullMining(uint256 amount, uint256 dailyRate, uint256 termDays) internal pure returns (uint256) {
        return amount * dailyRate * termDays / RATE_SCALE;
    }

    /// @dev Mining earned by a position from `start` up to `t` (clamped to its term), rounded down.
    function minedAt(uint256 full, uint256 start, uint256 termDays, uint256 t)
        internal
        pure
        returns (uint256)
    {
        uint256 term = termDays * 1 days;
        if (t >= start + term) return full;
        return full * (t - start) / term;
    }

    /// @dev Splits an exchange fee between node holders and founders. A pool without holders takes no
    ///      share at all, so no fee is ever charged that nobody can claim.
    function splitFee(uint256 fee, uint256 nodeHolders, uint256 founderHolders)
        internal
        pure
        returns (uint256 eco, uint256 share)
    {
        uint256 half = fee * ECOLOGICAL_SHARE_BPS / BPS;
        eco = nodeHolders == 0 ? 0 : half;
        share = founderHolders == 0 ? 0 : fee - half;
    }

    /// @dev Dividend a holder can claim: its pool's accumulator growth since its debt, unscaled.
    function pendingDividend(IStaking.Membership membership, uint256 debt, uint256 accEco, uint256 accShare)
        internal
        pure
        returns (uint256)
    {
        if (membership == IStaking.Membership.Node) return (accEco - debt) / ACC_SCALE;
        if (membership == IStaking.Membership.Founder) return (accShare - debt) / ACC_SCALE;
        return 0;
    }
}
