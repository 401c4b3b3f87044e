// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IStakingApi, deployStaking} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {EconomicsFixture} from "./StakingEconomics.t.sol";

/// @dev Rules that an independent review's semantic mutants (another variable of the same type, one
///      value assigned to two places) showed the suite did not guard (issue 28 §2). Each test asserts
///      what a staker, a member or the operator would see.
contract StakingBudgetEdgeWithUplinesTest is EconomicsFixture {
    uint256 internal constant AMOUNT = 1000 * ONE;
    uint256 internal constant EARLIER = 500 * ONE;

    /// What a stake of `amount` reserves for a staker with `uplines` uplines: its full-term mining and
    /// each upline's commission on it.
    function _reserveOf(uint256 amount, uint256 uplines) internal view returns (uint256 reserve) {
        uint256 mining = _mining(amount);
        uint256[3] memory bps = [staking.REFERRAL_BPS_1(), staking.REFERRAL_BPS_2(), staking.REFERRAL_BPS_3()];
        reserve = mining;
        for (uint256 j = 0; j < uplines; ++j) {
            reserve += mining * bps[j] / 10_000;
        }
    }

    /// A new Staking whose reward budget is `budget`, with the tree root ← alice ← bob ← carol and one
    /// open plan; when `earlier` is non-zero root has already staked it (reserving its mining).
    function _poolWithBudget(uint256 budget, uint256 earlier) internal returns (IStakingApi s, uint256 id) {
        s = _deployStaking(IERC20Metadata(address(usdc)), root, owner);
        _fund(s, owner, budget);
        vm.prank(owner);
        id = s.createPlan(30, RATE, 1e12, uint64(block.timestamp), uint64(block.timestamp + 1 days));
        address[4] memory chain = [root, alice, bob, carol];
        for (uint256 i = 1; i < chain.length; ++i) {
            vm.prank(chain[i]);
            s.bindSuperior(chain[i - 1]);
        }
        if (earlier != 0) _stakeInto(s, id, root, earlier);
    }

    function _stakeInto(IStakingApi s, uint256 id, address user, uint256 amount) internal returns (uint256) {
        vm.startPrank(user);
        usdc.approve(address(s), amount);
        uint256 positionId = s.stake(id, amount);
        vm.stopPrank();
        return positionId;
    }

    function _refused(IStakingApi s, uint256 id, address user, uint256 amount, uint256 needed, uint256 free)
        internal
    {
        vm.startPrank(user);
        usdc.approve(address(s), amount);
        vm.expectRevert(abi.encodeWithSelector(IStaking.InsufficientRewardBudget.selector, needed, free));
        s.stake(id, amount);
        vm.stopPrank();
    }

    /// For a staker with 0, 1, 2 and 3 uplines, and after `earlier` was reserved: with one unit of
    /// reward coin too few the stake is refused; with exactly its reserve free, one base unit more of
    /// principal is refused, the stake itself is accepted and reserves the whole budget, and at the
    /// end of its term its principal comes back in full.
    function _budgetEdges(uint256 earlier) internal {
        address[4] memory stakers = [root, alice, bob, carol];
        uint256 reservedBefore = _mining(earlier);
        for (uint256 uplines = 0; uplines < stakers.length; ++uplines) {
            address staker = stakers[uplines];
            uint256 reserve = _reserveOf(AMOUNT, uplines);

            (IStakingApi s, uint256 id) = _poolWithBudget(reservedBefore + reserve - 1, earlier);
            _refused(s, id, staker, AMOUNT, reserve, reserve - 1);

            (s, id) = _poolWithBudget(reservedBefore + reserve, earlier);
            _refused(s, id, staker, AMOUNT + 1, _reserveOf(AMOUNT + 1, uplines), reserve);
            uint256 positionId = _stakeInto(s, id, staker, AMOUNT);
            (uint256 budget, uint256 reserved, uint256 unreserved) = s.rewardBudgetInfo();
            assertEq(reserved, budget);
            assertEq(unreserved, 0);

            uint256 balance = usdc.balanceOf(staker);
            vm.warp(block.timestamp + 30 days);
            vm.prank(staker);
            s.withdrawPrincipal(positionId);
            assertEq(usdc.balanceOf(staker), balance + AMOUNT);
        }
    }

    /// A stake is accepted exactly up to the unit where the budget runs out, with its uplines'
    /// commissions counted, for 0 to 3 uplines.
    function test_stakeWithUplines_isAcceptedExactlyUpToTheBudget() public {
        _budgetEdges(0);
    }

    /// The same edge after an earlier stake reserved part of the budget: only what is still free
    /// counts.
    function test_stakeWithUplines_afterAnEarlierReservation_isAcceptedExactlyUpToWhatIsFree() public {
        _budgetEdges(EARLIER);
    }
}

