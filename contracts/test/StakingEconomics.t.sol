// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Vm} from "forge-std/Vm.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";
import {StakingDeployer, MockRouter} from "./utils/StakingTestBase.sol";

/// @dev Fixture: 6-decimal USDC, a funded reward budget, a 30-day plan at RATE and the chain
///      root <- alice <- bob <- carol <- dave (dave has three uplines: carol, bob, alice).
abstract contract EconomicsFixture is StakingDeployer {
    LocalUSDCPermit internal usdc;
    IStakingApi internal staking;
    IStakingLensApi internal lens;
    address internal owner = makeAddr("owner");
    address internal root = makeAddr("root");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal dave = makeAddr("dave");
    address internal erin = makeAddr("erin");

    uint256 internal constant ONE = 1e6;
    /// 1e6 wei per USDC base unit per day: 100 USDC earns 1e14 wei (0.3 USDC at 3000) a day.
    uint256 internal constant RATE = 1e24;
    uint256 internal constant BUDGET = 1000 ether;
    uint256 internal plan;

    function setUp() public virtual {
        vm.warp(1_750_000_000);
        usdc = new LocalUSDCPermit(address(this));
        staking = _deployStaking(IERC20Metadata(address(usdc)), root, owner);
        lens = deployLens(staking);
        _fund(staking, owner, BUDGET);
        vm.prank(owner);
        plan = staking.createPlan(
            30, RATE, 10_000_000 * ONE, uint64(block.timestamp), uint64(block.timestamp + 365 days)
        );
        address[6] memory users = [root, alice, bob, carol, dave, erin];
        for (uint256 i = 0; i < users.length; ++i) {
            usdc.mint(users[i], 10_000_000 * ONE);
        }
        usdc.mint(address(router), 1e9 * ONE);
        _bind(alice, root);
        _bind(bob, alice);
        _bind(carol, bob);
        _bind(dave, carol);
    }

    function _bind(address user, address up) internal {
        vm.prank(user);
        staking.bindSuperior(up);
    }

    function _stake(address user, uint256 amount) internal returns (uint256 id) {
        vm.startPrank(user);
        usdc.approve(address(staking), amount);
        id = staking.stake(plan, amount);
        vm.stopPrank();
    }

    function _ids(uint256 a) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = a;
    }

    function _mining(uint256 amount) internal pure returns (uint256) {
        return amount * RATE * 30 / 1e18;
    }

    function _earned(address user) internal view returns (uint256) {
        return lens.getAccount(user).earned;
    }

    function _withdrawable(address user) internal view returns (uint256) {
        return lens.getAccount(user).withdrawable;
    }

    function _setParam(IStaking.Param p, uint256 value) internal {
        vm.prank(owner);
        staking.queueParam(p, value);
        vm.warp(block.timestamp + 48 hours);
        vm.prank(owner);
        staking.executeParam(p);
    }

    function _buy(address user, bool founder) internal {
        uint256 price = founder ? staking.founderPrice() : staking.nodePrice();
        vm.startPrank(user);
        usdc.approve(address(staking), price);
        if (founder) staking.purchaseFounder(type(uint256).max);
        else staking.purchaseNode(type(uint256).max);
        vm.stopPrank();
    }

    /// `user` exchanges `amountIn` of its earned reward coin `times` times (no minimum out, due now).
    function _exchangeRepeatedly(address user, uint256 amountIn, uint256 times) internal {
        vm.startPrank(user);
        for (uint256 i = 0; i < times; ++i) {
            staking.exchange(amountIn, 0, block.timestamp);
        }
        vm.stopPrank();
    }

    /// Earns `amount`-worth of mining for `user` (stake, full term, harvest).
    function _earn(address user, uint256 principal) internal returns (uint256 id) {
        id = _stake(user, principal);
        vm.warp(block.timestamp + 30 days);
        staking.harvest(user, _ids(id));
    }
}

