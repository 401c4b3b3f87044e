// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {Vm} from "forge-std/Vm.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IStakingApi, IStakingLensApi, deployStaking, deployLens} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {LocalUSDCPermit} from "../src/local/LocalUSDCPermit.sol";
import {StakingDeployer, MockRewardToken, MockRouter} from "./utils/StakingTestBase.sol";

/// @dev Drives many users, the operator and an attacker against one Staking contract, and keeps
///      ghost books of everything that went in and out per address.
contract EconomicsHandler is Test {
    bytes32 internal constant INCOME = keccak256("IncomeCredited(address,uint8,address,address,uint256)");

    IStakingApi internal immutable s;
    IStakingLensApi internal immutable lens;
    LocalUSDCPermit internal immutable usdc;
    MockRewardToken internal immutable reward;
    MockRouter internal immutable router;
    address internal immutable owner;
    address internal immutable treasury;
    address public immutable attacker = address(0xBAD);
    address[] public actors;

    // Per user (ghost books).
    mapping(address user => uint256) public staked;
    mapping(address user => uint256) public usdcOut;
    mapping(address user => uint256) public usdcCredited;
    mapping(address user => uint256) public principalToBalance;
    mapping(address user => uint256) public rewardCredited;
    mapping(address user => uint256) public rewardSpent;

    // Operator and treasury.
    uint256 public ownerUsdcMinted;
    uint256 public ownerUsdcIn;
    uint256 public ownerUsdcOutflow;
    uint256 public ownerRewardMinted;
    uint256 public ownerRewardIn;
    uint256 public ownerRewardOutflow;
    uint256 public treasuryIn;

    /// Depth credits to a non-upline, or an attacker call that succeeded.
    uint256 public violations;
    mapping(bytes32 action => uint256) public callCount;

    constructor(
        IStakingApi s_,
        LocalUSDCPermit usdc_,
        MockRewardToken reward_,
        MockRouter router_,
        address owner_
    ) {
        s = s_;
        lens = deployLens(s_);
        usdc = usdc_;
        reward = reward_;
        router = router_;
        owner = owner_;
        treasury = s_.treasury();
        for (uint256 i = 0; i < 10; ++i) {
            address actor = address(uint160(0xA11CE0 + i));
            actors.push(actor);
        }
    }

    function setUpActors() external {
        for (uint256 i = 0; i < actors.length; ++i) {
            usdc.mint(actors[i], 1e15);
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    /// Checks every IncomeCredited emitted since recordLogs: depth credits only to real uplines.
    function _checkCredits() internal {
        Vm.Log[] memory logs = vm.getRecordedLogs();
        for (uint256 i = 0; i < logs.length; ++i) {
            if (logs[i].emitter != address(s) || logs[i].topics[0] != INCOME) continue;
            address user = address(uint160(uint256(logs[i].topics[1])));
            uint256 source = uint256(logs[i].topics[2]);
            address from = address(uint160(uint256(logs[i].topics[3])));
            (address token, uint256 amount) = abi.decode(logs[i].data, (address, uint256));
            if (source <= 2) {
                if (token != address(reward)) ++violations;
                rewardCredited[user] += amount;
                address[3] memory ups = s.selectUplines(from);
                if (source == 0 && user != from) ++violations;
                if (source == 1 && user != ups[0]) ++violations;
                if (source == 2 && user != ups[1] && user != ups[2]) ++violations;
            } else if (token != address(usdc)) {
                ++violations;
            }
        }
    }

    // ----------------------------------------------------------------------------------- users

    function bind(uint256 who, uint256 upline) external {
        address user = _actor(who);
        address up = upline % 4 == 0 ? s.root() : _actor(upline);
        if (s.isInTree(user) || !s.isInTree(up) || user == up) return;
        vm.prank(user);
        s.bindSuperior(up);
        ++callCount["bind"];
    }

    function stake(uint256 who, uint256 planSeed, uint256 amount) external {
        address user = _actor(who);
        uint256 planId = planSeed % s.planCount();
        amount = bound(amount, s.minStakeExclusive() + 1, 1e11);
        if (!s.isInTree(user) || !lens.isSubscriptionOpen(planId)) return;
        IStaking.Plan memory plan = s.getPlan(planId);
        if (amount > plan.cap - plan.totalStaked) return;
        (,, uint256 unreserved) = s.rewardBudgetInfo();
        (, uint256 reserve) = lens.rewardFor(user, planId, amount);
        if (reserve > unreserved) return;
        vm.startPrank(user);
        usdc.approve(address(s), amount);
        s.stake(planId, amount);
        vm.stopPrank();
        staked[user] += amount;
        ++callCount["stake"];
    }

    function harvest(uint256 callerSeed, uint256 who, uint256 idSeed) external {
        address user = _actor(who);
        uint256 count = s.positionCount(user);
        if (count == 0) return;
        uint256[] memory ids = new uint256[](1 + idSeed % 3);
        for (uint256 i = 0; i < ids.length; ++i) {
            ids[i] = uint256(keccak256(abi.encode(idSeed, i))) % count;
        }
        address caller = callerSeed % 3 == 0 ? attacker : _actor(callerSeed);
        vm.recordLogs();
        vm.prank(caller);
        s.harvest(user, ids);
        _checkCredits();
        ++callCount["harvest"];
    }

    function _releasable(address user, uint256 idSeed) internal view returns (bool ok, uint256 id) {
        uint256 count = s.positionCount(user);
        if (count == 0) return (false, 0);
        id = idSeed % count;
        IStaking.Position memory p = lens.getPosition(user, id);
        ok = !p.withdrawn && (block.timestamp >= p.endTime || s.paused());
    }

    function release(uint256 who, uint256 idSeed) external {
        address user = _actor(who);
        (bool ok, uint256 id) = _releasable(user, idSeed);
        if (!ok) return;
        uint256 amount = lens.getPosition(user, id).amount;
        uint256[] memory ids = new uint256[](1);
        ids[0] = id;
        vm.recordLogs();
        vm.prank(user);
        s.releasePrincipal(ids);
        _checkCredits();
        principalToBalance[user] += amount;
        ++callCount["release"];
    }

    function withdrawPrincipal(uint256 who, uint256 idSeed) external {
        address user = _actor(who);
        (bool ok, uint256 id) = _releasable(user, idSeed);
        if (!ok) return;
        uint256 before = usdc.balanceOf(user);
        vm.recordLogs();
        vm.prank(user);
        s.withdrawPrincipal(id);
        _checkCredits();
        usdcOut[user] += usdc.balanceOf(user) - before;
        ++callCount["withdrawPrincipal"];
    }

    function exchange(uint256 who, uint256 amount) external {
        address user = _actor(who);
        uint256 earned = lens.getAccount(user).earned;
        if (earned == 0) return;
        amount = bound(amount, 1, earned);
        vm.prank(user);
        uint256 net = s.exchange(amount, 0, block.timestamp);
        usdcCredited[user] += net;
        rewardSpent[user] += amount;
        ++callCount["exchange"];
    }

    function withdraw(uint256 who, uint256 amount) external {
        address user = _actor(who);
        uint256 available = lens.getAccount(user).withdrawable;
        uint256 minimum = s.minWithdrawal();
        if (available < minimum || available == 0) return;
        amount = bound(amount, minimum == 0 ? 1 : minimum, available);
        uint256 before = usdc.balanceOf(user);
        vm.prank(user);
        s.withdraw(amount);
        usdcOut[user] += usdc.balanceOf(user) - before;
        ++callCount["withdraw"];
    }

    function withdrawRewardCoin(uint256 who, uint256 amount) external {
        address user = _actor(who);
        uint256 earned = lens.getAccount(user).earned;
        if (earned == 0) return;
        amount = bound(amount, 1, earned);
        vm.prank(user);
        s.withdrawRewardCoin(amount);
        rewardSpent[user] += amount;
        ++callCount["withdrawRewardCoin"];
    }

    function buy(uint256 who, uint256 kind) external {
        address user = _actor(who);
        if (s.paused()) return;
        IStaking.Membership m = lens.getAccount(user).membership;
        uint256 price;
        kind %= 3;
        if (kind == 0) {
            if (m != IStaking.Membership.None || s.nodeSold() >= s.nodeLimit()) return;
            price = s.nodePrice();
        } else if (kind == 1) {
            if (m != IStaking.Membership.None || s.founderSold() >= s.founderLimit()) return;
            price = s.founderPrice();
        } else {
            if (m != IStaking.Membership.Node || s.founderSold() >= s.founderLimit()) return;
            price = s.founderPrice() > s.nodePrice() ? s.founderPrice() - s.nodePrice() : 0;
        }
        uint256 before = lens.getAccount(user).withdrawable;
        vm.startPrank(user);
        usdc.approve(address(s), price);
        if (kind == 0) s.purchaseNode(type(uint256).max);
        else if (kind == 1) s.purchaseFounder(type(uint256).max);
        else s.upgradeNodeToFounder(type(uint256).max);
        vm.stopPrank();
        usdcCredited[user] += lens.getAccount(user).withdrawable - before; // dividend credited on upgrade
        treasuryIn += price;
        ++callCount["buy"];
    }

    /// Anyone pays the accrued membership proceeds to the treasury.
    function payTreasury(uint256 who) external {
        if (s.treasuryProceeds() == 0) return;
        vm.prank(_actor(who));
        s.payTreasury();
        ++callCount["payTreasury"];
    }

    function claim(uint256 who) external {
        address user = _actor(who);
        vm.prank(user);
        usdcCredited[user] += s.claimDividends();
        ++callCount["claim"];
    }

    // -------------------------------------------------------------------------------- operator

    function fund(uint256 amount) external {
        amount = bound(amount, 1, 1000 ether);
        reward.mint(owner, amount);
        ownerRewardMinted += amount;
        vm.startPrank(owner);
        reward.approve(address(s), amount);
        s.fundRewards(amount);
        vm.stopPrank();
        ownerRewardOutflow += amount;
        ++callCount["fund"];
    }

    function withdrawUnreserved(uint256 amount) external {
        (,, uint256 unreserved) = s.rewardBudgetInfo();
        if (unreserved == 0) return;
        amount = bound(amount, 1, unreserved);
        vm.prank(owner);
        s.withdrawUnreserved(amount);
        ownerRewardIn += amount;
        ++callCount["withdrawUnreserved"];
    }

    function grant(uint256 who, uint256 amount, bool promotion) external {
        address user = _actor(who);
        amount = bound(amount, 1, 1e10);
        usdc.mint(owner, amount);
        ownerUsdcMinted += amount;
        address[] memory users = new address[](1);
        users[0] = user;
        uint256[] memory amounts = new uint256[](1);
        amounts[0] = amount;
        vm.startPrank(owner);
        usdc.approve(address(s), amount);
        s.depositGrants(amount);
        s.creditGrants(
            users, amounts, promotion ? IStaking.IncomeSource.Promotion : IStaking.IncomeSource.Activity
        );
        vm.stopPrank();
        ownerUsdcOutflow += amount;
        usdcCredited[user] += amount;
        ++callCount["grant"];
    }

    function depositAndWithdrawGrants(uint256 amount, uint256 back) external {
        amount = bound(amount, 1, 1e10);
        usdc.mint(owner, amount);
        ownerUsdcMinted += amount;
        vm.startPrank(owner);
        usdc.approve(address(s), amount);
        s.depositGrants(amount);
        back = bound(back, 1, s.grantsBudget());
        s.withdrawGrants(back);
        vm.stopPrank();
        ownerUsdcOutflow += amount;
        ownerUsdcIn += back;
        ++callCount["grantsBudget"];
    }

    function togglePause() external {
        bool paused = s.paused();
        vm.prank(owner);
        if (paused) s.unpause();
        else s.pause();
        ++callCount["pause"];
    }

    function queueFee(uint256 bps) external {
        vm.prank(owner);
        s.queueParam(IStaking.Param.FeeBps, bound(bps, 0, 1500));
    }

    function executeFee() external {
        (, uint64 eta) = s.pendingChanges(IStaking.Param.FeeBps);
        // Outside [eta, eta + grace] the contract refuses; the handler only drives executable changes.
        if (eta == 0 || block.timestamp < eta || block.timestamp > eta + s.TIMELOCK_GRACE()) return;
        vm.prank(owner);
        s.executeParam(IStaking.Param.FeeBps);
        ++callCount["fee"];
    }

    function setPrice(uint256 usdcPerCoin) external {
        router.setPrice(bound(usdcPerCoin, 1, 100_000) * 1e6, 1 ether);
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 5 days));
    }

    // -------------------------------------------------------------------------------- attacker

    /// The attacker tries operator functions and other users' money; every call must fail.
    function attack(uint256 seed, uint256 amount) external {
        amount = bound(amount, 1, 1e24);
        bytes[12] memory calls = [
            abi.encodeCall(s.withdrawUnreserved, (amount)),
            abi.encodeCall(s.withdrawGrants, (amount)),
            abi.encodeCall(s.withdraw, (amount)),
            abi.encodeCall(s.withdrawRewardCoin, (amount)),
            abi.encodeCall(s.exchange, (amount, 0, block.timestamp)),
            abi.encodeCall(s.withdrawPrincipal, (seed % 4)),
            abi.encodeCall(s.pause, ()),
            abi.encodeCall(s.queueParam, (IStaking.Param.Treasury, uint256(uint160(attacker)))),
            abi.encodeCall(s.executeParam, (IStaking.Param.FeeBps)),
            abi.encodeWithSignature("transferOwnership(address)", attacker),
            abi.encodeCall(s.createPlan, (1, 0, 1e12, uint64(block.timestamp), uint64(block.timestamp + 1))),
            abi.encodeCall(s.claimDividends, ())
        ];
        uint256 pick = seed % calls.length;
        uint256 usdcBefore = usdc.balanceOf(attacker);
        uint256 rewardBefore = reward.balanceOf(attacker);
        vm.prank(attacker);
        (bool ok,) = address(s).call(calls[pick]);
        // claimDividends succeeds with 0 for a non-member; everything else must revert.
        if (ok && pick != 11) ++violations;
        if (usdc.balanceOf(attacker) != usdcBefore || reward.balanceOf(attacker) != rewardBefore) {
            ++violations;
        }
        if (lens.getAccount(attacker).withdrawable != 0 || lens.getAccount(attacker).earned != 0) {
            ++violations;
        }
        ++callCount["attack"];
    }
}

