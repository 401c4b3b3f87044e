// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IStaking} from "./IStaking.sol";
import {Staking} from "./Staking.sol";
import {StakingMath} from "./StakingMath.sol";

/// @title StakingLens
/// @notice Read-only views of one Staking contract: what the app's pages show, assembled from the
///         contract's raw getters. It holds nothing, changes nothing and has no owner.
/// @dev These views walk a user's positions or combine many fields; keeping them here leaves Staking room
///      under the EIP-170 code size limit for its safety checks. Function names and arguments are those
///      the views had on Staking, so a caller switches only the address it calls. The formulas are the
///      contract's own (StakingMath), so a figure shown here is the figure the contract credits.
contract StakingLens {
    /// @notice The Staking contract this lens reads.
    Staking public immutable staking;

    /// @notice Binds the lens to one Staking contract for ever.
    /// @param staking_ The Staking contract to read.
    constructor(Staking staking_) {
        if (address(staking_) == address(0)) revert IStaking.ZeroAddress();
        staking = staking_;
    }

    /// @notice Everything about `user` the app shows (balances, level, membership, pending income).
    /// @param user The address.
    /// @return v The account view.
    function getAccount(address user) external view returns (IStaking.AccountView memory v) {
        IStaking.Account memory a = staking.accountData(user);
        v.superior = a.superior;
        v.teamStake = staking.teamStakeOf(user);
        v.level = staking.levelOf(user);
        v.earned = a.earned;
        v.withdrawable = a.withdrawable;
        v.exchangeCount = a.exchangeCount;
        v.membership = a.membership;
        v.purchasedNode = a.purchasedNode;
        v.purchasedFounder = a.purchasedFounder;
        v.pendingDividend = StakingMath.pendingDividend(
            a.membership, a.dividendDebt, staking.accEcologicalPerNode(), staking.accShareholderPerFounder()
        );
        v.upgradePrice = staking.upgradePrice(user);
        IStaking.Plan[] memory plans = getPlans();
        for (uint256 i = 0; i < a.positionCount; ++i) {
            IStaking.PositionData memory p = staking.positionData(user, i);
            if (p.released) continue;
            v.activeStake += p.amount;
            IStaking.Plan memory plan = plans[p.planId];
            uint256 full = StakingMath.fullMining(p.amount, plan.dailyRate, plan.termDays);
            v.pendingMining += StakingMath.minedAt(full, p.startTime, plan.termDays, block.timestamp)
            - StakingMath.minedAt(full, p.startTime, plan.termDays, p.settledUntil);
        }
    }

    /// @notice One position of `user`.
    /// @param user The owner.
    /// @param positionId The position's index.
    /// @return The position.
    function getPosition(address user, uint256 positionId) external view returns (IStaking.Position memory) {
        if (positionId >= staking.positionCount(user)) revert IStaking.PositionNotFound(positionId);
        return _view(staking.positionData(user, positionId), getPlans());
    }

    /// @notice All positions of `user` (use getPositionsPage for long lists).
    /// @param user The owner.
    /// @return The positions, in id order.
    function getPositions(address user) external view returns (IStaking.Position[] memory) {
        return getPositionsPage(user, 0, type(uint256).max);
    }

    /// @notice Up to `limit` positions of `user` starting at id `offset` (empty past the end).
    /// @param user The owner.
    /// @param offset The first position id.
    /// @param limit The largest number to return.
    /// @return page The positions `offset .. offset+limit-1` that exist.
    function getPositionsPage(address user, uint256 offset, uint256 limit)
        public
        view
        returns (IStaking.Position[] memory page)
    {
        uint256 length = staking.positionCount(user);
        if (offset >= length) return new IStaking.Position[](0);
        uint256 end = length - offset < limit ? length : offset + limit;
        page = new IStaking.Position[](end - offset);
        IStaking.Plan[] memory plans = getPlans();
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = _view(staking.positionData(user, i), plans);
        }
    }

    /// @notice A user's principal totals: staked, to be released, released, withdrawn.
    /// @param user The owner.
    /// @return totals The totals.
    function getUserTotals(address user) external view returns (IStaking.UserTotals memory totals) {
        uint256 length = staking.positionCount(user);
        totals.positions = length;
        IStaking.Plan[] memory plans = getPlans();
        for (uint256 i = 0; i < length; ++i) {
            IStaking.PositionData memory p = staking.positionData(user, i);
            totals.totalStaked += p.amount;
            if (p.released) totals.withdrawn += p.amount;
            if (p.released || block.timestamp >= _endTime(p, plans[p.planId])) {
                totals.released += p.amount;
            } else {
                totals.toBeReleased += p.amount;
            }
        }
    }

    /// @notice Principal `user` currently has in positions.
    /// @param user The owner.
    /// @return active The active stake in base units.
    function activeStakeOf(address user) external view returns (uint256 active) {
        uint256 length = staking.positionCount(user);
        for (uint256 i = 0; i < length; ++i) {
            IStaking.PositionData memory p = staking.positionData(user, i);
            if (!p.released) active += p.amount;
        }
    }

    /// @notice Reward coin a stake of `amount` into `planId` needs unreserved now (its full-term mining
    ///         plus the commissions of `user`'s current uplines).
    /// @param user The staker.
    /// @param planId The plan.
    /// @param amount Principal (base units).
    /// @return mining Full-term mining of the position.
    /// @return reserve Mining plus commissions: what the stake reserves.
    function rewardFor(address user, uint256 planId, uint256 amount)
        external
        view
        returns (uint256 mining, uint256 reserve)
    {
        IStaking.Plan memory plan = staking.getPlan(planId);
        mining = StakingMath.fullMining(amount, plan.dailyRate, plan.termDays);
        address[3] memory ups = staking.selectUplines(user);
        reserve = mining;
        for (uint256 j = 0; j < 3 && ups[j] != address(0); ++j) {
            reserve += mining * StakingMath.referralBps(j) / StakingMath.BPS;
        }
    }

    /// @notice What `exchange(amountIn, ·, ·)` would credit `user` at the current pool price.
    /// @param user The user (fee depends on its exchange count and level).
    /// @param amountIn Reward coin.
    /// @return q Gross output, fee rate, fee and net output.
    function quoteExchange(address user, uint256 amountIn)
        external
        view
        returns (IStaking.ExchangeQuote memory q)
    {
        if (amountIn == 0) return q;
        address[] memory path = new address[](2);
        path[0] = address(staking.rewardToken());
        path[1] = address(staking.usdc());
        uint256[] memory amounts = staking.router().getAmountsOut(amountIn, path);
        q.grossUsdc = amounts[amounts.length - 1];
        uint256 rate = staking.feeBpsFor(user);
        (uint256 eco, uint256 share) = StakingMath.splitFee(
            q.grossUsdc * rate / StakingMath.BPS, staking.nodeHolders(), staking.founderHolders()
        );
        q.fee = eco + share;
        q.feeBps = q.fee == 0 ? 0 : rate;
        q.netUsdc = q.grossUsdc - q.fee;
    }

    /// @notice All plans, in id order.
    /// @return plans The plans.
    function getPlans() public view returns (IStaking.Plan[] memory plans) {
        plans = new IStaking.Plan[](staking.planCount());
        for (uint256 i = 0; i < plans.length; ++i) {
            plans[i] = staking.getPlan(i);
        }
    }

    /// @notice Whether a plan accepts stakes now: it exists, its window is open, the pool is not
    ///         paused and more than the minimum stake is left under its cap (the checks `stake` makes
    ///         before the reward budget's).
    /// @dev False is shown as 'Subscription has ended' (or not yet started, before opensAt). A stake can
    ///      still be refused when the unreserved reward budget cannot cover it (see rewardBudgetInfo).
    /// @param planId The plan id.
    /// @return True when a stake of more than the minimum can be accepted.
    function isSubscriptionOpen(uint256 planId) external view returns (bool) {
        if (planId >= staking.planCount() || staking.paused()) return false;
        IStaking.Plan memory plan = staking.getPlan(planId);
        return block.timestamp >= plan.opensAt && block.timestamp < plan.closesAt
            && plan.cap - plan.totalStaked > staking.minStakeExclusive();
    }

    /// @notice Principal staked into the pool today (UTC day); no T+1: today's stakes mine at once.
    /// @return USDC base units.
    function todayStaked() external view returns (uint256) {
        return staking.statDay() == block.timestamp / 1 days ? staking.statStaked() : 0;
    }

    function _endTime(IStaking.PositionData memory p, IStaking.Plan memory plan)
        private
        pure
        returns (uint256)
    {
        return uint256(p.startTime) + uint256(plan.termDays) * 1 days;
    }

    function _view(IStaking.PositionData memory p, IStaking.Plan[] memory plans)
        private
        pure
        returns (IStaking.Position memory)
    {
        IStaking.Plan memory plan = plans[p.planId];
        uint256 full = StakingMath.fullMining(p.amount, plan.dailyRate, plan.termDays);
        return IStaking.Position({
            planId: p.planId,
            amount: p.amount,
            startTime: p.startTime,
            endTime: uint64(_endTime(p, plan)),
            withdrawn: p.released,
            settledUntil: p.settledUntil,
            totalReward: full,
            rewardPaid: StakingMath.minedAt(full, p.startTime, plan.termDays, p.settledUntil)
        });
    }
}