contract StakingReserveTest is EconomicsFixture {
    function test_stake_reservesMiningAndThreeCommissions() public {
        uint256 amount = 1000 * ONE;
        uint256 m = _mining(amount);
        uint256 expected = m + m * 1000 / 10_000 + m * 800 / 10_000 + m * 500 / 10_000;
        (uint256 mining, uint256 reserve) = lens.rewardFor(dave, plan, amount);
        assertEq(mining, m);
        assertEq(reserve, expected);
        vm.startPrank(dave);
        usdc.approve(address(staking), amount);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.Staked(
            dave, 0, plan, amount, uint64(block.timestamp), uint64(block.timestamp + 30 days), expected
        );
        staking.stake(plan, amount);
        vm.stopPrank();
        (uint256 budget, uint256 reserved, uint256 unreserved) = staking.rewardBudgetInfo();
        assertEq(budget, BUDGET);
        assertEq(reserved, expected);
        assertEq(unreserved, BUDGET - expected);
    }

    function test_stake_reservationDependsOnUplinesPresent() public {
        uint256 amount = 1000 * ONE;
        uint256 m = _mining(amount);
        _stake(root, amount); // no uplines
        assertEq(staking.rewardReserved(), m);
        _stake(alice, amount); // one upline (root)
        assertEq(staking.rewardReserved(), 2 * m + m / 10);
        _stake(bob, amount); // two uplines
        assertEq(staking.rewardReserved(), 3 * m + 2 * (m / 10) + m * 8 / 100);
    }

    function test_stake_revertsWhenBudgetCannotCover() public {
        IStakingApi s = _deployStaking(IERC20Metadata(address(usdc)), root, owner);
        _fund(s, owner, 1);
        vm.prank(owner);
        uint256 id = s.createPlan(30, RATE, 1e12, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        vm.startPrank(root);
        usdc.approve(address(s), 200 * ONE);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InsufficientRewardBudget.selector, _mining(200 * ONE), 1)
        );
        s.stake(id, 200 * ONE);
        vm.stopPrank();
    }

    function test_fundRewards_anyoneAndEmits() public {
        reward.mint(erin, 5 ether);
        vm.startPrank(erin);
        reward.approve(address(staking), 5 ether);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.RewardsFunded(erin, 5 ether);
        staking.fundRewards(5 ether);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.fundRewards(0);
        vm.stopPrank();
        assertEq(staking.rewardBudget(), BUDGET + 5 ether);
    }

    function test_withdrawUnreserved_onlyUnreservedToOwner() public {
        _stake(dave, 1000 * ONE);
        (,, uint256 unreserved) = staking.rewardBudgetInfo();
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, unreserved));
        staking.withdrawUnreserved(unreserved + 1);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.withdrawUnreserved(0);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.UnreservedWithdrawn(owner, unreserved);
        staking.withdrawUnreserved(unreserved);
        vm.stopPrank();
        assertEq(reward.balanceOf(owner), unreserved);
        (uint256 budget, uint256 reserved,) = staking.rewardBudgetInfo();
        assertEq(budget, reserved);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        staking.withdrawUnreserved(1);
    }

    function test_stake_afterOperatorWithdrewEverythingFails() public {
        (,, uint256 unreserved) = staking.rewardBudgetInfo();
        vm.prank(owner);
        staking.withdrawUnreserved(unreserved);
        vm.startPrank(dave);
        usdc.approve(address(staking), 200 * ONE);
        vm.expectRevert(
            abi.encodeWithSelector(
                IStaking.InsufficientRewardBudget.selector, _mining(200 * ONE) * 123 / 100, 0
            )
        );
        staking.stake(plan, 200 * ONE);
        vm.stopPrank();
    }
}

