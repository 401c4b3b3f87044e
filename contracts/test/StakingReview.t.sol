// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Vm} from "forge-std/Vm.sol";
import {IStaking} from "../src/IStaking.sol";
import {EconomicsFixture} from "./StakingEconomics.t.sol";

/// @dev The review's findings: each test shows what a user or the operator would notice, and fails on
///      the contract as it was before the fix.
contract StakingReviewTest is EconomicsFixture {
    function _grant(address user, uint256 amount) internal {
        usdc.mint(owner, amount);
        address[] memory users = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (users[0], amounts[0]) = (user, amount);
        vm.startPrank(owner);
        usdc.approve(address(staking), amount);
        staking.depositGrants(amount);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        vm.stopPrank();
    }

    function _upgrade(address user, uint256 maxPrice) internal returns (uint256 paid) {
        uint256 before = usdc.balanceOf(user);
        vm.startPrank(user);
        usdc.approve(address(staking), maxPrice);
        staking.upgradeNodeToFounder(maxPrice);
        usdc.approve(address(staking), 0);
        vm.stopPrank();
        paid = before - usdc.balanceOf(user);
    }

    // ------------------------------------------------------------------ upgrade price

    /// A node price cut after erin bought must not make her upgrade dearer: she pays founder price
    /// minus what she paid (5000 - 1000), not founder minus today's node price (5000 - 500).
    function test_upgrade_chargesFounderMinusWhatBuyerPaid_afterNodePriceCut() public {
        _buy(erin, false);
        _setParam(IStaking.Param.NodePrice, 500 * ONE);
        uint256 expected = 4000 * ONE;
        assertEq(staking.upgradePrice(erin), expected);
        assertEq(lens.getAccount(erin).upgradePrice, expected);
        assertEq(_upgrade(erin, 10_000 * ONE), expected);
        assertEq(staking.treasuryProceeds(), 1000 * ONE + expected);
    }

    /// A node price rise above the founder price must not make the upgrade free.
    function test_upgrade_notFreeAfterNodePriceRise() public {
        _buy(erin, false);
        _setParam(IStaking.Param.NodePrice, 6000 * ONE);
        assertEq(_upgrade(erin, 10_000 * ONE), 4000 * ONE);
    }

    /// A founder price change moves the upgrade price by the same amount, and never below zero.
    function test_upgrade_followsFounderPrice() public {
        _buy(erin, false);
        _setParam(IStaking.Param.FounderPrice, 800 * ONE);
        assertEq(staking.upgradePrice(erin), 0);
        assertEq(_upgrade(erin, 0), 0);
    }

    // ------------------------------------------------------------------ price bound

    function test_purchaseNode_refusesAbovePriceShown() public {
        uint256 price = staking.nodePrice();
        vm.startPrank(erin);
        usdc.approve(address(staking), price);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PriceAboveMax.selector, price, price - 1));
        staking.purchaseNode(price - 1);
        staking.purchaseNode(price);
        vm.stopPrank();
        assertEq(staking.treasuryProceeds(), price);
    }

    function test_purchaseFounder_refusesAbovePriceShown() public {
        uint256 shown = staking.founderPrice();
        _setParam(IStaking.Param.FounderPrice, shown + ONE);
        vm.startPrank(erin);
        usdc.approve(address(staking), shown + ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PriceAboveMax.selector, shown + ONE, shown));
        staking.purchaseFounder(shown);
        vm.stopPrank();
        assertEq(staking.treasuryProceeds(), 0);
        assertEq(staking.founderSold(), 0);
    }

    function test_upgrade_refusesAbovePriceShown() public {
        _buy(erin, false);
        uint256 shown = staking.upgradePrice(erin);
        _setParam(IStaking.Param.FounderPrice, staking.founderPrice() + ONE);
        vm.startPrank(erin);
        usdc.approve(address(staking), shown + ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PriceAboveMax.selector, shown + ONE, shown));
        staking.upgradeNodeToFounder(shown);
        vm.stopPrank();
        assertEq(uint256(lens.getAccount(erin).membership), uint256(IStaking.Membership.Node));
    }

    // ------------------------------------------------------------------ small balances

    /// A balance under the minimum (here a 0.5 USDC grant, minimum 1 USDC) leaves as a whole.
    function test_withdraw_wholeBalanceBelowMinimum() public {
        _grant(erin, ONE / 2);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(IStaking.BelowMinimumWithdrawal.selector, ONE));
        staking.withdraw(ONE / 4);
        vm.prank(erin);
        staking.withdraw(ONE / 2);
        assertEq(usdc.balanceOf(erin), 10_000_000 * ONE + ONE / 2);
        assertEq(_withdrawable(erin), 0);
    }

    /// The minimum still applies to part of a balance that is at least the minimum.
    function test_withdraw_minimumStillAppliesToLargerBalances() public {
        _grant(erin, 3 * ONE);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(IStaking.BelowMinimumWithdrawal.selector, ONE));
        staking.withdraw(ONE / 2);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(IStaking.BelowMinimumWithdrawal.selector, ONE));
        staking.withdraw(0);
        vm.prank(erin);
        staking.withdraw(3 * ONE);
        assertEq(_withdrawable(erin), 0);
    }

    // ------------------------------------------------------------------ exchange deadline

    function test_exchange_refusesAfterDeadline() public {
        _earn(dave, 1000 * ONE);
        uint256 earned = _earned(dave);
        uint256 deadline = block.timestamp + 20 minutes;
        vm.warp(deadline + 1);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.DeadlinePassed.selector, deadline));
        staking.exchange(earned, 0, deadline);
        assertEq(_earned(dave), earned);
        vm.prank(dave);
        staking.exchange(earned, 0, block.timestamp);
        assertEq(_earned(dave), 0);
    }

    // ------------------------------------------------------------------ stale changes

    function test_executeParam_expiresAfterGrace() public {
        vm.prank(owner);
        staking.queueParam(IStaking.Param.FeeBps, 700);
        uint256 expiresAt = block.timestamp + 48 hours + 7 days;
        vm.warp(expiresAt + 1);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.ChangeExpired.selector, expiresAt));
        staking.executeParam(IStaking.Param.FeeBps);
        assertEq(staking.feeBps(), 0);
        // Queued again, it waits the full delay again.
        vm.prank(owner);
        staking.queueParam(IStaking.Param.FeeBps, 700);
        vm.warp(block.timestamp + 48 hours + 7 days);
        vm.prank(owner);
        staking.executeParam(IStaking.Param.FeeBps);
        assertEq(staking.feeBps(), 700);
    }

    function test_renounceOwnership_disabled() public {
        vm.prank(owner);
        vm.expectRevert(IStaking.RenounceDisabled.selector);
        staking.renounceOwnership();
        assertEq(staking.owner(), owner);
        vm.prank(erin);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, erin));
        staking.renounceOwnership();
    }

    // ------------------------------------------------------------------ early exit event

    function test_earlyExit_emitsReservationReturned() public {
        uint256 id = _stake(dave, 1000 * ONE);
        vm.warp(block.timestamp + 10 days);
        vm.prank(owner);
        staking.pause();
        (,, uint256 unreservedBefore) = staking.rewardBudgetInfo();
        uint256 full = _mining(1000 * ONE);
        uint256 mined = full / 3;
        // The unearned two thirds of the mining and of the three commissions go back.
        uint256 back = full - mined;
        uint256[3] memory bps = [uint256(1000), 800, 500];
        for (uint256 j = 0; j < 3; ++j) {
            back += full * bps[j] / 10_000 - mined * bps[j] / 10_000;
        }
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.ReservationReturned(dave, id, back);
        vm.prank(dave);
        staking.withdrawPrincipal(id);
        (,, uint256 unreservedAfter) = staking.rewardBudgetInfo();
        // The budget also paid out what was earned, so unreserved grows by exactly `back`.
        assertEq(unreservedAfter - unreservedBefore, back);
    }

    /// A position that ran its whole term has nothing to return, so no event.
    function test_fullTermExit_returnsNothing() public {
        uint256 id = _stake(dave, 1000 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.recordLogs();
        vm.prank(dave);
        staking.withdrawPrincipal(id);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertGt(logs.length, 0);
        for (uint256 i = 0; i < logs.length; ++i) {
            assertTrue(logs[i].topics[0] != IStaking.ReservationReturned.selector);
        }
    }
}

