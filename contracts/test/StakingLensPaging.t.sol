// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {console} from "forge-std/console.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";
import {StakingDeployer} from "./utils/StakingTestBase.sol";

/// @dev A deployment with thousands of plans: every lens view stays under the gas an RPC node allows an
///      `eth_call` (geth's default RPC gas cap, 50,000,000), `getPlans` pages return every plan exactly
///      once, and `getAccount` costs the same with 1 plan as with 3,000.
contract StakingLensPagingTest is StakingDeployer {
    uint256 internal constant RPC_GAS_CAP = 50_000_000;
    uint256 internal constant MANY_PLANS = 3000;
    uint256 internal constant ONE = 1e6;
    uint256 internal constant CAP = 1_000_000 * ONE;
    /// @dev Plan i has dailyRate RATE_BASE + i, so a page shows which plan each entry is.
    uint256 internal constant RATE_BASE = 1e12;

    address internal owner = makeAddr("owner");
    address internal root = makeAddr("root");
    address internal alice = makeAddr("alice");
    address internal bob = makeAddr("bob");

    function setUp() public {
        vm.warp(1_750_000_000);
    }

    /// A Staking with `plans` open plans, where alice holds two positions in plan 0.
    function _deploy(uint256 plans)
        internal
        returns (IStakingApi s, IStakingLensApi lens, LocalUSDCPermit usdc)
    {
        usdc = new LocalUSDCPermit(address(this));
        s = _deployStaking(IERC20Metadata(address(usdc)), root, owner);
        lens = deployLens(s);
        _fund(s, owner, 1_000_000 ether);
        vm.startPrank(owner);
        for (uint256 i = 0; i < plans; ++i) {
            s.createPlan(30, RATE_BASE + i, CAP, uint64(block.timestamp), uint64(block.timestamp + 365 days));
        }
        vm.stopPrank();
        _bindAndStake(s, usdc, alice, 0);
        _bindAndStake(s, usdc, alice, 0);
    }

    function _bindAndStake(IStakingApi s, LocalUSDCPermit usdc, address user, uint256 planId) internal {
        usdc.mint(user, 1000 * ONE);
        vm.startPrank(user);
        if (s.accountData(user).superior == address(0)) s.bindSuperior(root);
        usdc.approve(address(s), 1000 * ONE);
        s.stake(planId, 1000 * ONE);
        vm.stopPrank();
    }

    /// Gas of `lens.getAccount(user)` with the lens and the pool's storage cold, as in an `eth_call`.
    function _accountGas(IStakingApi s, IStakingLensApi lens, address user) internal returns (uint256 used) {
        vm.cool(address(s));
        vm.cool(address(lens));
        uint256 before = gasleft();
        lens.getAccount(user);
        used = before - gasleft();
    }

    function test_getAccount_costsTheSameWith1And3000Plans() public {
        (IStakingApi one, IStakingLensApi oneLens,) = _deploy(1);
        (IStakingApi many, IStakingLensApi manyLens,) = _deploy(MANY_PLANS);
        skip(10 days);
        uint256 gasOne = _accountGas(one, oneLens, alice);
        uint256 gasMany = _accountGas(many, manyLens, alice);
        console.log("getAccount gas, 1 plan:", gasOne);
        console.log("getAccount gas, 3000 plans:", gasMany);
        // The two deployments differ only in their addresses and plan count: a few gas apart at most
        // (reading all 3,000 plans would cost millions).
        assertApproxEqAbs(gasMany, gasOne, 100);
        assertEq(manyLens.getAccount(alice).pendingMining, oneLens.getAccount(alice).pendingMining);
        assertGt(manyLens.getAccount(alice).pendingMining, 0);
    }

    function test_everyLensView_staysUnderTheRpcGasCap_with3000Plans() public {
        (IStakingApi s, IStakingLensApi lens, LocalUSDCPermit usdc) = _deploy(MANY_PLANS);
        uint256 last = MANY_PLANS - 1;
        _bindAndStake(s, usdc, bob, last);
        _bindAndStake(s, usdc, bob, 0);
        skip(10 days);

        console.log("getAccount gas, 3000 plans, positions in plans 2999 and 0:", _accountGas(s, lens, bob));
        IStaking.AccountView memory v = lens.getAccount{gas: RPC_GAS_CAP}(bob);
        assertEq(v.activeStake, 2000 * ONE);
        // 10 of 30 days at each plan's own rate: the figure reads the plan each position is in.
        uint256 fullLast = 1000 * ONE * (RATE_BASE + last) * 30 / 1e18;
        uint256 fullFirst = 1000 * ONE * RATE_BASE * 30 / 1e18;
        assertEq(v.pendingMining, fullLast * 10 / 30 + fullFirst * 10 / 30);

        vm.cool(address(s));
        vm.cool(address(lens));
        uint256 g = gasleft();
        (IStaking.Plan[] memory page, uint256 total) = lens.getPlans{gas: RPC_GAS_CAP}(0, type(uint256).max);
        console.log("getPlans gas, a full page of", page.length, "plans:", g - gasleft());
        assertEq(total, MANY_PLANS);
        // The largest page is the 500 the docs and readAllPlans (src/lens.ts) state.
        assertEq(page.length, 500);
        assertEq(lens.MAX_PLANS_PAGE(), 500);

        IStaking.Position[] memory positions = lens.getPositionsPage{gas: RPC_GAS_CAP}(bob, 0, 10);
        assertEq(positions[0].planId, last);
        assertEq(positions[0].endTime, positions[0].startTime + 30 days);
        assertEq(lens.getPositions{gas: RPC_GAS_CAP}(bob).length, 2);
        assertEq(lens.getPosition{gas: RPC_GAS_CAP}(bob, 0).totalReward, fullLast);
        assertEq(lens.getUserTotals{gas: RPC_GAS_CAP}(bob).toBeReleased, 2000 * ONE);
        assertEq(lens.activeStakeOf{gas: RPC_GAS_CAP}(bob), 2000 * ONE);
        assertTrue(lens.isSubscriptionOpen{gas: RPC_GAS_CAP}(last));
        (uint256 mining,) = lens.rewardFor{gas: RPC_GAS_CAP}(bob, last, 1000 * ONE);
        assertEq(mining, fullLast);
    }

    function test_getPlans_pagesReturnEveryPlanExactlyOnce() public {
        (, IStakingLensApi lens,) = _deploy(MANY_PLANS);
        // A page size that does not divide the count, and one above the cap (the lens returns at most
        // MAX_PLANS_PAGE): walking by the length each page returns meets every id once, in order.
        uint256[2] memory limits = [uint256(7), 10_000];
        for (uint256 k = 0; k < limits.length; ++k) {
            uint256 seen;
            uint256 offset;
            while (true) {
                (IStaking.Plan[] memory page, uint256 total) = lens.getPlans(offset, limits[k]);
                assertEq(total, MANY_PLANS);
                if (page.length == 0) break;
                assertLe(page.length, limits[k] < 500 ? limits[k] : 500);
                for (uint256 j = 0; j < page.length; ++j) {
                    assertEq(page[j].dailyRate, RATE_BASE + seen, "plan out of order, missing or repeated");
                    ++seen;
                }
                offset += page.length;
            }
            assertEq(seen, MANY_PLANS);
        }
        (IStaking.Plan[] memory tail, uint256 count) = lens.getPlans(MANY_PLANS - 2, 5);
        assertEq(tail.length, 2);
        assertEq(count, MANY_PLANS);
        (IStaking.Plan[] memory none,) = lens.getPlans(MANY_PLANS, 5);
        assertEq(none.length, 0);
        (none,) = lens.getPlans(0, 0);
        assertEq(none.length, 0);
    }
}