contract StakingMiningTest is EconomicsFixture {
    function test_harvest_accruesPerSecondWithCommissions() public {
        uint256 amount = 1000 * ONE;
        _stake(dave, amount);
        uint256 m = _mining(amount);
        vm.warp(block.timestamp + 10 days);
        uint256 mined = m * 10 days / 30 days;
        assertEq(lens.getAccount(dave).pendingMining, mined);
        vm.recordLogs();
        staking.harvest(dave, _ids(0));
        assertEq(_earned(dave), mined);
        assertEq(_earned(carol), mined * 1000 / 10_000);
        assertEq(_earned(bob), mined * 800 / 10_000);
        assertEq(_earned(alice), mined * 500 / 10_000);
        assertEq(_earned(root), 0);
        Vm.Log[] memory logs = vm.getRecordedLogs();
        assertEq(logs.length, 4);
        bytes32 sig = keccak256("IncomeCredited(address,uint8,address,address,uint256)");
        uint8[4] memory sources = [0, 1, 2, 2];
        address[4] memory who = [dave, carol, bob, alice];
        for (uint256 i = 0; i < 4; ++i) {
            assertEq(logs[i].topics[0], sig);
            assertEq(address(uint160(uint256(logs[i].topics[1]))), who[i]);
            assertEq(uint256(logs[i].topics[2]), sources[i]);
            assertEq(address(uint160(uint256(logs[i].topics[3]))), dave);
        }
        assertEq(lens.getPosition(dave, 0).rewardPaid, mined);
        assertEq(lens.getPosition(dave, 0).settledUntil, block.timestamp);
    }

    function test_harvest_fullTermPaysExactlyTheReservation() public {
        uint256 amount = 777 * ONE + 3;
        _stake(dave, amount);
        uint256 reserved = staking.rewardReserved();
        vm.warp(block.timestamp + 7 days + 13);
        staking.harvest(dave, _ids(0));
        vm.warp(block.timestamp + 40 days);
        staking.harvest(dave, _ids(0));
        staking.harvest(dave, _ids(0)); // nothing more
        uint256 paid = _earned(dave) + _earned(carol) + _earned(bob) + _earned(alice);
        assertEq(paid, reserved);
        assertEq(staking.rewardReserved(), 0);
        assertEq(staking.totalEarned(), paid);
        assertEq(staking.rewardBudget(), BUDGET - paid);
        assertEq(lens.getAccount(dave).pendingMining, 0);
    }

    function test_harvest_revertsForUnknownPosition() public {
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 0));
        staking.harvest(dave, _ids(0));
    }

    function test_harvest_skipsReleasedPositions() public {
        _stake(dave, 200 * ONE);
        vm.warp(block.timestamp + 31 days);
        vm.prank(dave);
        staking.releasePrincipal(_ids(0));
        uint256 earned = _earned(dave);
        staking.harvest(dave, _ids(0));
        assertEq(_earned(dave), earned);
    }

    function testFuzz_harvest_splitsAddUpToWhole(uint256 amount, uint256 t1, uint256 t2) public {
        amount = bound(amount, 100 * ONE + 1, 1_000_000 * ONE);
        t1 = bound(t1, 0, 40 days);
        t2 = bound(t2, 0, 40 days);
        _stake(dave, amount);
        uint256 reserved = staking.rewardReserved();
        uint256 start = block.timestamp;
        vm.warp(start + t1);
        staking.harvest(dave, _ids(0));
        vm.warp(start + t1 + t2);
        staking.harvest(dave, _ids(0));
        uint256 elapsed = t1 + t2 > 30 days ? 30 days : t1 + t2;
        assertEq(_earned(dave), _mining(amount) * elapsed / 30 days);
        vm.warp(start + 30 days);
        staking.harvest(dave, _ids(0));
        assertEq(_earned(dave), _mining(amount));
        assertEq(_earned(dave) + _earned(carol) + _earned(bob) + _earned(alice), reserved);
        assertEq(staking.rewardReserved(), 0);
    }

    function test_teamStake_threeDepthsAndRelease() public {
        _stake(dave, 1000 * ONE);
        assertEq(lens.getAccount(carol).teamStake, 1000 * ONE);
        assertEq(lens.getAccount(bob).teamStake, 1000 * ONE);
        assertEq(lens.getAccount(alice).teamStake, 1000 * ONE);
        assertEq(lens.getAccount(root).teamStake, 0); // depth 4
        _stake(alice, 500 * ONE);
        assertEq(lens.getAccount(root).teamStake, 500 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.prank(dave);
        staking.releasePrincipal(_ids(0));
        assertEq(lens.getAccount(carol).teamStake, 0);
        assertEq(lens.getAccount(alice).teamStake, 0);
    }

    function test_levels_fromThresholds() public {
        uint256[6] memory t = staking.levelThresholds();
        assertEq(t[0], 1000 * ONE);
        assertEq(t[5], 500_000 * ONE);
        assertEq(staking.levelOf(carol), 0);
        uint256[6] memory needed = [uint256(1000), 5000, 20_000, 50_000, 100_000, 500_000];
        uint256 staked;
        for (uint256 i = 0; i < 6; ++i) {
            _stake(dave, needed[i] * ONE - staked);
            staked = needed[i] * ONE;
            assertEq(staking.levelOf(carol), i + 1);
            assertEq(lens.getAccount(carol).level, i + 1);
        }
    }

    function test_releasePrincipal_afterTermToWithdrawable() public {
        _stake(dave, 300 * ONE);
        _stake(dave, 400 * ONE);
        vm.warp(block.timestamp + 30 days);
        uint256[] memory ids = new uint256[](2);
        ids[1] = 1;
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.PrincipalReleased(dave, 0, 300 * ONE, false, false);
        vm.prank(dave);
        staking.releasePrincipal(ids);
        assertEq(_withdrawable(dave), 700 * ONE);
        assertEq(_earned(dave), _mining(300 * ONE) + _mining(400 * ONE));
        assertEq(staking.rewardReserved(), 0);
        assertEq(staking.totalWithdrawable(), 700 * ONE);
        assertEq(lens.getUserTotals(dave).withdrawn, 700 * ONE);
        assertTrue(lens.getPosition(dave, 1).withdrawn);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AlreadyWithdrawn.selector, 0));
        staking.releasePrincipal(ids);
    }

    function test_releasePrincipal_revertsWhileLocked() public {
        _stake(dave, 300 * ONE);
        uint64 endTime = uint64(block.timestamp + 30 days);
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.StillLocked.selector, 0, endTime));
        staking.releasePrincipal(_ids(0));
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 1));
        staking.releasePrincipal(_ids(1));
    }

    function test_pause_releasesEarlyAndUnreservesTheRest() public {
        _stake(dave, 1000 * ONE);
        vm.warp(block.timestamp + 3 days);
        vm.prank(owner);
        staking.pause();
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.PrincipalReleased(dave, 0, 1000 * ONE, true, false);
        vm.prank(dave);
        staking.releasePrincipal(_ids(0));
        uint256 mined = _mining(1000 * ONE) * 3 days / 30 days;
        assertEq(_earned(dave), mined);
        assertEq(staking.rewardReserved(), 0);
        uint256 paid = _earned(dave) + _earned(carol) + _earned(bob) + _earned(alice);
        assertEq(staking.rewardBudget(), BUDGET - paid);
        assertEq(_withdrawable(dave), 1000 * ONE);
        // Earnings and principal can leave while paused.
        vm.startPrank(dave);
        staking.withdraw(1000 * ONE);
        staking.exchange(mined, 0, block.timestamp);
        vm.stopPrank();
    }

    function test_withdrawPrincipal_paysDirectlyAndSettles() public {
        _stake(dave, 300 * ONE);
        vm.warp(block.timestamp + 30 days);
        uint256 before = usdc.balanceOf(dave);
        vm.prank(dave);
        staking.withdrawPrincipal(0);
        assertEq(usdc.balanceOf(dave), before + 300 * ONE);
        assertEq(_earned(dave), _mining(300 * ONE));
        assertEq(_withdrawable(dave), 0);
    }

    function test_todayStaked_resetsDaily() public {
        _stake(dave, 300 * ONE);
        _stake(alice, 200 * ONE);
        assertEq(lens.todayStaked(), 500 * ONE);
        vm.warp(block.timestamp + 1 days);
        assertEq(lens.todayStaked(), 0);
        _stake(alice, 150 * ONE);
        assertEq(lens.todayStaked(), 150 * ONE);
    }

    function test_getPositions_rewardFields() public {
        _stake(dave, 300 * ONE);
        IStaking.Position memory p = lens.getPositions(dave)[0];
        assertEq(p.totalReward, _mining(300 * ONE));
        assertEq(p.rewardPaid, 0);
        assertEq(p.endTime, p.startTime + 30 days);
        assertEq(p.settledUntil, p.startTime);
    }
}

