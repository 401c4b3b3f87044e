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
///      the views had on Staking, so a caller switches only the address it calls (except `getPlans`,
///      which is paged). No view reads the whole plan list: a deployment with thousands of plans stays
///      within an RPC node's gas cap for `eth_call`. The formulas are the
///      contract's own (StakingMath), so a figure shown here is the figure the contract credits.
contract StakingLens {
    /// @dev The plan of the position read last, so a walk over a user's positions reads each plan it
    ///      needs (positions of one plan usually follow each other) and never the whole plan list: the
    ///      views' cost follows the user's positions, not the number of plans.
    struct PlanCache {
        uint256 planId;
        IStaking.Plan plan;
    }

    /// @notice Most plans one `getPlans` call returns, whatever `limit` asks: a page of this many stays
    ///         far under the 50,000,000 gas an RPC node allows an `eth_call` by default (geth), so
    ///         the call works however many plans the operator has opened (StakingLensPaging.t.sol).
    uint256 public constant MAX_PLANS_PAGE = 500;

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
        PlanCache memory cache = _emptyCache();
        for (uint256 i = 0; i < a.positionCount; ++i) {
            IStaking.PositionData memory p = staking.positionData(user, i);
            if (p.released) continue;
            v.activeStake += p.amount;
            IStaking.Plan memory plan = _planOf(p, cache);
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
        return _view(staking.positionData(user, positionId), _emptyCache());
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
        PlanCache memory cache = _emptyCache();
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = _view(staking.positionData(user, i), cache);
        }
    }

    /// @notice A user's principal totals: staked, to be released, released, withdrawn.
    /// @param user The owner.
    /// @return totals The totals.
    function getUserTotals(address user) external view returns (IStaking.UserTotals memory totals) {
        uint256 length = staking.positionCount(user);
        totals.positions = length;
        PlanCache memory cache = _emptyCache();
        for (uint256 i = 0; i < length; ++i) {
            IStaking.PositionData memory p = staking.positionData(user, i);
            totals.totalStaked += p.amount;
            if (p.released) totals.withdrawn += p.amount;
            if (p.released || block.timestamp >= _endTime(p, _planOf(p, cache))) {
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

    /// @notice Up to `limit` plans (never more than MAX_PLANS_PAGE) from id `offset`, in id order, and
    ///         how many plans there are: a caller reads every plan by calling again from
    ///         `offset + page.length` until it reaches `total`.
    /// @param offset The first plan id.
    /// @param limit The largest number to return (capped at MAX_PLANS_PAGE).
    /// @return page The plans `offset ..` that exist (empty past the end).
    /// @return total The number of plans (ids 0..total-1).
    function getPlans(uint256 offset, uint256 limit)
        external
        view
        returns (IStaking.Plan[] memory page, uint256 total)
    {
        total = staking.planCount();
        if (offset >= total) return (new IStaking.Plan[](0), total);
        if (limit > MAX_PLANS_PAGE) limit = MAX_PLANS_PAGE;
        uint256 end = total - offset < limit ? total : offset + limit;
        page = new IStaking.Plan[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = staking.getPlan(i);
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

    function _emptyCache() private pure returns (PlanCache memory cache) {
        cache.planId = type(uint256).max; // no plan has this id (ids are below 2^32)
    }

    function _planOf(IStaking.PositionData memory p, PlanCache memory cache)
        private
        view
        returns (IStaking.Plan memory)
    {
        if (cache.planId != p.planId) {
            cache.plan = staking.getPlan(p.planId);
            cache.planId = p.planId;
        }
        return cache.plan;
    }

    function _endTime(IStaking.PositionData memory p, IStaking.Plan memory plan)
        private
        pure
        returns (uint256)
    {
        return uint256(p.startTime) + uint256(plan.termDays) * 1 days;
    }

    function _view(IStaking.PositionData memory p, PlanCache memory cache)
        private
        view
        returns (IStaking.Position memory)
    {
        IStaking.Plan memory plan = _planOf(p, cache);
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
