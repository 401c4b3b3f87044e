// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {StakingMath} from "./StakingMath.sol";
import {StakingReferrals} from "./StakingReferrals.sol";

/// @title StakingPositions
/// @notice Plans and positions: stake (reserving full-term mining and the uplines' commissions from the
///         funded budget), settle (harvest), release of principal, and the reward budget.
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingPositions is StakingReferrals {
    using SafeERC20 for IERC20;

    /// @notice Opens a new plan. Operator only. Existing plans never change terms.
    /// @param termDays Lock term in days (1..MAX_TERM_DAYS).
    /// @param dailyRate Reward-coin base units per USDC base unit per day, scaled by 1e18 (≤ MAX_DAILY_RATE).
    /// @param cap Maximum total principal (base units, > minStakeExclusive, < 2^96).
    /// @param opensAt Start of the subscription window (unix time).
    /// @param closesAt End of the subscription window (unix time, after opensAt and in the future).
    /// @return planId The new plan's id.
    function createPlan(uint32 termDays, uint256 dailyRate, uint256 cap, uint64 opensAt, uint64 closesAt)
        external
        onlyOwner
        returns (uint256 planId)
    {
        if (
            termDays == 0 || termDays > MAX_TERM_DAYS || dailyRate > MAX_DAILY_RATE
                || cap <= minStakeExclusive || cap > type(uint96).max || closesAt <= opensAt
                || closesAt <= block.timestamp || closesAt > type(uint40).max
                || _planCount >= type(uint32).max
        ) revert InvalidPlan();
        planId = _planCount;
        _planCount = planId + 1;
        _plans[planId] = PlanData({
            termDays: termDays,
            opensAt: uint40(opensAt),
            closesAt: uint40(closesAt),
            dailyRate: uint128(dailyRate),
            cap: uint128(cap),
            totalStaked: 0
        });
        emit PlanCreated(planId, termDays, dailyRate, cap, opensAt, closesAt);
    }

    /// @notice Ends a plan's subscription window now. Operator only. Existing positions are unaffected.
    /// @param planId The plan to close.
    function closePlan(uint256 planId) external onlyOwner {
        PlanData storage plan = _plan(planId);
        uint64 now_ = uint64(block.timestamp);
        if (plan.closesAt <= now_) revert SubscriptionEnded(planId);
        plan.closesAt = uint40(now_);
        emit PlanClosed(planId, now_);
    }

    /// @notice Number of plans; ids are 0..planCount()-1.
    /// @return The number of plans.
    function planCount() external view returns (uint256) {
        return _planCount;
    }

    /// @notice One plan.
    /// @param planId The plan id.
    /// @return The plan.
    function getPlan(uint256 planId) external view returns (Plan memory) {
        PlanData storage p = _plan(planId);
        return Plan({
            termDays: p.termDays,
            opensAt: p.opensAt,
            closesAt: p.closesAt,
            cap: p.cap,
            totalStaked: p.totalStaked,
            dailyRate: p.dailyRate
        });
    }

    /// @notice Stakes `amount` of USDC into `planId`. Needs an allowance of at least `amount`
    ///         (the app approves exactly `amount`).
    /// @param planId The plan to stake into.
    /// @param amount Principal in base units; must be greater than `minStakeExclusive`.
    /// @return positionId The new position's index in the caller's list.
    function stake(uint256 planId, uint256 amount) external nonReentrant returns (uint256 positionId) {
        return _stake(planId, amount);
    }

    /// @notice Stakes with an EIP-2612 permit instead of a separate approval.
    /// @dev If the permit was already used (e.g. front-run from the mempool), staking still works
    ///      as long as the allowance covers `amount`.
    /// @param planId The plan to stake into.
    /// @param amount Principal in base units; the permit's value must equal it.
    /// @param deadline The permit's deadline.
    /// @param v Signature v.
    /// @param r Signature r.
    /// @param s Signature s.
    /// @return positionId The new position's index in the caller's list.
    function stakeWithPermit(uint256 planId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        nonReentrant
        returns (uint256 positionId)
    {
        try IERC20Permit(address(usdc)).permit(msg.sender, address(this), amount, deadline, v, r, s) {}
        catch {
            if (usdc.allowance(msg.sender, address(this)) < amount) revert PermitFailed();
        }
        return _stake(planId, amount);
    }

    /// @notice Credits the mining accrued so far on `user`'s positions `positionIds` to `user`, and the
    ///         10% / 8% / 5% commissions to its uplines, from the reserve. Anyone may call it: it only
    ///         ever credits `user` and `user`'s uplines. Released positions are skipped.
    /// @param user The positions' owner.
    /// @param positionIds Ids in `user`'s list.
    function harvest(address user, uint256[] calldata positionIds) external nonReentrant {
        uint256 count = _accounts[user].positionCount;
        address[3] memory ups = selectUplines(user);
        uint256[4] memory credits;
        for (uint256 i = 0; i < positionIds.length; ++i) {
            uint256 id = positionIds[i];
            if (id >= count) revert PositionNotFound(id);
            PositionData storage p = _positions[user][id];
            if (!p.released) _settle(p, _plans[p.planId], ups, block.timestamp, credits);
        }
        _payCredits(user, ups, credits);
    }

    /// @notice Releases the principal of the caller's positions `positionIds` to the withdrawable
    ///         balance: after their term ends, or at any time while the pool is paused. Mining is
    ///         credited up to then; the rest of an early position's reservation goes back to the budget.
    /// @param positionIds Ids in the caller's list.
    function releasePrincipal(uint256[] calldata positionIds) external nonReentrant {
        uint256 total;
        for (uint256 i = 0; i < positionIds.length; ++i) {
            total += _release(positionIds[i], false);
        }
        _accounts[msg.sender].withdrawable += total;
        _addTotalWithdrawable(total);
    }

    /// @notice Releases one position's principal and pays it to the caller at once (after its term,
    ///         or at any time while paused). No minimum applies: exit always works.
    /// @param positionId The position's index in the caller's list.
    function withdrawPrincipal(uint256 positionId) external nonReentrant {
        uint256 amount = _release(positionId, true);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Adds reward coin to the reward budget (anyone may fund; the operator usually does).
    /// @param amount Reward coin (needs an allowance).
    function fundRewards(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        uint256 received = _pull(rewardToken, msg.sender, amount);
        rewardBudget += SafeCast.toUint128(received);
        emit RewardsFunded(msg.sender, received);
    }

    /// @notice Takes back reward coin that no position has reserved. Operator only, to the operator.
    /// @param amount Reward coin (≤ unreserved).
    function withdrawUnreserved(uint256 amount) external onlyOwner nonReentrant {
        uint256 unreserved = rewardBudget - rewardReserved;
        if (amount == 0) revert ZeroAmount();
        if (amount > unreserved) revert InsufficientBalance(unreserved);
        rewardBudget -= uint128(amount);
        emit UnreservedWithdrawn(msg.sender, amount);
        rewardToken.safeTransfer(msg.sender, amount);
    }

    /// @notice The reward budget: total, reserved for positions, and free for new stakes.
    /// @return budget Reward coin backing uncredited rewards.
    /// @return reserved Part promised to existing positions and their uplines.
    /// @return unreserved Part free for new stakes (and withdrawable by the operator).
    function rewardBudgetInfo() external view returns (uint256 budget, uint256 reserved, uint256 unreserved) {
        budget = rewardBudget;
        reserved = rewardReserved;
        unreserved = budget - reserved;
    }

    /// @notice Number of positions of `user`.
    /// @param user The owner.
    /// @return The count.
    function positionCount(address user) external view returns (uint256) {
        return _accounts[user].positionCount;
    }

    /// @notice One stored position, as kept (all zero past the user's count; StakingLens checks ids).
    /// @param user The owner.
    /// @param positionId The position's index.
    /// @return The stored position.
    function positionData(address user, uint256 positionId) external view returns (PositionData memory) {
        return _positions[user][positionId];
    }

    /// @notice Principal staked on `statDay`.
    /// @return USDC base units.
    function statStaked() external view returns (uint216) {
        return _statStaked;
    }

    function _plan(uint256 planId) internal view returns (PlanData storage plan) {
        plan = _plans[planId];
        if (plan.termDays == 0) revert PlanNotFound(planId);
    }

    function _fullMining(uint256 amount, PlanData storage plan) internal view returns (uint256) {
        return StakingMath.fullMining(amount, plan.dailyRate, plan.termDays);
    }

    function _endTime(PositionData storage p) internal view returns (uint256) {
        return uint256(p.startTime) + uint256(_plans[p.planId].termDays) * 1 days;
    }

    function _minedAt(uint256 full, PositionData storage p, PlanData storage plan, uint256 t)
        internal
        view
        returns (uint256)
    {
        return StakingMath.minedAt(full, p.startTime, plan.termDays, t);
    }

    function _stake(uint256 planId, uint256 amount) internal returns (uint256 positionId) {
        if (!isInTree(msg.sender)) revert NotBound();
        if (amount <= minStakeExclusive) revert AmountTooSmall(minStakeExclusive);
        PlanData storage plan = _plan(planId);
        if (block.timestamp < plan.opensAt) revert SubscriptionNotStarted(planId, plan.opensAt);
        if (block.timestamp >= plan.closesAt || paused()) revert SubscriptionEnded(planId);
        uint256 remaining = plan.cap - plan.totalStaked;
        if (remaining <= minStakeExclusive) revert SubscriptionEnded(planId);
        if (amount > remaining) revert CapExceeded(planId, remaining);

        uint256 reserve = _reserve(plan, amount);
        uint64 startTime = uint64(block.timestamp);
        // amount ≤ remaining = cap - totalStaked was checked, so the sum stays ≤ cap (< 2^96).
        unchecked {
            plan.totalStaked += uint128(amount);
        }
        Account storage account = _accounts[msg.sender];
        totalStaked += uint128(amount);
        totalActiveStake += uint128(amount);
        uint40 today = uint40(block.timestamp / 1 days);
        if (statDay == today) {
            _statStaked += uint208(amount);
        } else {
            (statDay, _statStaked) = (today, uint208(amount));
        }
        positionId = account.positionCount;
        account.positionCount = uint32(positionId + 1);
        _positions[msg.sender][positionId] = PositionData({
            amount: uint96(amount),
            startTime: uint40(startTime),
            settledUntil: uint40(startTime),
            planId: uint32(planId),
            released: false
        });
        emit Staked(
            msg.sender,
            positionId,
            planId,
            amount,
            startTime,
            startTime + uint64(plan.termDays) * 1 days,
            reserve
        );
        _pull(usdc, msg.sender, amount);
    }

    /// @dev Reserves full-term mining plus the commissions of the caller's uplines (fixed forever once
    ///      bound) and counts `amount` in the uplines' team performance.
    function _reserve(PlanData storage plan, uint256 amount) internal returns (uint256 reserve) {
        uint256 mining = _fullMining(amount, plan);
        reserve = mining;
        address up = _accounts[msg.sender].superior;
        for (uint256 j = 0; j < REFERRAL_DEPTH && up != address(0); ++j) {
            Account storage upAccount = _accounts[up];
            reserve += mining * StakingMath.referralBps(j) / BPS;
            upAccount.teamCents += uint64(amount / _teamUnit);
            up = upAccount.superior;
        }
        uint256 reserved = rewardReserved;
        uint256 unreserved = rewardBudget - reserved;
        if (reserve > unreserved) revert InsufficientRewardBudget(reserve, unreserved);
        // reserve ≤ budget - reserved was checked, so the sum stays ≤ rewardBudget (a uint128).
        unchecked {
            rewardReserved = uint128(reserved + reserve);
        }
    }

    /// @dev Settles one position's mining from its last settlement to `until` (clamped to its end) into
    ///      `credits` ([mining, depth-1, depth-2, depth-3 commission]), which `_payCredits` then pays
    ///      once per recipient: a harvest of n positions writes each recipient's balance and the pool's
    ///      totals once, not n times. Commissions are rounded cumulatively per position, so over the
    ///      whole term each upline gets exactly floor(full * bps / BPS) of each position, as reserved.
    function _settle(
        PositionData storage p,
        PlanData storage plan,
        address[3] memory ups,
        uint256 until,
        uint256[4] memory credits
    ) internal returns (uint256 full, uint256 minedNow) {
        full = _fullMining(p.amount, plan);
        uint256 settled = p.settledUntil;
        uint256 minedBefore = _minedAt(full, p, plan, settled);
        minedNow = _minedAt(full, p, plan, until);
        if (until <= settled) return (full, minedBefore);
        p.settledUntil = uint40(until);
        if (minedNow == minedBefore) return (full, minedNow);
        credits[0] += minedNow - minedBefore;
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 bps = StakingMath.referralBps(j);
            credits[j + 1] += minedNow * bps / BPS - minedBefore * bps / BPS;
        }
    }

    /// @dev Credits what `_settle` gathered, from the reserve: one balance write and one
    ///      IncomeCredited per recipient with a non-zero amount, one write of the pool's totals.
    function _payCredits(address user, address[3] memory ups, uint256[4] memory credits) internal {
        uint256 paid = credits[0];
        if (paid == 0) return; // no mining, so no commission either
        _credit(user, IncomeSource.Mining, user, paid);
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 commission = credits[j + 1];
            if (commission != 0) {
                _credit(ups[j], j == 0 ? IncomeSource.Referral : IncomeSource.Team, user, commission);
                paid += commission;
            }
        }
        rewardReserved -= uint128(paid);
        rewardBudget -= uint128(paid);
        totalEarned += paid;
    }

    function _credit(address user, IncomeSource source, address from, uint256 amount) internal {
        _accounts[user].earned += amount;
        emit IncomeCredited(user, source, from, address(rewardToken), amount);
    }

    function _release(uint256 positionId, bool paid) internal returns (uint256 amount) {
        if (positionId >= _accounts[msg.sender].positionCount) revert PositionNotFound(positionId);
        PositionData storage p = _positions[msg.sender][positionId];
        if (p.released) revert AlreadyWithdrawn(positionId);
        uint256 endTime = _endTime(p);
        bool early = block.timestamp < endTime;
        if (early && !paused()) revert StillLocked(positionId, uint64(endTime));
        amount = p.amount;
        _closeOut(p, positionId, amount);
        p.released = true;
        totalActiveStake -= uint128(amount);
        emit PrincipalReleased(msg.sender, positionId, amount, early, paid);
    }

    /// @dev Settles a released position's mining up to now and returns the rest of its reservation
    ///      (non-zero only when released early in a pause) to the budget; removes it from the uplines'
    ///      team performance.
    function _closeOut(PositionData storage p, uint256 positionId, uint256 amount) internal {
        address[3] memory ups = selectUplines(msg.sender);
        uint256[4] memory credits;
        (uint256 full, uint256 mined) = _settle(p, _plans[p.planId], ups, block.timestamp, credits);
        _payCredits(msg.sender, ups, credits);
        uint256 unreserve = full - mined;
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 bps = StakingMath.referralBps(j);
            unreserve += full * bps / BPS - mined * bps / BPS;
            _accounts[ups[j]].teamCents -= uint64(amount / _teamUnit);
        }
        if (unreserve != 0) {
            rewardReserved -= uint128(unreserve);
            emit ReservationReturned(msg.sender, positionId, unreserve);
        }
    }
}