contract StakingTimelockIsolationTest is EconomicsFixture {
    /// The timelocked parameters (the setUp checks it is every one of them).
    uint256 internal constant PARAMS = 7;

    /// erin holds a node (her upgrade price follows the founder price), root a founder seat; carol has
    /// made her five free exchanges (her quote pays the fee); dave has a running position.
    function setUp() public override {
        super.setUp();
        assertEq(uint256(type(IStaking.Param).max) + 1, PARAMS);
        _buy(erin, false);
        _buy(root, true);
        _earn(carol, 100_000 * ONE);
        _exchangeRepeatedly(carol, _earned(carol) / 20, 5);
        _stake(dave, 1000 * ONE);
    }

    function _current(IStaking.Param p) internal view returns (uint256) {
        if (p == IStaking.Param.FeeBps) return staking.feeBps();
        if (p == IStaking.Param.MinWithdrawal) return staking.minWithdrawal();
        if (p == IStaking.Param.NodePrice) return staking.nodePrice();
        if (p == IStaking.Param.NodeLimit) return staking.nodeLimit();
        if (p == IStaking.Param.FounderPrice) return staking.founderPrice();
        if (p == IStaking.Param.FounderLimit) return staking.founderLimit();
        return uint256(uint160(staking.treasury()));
    }

    /// A valid new value for each parameter, different from the deployed one and from every other's.
    function _newValue(IStaking.Param p) internal view returns (uint256) {
        if (p == IStaking.Param.FeeBps) return 900;
        if (p == IStaking.Param.MinWithdrawal) return 3 * ONE;
        if (p == IStaking.Param.Treasury) return uint256(uint160(address(0x7ea5)));
        return _current(p) + 7 + uint8(p);
    }

    /// The pool's own figures, every one a page or the operator reads.
    function _pool() internal view returns (bytes memory) {
        (uint256 budget, uint256 reserved,) = staking.rewardBudgetInfo();
        return abi.encode(
            abi.encode(
                staking.totalStaked(), staking.totalActiveStake(), budget, reserved, staking.totalEarned()
            ),
            abi.encode(
                staking.totalWithdrawable(),
                staking.dividendsUnclaimed(),
                staking.grantsBudget(),
                staking.treasuryProceeds(),
                staking.nodeSold(),
                staking.founderSold()
            ),
            abi.encode(
                staking.nodeHolders(),
                staking.founderHolders(),
                staking.accEcologicalPerNode(),
                staking.accShareholderPerFounder(),
                staking.planCount(),
                staking.paused(),
                staking.owner()
            )
        );
    }

    /// Everything the lens reports about the users, plans and quotes, but the one figure `changed`
    /// is meant to change (the upgrade price follows the founder price, a quote's fee the fee rate).
    function _lens(IStaking.Param changed) internal view returns (bytes memory r) {
        address[6] memory users = [root, alice, bob, carol, dave, erin];
        for (uint256 i = 0; i < users.length; ++i) {
            IStaking.AccountView memory v = lens.getAccount(users[i]);
            if (changed == IStaking.Param.FounderPrice) v.upgradePrice = 0;
            r = abi.encode(r, v, lens.getUserTotals(users[i]), lens.getPositions(users[i]));
        }
        IStaking.ExchangeQuote memory q = lens.quoteExchange(carol, 1e15);
        if (changed == IStaking.Param.FeeBps) (q.feeBps, q.fee, q.netUsdc) = (0, 0, 0);
        (IStaking.Plan[] memory plans, uint256 total) = lens.getPlans(0, 10);
        (uint256 mining, uint256 reserve) = lens.rewardFor(dave, plan, 1000 * ONE);
        r = abi.encode(r, q, plans, total, mining, reserve, lens.todayStaked(), lens.isSubscriptionOpen(plan));
    }

    /// With a change queued for every parameter, executing each one changes that parameter only:
    /// every other parameter, every other queued change, the pool's figures and everything the lens
    /// reports stay as they were.
    function test_executingOneParam_changesNothingElse() public {
        for (uint8 i = 0; i < PARAMS; ++i) {
            IStaking.Param p = IStaking.Param(i);
            uint256 value = _newValue(p);
            vm.prank(owner);
            staking.queueParam(p, value);
        }
        vm.warp(block.timestamp + 48 hours);
        for (uint8 i = 0; i < PARAMS; ++i) {
            IStaking.Param p = IStaking.Param(i);
            uint256[PARAMS] memory values;
            bytes[PARAMS] memory queued;
            for (uint8 j = 0; j < PARAMS; ++j) {
                values[j] = _current(IStaking.Param(j));
                (uint256 value, uint64 eta) = staking.pendingChanges(IStaking.Param(j));
                queued[j] = abi.encode(value, eta);
            }
            bytes memory pool = _pool();
            bytes memory lensBefore = _lens(p);
            (uint256 expected,) = staking.pendingChanges(p);

            vm.prank(owner);
            staking.executeParam(p);

            assertEq(_current(p), expected);
            for (uint8 j = 0; j < PARAMS; ++j) {
                if (j == i) continue;
                assertEq(_current(IStaking.Param(j)), values[j], "another parameter changed");
                (uint256 value, uint64 eta) = staking.pendingChanges(IStaking.Param(j));
                assertEq(abi.encode(value, eta), queued[j], "another queued change changed");
            }
            assertEq(_pool(), pool, "a pool figure changed");
            assertEq(_lens(p), lensBefore, "a lens figure changed");
        }
    }

    /// Everything but the plan list: every parameter, the pool's figures and what the lens reports
    /// about each user.
    function _allButPlans() internal view returns (bytes memory r) {
        for (uint8 j = 0; j < PARAMS; ++j) {
            r = abi.encode(r, _current(IStaking.Param(j)));
        }
        (uint256 budget, uint256 reserved,) = staking.rewardBudgetInfo();
        r = abi.encode(
            r, staking.totalStaked(), staking.totalActiveStake(), budget, reserved, staking.totalEarned()
        );
        r = abi.encode(
            r,
            staking.totalWithdrawable(),
            staking.dividendsUnclaimed(),
            staking.accEcologicalPerNode(),
            staking.accShareholderPerFounder(),
            staking.nodeHolders(),
            staking.founderHolders()
        );
        address[6] memory users = [root, alice, bob, carol, dave, erin];
        for (uint256 i = 0; i < users.length; ++i) {
            r = abi.encode(
                r, lens.getAccount(users[i]), lens.getUserTotals(users[i]), lens.getPositions(users[i])
            );
        }
    }

    /// Issue 28 §1 (semantic mutant `two-places` in createPlan: the plan count also written into the
    /// founders' dividend accumulator survived): opening a plan adds a plan and changes nothing else a
    /// user or the operator reads, a founder's dividend among them.
    function test_createPlan_changesNothingButThePlanList() public {
        bytes memory before = _allButPlans();
        uint256 count = staking.planCount();
        vm.prank(owner);
        staking.createPlan(
            30, 1e15, 1_000_000 * ONE, uint64(block.timestamp), uint64(block.timestamp + 30 days)
        );
        assertEq(staking.planCount(), count + 1);
        assertEq(_allButPlans(), before, "opening a plan changed something else");
    }

    /// Issue 28 §1 (semantic mutant `two-places` in closePlan: its start also moved to now survived):
    /// closing a plan ends its window now and changes nothing else of it (start, term, rate, cap, staked).
    function test_closePlan_changesOnlyItsEnd() public {
        IStaking.Plan memory before = staking.getPlan(plan);
        vm.warp(block.timestamp + 1 hours);
        assertTrue(before.opensAt < block.timestamp && block.timestamp < before.closesAt);
        vm.prank(owner);
        staking.closePlan(plan);
        IStaking.Plan memory closed = staking.getPlan(plan);
        assertEq(closed.closesAt, block.timestamp);
        closed.closesAt = before.closesAt;
        assertEq(abi.encode(closed), abi.encode(before), "closing a plan changed more than its end");
    }
}

