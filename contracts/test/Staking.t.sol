// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";
import {LocalUSDC18} from "../src/local/LocalUSDC18.sol";
import {StakingDeployer} from "./utils/StakingTestBase.sol";

/// @dev A token that keeps 1% of every transfer, to prove the contract refuses such tokens.
contract FeeOnTransferToken is ERC20 {
    constructor() ERC20("Fee", "FEE") {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) {
            uint256 fee = value / 100;
            super._update(from, address(0xdead), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}

/// @dev Shared fixture: a 6-decimal permit USDC, a Staking contract and two open plans.
abstract contract StakingFixture is StakingDeployer {
    LocalUSDCPermit internal usdc;
    IStakingApi internal staking;
    IStakingLensApi internal lens;
    address internal owner = makeAddr("owner");
    address internal root = makeAddr("root");
    address internal alice;
    uint256 internal aliceKey;
    address internal bob = makeAddr("bob");
    address internal carol = makeAddr("carol");
    address internal dave = makeAddr("dave");
    address internal outsider = makeAddr("outsider");

    uint256 internal constant ONE = 1e6; // 1 USDC with 6 decimals
    uint256 internal constant CAP = 1_000_000 * ONE;
    uint256 internal plan30;
    uint256 internal plan90;

    function setUp() public virtual {
        vm.warp(1_750_000_000);
        (alice, aliceKey) = makeAddrAndKey("alice");
        usdc = new LocalUSDCPermit(address(this));
        staking = _deployStaking(IERC20Metadata(address(usdc)), root, owner);
        lens = deployLens(staking);
        _fund(staking, owner, 1_000_000 ether);
        vm.startPrank(owner);
        plan30 = staking.createPlan(30, 50, CAP, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        plan90 = staking.createPlan(90, 80, CAP, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        vm.stopPrank();
        address[5] memory users = [root, alice, bob, carol, outsider];
        for (uint256 i = 0; i < users.length; ++i) {
            usdc.mint(users[i], 10_000_000 * ONE);
        }
        vm.prank(alice);
        staking.bindSuperior(root);
        vm.prank(bob);
        staking.bindSuperior(alice);
        vm.prank(carol);
        staking.bindSuperior(bob);
    }

    function _approveAndStake(address user, uint256 planId, uint256 amount)
        internal
        returns (uint256 positionId)
    {
        vm.startPrank(user);
        usdc.approve(address(staking), amount);
        positionId = staking.stake(planId, amount);
        vm.stopPrank();
    }

    function _signPermit(uint256 key, address holder, uint256 value, uint256 deadline)
        internal
        view
        returns (uint8 v, bytes32 r, bytes32 s)
    {
        return _permitSignature(IERC20Permit(address(usdc)), key, holder, address(staking), value, deadline);
    }
}

contract StakingConstructorTest is StakingFixture {
    function test_constructor_setsImmutables() public view {
        assertEq(address(staking.usdc()), address(usdc));
        assertEq(staking.usdcDecimals(), 6);
        assertEq(staking.minStakeExclusive(), 100 * ONE);
        assertEq(staking.root(), root);
        assertEq(staking.owner(), owner);
        assertEq(staking.MIN_STAKE_WHOLE_USDC(), 100);
        assertEq(staking.REFERRAL_DEPTH(), 3);
    }

    function test_constructor_readsDecimals18() public {
        LocalUSDC18 usdc18 = new LocalUSDC18(address(this));
        IStakingApi s = _deployStaking(IERC20Metadata(address(usdc18)), root, owner);
        assertEq(s.usdcDecimals(), 18);
        assertEq(s.minStakeExclusive(), 100 ether);
    }

    function test_constructor_revertsOnZeroToken() public {
        IStaking.Config memory c = _config(IERC20Metadata(address(0)), root, owner);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        deployStaking(c);
    }

    function test_constructor_revertsOnZeroRoot() public {
        IStaking.Config memory c = _config(IERC20Metadata(address(usdc)), address(0), owner);
        vm.expectRevert(IStaking.ZeroAddress.selector);
        deployStaking(c);
    }

    function test_constructor_revertsOnZeroOwner() public {
        IStaking.Config memory c = _config(IERC20Metadata(address(usdc)), root, address(0));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        deployStaking(c);
    }

    function test_ownership_isTwoStep() public {
        address next = makeAddr("next");
        vm.prank(owner);
        staking.transferOwnership(next);
        assertEq(staking.owner(), owner);
        assertEq(staking.pendingOwner(), next);
        vm.prank(next);
        staking.acceptOwnership();
        assertEq(staking.owner(), next);
    }
}

contract StakingReferralTest is StakingFixture {
    function test_bindSuperior_toRoot_emitsAndStores() public {
        vm.expectEmit(true, true, false, false, address(staking));
        emit IStaking.SuperiorBound(dave, root);
        vm.prank(dave);
        staking.bindSuperior(root);
        assertEq(staking.getSuperior(dave), root);
        assertTrue(staking.isInTree(dave));
    }

    function test_bindSuperior_toBoundUser() public {
        vm.prank(dave);
        staking.bindSuperior(carol);
        assertEq(staking.getSuperior(dave), carol);
    }

    function test_bindSuperior_revertsWhenAlreadyBound() public {
        vm.prank(alice);
        vm.expectRevert(IStaking.AlreadyBound.selector);
        staking.bindSuperior(root);
    }

    function test_bindSuperior_revertsOnSelf() public {
        vm.prank(dave);
        vm.expectRevert(IStaking.SelfBinding.selector);
        staking.bindSuperior(dave);
    }

    function test_bindSuperior_revertsWhenUplineNotInTree() public {
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineNotInTree.selector, outsider));
        staking.bindSuperior(outsider);
    }

    function test_bindSuperior_revertsOnZeroUpline() public {
        vm.prank(dave);
        vm.expectRevert(abi.encodeWithSelector(IStaking.UplineNotInTree.selector, address(0)));
        staking.bindSuperior(address(0));
    }

    function test_bindSuperior_rootCannotBind() public {
        vm.prank(root);
        vm.expectRevert(IStaking.RootCannotBind.selector);
        staking.bindSuperior(alice);
    }

    function test_getSuperior_zeroForRootAndUnbound() public view {
        assertEq(staking.getSuperior(root), address(0));
        assertEq(staking.getSuperior(outsider), address(0));
    }

    function test_isInTree() public view {
        assertTrue(staking.isInTree(root));
        assertTrue(staking.isInTree(carol));
        assertFalse(staking.isInTree(outsider));
        assertFalse(staking.isInTree(address(0)));
    }

    function test_selectUplines_depths() public {
        vm.prank(dave);
        staking.bindSuperior(carol);
        address[3] memory up = staking.selectUplines(dave);
        assertEq(up[0], carol);
        assertEq(up[1], bob);
        assertEq(up[2], alice);

        up = staking.selectUplines(bob);
        assertEq(up[0], alice);
        assertEq(up[1], root);
        assertEq(up[2], address(0));

        up = staking.selectUplines(root);
        assertEq(up[0], address(0));
        assertEq(up[1], address(0));
        assertEq(up[2], address(0));

        up = staking.selectUplines(outsider);
        assertEq(up[0], address(0));
    }

    /// Any chain of binds is a path to the root: following superiors always ends at the root.
    function testFuzz_bindChain_reachesRoot(uint8 length, uint256 seed) public {
        uint256 n = bound(length, 1, 40);
        address[] memory users = new address[](n);
        for (uint256 i = 0; i < n; ++i) {
            users[i] = address(uint160(uint256(keccak256(abi.encode(seed, i)))) | 1);
            address upline = i == 0 ? root : users[uint256(keccak256(abi.encode(seed, i, "up"))) % i];
            vm.prank(users[i]);
            staking.bindSuperior(upline);
        }
        address current = users[n - 1];
        for (uint256 steps = 0; steps <= n; ++steps) {
            if (current == root) return;
            current = staking.getSuperior(current);
        }
        fail();
    }
}

contract StakingPlanTest is StakingFixture {
    function test_createPlan_storesAndEmits() public {
        uint64 opensAt = uint64(block.timestamp + 1 days);
        uint64 closesAt = uint64(block.timestamp + 10 days);
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.PlanCreated(2, 7, 100, 5000 * ONE, opensAt, closesAt);
        vm.prank(owner);
        uint256 id = staking.createPlan(7, 100, 5000 * ONE, opensAt, closesAt);
        assertEq(id, 2);
        assertEq(staking.planCount(), 3);
        IStaking.Plan memory p = staking.getPlan(id);
        assertEq(p.termDays, 7);
        assertEq(p.dailyRate, 100);
        assertEq(p.cap, 5000 * ONE);
        assertEq(p.totalStaked, 0);
        assertEq(p.opensAt, opensAt);
        assertEq(p.closesAt, closesAt);
        (IStaking.Plan[] memory all, uint256 total) = lens.getPlans(0, 10);
        assertEq(total, 3);
        assertEq(all.length, 3);
        assertEq(all[0].termDays, 30);
        assertEq(all[1].termDays, 90);
    }

    function test_createPlan_onlyOwner() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        staking.createPlan(30, 50, CAP, uint64(block.timestamp), uint64(block.timestamp + 1 days));
    }

    function test_createPlan_revertsOnInvalidParameters() public {
        uint64 t = uint64(block.timestamp);
        vm.startPrank(owner);
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(0, 50, CAP, t, t + 1 days); // zero term
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(3651, 50, CAP, t, t + 1 days); // term too long
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 1e36 + 1, CAP, t, t + 1 days); // rate too high
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 50, 100 * ONE, t, t + 1 days); // cap not above the minimum stake
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 50, CAP, t + 1 days, t + 1 days); // empty window
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 50, CAP, t - 2 days, t); // window already over
        // Bounds of the packed storage: a cap a position amount cannot hold, an end time that would
        // be truncated to an earlier one (the window must close when the operator said).
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 50, uint256(type(uint96).max) + 1, t, t + 1 days);
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, 50, CAP, t, uint64(type(uint40).max) + 1);
        vm.stopPrank();
    }

    function test_getPlan_revertsWhenMissing() public {
        vm.expectRevert(abi.encodeWithSelector(IStaking.PlanNotFound.selector, 7));
        staking.getPlan(7);
    }

    function test_isSubscriptionOpen_window() public {
        uint64 t = uint64(block.timestamp);
        vm.prank(owner);
        uint256 id = staking.createPlan(30, 50, CAP, t + 1 days, t + 2 days);
        assertFalse(lens.isSubscriptionOpen(id));
        vm.warp(t + 1 days);
        assertTrue(lens.isSubscriptionOpen(id));
        vm.warp(t + 2 days - 1);
        assertTrue(lens.isSubscriptionOpen(id));
        vm.warp(t + 2 days);
        assertFalse(lens.isSubscriptionOpen(id));
        assertFalse(lens.isSubscriptionOpen(99));
    }

    function test_isSubscriptionOpen_falseWhenCapLeavesNoValidStake() public {
        vm.prank(owner);
        uint256 id =
            staking.createPlan(30, 50, 300 * ONE, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        _approveAndStake(alice, id, 200 * ONE - 1);
        assertTrue(lens.isSubscriptionOpen(id)); // 100.000001 left: still one valid stake
        _approveAndStake(bob, id, 100 * ONE + 1);
        assertEq(staking.getPlan(id).totalStaked, 300 * ONE);
        assertFalse(lens.isSubscriptionOpen(id));
    }

    function test_isSubscriptionOpen_falseWhenExactlyMinimumLeft() public {
        vm.prank(owner);
        uint256 id =
            staking.createPlan(30, 50, 300 * ONE, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        _approveAndStake(alice, id, 200 * ONE);
        assertFalse(lens.isSubscriptionOpen(id)); // exactly 100 left: no stake can be > 100
        vm.startPrank(bob);
        usdc.approve(address(staking), 100 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, id));
        staking.stake(id, 100 * ONE + 1);
        vm.stopPrank();
    }

    function test_isSubscriptionOpen_falseWhenPaused() public {
        vm.prank(owner);
        staking.pause();
        assertFalse(lens.isSubscriptionOpen(plan30));
    }

    function test_closePlan_endsWindowAndEmits() public {
        vm.expectEmit(true, false, false, true, address(staking));
        emit IStaking.PlanClosed(plan30, uint64(block.timestamp));
        vm.prank(owner);
        staking.closePlan(plan30);
        assertFalse(lens.isSubscriptionOpen(plan30));
        assertEq(staking.getPlan(plan30).closesAt, block.timestamp);
    }

    function test_closePlan_revertsWhenAlreadyClosedOrMissing() public {
        vm.startPrank(owner);
        staking.closePlan(plan30);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, plan30));
        staking.closePlan(plan30);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PlanNotFound.selector, 5));
        staking.closePlan(5);
        vm.stopPrank();
    }

    function test_closePlan_onlyOwner() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        staking.closePlan(plan30);
    }
}