/// @dev Invariants (a)-(e) of the issue over random sequences of users, operator and attacker.
/// forge-config: default.invariant.fail-on-revert = true
/// forge-config: deep.invariant.fail-on-revert = true
contract StakingInvariantTest is StakingDeployer {
    IStakingApi internal staking;
    IStakingLensApi internal lens;
    LocalUSDCPermit internal usdc;
    EconomicsHandler internal handler;
    address internal owner = makeAddr("owner");

    function setUp() public {
        vm.warp(1_750_000_000);
        usdc = new LocalUSDCPermit(address(this));
        staking = _deployStaking(IERC20Metadata(address(usdc)), makeAddr("root"), owner);
        lens = deployLens(staking);
        usdc.mint(address(router), 1e30);
        vm.startPrank(owner);
        staking.createPlan(7, 3e24, 5e13, uint64(block.timestamp), uint64(block.timestamp + 3650 days));
        staking.createPlan(30, 1e24, 5e13, uint64(block.timestamp), uint64(block.timestamp + 3650 days));
        vm.stopPrank();
        handler = new EconomicsHandler(staking, usdc, reward, router, owner);
        usdc.transferOwnership(address(handler)); // the handler mints for actors and the operator
        handler.setUpActors();
        handler.fund(500 ether);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](22);
        selectors[0] = EconomicsHandler.bind.selector;
        selectors[1] = EconomicsHandler.stake.selector;
        selectors[2] = EconomicsHandler.harvest.selector;
        selectors[3] = EconomicsHandler.release.selector;
        selectors[4] = EconomicsHandler.withdrawPrincipal.selector;
        selectors[5] = EconomicsHandler.exchange.selector;
        selectors[6] = EconomicsHandler.withdraw.selector;
        selectors[7] = EconomicsHandler.withdrawRewardCoin.selector;
        selectors[8] = EconomicsHandler.buy.selector;
        selectors[9] = EconomicsHandler.claim.selector;
        selectors[10] = EconomicsHandler.fund.selector;
        selectors[11] = EconomicsHandler.withdrawUnreserved.selector;
        selectors[12] = EconomicsHandler.grant.selector;
        selectors[13] = EconomicsHandler.depositAndWithdrawGrants.selector;
        selectors[14] = EconomicsHandler.togglePause.selector;
        selectors[15] = EconomicsHandler.queueFee.selector;
        selectors[16] = EconomicsHandler.executeFee.selector;
        selectors[17] = EconomicsHandler.setPrice.selector;
        selectors[18] = EconomicsHandler.warp.selector;
        selectors[19] = EconomicsHandler.attack.selector;
        // Staking is the busiest path: weight it twice.
        selectors[20] = EconomicsHandler.stake.selector;
        selectors[21] = EconomicsHandler.payTreasury.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// (a) USDC held covers every principal not yet withdrawn, every withdrawable balance, the
    ///     grants budget, unclaimed dividends and the treasury's unpaid proceeds; the totals equal the sums over users.
    function invariant_usdcCoversLiabilities() public view {
        uint256 active;
        uint256 withdrawable;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            active += lens.activeStakeOf(user);
            withdrawable += lens.getAccount(user).withdrawable;
        }
        assertEq(active, staking.totalActiveStake());
        assertEq(withdrawable, staking.totalWithdrawable());
        assertGe(
            usdc.balanceOf(address(staking)),
            uint256(staking.totalActiveStake()) + staking.totalWithdrawable() + staking.grantsBudget()
                + staking.dividendsUnclaimed() + staking.treasuryProceeds()
        );
    }

    /// (b) Reward coin held covers the budget (reserved + unreserved) and all earned-not-exchanged
    ///     coin; the reserve equals exactly what open positions still promise.
    function invariant_rewardCoinCoversReservedAndEarned() public view {
        uint256 earned;
        uint256 promised;
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            earned += lens.getAccount(user).earned;
            address[3] memory ups = staking.selectUplines(user);
            IStaking.Position[] memory ps = lens.getPositions(user);
            for (uint256 k = 0; k < ps.length; ++k) {
                if (ps[k].withdrawn) continue;
                uint256 full = ps[k].totalReward;
                uint256 paid = ps[k].rewardPaid;
                promised += full - paid;
                uint16[3] memory bps = [uint16(1000), 800, 500];
                for (uint256 j = 0; j < 3 && ups[j] != address(0); ++j) {
                    promised += full * bps[j] / 10_000 - paid * bps[j] / 10_000;
                }
            }
        }
        earned += lens.getAccount(staking.root()).earned; // the root earns commissions too
        assertEq(earned, staking.totalEarned());
        assertEq(promised, staking.rewardReserved());
        assertLe(staking.rewardReserved(), staking.rewardBudget());
        assertGe(reward.balanceOf(address(staking)), uint256(staking.rewardBudget()) + staking.totalEarned());
    }

    /// (c) No user takes out more than it put in plus what it was credited; the books balance exactly.
    function invariant_noUserTakesMoreThanPutInPlusCredited() public view {
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            IStaking.AccountView memory v = lens.getAccount(user);
            assertLe(handler.usdcOut(user), handler.staked(user) + handler.usdcCredited(user));
            uint256 principalOut = lens.getUserTotals(user).withdrawn;
            assertLe(principalOut, handler.staked(user));
            // withdraw() paid + still withdrawable == released-to-balance principal + credits.
            uint256 directPrincipal = principalOut - handler.principalToBalance(user);
            assertEq(
                handler.usdcOut(user) - directPrincipal + v.withdrawable,
                handler.principalToBalance(user) + handler.usdcCredited(user)
            );
            assertEq(v.earned + handler.rewardSpent(user), handler.rewardCredited(user));
        }
    }

    /// (d) The owner only ever gets back its own grants budget and unreserved reward coin; the
    ///     treasury only gets membership payments; the attacker gets nothing.
    function invariant_ownerNeverObtainsUserFunds() public view {
        assertEq(
            usdc.balanceOf(owner),
            handler.ownerUsdcMinted() - handler.ownerUsdcOutflow() + handler.ownerUsdcIn()
        );
        assertEq(
            reward.balanceOf(owner),
            handler.ownerRewardMinted() - handler.ownerRewardOutflow() + handler.ownerRewardIn()
        );
        assertEq(lens.getAccount(owner).withdrawable, 0);
        assertEq(lens.getAccount(owner).earned, 0);
        assertEq(handler.rewardCredited(owner), 0);
        // Membership payments are the treasury's: paid to it, or accrued for it in Staking.
        assertEq(usdc.balanceOf(staking.treasury()) + staking.treasuryProceeds(), handler.treasuryIn());
        assertEq(usdc.balanceOf(handler.attacker()), 0);
        assertEq(reward.balanceOf(handler.attacker()), 0);
        assertEq(staking.owner(), owner);
    }

    /// (e) The referral tree is acyclic (every bound user's chain reaches the root) and depth
    ///     credits went only to real uplines.
    function invariant_treeAcyclicAndCreditsToRealUplines() public view {
        address root = staking.root();
        for (uint256 i = 0; i < handler.actorCount(); ++i) {
            address user = handler.actors(i);
            if (!staking.isInTree(user)) continue;
            address current = user;
            uint256 steps;
            while (current != root) {
                current = staking.getSuperior(current);
                ++steps;
                assertLe(steps, handler.actorCount());
            }
        }
        assertEq(handler.violations(), 0);
    }

    /// Plans never go over their caps and add up to the pool total.
    function invariant_plansWithinCaps() public view {
        (IStaking.Plan[] memory plans,) = lens.getPlans(0, lens.MAX_PLANS_PAGE());
        uint256 sum;
        for (uint256 i = 0; i < plans.length; ++i) {
            assertLe(plans[i].totalStaked, plans[i].cap);
            sum += plans[i].totalStaked;
        }
        assertEq(sum, staking.totalStaked());
    }
}