contract StakingExchangeTest is EconomicsFixture {
    function test_exchange_swapsEarnedAndCreditsUsdc() public {
        _earn(dave, 1000 * ONE);
        uint256 earned = _earned(dave);
        uint256 expectedOut = earned * 3000 * ONE / 1 ether;
        IStaking.ExchangeQuote memory q = lens.quoteExchange(dave, earned);
        assertEq(q.grossUsdc, expectedOut);
        assertEq(q.netUsdc, expectedOut);
        assertEq(q.fee, 0);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.Exchanged(dave, earned, expectedOut, 0, expectedOut);
        vm.prank(dave);
        uint256 net = staking.exchange(earned, expectedOut, block.timestamp);
        assertEq(net, expectedOut);
        assertEq(_earned(dave), 0);
        assertEq(_withdrawable(dave), expectedOut);
        assertEq(lens.getAccount(dave).exchangeCount, 1);
        assertEq(staking.totalEarned(), _earned(carol) + _earned(bob) + _earned(alice));
        assertEq(reward.allowance(address(staking), address(router)), 0);
    }

    function test_exchange_reverts() public {
        _earn(dave, 1000 * ONE);
        uint256 earned = _earned(dave);
        vm.startPrank(dave);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.exchange(0, 0, block.timestamp);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, earned));
        staking.exchange(earned + 1, 0, block.timestamp);
        vm.expectRevert(MockRouter.InsufficientOutput.selector);
        staking.exchange(earned, type(uint256).max, block.timestamp);
        vm.stopPrank();
    }

    function test_exchange_feeAfterFiveFreeSplitToPools() public {
        _buy(erin, false); // a node
        _buy(root, true); // a founder
        _setParam(IStaking.Param.FeeBps, 1500);
        _earn(dave, 100_000 * ONE);
        uint256 part = _earned(dave) / 10;
        vm.startPrank(dave);
        for (uint256 i = 0; i < 5; ++i) {
            assertEq(lens.quoteExchange(dave, part).fee, 0);
            staking.exchange(part, 0, block.timestamp);
        }
        IStaking.ExchangeQuote memory q = lens.quoteExchange(dave, part);
        assertEq(q.feeBps, 1500);
        uint256 gross = part * 3000 * ONE / 1 ether;
        uint256 fee = gross * 1500 / 10_000;
        assertEq(q.fee, fee);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SlippageExceeded.selector, gross - fee, gross));
        staking.exchange(part, gross, block.timestamp);
        uint256 net = staking.exchange(part, gross - fee, block.timestamp);
        vm.stopPrank();
        assertEq(net, gross - fee);
        assertEq(staking.dividendsUnclaimed(), fee);
        assertEq(lens.getAccount(erin).pendingDividend, fee / 2);
        assertEq(lens.getAccount(root).pendingDividend, fee - fee / 2);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.IncomeCredited(
            erin, IStaking.IncomeSource.EcologicalDividend, address(0), address(usdc), fee / 2
        );
        vm.prank(erin);
        assertEq(staking.claimDividends(), fee / 2);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.IncomeCredited(
            root, IStaking.IncomeSource.ShareholderDividend, address(0), address(usdc), fee - fee / 2
        );
        vm.prank(root);
        staking.claimDividends();
        assertEq(_withdrawable(erin), fee / 2);
        assertEq(staking.dividendsUnclaimed(), 0);
        vm.prank(erin);
        assertEq(staking.claimDividends(), 0);
    }

    function test_exchange_noFeeForPoolsWithoutHolders() public {
        _setParam(IStaking.Param.FeeBps, 1000);
        _earn(dave, 100_000 * ONE);
        uint256 part = _earned(dave) / 10;
        _exchangeRepeatedly(dave, part, 6);
        assertEq(staking.dividendsUnclaimed(), 0);
        assertEq(_withdrawable(dave), 6 * (part * 3000 * ONE / 1 ether));
    }

    function test_exchange_level5IsFree() public {
        _buy(erin, false);
        _setParam(IStaking.Param.FeeBps, 1000);
        _stake(dave, 100_000 * ONE); // carol reaches level 5 (100,000 team performance)
        assertEq(staking.levelOf(carol), 5);
        vm.warp(block.timestamp + 30 days);
        staking.harvest(dave, _ids(0));
        uint256 part = _earned(carol) / 10;
        _exchangeRepeatedly(carol, part, 7);
        assertEq(staking.dividendsUnclaimed(), 0);
        assertEq(lens.quoteExchange(carol, part).feeBps, 0);
    }

    function test_quoteExchange_zero() public view {
        IStaking.ExchangeQuote memory q = lens.quoteExchange(dave, 0);
        assertEq(q.grossUsdc, 0);
    }

    function test_withdraw_toCallerOnly() public {
        _earn(dave, 1000 * ONE);
        uint256 earned = _earned(dave);
        vm.startPrank(dave);
        uint256 net = staking.exchange(earned, 0, block.timestamp);
        uint256 before = usdc.balanceOf(dave);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.Withdrawn(dave, net);
        staking.withdraw(net);
        vm.stopPrank();
        assertEq(usdc.balanceOf(dave), before + net);
        assertEq(_withdrawable(dave), 0);
        assertEq(staking.totalWithdrawable(), 0);
    }

    function test_withdraw_reverts() public {
        vm.startPrank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.BelowMinimumWithdrawal.selector, ONE));
        staking.withdraw(ONE - 1);
        vm.expectRevert(abi.encodeWithSelector(IStaking.BelowMinimumWithdrawal.selector, ONE));
        staking.withdraw(0);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 0));
        staking.withdraw(ONE);
        vm.stopPrank();
    }

    function test_withdrawRewardCoin_toCaller() public {
        _earn(dave, 1000 * ONE);
        uint256 earned = _earned(dave);
        vm.startPrank(dave);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.withdrawRewardCoin(0);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, earned));
        staking.withdrawRewardCoin(earned + 1);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.RewardCoinWithdrawn(dave, earned);
        staking.withdrawRewardCoin(earned);
        vm.stopPrank();
        assertEq(reward.balanceOf(dave), earned);
    }

    function testFuzz_exchange_amounts(uint256 principal, uint256 fraction, uint256 feeBps) public {
        principal = bound(principal, 100 * ONE + 1, 5_000_000 * ONE);
        fraction = bound(fraction, 1, 10_000);
        feeBps = bound(feeBps, 0, 1500);
        _buy(erin, false);
        _buy(root, true);
        _setParam(IStaking.Param.FeeBps, feeBps);
        _earn(dave, principal);
        vm.startPrank(dave);
        for (uint256 i = 0; i < 5; ++i) {
            staking.exchange(1, 0, block.timestamp);
        }
        uint256 amountIn = _earned(dave) * fraction / 10_000;
        vm.assume(amountIn > 0);
        IStaking.ExchangeQuote memory q = lens.quoteExchange(dave, amountIn);
        uint256 net = staking.exchange(amountIn, q.netUsdc, block.timestamp);
        vm.stopPrank();
        assertEq(net, q.netUsdc);
        assertEq(q.fee, q.grossUsdc * feeBps / 10_000);
        assertGe(usdc.balanceOf(address(staking)), staking.totalWithdrawable() + staking.dividendsUnclaimed());
    }
}