contract StakingStakeTest is StakingFixture {
    /// Issue 28 §1 (semantic mutant `argument-swap` in the `Staked` event survived: position id and plan
    /// id swapped, as every other test's stake has both 0): a second stake's event names its own
    /// position and its plan, which the indexer files the position under.
    function test_stake_secondPosition_eventNamesItsPositionAndItsPlan() public {
        uint256 amount = 500 * ONE;
        vm.startPrank(alice);
        usdc.approve(address(staking), 2 * amount);
        staking.stake(plan30, amount);
        (, uint256 reserve) = lens.rewardFor(alice, plan30, amount);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.Staked(
            alice, 1, plan30, amount, uint64(block.timestamp), uint64(block.timestamp + 30 days), reserve
        );
        uint256 id = staking.stake(plan30, amount);
        vm.stopPrank();
        assertEq(id, 1);
        assertTrue(id != plan30, "the position id must differ from the plan id to tell them apart");
    }

    /// Issue 28 §1 (semantic mutant `two-places` in `_settle`'s early return survived: an already settled
    /// position gave its mined amount as its full mining): a position harvested, then released early (the
    /// pool paused) in the same block gives the whole rest of its reservation back to the budget.
    function test_releaseEarly_inTheBlockOfAHarvest_returnsTheWholeRestOfItsReservation() public {
        // A rate that reserves whole units (plan30's is too small to show a reservation).
        vm.prank(owner);
        uint256 plan =
            staking.createPlan(30, 1e15, CAP, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        uint256 reservedBefore = staking.rewardReserved();
        uint256 amount = 500 * ONE;
        vm.startPrank(alice);
        usdc.approve(address(staking), amount);
        uint256 id = staking.stake(plan, amount);
        vm.stopPrank();
        vm.warp(block.timestamp + 1 days);
        vm.prank(owner);
        staking.pause();
        uint256[] memory ids = new uint256[](1);
        ids[0] = id;
        staking.harvest(alice, ids);
        assertGt(staking.rewardReserved(), reservedBefore, "29 days of mining still reserved");
        vm.prank(alice);
        staking.releasePrincipal(ids);
        assertEq(staking.rewardReserved(), reservedBefore, "the rest of its reservation went back");
    }

    /// Issue 28 §1 (semantic mutants `two-places` in `_settle`'s second early return survived: a
    /// settlement that mined nothing new gave (full, full) or (mined, mined)): a position harvested, then
    /// released early (paused) a second later, when that second mined less than one unit, gives the
    /// whole rest of its reservation back to the budget.
    function test_releaseEarly_aSecondAfterAHarvest_returnsTheWholeRestOfItsReservation() public {
        // Full mining 1,500,000 units over 30 days: 0.58 a second, so the second after a whole day
        // mines nothing new (50,000 units at 1 day and at 1 day + 1 s).
        vm.prank(owner);
        uint256 plan =
            staking.createPlan(30, 1e14, CAP, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        uint256 reservedBefore = staking.rewardReserved();
        uint256 amount = 500 * ONE;
        vm.startPrank(alice);
        usdc.approve(address(staking), amount);
        uint256 id = staking.stake(plan, amount);
        vm.stopPrank();
        vm.warp(block.timestamp + 1 days);
        uint256[] memory ids = new uint256[](1);
        ids[0] = id;
        staking.harvest(alice, ids);
        assertEq(staking.accountData(alice).earned, 50_000, "a day of 1,500,000 over 30 days");
        vm.warp(block.timestamp + 1);
        vm.prank(owner);
        staking.pause();
        assertGt(staking.rewardReserved(), reservedBefore, "29 days of mining still reserved");
        vm.prank(alice);
        staking.releasePrincipal(ids);
        assertEq(staking.accountData(alice).earned, 50_000, "the last second mined nothing new");
        assertEq(staking.rewardReserved(), reservedBefore, "the rest of its reservation went back");
    }

    function test_stake_approvePath_pullsExactAmountAndRecords() public {
        uint256 amount = 500 * ONE;
        uint256 before = usdc.balanceOf(alice);
        vm.startPrank(alice);
        usdc.approve(address(staking), amount);
        (, uint256 reserve) = lens.rewardFor(alice, plan30, amount);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.Staked(
            alice, 0, plan30, amount, uint64(block.timestamp), uint64(block.timestamp + 30 days), reserve
        );
        uint256 id = staking.stake(plan30, amount);
        vm.stopPrank();

        assertEq(id, 0);
        assertEq(usdc.balanceOf(alice), before - amount);
        assertEq(usdc.balanceOf(address(staking)), amount);
        assertEq(usdc.allowance(alice, address(staking)), 0);
        IStaking.Position memory p = lens.getPosition(alice, 0);
        assertEq(p.planId, plan30);
        assertEq(p.amount, amount);
        assertEq(p.startTime, block.timestamp);
        assertEq(p.endTime, block.timestamp + 30 days);
        assertFalse(p.withdrawn);
        assertEq(staking.positionCount(alice), 1);
        assertEq(staking.getPlan(plan30).totalStaked, amount);
        assertEq(staking.totalStaked(), amount);
        assertEq(staking.totalActiveStake(), amount);
        assertEq(lens.activeStakeOf(alice), amount);
    }

    function test_stake_rootCanStake() public {
        _approveAndStake(root, plan90, 1000 * ONE);
        assertEq(staking.positionCount(root), 1);
        assertEq(lens.getPosition(root, 0).endTime, block.timestamp + 90 days);
    }

    function test_stake_exactly100Rejected() public {
        vm.startPrank(alice);
        usdc.approve(address(staking), 100 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooSmall.selector, 100 * ONE));
        staking.stake(plan30, 100 * ONE);
        vm.stopPrank();
    }

    function test_stake_100point000001Accepted() public {
        _approveAndStake(alice, plan30, 100 * ONE + 1);
        assertEq(lens.getPosition(alice, 0).amount, 100_000_001);
    }

    function test_stake_18Decimals_minimum() public {
        LocalUSDC18 usdc18 = new LocalUSDC18(address(this));
        IStakingApi s = _deployStaking(IERC20Metadata(address(usdc18)), root, owner);
        _fund(s, owner, 1 ether);
        vm.prank(owner);
        uint256 id = s.createPlan(30, 50, 1e28, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        usdc18.mint(root, 1000 ether);
        vm.startPrank(root);
        usdc18.approve(address(s), 1000 ether);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooSmall.selector, 100 ether));
        s.stake(id, 100 ether);
        s.stake(id, 100 ether + 1);
        vm.stopPrank();
        assertEq(usdc18.balanceOf(address(s)), 100 ether + 1);
    }

    function test_stake_revertsWhenNotBound() public {
        vm.startPrank(outsider);
        usdc.approve(address(staking), 500 * ONE);
        vm.expectRevert(IStaking.NotBound.selector);
        staking.stake(plan30, 500 * ONE);
        vm.stopPrank();
    }

    function test_stake_revertsWhenPlanMissing() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PlanNotFound.selector, 9));
        staking.stake(9, 500 * ONE);
    }

    function test_stake_revertsBeforeWindow() public {
        uint64 opensAt = uint64(block.timestamp + 1 days);
        vm.prank(owner);
        uint256 id = staking.createPlan(30, 50, CAP, opensAt, opensAt + 1 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionNotStarted.selector, id, opensAt));
        staking.stake(id, 500 * ONE);
    }

    function test_stake_revertsAfterWindow() public {
        vm.warp(block.timestamp + 365 days);
        vm.startPrank(alice);
        usdc.approve(address(staking), 500 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, plan30));
        staking.stake(plan30, 500 * ONE);
        vm.stopPrank();
    }

    function test_stake_revertsWhenPaused() public {
        vm.prank(owner);
        staking.pause();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, plan30));
        staking.stake(plan30, 500 * ONE);
    }

    function test_stake_revertsOverCap() public {
        vm.prank(owner);
        uint256 id =
            staking.createPlan(30, 50, 1000 * ONE, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        _approveAndStake(alice, id, 600 * ONE);
        vm.startPrank(bob);
        usdc.approve(address(staking), 500 * ONE);
        vm.expectRevert(abi.encodeWithSelector(IStaking.CapExceeded.selector, id, 400 * ONE));
        staking.stake(id, 500 * ONE);
        staking.stake(id, 400 * ONE); // exactly up to the cap is fine
        vm.stopPrank();
        assertEq(staking.getPlan(id).totalStaked, 1000 * ONE);
        assertFalse(lens.isSubscriptionOpen(id));
    }

    function test_stake_revertsWithoutAllowance() public {
        vm.prank(alice);
        vm.expectRevert(); // ERC20InsufficientAllowance from the token
        staking.stake(plan30, 500 * ONE);
        assertEq(staking.positionCount(alice), 0);
    }

    function test_stake_revertsOnFeeOnTransferToken() public {
        FeeOnTransferToken fot = new FeeOnTransferToken();
        IStakingApi s = _deployStaking(IERC20Metadata(address(fot)), root, owner);
        _fund(s, owner, 1 ether);
        vm.prank(owner);
        uint256 id = s.createPlan(30, 50, CAP, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        fot.mint(root, 1000 * ONE);
        vm.startPrank(root);
        fot.approve(address(s), 500 * ONE);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.TransferAmountMismatch.selector, 500 * ONE, 495 * ONE)
        );
        s.stake(id, 500 * ONE);
        vm.stopPrank();
    }

    function test_stake_positionIdsCountUpPerUser() public {
        assertEq(_approveAndStake(alice, plan30, 200 * ONE), 0);
        assertEq(_approveAndStake(alice, plan90, 300 * ONE), 1);
        assertEq(_approveAndStake(bob, plan30, 400 * ONE), 0);
        assertEq(staking.positionCount(alice), 2);
        assertEq(staking.totalStaked(), 900 * ONE);
    }
}

