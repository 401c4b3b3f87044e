// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {Staking} from "../src/Staking.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";

/// @dev Drives random binds, stakes, withdrawals, pauses and time jumps; tracks what users put in.
contract StakingHandler is Test {
    Staking internal immutable staking;
    LocalUSDCPermit internal immutable usdc;
    address internal immutable owner;
    address[] public actors;
    uint256 public deposited;
    uint256 public paidBack;

    constructor(Staking staking_, LocalUSDCPermit usdc_, address owner_) {
        staking = staking_;
        usdc = usdc_;
        owner = owner_;
        for (uint256 i = 0; i < 6; ++i) {
            address actor = address(uint160(0xA11CE + i));
            actors.push(actor);
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function bind(uint256 who, uint256 upline) external {
        address user = actors[who % actors.length];
        address up = upline % 3 == 0 ? staking.root() : actors[upline % actors.length];
        if (staking.isInTree(user) || !staking.isInTree(up) || user == up) return;
        vm.prank(user);
        staking.bindSuperior(up);
    }

    function stake(uint256 who, uint256 planId, uint256 amount) external {
        address user = actors[who % actors.length];
        planId = planId % staking.planCount();
        amount = bound(amount, staking.minStakeExclusive() + 1, 1e12);
        Staking.Plan memory plan = staking.getPlan(planId);
        if (!staking.isInTree(user) || !staking.isSubscriptionOpen(planId)) return;
        if (amount > plan.cap - plan.totalStaked) return;
        vm.startPrank(user);
        usdc.approve(address(staking), amount);
        staking.stake(planId, amount);
        vm.stopPrank();
        deposited += amount;
    }

    function withdraw(uint256 who, uint256 positionId) external {
        address user = actors[who % actors.length];
        uint256 count = staking.positionCount(user);
        if (count == 0) return;
        positionId = positionId % count;
        Staking.Position memory p = staking.getPosition(user, positionId);
        if (p.withdrawn || (block.timestamp < p.endTime && !staking.paused())) return;
        vm.prank(user);
        staking.withdrawPrincipal(positionId);
        paidBack += p.amount;
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 40 days));
    }

    function togglePause() external {
        bool paused = staking.paused();
        vm.prank(owner);
        if (paused) staking.unpause();
        else staking.pause();
    }
}

contract StakingInvariantTest is Test {
    Staking internal staking;
    LocalUSDCPermit internal usdc;
    StakingHandler internal handler;
    address internal owner = makeAddr("owner");

    function setUp() public {
        usdc = new LocalUSDCPermit(address(this));
        staking = new Staking(IERC20Metadata(address(usdc)), makeAddr("root"), owner);
        vm.startPrank(owner);
        staking.createPlan(30, 50, 5e12, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        staking.createPlan(90, 80, 5e12, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        vm.stopPrank();
        handler = new StakingHandler(staking, usdc, owner);
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            usdc.mint(handler.actors(i), 1e15);
        }
        targetContract(address(handler));
    }

    /// The contract holds exactly the principal it owes: nothing more, nothing less.
    function invariant_balanceEqualsActiveStake() public view {
        assertEq(usdc.balanceOf(address(staking)), staking.totalActiveStake());
        assertEq(staking.totalActiveStake(), handler.deposited() - handler.paidBack());
        assertEq(staking.totalStaked(), handler.deposited());
    }

    /// Plans never go over their caps and add up to the pool total.
    function invariant_plansWithinCaps() public view {
        Staking.Plan[] memory plans = staking.getPlans();
        uint256 sum;
        for (uint256 i = 0; i < plans.length; ++i) {
            assertLe(plans[i].totalStaked, plans[i].cap);
            sum += plans[i].totalStaked;
        }
        assertEq(sum, staking.totalStaked());
    }

    /// Per-user totals add up, and every actor's superior chain ends at the root.
    function invariant_userTotalsAndTree() public view {
        uint256 active;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            Staking.UserTotals memory t = staking.getUserTotals(user);
            assertEq(t.totalStaked, t.toBeReleased + t.released);
            assertLe(t.withdrawn, t.released);
            active += staking.activeStakeOf(user);
            assertEq(staking.activeStakeOf(user), t.totalStaked - t.withdrawn);
            if (staking.isInTree(user)) {
                address current = user;
                for (uint256 steps = 0; steps < 8 && current != staking.root(); ++steps) {
                    current = staking.getSuperior(current);
                }
                assertEq(current, staking.root());
            }
        }
        assertEq(active, staking.totalActiveStake());
    }
}