contract StakingMembershipTest is EconomicsFixture {
    function test_purchaseNode_paysTreasuryExactly() public {
        uint256 price = staking.nodePrice();
        vm.startPrank(erin);
        usdc.approve(address(staking), price - 1);
        vm.expectRevert();
        staking.purchaseNode(type(uint256).max);
        usdc.approve(address(staking), price);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.MembershipPurchased(erin, IStaking.Membership.Node, price, false, treasury);
        staking.purchaseNode(type(uint256).max);
        vm.stopPrank();
        // The price waits in Staking for the treasury (pull payment): nothing reached it yet.
        assertEq(staking.treasuryProceeds(), price);
        assertEq(usdc.balanceOf(address(staking)), price);
        assertEq(usdc.balanceOf(treasury), 0);
        assertEq(usdc.allowance(erin, address(staking)), 0);
        staking.payTreasury();
        assertEq(usdc.balanceOf(treasury), price);
        assertEq(usdc.balanceOf(address(staking)), 0);
        assertEq(staking.nodeSold(), 1);
        assertEq(staking.nodeHolders(), 1);
        IStaking.AccountView memory v = lens.getAccount(erin);
        assertTrue(v.purchasedNode);
        assertFalse(v.purchasedFounder);
        assertEq(uint256(v.membership), uint256(IStaking.Membership.Node));
    }

    function test_purchase_reverts() public {
        _buy(erin, false);
        vm.startPrank(erin);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidMembership.selector, IStaking.Membership.Node));
        staking.purchaseNode(type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidMembership.selector, IStaking.Membership.Node));
        staking.purchaseFounder(type(uint256).max);
        vm.stopPrank();
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidMembership.selector, IStaking.Membership.None));
        staking.upgradeNodeToFounder(type(uint256).max);
        vm.prank(owner);
        staking.pause();
        vm.prank(dave);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        staking.purchaseNode(type(uint256).max);
    }

    function test_purchase_soldOut() public {
        _setParam(IStaking.Param.NodeLimit, 1);
        _setParam(IStaking.Param.FounderLimit, 1);
        _buy(erin, false);
        _buy(dave, true);
        vm.startPrank(carol);
        usdc.approve(address(staking), 1e12);
        vm.expectRevert(IStaking.SoldOut.selector);
        staking.purchaseNode(type(uint256).max);
        vm.expectRevert(IStaking.SoldOut.selector);
        staking.purchaseFounder(type(uint256).max);
        vm.stopPrank();
        vm.prank(erin);
        vm.expectRevert(IStaking.SoldOut.selector);
        staking.upgradeNodeToFounder(type(uint256).max);
    }

    function test_purchaseFounder_andUpgradePaysDifference() public {
        _buy(dave, true);
        assertEq(staking.treasuryProceeds(), staking.founderPrice());
        _buy(erin, false);
        uint256 diff = staking.founderPrice() - staking.nodePrice();
        // erin earns an ecological dividend, credited on upgrade.
        _setParam(IStaking.Param.FeeBps, 1000);
        _earn(carol, 100_000 * ONE);
        uint256 part = _earned(carol) / 10;
        _exchangeRepeatedly(carol, part, 6);
        uint256 eco = lens.getAccount(erin).pendingDividend;
        assertGt(eco, 0);
        vm.startPrank(erin);
        usdc.approve(address(staking), diff);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.MembershipPurchased(erin, IStaking.Membership.Founder, diff, true, treasury);
        staking.upgradeNodeToFounder(type(uint256).max);
        vm.stopPrank();
        assertEq(_withdrawable(erin), eco);
        assertEq(staking.nodeHolders(), 0);
        assertEq(staking.founderHolders(), 2);
        assertEq(staking.founderSold(), 2);
        assertEq(staking.nodeSold(), 1);
        assertEq(lens.getAccount(erin).pendingDividend, 0);
        IStaking.AccountView memory v = lens.getAccount(erin);
        assertTrue(v.purchasedNode && v.purchasedFounder);
    }

    function test_upgrade_freeWhenFounderNotDearer() public {
        _setParam(IStaking.Param.FounderPrice, staking.nodePrice());
        _buy(erin, false);
        uint256 before = usdc.balanceOf(erin);
        vm.prank(erin);
        staking.upgradeNodeToFounder(type(uint256).max);
        assertEq(usdc.balanceOf(erin), before);
    }
}