contract StakingPermitTest is StakingFixture {
    function test_stakeWithPermit_stakesWithoutApproval() public {
        uint256 amount = 250 * ONE;
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, amount, deadline);
        (, uint256 reserve) = lens.rewardFor(alice, plan30, amount);
        vm.expectEmit(true, true, true, true, address(staking));
        emit IStaking.Staked(
            alice, 0, plan30, amount, uint64(block.timestamp), uint64(block.timestamp + 30 days), reserve
        );
        vm.prank(alice);
        staking.stakeWithPermit(plan30, amount, deadline, v, r, s);
        assertEq(usdc.balanceOf(address(staking)), amount);
        assertEq(usdc.allowance(alice, address(staking)), 0);
        assertEq(usdc.nonces(alice), 1);
    }

    function test_stakeWithPermit_toleratesFrontRunPermit() public {
        uint256 amount = 250 * ONE;
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, amount, deadline);
        // Someone copies the signature from the mempool and uses it first.
        vm.prank(outsider);
        usdc.permit(alice, address(staking), amount, deadline, v, r, s);
        assertEq(usdc.allowance(alice, address(staking)), amount);

        vm.prank(alice);
        staking.stakeWithPermit(plan30, amount, deadline, v, r, s);
        assertEq(lens.getPosition(alice, 0).amount, amount);
        assertEq(usdc.allowance(alice, address(staking)), 0);
    }

    function test_stakeWithPermit_revertsOnBadSignatureWithoutAllowance() public {
        uint256 amount = 250 * ONE;
        uint256 deadline = block.timestamp + 1 hours;
        (, uint256 otherKey) = makeAddrAndKey("other");
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(otherKey, alice, amount, deadline);
        vm.prank(alice);
        vm.expectRevert(IStaking.PermitFailed.selector);
        staking.stakeWithPermit(plan30, amount, deadline, v, r, s);
    }

    function test_stakeWithPermit_revertsOnExpiredPermit() public {
        uint256 amount = 250 * ONE;
        uint256 deadline = block.timestamp - 1;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, amount, deadline);
        vm.prank(alice);
        vm.expectRevert(IStaking.PermitFailed.selector);
        staking.stakeWithPermit(plan30, amount, deadline, v, r, s);
    }

    function test_stakeWithPermit_checksStakeRules() public {
        uint256 amount = 100 * ONE;
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(aliceKey, alice, amount, deadline);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooSmall.selector, 100 * ONE));
        staking.stakeWithPermit(plan30, amount, deadline, v, r, s);
    }

    function test_stakeWithPermit_tokenWithoutPermitNeedsApproval() public {
        LocalUSDC18 usdc18 = new LocalUSDC18(address(this));
        IStakingApi s18 = _deployStaking(IERC20Metadata(address(usdc18)), root, owner);
        vm.prank(owner);
        uint256 id = s18.createPlan(30, 50, 1e28, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        usdc18.mint(root, 1000 ether);
        vm.startPrank(root);
        vm.expectRevert(IStaking.PermitFailed.selector);
        s18.stakeWithPermit(id, 200 ether, block.timestamp, 27, bytes32(0), bytes32(0));
        vm.stopPrank();
    }
}