contract StakingPayTreasuryTest is EconomicsFixture {
    /// USDC the contract owes: principal in positions, withdrawable balances, unclaimed dividends, the
    /// grants budget and the treasury's proceeds.
    function _owed() internal view returns (uint256) {
        return staking.totalActiveStake() + staking.totalWithdrawable() + staking.dividendsUnclaimed()
            + staking.grantsBudget() + staking.treasuryProceeds();
    }

    /// With principal staked, a grant credited and budget left, dividends shared and withdrawable
    /// balances, paying the treasury sends it exactly the membership proceeds: nobody's principal,
    /// grant, dividend or withdrawable balance moves, and all of it is still covered.
    function test_payTreasury_movesOnlyTheMembershipProceeds() public {
        _stake(dave, 1000 * ONE);
        usdc.mint(owner, 500 * ONE);
        vm.startPrank(owner);
        usdc.approve(address(staking), 500 * ONE);
        staking.depositGrants(500 * ONE);
        address[] memory users = new address[](1);
        uint256[] memory amounts = new uint256[](1);
        (users[0], amounts[0]) = (alice, 200 * ONE);
        staking.creditGrants(users, amounts, IStaking.IncomeSource.Activity);
        vm.stopPrank();
        _buy(erin, false);
        _buy(root, true);
        _setParam(IStaking.Param.FeeBps, 1000);
        _earn(carol, 100_000 * ONE);
        _exchangeRepeatedly(carol, _earned(carol) / 10, 6); // the sixth pays a fee, shared as dividends

        uint256 proceeds = staking.nodePrice() + staking.founderPrice();
        assertEq(staking.treasuryProceeds(), proceeds);
        assertGt(staking.dividendsUnclaimed(), 0);
        uint256 held = usdc.balanceOf(address(staking));
        assertEq(held, _owed());
        bytes memory offersBefore = _offers();
        bytes memory before = abi.encode(
            staking.totalActiveStake(),
            staking.totalWithdrawable(),
            staking.dividendsUnclaimed(),
            staking.grantsBudget(),
            lens.getAccount(alice),
            lens.getAccount(carol),
            lens.getAccount(dave),
            lens.getAccount(erin),
            lens.getAccount(root)
        );

        vm.prank(bob); // anyone may pay the treasury
        staking.payTreasury();

        assertEq(usdc.balanceOf(treasury), proceeds);
        assertEq(usdc.balanceOf(address(staking)), held - proceeds);
        assertEq(staking.treasuryProceeds(), 0);
        assertEq(
            abi.encode(
                staking.totalActiveStake(),
                staking.totalWithdrawable(),
                staking.dividendsUnclaimed(),
                staking.grantsBudget(),
                lens.getAccount(alice),
                lens.getAccount(carol),
                lens.getAccount(dave),
                lens.getAccount(erin),
                lens.getAccount(root)
            ),
            before
        );
        // Paying out the proceeds changes no offer nor any parameter (a semantic mutant also zeroed the
        // node price there: the next buyer would have got a node for nothing).
        assertEq(_offers(), offersBefore, "payTreasury changed an offer or a parameter");
        assertEq(usdc.balanceOf(address(staking)), _owed());
        vm.expectRevert(IStaking.ZeroAmount.selector);
        staking.payTreasury();
    }

    /// The membership offers and the parameters a purchase or a payout reads, as one value.
    function _offers() internal view returns (bytes memory) {
        return abi.encode(
            staking.nodePrice(),
            staking.founderPrice(),
            staking.nodeLimit(),
            staking.founderLimit(),
            staking.nodeSold(),
            staking.founderSold(),
            staking.nodeHolders(),
            staking.founderHolders(),
            staking.feeBps(),
            staking.minWithdrawal(),
            staking.treasury()
        );
    }
}