contract StakingGrantsTest is EconomicsFixture {
    function _deposit(uint256 amount) internal {
        usdc.mint(owner, amount);
        vm.startPrank(owner);
        usdc.approve(address(staking), amount);
        vm.expectEmit(false, false, false, true, address(staking));
        emit IStaking.GrantsBudgetChanged(amount, true);
        staking.depositGrants(amount);
        vm.stopPrank();
    }

    function test_grants_depositCreditWithdraw() public {
        _deposit(100 * ONE);
        address[] memory users = new address[](2);
        users[0] = dave;
        users[1] = erin;
        uint256[] memory amounts = new uint256[](2);
        amounts[0] = 10 * ONE;
        amounts[1] = 20 * ONE;
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.IncomeCredited(
            dave, IStaking.IncomeSource.Activity, address(0), address(usdc), 10 * ONE
        );
        vm.prank(owner);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        vm.prank(owner);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Promotion);
        assertEq(_withdrawable(dave), 20 * ONE);
        assertEq(_withdrawable(erin), 40 * ONE);
        assertEq(staking.grantsBudget(), 40 * ONE);
        vm.prank(owner);
        staking.withdrawGrants(40 * ONE);
        assertEq(usdc.balanceOf(owner), 40 * ONE);
        vm.prank(erin);
        staking.withdraw(40 * ONE);
    }

    function test_grants_reverts() public {
        _deposit(10 * ONE);
        address[] memory users = new address[](1);
        users[0] = dave;
        uint256[] memory amounts = new uint256[](1);
        amounts[0] = 11 * ONE;
        uint256[] memory two = new uint256[](2);
        vm.startPrank(owner);
        vm.expectRevert(IStaking.InvalidGrantSource.selector);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Mining);
        vm.expectRevert(IStaking.LengthMismatch.selector);
        staking.creditGrants(users, two, IStaking.IncomeSource.Activity);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 10 * ONE));
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        amounts[0] = 0;
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        users[0] = address(0);
        amounts[0] = 1;
        vm.expectRevert(IStaking.ZeroAddress.selector);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.depositGrants(0);
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.withdrawGrants(0);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 10 * ONE));
        staking.withdrawGrants(10 * ONE + 1);
        vm.stopPrank();
        vm.startPrank(dave);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.depositGrants(1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.withdrawGrants(1);
        vm.stopPrank();
    }
}