contract StakingWithdrawTest is StakingFixture {
    function test_withdrawPrincipal_afterTerm() public {
        uint256 amount = 300 * ONE;
        _approveAndStake(alice, plan30, amount);
        uint256 before = usdc.balanceOf(alice);
        vm.warp(block.timestamp + 30 days);
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.PrincipalReleased(alice, 0, amount, false, true);
        vm.prank(alice);
        staking.withdrawPrincipal(0);
        assertEq(usdc.balanceOf(alice), before + amount);
        assertTrue(lens.getPosition(alice, 0).withdrawn);
        assertEq(staking.totalActiveStake(), 0);
        assertEq(staking.totalStaked(), amount);
        assertEq(lens.activeStakeOf(alice), 0);
    }

    function test_withdrawPrincipal_revertsWhileLocked() public {
        _approveAndStake(alice, plan30, 300 * ONE);
        uint64 endTime = uint64(block.timestamp + 30 days);
        vm.warp(endTime - 1);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IStaking.StillLocked.selector, 0, endTime));
        staking.withdrawPrincipal(0);
    }

    function test_withdrawPrincipal_revertsTwice() public {
        _approveAndStake(alice, plan30, 300 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.startPrank(alice);
        staking.withdrawPrincipal(0);
        vm.expectRevert(abi.encodeWithSelector(IStaking.AlreadyWithdrawn.selector, 0));
        staking.withdrawPrincipal(0);
        vm.stopPrank();
    }

    function test_withdrawPrincipal_revertsForUnknownPosition() public {
        _approveAndStake(alice, plan30, 300 * ONE);
        vm.warp(block.timestamp + 30 days);
        vm.prank(bob); // bob has no position 0
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 0));
        staking.withdrawPrincipal(0);
    }

    function test_withdrawPrincipal_earlyWhenPaused() public {
        uint256 amount = 300 * ONE;
        _approveAndStake(alice, plan90, amount);
        uint256 before = usdc.balanceOf(alice);
        vm.prank(owner);
        staking.pause();
        vm.expectEmit(true, true, false, true, address(staking));
        emit IStaking.PrincipalReleased(alice, 0, amount, true, true);
        vm.prank(alice);
        staking.withdrawPrincipal(0);
        assertEq(usdc.balanceOf(alice), before + amount);
        IStaking.UserTotals memory t = lens.getUserTotals(alice);
        assertEq(t.released, amount);
        assertEq(t.toBeReleased, 0);
        assertEq(t.withdrawn, amount);
    }

    function test_pause_onlyOwnerAndUnpause() public {
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        staking.pause();
        vm.prank(owner);
        staking.pause();
        assertTrue(staking.paused());
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        staking.unpause();
        vm.prank(owner);
        vm.expectEmit(false, false, false, true, address(staking));
        emit Pausable.Unpaused(owner);
        staking.unpause();
        assertFalse(staking.paused());
        assertTrue(lens.isSubscriptionOpen(plan30));
    }

    function test_ownerCannotMovePrincipal() public {
        _approveAndStake(alice, plan30, 300 * ONE);
        // The owner has no position and there is no sweep or rescue function.
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 0));
        staking.withdrawPrincipal(0);
        assertEq(usdc.balanceOf(address(staking)), 300 * ONE);
    }
}