contract StakingMembershipRecordTest is EconomicsFixture {
    /// A founder seat bought without a node records a founder purchase only: the account does not
    /// claim a node was bought (a semantic mutant marked both), as the Mine page's history shows it.
    function test_purchaseFounder_withoutANode_recordsNoNodePurchase() public {
        _buy(alice, true);
        IStaking.AccountView memory a = lens.getAccount(alice);
        assertEq(uint8(a.membership), uint8(IStaking.Membership.Founder));
        assertTrue(a.purchasedFounder);
        assertFalse(a.purchasedNode, "a founder purchase recorded a node purchase too");
        // And the upgrade path records both, in order.
        _buy(erin, false);
        vm.startPrank(erin);
        usdc.approve(address(staking), staking.founderPrice());
        staking.upgradeNodeToFounder(type(uint256).max);
        vm.stopPrank();
        IStaking.AccountView memory e = lens.getAccount(erin);
        assertTrue(e.purchasedNode && e.purchasedFounder);
    }
}

contract StakingQuoteSplitTest is EconomicsFixture {
    /// With node holders and no founder yet, an exchange's fee is only the nodes' half: the quote
    /// says so to the unit, for an odd fee too (where the two halves differ by one unit), and the
    /// exchange credits exactly the quoted net. A semantic mutant gave the split the holder counts the
    /// wrong way round, which the even fees of every other test could not see.
    function test_quoteExchange_withNodesOnly_chargesTheNodesHalfToTheUnit() public {
        _buy(erin, false);
        assertEq(staking.founderHolders(), 0);
        _setParam(IStaking.Param.FeeBps, 1000);
        _earn(carol, 100_000 * ONE);
        _exchangeRepeatedly(carol, _earned(carol) / 20, 5); // the five free exchanges
        uint256 amountIn = _earned(carol) / 4;
        IStaking.ExchangeQuote memory q = lens.quoteExchange(carol, amountIn);
        // An amount whose total fee (10% of the gross) is odd in USDC units.
        while ((q.grossUsdc * 1000 / 10_000) % 2 == 0) {
            amountIn -= 1e9;
            q = lens.quoteExchange(carol, amountIn);
        }
        uint256 total = q.grossUsdc * 1000 / 10_000;
        uint256 half = total * staking.ECOLOGICAL_SHARE_BPS() / 10_000;
        assertTrue(half != total - half, "the two halves differ for an odd fee");
        assertEq(q.fee, half, "only the nodes' half is charged while there is no founder");
        assertEq(q.netUsdc, q.grossUsdc - half);
        uint256 before = _withdrawable(carol);
        vm.prank(carol);
        staking.exchange(amountIn, 0, block.timestamp);
        assertEq(_withdrawable(carol) - before, q.netUsdc, "the exchange credits the quoted net");
    }
}