/// @dev docs/TRUST.md rules 4 and 6 as a user sees them: every kind of exit works while paused,
///      and a re-queued change waits the full delay again.
contract StakingRulesTest is EconomicsFixture {
    /// While paused, every way money leaves works: harvest, exchange, reward-coin withdrawal,
    /// dividend claim, USDC withdrawal, and both principal exits before the term ends.
    function test_everyExit_worksWhilePaused() public {
        _buy(erin, false);
        _setParam(IStaking.Param.FeeBps, 1000);
        uint256 first = _stake(dave, 1000 * ONE);
        uint256 second = _stake(dave, 1000 * ONE);
        _earn(carol, 100_000 * ONE);
        uint256 part = _earned(carol) / 10;
        _exchangeRepeatedly(carol, part, 6);
        assertGt(lens.getAccount(erin).pendingDividend, 0);
        vm.prank(owner);
        staking.pause();

        uint256[] memory both = new uint256[](2);
        (both[0], both[1]) = (first, second);
        staking.harvest(dave, both);
        uint256 earned = _earned(dave);
        assertGt(earned, 0, "harvest while paused");
        vm.startPrank(dave);
        staking.withdrawRewardCoin(earned / 2);
        assertEq(reward.balanceOf(dave), earned / 2, "reward coin leaves while paused");
        staking.exchange(earned - earned / 2, 0, block.timestamp);
        assertGt(_withdrawable(dave), 0, "exchange while paused");
        uint256 cash = _withdrawable(dave);
        uint256 before = usdc.balanceOf(dave);
        staking.withdraw(cash);
        assertEq(usdc.balanceOf(dave) - before, cash, "USDC leaves while paused");
        staking.withdrawPrincipal(first);
        assertEq(usdc.balanceOf(dave) - before, cash + 1000 * ONE, "principal paid early while paused");
        staking.releasePrincipal(_ids(second));
        assertEq(_withdrawable(dave), 1000 * ONE, "principal released early while paused");
        vm.stopPrank();

        uint256 dividend = lens.getAccount(erin).pendingDividend;
        vm.prank(erin);
        assertEq(staking.claimDividends(), dividend, "dividend claimed while paused");
        assertEq(_withdrawable(erin), dividend);
    }

    /// Re-queueing replaces the value and restarts the delay: users always get the full 48 h to
    /// react to the value that will apply.
    function test_requeue_restartsTheDelay() public {
        uint256 t0 = block.timestamp;
        vm.prank(owner);
        staking.queueParam(IStaking.Param.FeeBps, 700);
        vm.warp(t0 + 24 hours);
        vm.prank(owner);
        staking.queueParam(IStaking.Param.FeeBps, 1500);
        uint64 eta = uint64(t0 + 72 hours);
        (uint256 value, uint64 queuedEta) = staking.pendingChanges(IStaking.Param.FeeBps);
        assertEq(value, 1500);
        assertEq(queuedEta, eta);
        vm.warp(t0 + 48 hours);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TimelockNotReady.selector, eta));
        staking.executeParam(IStaking.Param.FeeBps);
        vm.warp(eta);
        vm.prank(owner);
        staking.executeParam(IStaking.Param.FeeBps);
        assertEq(staking.feeBps(), 1500);
    }

    /// Team performance of exactly the level-5 threshold is level 5, which exchanges without fee
    /// even after the free exchanges are used up.
    function test_level5_atThreshold_exchangesFree() public {
        _setParam(IStaking.Param.FeeBps, 1000);
        _buy(erin, false); // a node holder, so a fee would be taken
        _stake(bob, 100_000 * ONE);
        assertEq(staking.teamStakeOf(alice), 100_000 * ONE);
        assertEq(staking.levelOf(alice), 5);
        _earn(alice, 1000 * ONE);
        uint256 part = _earned(alice) / 7;
        _exchangeRepeatedly(alice, part, 7);
        assertEq(staking.dividendsUnclaimed(), 0, "level 5 pays no fee");
        assertEq(lens.getAccount(erin).pendingDividend, 0);
    }

    /// The first five exchanges are free; the sixth pays the fee.
    function test_firstFiveExchangesFree_sixthPays() public {
        _setParam(IStaking.Param.FeeBps, 1000);
        _buy(erin, false);
        _earn(dave, 10_000 * ONE);
        uint256 part = _earned(dave) / 6;
        vm.startPrank(dave);
        for (uint256 i = 0; i < 5; ++i) {
            staking.exchange(part, 0, block.timestamp);
        }
        assertEq(staking.dividendsUnclaimed(), 0, "five free exchanges");
        uint256 quotedFee = lens.quoteExchange(dave, part).fee;
        assertGt(quotedFee, 0);
        staking.exchange(part, 0, block.timestamp);
        vm.stopPrank();
        assertEq(staking.dividendsUnclaimed(), quotedFee, "the sixth pays");
    }

    /// However often a position is harvested, each upline ends with exactly its share of the full
    /// term (as reserved), nothing stays reserved once the position is released, and the released
    /// stake leaves the uplines' team performance.
    function test_commissions_exactOverManyHarvests_andNothingStaysReserved() public {
        uint256 id = _stake(dave, 1234 * ONE + 567);
        uint256 full = _mining(1234 * ONE + 567);
        uint256[7] memory steps = [uint256(1), 7 hours + 13, 3 days + 1, 9 days + 17, 2 days + 5, 11, 40 days];
        for (uint256 i = 0; i < steps.length; ++i) {
            vm.warp(block.timestamp + steps[i]);
            staking.harvest(dave, _ids(id));
        }
        assertEq(_earned(dave), full);
        assertEq(_earned(carol), full * 1000 / 10_000, "depth 1: exactly 10%");
        assertEq(_earned(bob), full * 800 / 10_000, "depth 2: exactly 8%");
        assertEq(_earned(alice), full * 500 / 10_000, "depth 3: exactly 5%");
        assertEq(staking.teamStakeOf(carol), 1234 * ONE, "counted in whole hundredths of a USDC");
        vm.prank(dave);
        staking.releasePrincipal(_ids(id));
        assertEq(staking.rewardReserved(), 0, "nothing stays reserved");
        assertEq(staking.teamStakeOf(carol), 0, "released stake leaves the team");
        assertEq(staking.teamStakeOf(alice), 0);
    }

    /// The fee and minimum-withdrawal caps are in code: the operator cannot queue past them.
    function test_hardCaps_refuseQueueing() public {
        vm.startPrank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.FeeBps, 1501)
        );
        staking.queueParam(IStaking.Param.FeeBps, 1501);
        staking.queueParam(IStaking.Param.FeeBps, 1500);
        vm.expectRevert(
            abi.encodeWithSelector(
                IStaking.InvalidParamValue.selector, IStaking.Param.MinWithdrawal, 10 * ONE + 1
            )
        );
        staking.queueParam(IStaking.Param.MinWithdrawal, 10 * ONE + 1);
        staking.queueParam(IStaking.Param.MinWithdrawal, 10 * ONE);
        vm.stopPrank();
    }
}