contract StakingViewsTest is StakingFixture {
    function test_getPositions_andPages() public {
        for (uint256 i = 0; i < 5; ++i) {
            _approveAndStake(alice, plan30, (200 + i) * ONE);
        }
        IStaking.Position[] memory all = lens.getPositions(alice);
        assertEq(all.length, 5);
        assertEq(all[4].amount, 204 * ONE);

        IStaking.Position[] memory page = lens.getPositionsPage(alice, 1, 2);
        assertEq(page.length, 2);
        assertEq(page[0].amount, 201 * ONE);
        assertEq(page[1].amount, 202 * ONE);

        page = lens.getPositionsPage(alice, 3, 10);
        assertEq(page.length, 2);
        assertEq(page[1].amount, 204 * ONE);

        assertEq(lens.getPositionsPage(alice, 5, 10).length, 0);
        assertEq(lens.getPositionsPage(alice, 0, 0).length, 0);
        assertEq(lens.getPositionsPage(alice, 2, type(uint256).max).length, 3);
        assertEq(lens.getPositions(bob).length, 0);
    }

    function test_getPosition_revertsWhenMissing() public {
        vm.expectRevert(abi.encodeWithSelector(IStaking.PositionNotFound.selector, 0));
        lens.getPosition(alice, 0);
    }

    function test_getUserTotals_overTime() public {
        _approveAndStake(alice, plan30, 200 * ONE);
        _approveAndStake(alice, plan90, 300 * ONE);
        IStaking.UserTotals memory t = lens.getUserTotals(alice);
        assertEq(t.totalStaked, 500 * ONE);
        assertEq(t.toBeReleased, 500 * ONE);
        assertEq(t.released, 0);
        assertEq(t.withdrawn, 0);
        assertEq(t.positions, 2);

        vm.warp(block.timestamp + 30 days);
        t = lens.getUserTotals(alice);
        assertEq(t.toBeReleased, 300 * ONE);
        assertEq(t.released, 200 * ONE);

        vm.prank(alice);
        staking.withdrawPrincipal(0);
        t = lens.getUserTotals(alice);
        assertEq(t.released, 200 * ONE);
        assertEq(t.withdrawn, 200 * ONE);

        vm.warp(block.timestamp + 60 days);
        t = lens.getUserTotals(alice);
        assertEq(t.toBeReleased, 0);
        assertEq(t.released, 500 * ONE);
    }
}