contract StakingTreasuryTargetTest is EconomicsFixture {
    /// The operator cannot queue a treasury that would strand every payment: Staking itself, USDC or
    /// the reward coin (a named refusal), nor the zero address.
    function test_treasury_cannotBeStakingItselfUsdcOrTheRewardCoin() public {
        address[3] memory stranding = [address(staking), address(usdc), address(reward)];
        for (uint256 i = 0; i < stranding.length; ++i) {
            vm.prank(owner);
            vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidTreasury.selector, stranding[i]));
            staking.queueParam(IStaking.Param.Treasury, uint256(uint160(stranding[i])));
        }
        vm.prank(owner);
        vm.expectRevert(
            abi.encodeWithSelector(IStaking.InvalidParamValue.selector, IStaking.Param.Treasury, 0)
        );
        staking.queueParam(IStaking.Param.Treasury, 0);
        assertEq(staking.treasury(), treasury);
    }

    /// Nor can a deployment start with such a treasury.
    function test_deployment_refusesATreasuryThatCouldNeverBePaid() public {
        address[3] memory stranding = [
            vm.computeCreateAddress(address(this), vm.getNonce(address(this))), address(usdc), address(reward)
        ];
        for (uint256 i = 0; i < stranding.length; ++i) {
            IStaking.Config memory c = _config(IERC20Metadata(address(usdc)), root, owner);
            c.treasury = stranding[i];
            vm.expectRevert(abi.encodeWithSelector(IStaking.InvalidTreasury.selector, stranding[i]));
            deployStaking(c);
        }
    }
}