contract StakingGovernanceTest is EconomicsFixture {
    function test_timelock_queueExecuteWithEvents() public {
        uint64 eta = uint64(block.timestamp + 48 hours);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.ParamQueued(IStaking.Param.FeeBps, 700, eta);
        vm.prank(owner);
        staking.queueParam(IStaking.Param.FeeBps, 700);
        (uint256 value, uint64 queuedEta) = staking.pendingChanges(IStaking.Param.FeeBps);
        assertEq(value, 700);
        assertEq(queuedEta, eta);
        vm.warp(eta - 1);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.TimelockNotReady.selector, eta));
        staking.executeParam(IStaking.Param.FeeBps);
        vm.warp(eta);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.ParamChanged(IStaking.Param.FeeBps, 700);
        vm.prank(owner);
        staking.executeParam(IStaking.Param.FeeBps);
        assertEq(staking.feeBps(), 700);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingQueued.selector, IStaking.Param.FeeBps));
        staking.executeParam(IStaking.Param.FeeBps);
    }

    function test_timelock_allParams() public {
        _setParam(IStaking.Param.MinWithdrawal, 10 * ONE);
        _setParam(IStaking.Param.NodePrice, 7 * ONE);
        _setParam(IStaking.Param.NodeLimit, 3);
        _setParam(IStaking.Param.FounderPrice, 9 * ONE);
        _setParam(IStaking.Param.FounderLimit, 4);
        _setParam(IStaking.Param.Treasury, uint256(uint160(erin)));
        assertEq(staking.minWithdrawal(), 10 * ONE);
        assertEq(staking.nodePrice(), 7 * ONE);
        assertEq(staking.nodeLimit(), 3);
        assertEq(staking.founderPrice(), 9 * ONE);
        assertEq(staking.founderLimit(), 4);
        assertEq(staking.treasury(), erin);
    }

    /// Proceeds accrued under one treasury go to the treasury of the day they are paid: a frozen or
    /// lost treasury is replaced through the timelock and the new one is paid what waited.
    function test_payTreasury_paysTheCurrentTreasury_whoeverCalls() public {
        _buy(dave, false);
        uint256 price = staking.nodePrice();
        _setParam(IStaking.Param.Treasury, uint256(uint160(erin)));
        uint256 before = usdc.balanceOf(erin);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.TreasuryPaid(erin, price);
        vm.prank(carol);
        staking.payTreasury();
        assertEq(usdc.balanceOf(erin) - before, price);
        assertEq(usdc.balanceOf(treasury), 0);
        assertEq(staking.treasuryProceeds(), 0);
    }

    function test_timelock_cancelAndReverts() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingQueued.selector, IStaking.Param.NodePrice));
        staking.cancelParam(IStaking.Param.NodePrice);
        staking.queueParam(IStaking.Param.NodePrice, 5 * ONE);
        vm.expectEmit(true, false, false, false, address(staking));
        emit IStaking.ParamCancelled(IStaking.Param.NodePrice);
        staking.cancelParam(IStaking.Param.NodePrice);
        vm.warp(block.timestamp + 3 days);
        vm.expectRevert(abi.encodeWithSelector(IStaking.NothingQueued.selector, IStaking.Param.NodePrice));
        staking.executeParam(IStaking.Param.NodePrice);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.FeeBps, 1501)
        );
        staking.queueParam(IStaking.Param.FeeBps, 1501);
        vm.expectRevert(
            abi.encodeWithSelector(
                IStaking.InvalidParamValue.selector, IStaking.Param.MinWithdrawal, 10 * ONE + 1
            )
        );
        staking.queueParam(IStaking.Param.MinWithdrawal, 10 * ONE + 1);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.NodePrice, 0)
        );
        staking.queueParam(IStaking.Param.NodePrice, 0);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.Treasury, 0)
        );
        staking.queueParam(IStaking.Param.Treasury, 0);
        vm.stopPrank();
        _buy(erin, false);
        _buy(dave, false);
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.NodeLimit, 1)
        );
        staking.queueParam(IStaking.Param.NodeLimit, 1);
        vm.startPrank(dave);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.queueParam(IStaking.Param.FeeBps, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.executeParam(IStaking.Param.FeeBps);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, dave));
        staking.cancelParam(IStaking.Param.FeeBps);
        vm.stopPrank();
    }

    function test_limitCheckedAgainAtExecution() public {
        vm.prank(owner);
        staking.queueParam(IStaking.Param.NodeLimit, 1);
        _buy(erin, false);
        _buy(dave, false);
        vm.warp(block.timestamp + 48 hours);
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.NodeLimit, 1)
        );
        staking.executeParam(IStaking.Param.NodeLimit);
    }

    function test_constructor_validatesConfig() public {
        IStaking.Config memory c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.rewardToken = IERC20Metadata(address(usdc));
        vm.expectRevert(IStaking.InvalidConfig.selector);
        deployStaking(c);
        c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.levelThresholds[3] = c.levelThresholds[2];
        vm.expectRevert(IStaking.InvalidConfig.selector);
        deployStaking(c);
        c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.levelThresholds[0] = 0;
        vm.expectRevert(IStaking.InvalidConfig.selector);
        deployStaking(c);
        c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.treasury = address(0);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        deployStaking(c);
        c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.router = MockRouter(address(0));
        vm.expectRevert(IStaking.ZeroAddress.selector);
        deployStaking(c);
        c = _config(IERC20Metadata(address(usdc)), root, owner);
        c.feeBps = 1501;
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.FeeBps, 1501)
        );
        deployStaking(c);
    }

    function test_constructor_setsEconomics() public view {
        assertEq(address(staking.rewardToken()), address(reward));
        assertEq(address(staking.router()), address(router));
        assertEq(staking.maxMinWithdrawal(), 10 * ONE);
        assertEq(staking.treasury(), treasury);
        assertEq(staking.feeBps(), 0);
        assertEq(staking.MAX_FEE_BPS(), 1500);
        assertEq(staking.TIMELOCK_DELAY(), 48 hours);
    }

    /// No role can take a user's principal, reserved rewards or earned balances.
    function test_ownerCannotTakeUserFunds() public {
        _earn(dave, 10_000 * ONE);
        _stake(_bindErin(), 500 * ONE);
        uint256 reserved = staking.rewardReserved();
        assertGt(reserved, 0);
        vm.startPrank(owner);
        (,, uint256 unreserved) = staking.rewardBudgetInfo();
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, unreserved));
        staking.withdrawUnreserved(unreserved + 1);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 0));
        staking.withdraw(10 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 0));
        staking.withdrawRewardCoin(1);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 0));
        staking.exchange(1, 0, block.timestamp);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientBalance.selector, 0));
        staking.withdrawGrants(1);
        staking.pause();
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 0));
        staking.withdrawPrincipal(0);
        vm.stopPrank();
        assertEq(usdc.balanceOf(owner), 0);
        assertEq(reward.balanceOf(owner), 0);
    }

    function _bindErin() internal returns (address) {
        _bind(erin, dave);
        return erin;
    }

    function test_pause_blocksStakeNotExits() public {
        vm.prank(owner);
        staking.pause();
        vm.startPrank(dave);
        usdc.approve(address(staking), 200 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, plan));
        staking.stake(plan, 200 * ONE);
        vm.stopPrank();
    }
}