contract StakingFuzzTest is StakingFixture {
    function testFuzz_stake_amountBoundary(uint256 amount) public {
        amount = bound(amount, 0, CAP);
        vm.startPrank(alice);
        usdc.approve(address(staking), amount);
        if (amount <= 100 * ONE) {
            vm.expectRevert(abi.encodeWithSelector(IStaking.AmountTooSmall.selector, 100 * ONE));
            staking.stake(plan30, amount);
        } else {
            staking.stake(plan30, amount);
            assertEq(lens.getPosition(alice, 0).amount, amount);
            assertEq(usdc.balanceOf(address(staking)), amount);
        }
        vm.stopPrank();
    }

    function testFuzz_stake_capNeverExceeded(uint256 a, uint256 b) public {
        uint256 cap = 1000 * ONE;
        vm.prank(owner);
        uint256 id =
            staking.createPlan(30, 50, cap, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        a = bound(a, 100 * ONE + 1, cap);
        b = bound(b, 100 * ONE + 1, cap);
        _approveAndStake(alice, id, a);
        vm.startPrank(bob);
        usdc.approve(address(staking), b);
        uint256 remaining = cap - a;
        if (remaining <= 100 * ONE) {
            vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, id));
        } else if (b > remaining) {
            vm.expectRevert(abi.encodeWithSelector(IStaking.CapExceeded.selector, id, remaining));
        }
        try staking.stake(id, b) {} catch {}
        vm.stopPrank();
        assertLe(staking.getPlan(id).totalStaked, cap);
    }

    function testFuzz_window(uint64 opensIn, uint64 length, uint64 at) public {
        opensIn = uint64(bound(opensIn, 0, 400 days));
        length = uint64(bound(length, 1, 400 days));
        uint64 opensAt = uint64(block.timestamp) + opensIn;
        uint64 closesAt = opensAt + length;
        vm.prank(owner);
        uint256 id = staking.createPlan(30, 50, CAP, opensAt, closesAt);
        at = uint64(bound(at, block.timestamp, uint256(closesAt) + 10 days));
        vm.warp(at);
        bool open = at >= opensAt && at < closesAt;
        assertEq(lens.isSubscriptionOpen(id), open);
        vm.startPrank(alice);
        usdc.approve(address(staking), 200 * ONE);
        if (at < opensAt) {
            vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionNotStarted.selector, id, opensAt));
        } else if (!open) {
            vm.expectRevert(abi.encodeWithSelector(IStaking.SubscriptionEnded.selector, id));
        }
        staking.stake(id, 200 * ONE);
        vm.stopPrank();
    }

    function testFuzz_withdraw_onlyAfterEnd(uint256 amount, uint256 elapsed) public {
        amount = bound(amount, 100 * ONE + 1, CAP);
        elapsed = bound(elapsed, 0, 200 days);
        _approveAndStake(alice, plan90, amount);
        uint64 endTime = lens.getPosition(alice, 0).endTime;
        assertEq(endTime, block.timestamp + 90 days);
        vm.warp(block.timestamp + elapsed);
        if (block.timestamp < endTime) {
            vm.prank(alice);
            vm.expectRevert(abi.encodeWithSelector(IStaking.StillLocked.selector, 0, endTime));
            staking.withdrawPrincipal(0);
        } else {
            uint256 before = usdc.balanceOf(alice);
            vm.prank(alice);
            staking.withdrawPrincipal(0);
            assertEq(usdc.balanceOf(alice), before + amount);
        }
    }
}