/// @dev Counter caps no one reaches in practice, set with `vm.store` so the edge costs nothing to
///      reach. The slots are found by what they hold, so a layout change cannot make the test pass
///      on a wrong slot.
contract StakingCounterCapTest is EconomicsFixture {
    /// The slot of `_planCount`: the one whose change `planCount()` shows.
    function _planCountSlot() internal returns (bytes32 slot) {
        for (uint256 i = 0; i < 64; ++i) {
            slot = bytes32(i);
            bytes32 word = vm.load(address(staking), slot);
            if (uint256(word) != staking.planCount()) continue;
            vm.store(address(staking), slot, bytes32(uint256(word) + 12_345));
            bool found = staking.planCount() == uint256(word) + 12_345;
            vm.store(address(staking), slot, word);
            if (found) return slot;
        }
        revert("no plan count slot");
    }

    /// The second slot of `user`'s Account (exchangeCount in its lowest 32 bits): the mapping is the
    /// one whose entry for `user` starts with its superior.
    function _accountSecondSlot(address user) internal view returns (bytes32) {
        address superior = lens.getAccount(user).superior;
        for (uint256 i = 0; i < 64; ++i) {
            bytes32 slot = keccak256(abi.encode(user, i));
            if (address(uint160(uint256(vm.load(address(staking), slot)))) == superior) {
                return bytes32(uint256(slot) + 1);
            }
        }
        revert("no accounts slot");
    }

    /// An account that has made 4,294,967,295 exchanges can still exchange: the counter stays at its
    /// cap instead of overflowing and refusing every exchange.
    function test_exchange_afterTheCounterIsFull_stillWorks() public {
        _earn(carol, 1000 * ONE);
        bytes32 slot = _accountSecondSlot(carol);
        uint256 word = uint256(vm.load(address(staking), slot));
        vm.store(address(staking), slot, bytes32(word | type(uint32).max));
        assertEq(lens.getAccount(carol).exchangeCount, type(uint32).max);

        _exchangeRepeatedly(carol, _earned(carol) / 2, 1);
        assertEq(lens.getAccount(carol).exchangeCount, type(uint32).max);
        assertGt(_withdrawable(carol), 0);
    }

    /// Plan ids stop at 2^32 - 2: with 2^32 - 2 plans one more opens, with 2^32 - 1 the operator is
    /// refused (a position keeps its plan id in 32 bits).
    function test_createPlan_stopsAtTheLastPlanId() public {
        uint64 opens = uint64(block.timestamp);
        vm.store(address(staking), _planCountSlot(), bytes32(uint256(type(uint32).max - 1)));
        assertEq(staking.planCount(), type(uint32).max - 1);
        vm.prank(owner);
        assertEq(staking.createPlan(30, RATE, 1e12, opens, opens + 1 days), type(uint32).max - 1);
        assertEq(staking.planCount(), type(uint32).max);
        vm.prank(owner);
        vm.expectRevert(IStaking.InvalidPlan.selector);
        staking.createPlan(30, RATE, 1e12, opens, opens + 1 days);
    }
}
