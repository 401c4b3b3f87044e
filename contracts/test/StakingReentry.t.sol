// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IStakingApi, deployStaking} from "./utils/StakingApi.sol";
import {IStaking} from "../src/IStaking.sol";
import {StakingDeployer} from "./utils/StakingTestBase.sol";

/// @dev A token that, once armed, makes one call from inside its next balance change (a transfer, a
///      transferFrom, a mint) and reverts with whatever that call reverts with: a token with a
///      transfer hook, the way an ERC-777-style or upgraded token could call back into Staking.
contract ReenteringToken is ERC20, ERC20Permit {
    uint8 private immutable _decimals;
    address private _target;
    bytes private _call;

    constructor(string memory name, uint8 decimals_) ERC20(name, name) ERC20Permit(name) {
        _decimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// The next balance change calls `target` with `data` once.
    function arm(address target, bytes calldata data) external {
        (_target, _call) = (target, data);
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        address target = _target;
        if (target == address(0)) return;
        _target = address(0);
        (bool ok, bytes memory ret) = target.call(_call);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 0x20), mload(ret))
            }
        }
    }
}

/// @dev Called by a ReenteringToken from inside a token move, it reads Staking's views and keeps what
///      they said: what any other contract (a vault, a price oracle, a lending market) would read if a
///      token with a hook handed it control in the middle of a Staking call. Views are not guarded,
///      so only checks-effects-interactions keeps them from reporting a state that is already spent.
contract StakingViewProbe {
    IStakingApi internal immutable staking;
    address internal immutable user;
    uint256 public seenRewardBudget;
    uint256 public seenTotalStaked;
    uint256 public seenPositionCount;
    uint256 public seenGrantsBudget;
    IStaking.Account public seenAccount;

    constructor(IStakingApi staking_, address user_) {
        (staking, user) = (staking_, user_);
    }

    function record() external {
        seenRewardBudget = staking.rewardBudget();
        seenTotalStaked = staking.totalStaked();
        seenPositionCount = staking.positionCount(user);
        seenGrantsBudget = staking.grantsBudget();
        seenAccount = staking.accountData(user);
    }

    function seen() external view returns (IStaking.Account memory) {
        return seenAccount;
    }
}

/// @dev Every guarded function that moves a token is refused re-entry from inside that move (issue
///      20: a generated mutant removed `nonReentrant` from `exchange` and the suite passed). Staking's
///      USDC and reward coin here call back into Staking while tokens move; each test expects
///      OpenZeppelin's ReentrancyGuardReentrantCall. Without the outer function's guard the callback
///      would run (and fail for its own reasons, or succeed), so each test fails.
///      claimDividends, harvest and releasePrincipal call nothing outside Staking, but their guard
///      still keeps a callback from another function's token move out of them.
contract StakingReentryTest is StakingDeployer {
    ReenteringToken internal usdcX;
    ReenteringToken internal rewardX;
    IStakingApi internal staking;
    address internal owner = makeAddr("owner");
    address internal root = makeAddr("root");
    uint256 internal alicePk = 0xA11CE;
    address internal alice = vm.addr(alicePk);
    uint256 internal plan;
    uint256 internal constant ONE = 1e6;

    function setUp() public {
        vm.warp(1_750_000_000);
        usdcX = new ReenteringToken("USD", 6);
        rewardX = new ReenteringToken("WTC", 18);
        IStaking.Config memory c = _config(IERC20Metadata(address(usdcX)), root, owner);
        c.rewardToken = IERC20Metadata(address(rewardX));
        staking = deployStaking(c);
        usdcX.mint(address(router), 1e9 * ONE);
        usdcX.mint(alice, 1_000_000 * ONE);
        usdcX.mint(owner, 1_000_000 * ONE);
        rewardX.mint(owner, 1000 ether);
        vm.startPrank(owner);
        rewardX.approve(address(staking), type(uint256).max);
        usdcX.approve(address(staking), type(uint256).max);
        staking.fundRewards(100 ether);
        plan = staking.createPlan(
            30, 1e24, 10_000_000 * ONE, uint64(block.timestamp), uint64(block.timestamp + 365 days)
        );
        vm.stopPrank();
        vm.startPrank(alice);
        usdcX.approve(address(staking), type(uint256).max);
        staking.bindSuperior(root);
        staking.stake(plan, 1000 * ONE); // position 0: its term ends in 30 days
        vm.stopPrank();
        vm.warp(block.timestamp + 30 days);
        staking.harvest(alice, new uint256[](1));
    }

    /// Arms `token` to call back Staking.withdraw(1) (itself guarded) during `caller`'s call `data`,
    /// which must then fail with the guard's error.
    function _assertRefusesReentry(ReenteringToken token, address caller, bytes memory data) internal {
        _assertRefusesReentry(token, caller, data, abi.encodeCall(staking.withdraw, (1)));
    }

    /// The same with the callback `probe`.
    function _assertRefusesReentry(
        ReenteringToken token,
        address caller,
        bytes memory data,
        bytes memory probe
    ) internal {
        token.arm(address(staking), probe);
        vm.prank(caller);
        (bool ok, bytes memory ret) = address(staking).call(data);
        assertFalse(ok, "the re-entered call went through");
        assertEq(ret, abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector));
    }

    function test_stake_refusesReentry() public {
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.stake, (plan, 200 * ONE)));
    }

    function test_stakeWithPermit_refusesReentry() public {
        uint256 deadline = block.timestamp + 1 hours;
        (uint8 v, bytes32 r, bytes32 s) =
            _permitSignature(usdcX, alicePk, alice, address(staking), 200 * ONE, deadline);
        _assertRefusesReentry(
            usdcX, alice, abi.encodeCall(staking.stakeWithPermit, (plan, 200 * ONE, deadline, v, r, s))
        );
    }

    function test_withdrawPrincipal_refusesReentry() public {
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.withdrawPrincipal, (0)));
    }

    function test_exchange_refusesReentry() public {
        uint256 earned = staking.accountData(alice).earned;
        _assertRefusesReentry(rewardX, alice, abi.encodeCall(staking.exchange, (earned, 0, block.timestamp)));
    }

    function test_withdraw_refusesReentry() public {
        uint256 earned = staking.accountData(alice).earned;
        vm.prank(alice);
        uint256 net = staking.exchange(earned, 0, block.timestamp);
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.withdraw, (net)));
    }

    function test_withdrawRewardCoin_refusesReentry() public {
        uint256 earned = staking.accountData(alice).earned;
        _assertRefusesReentry(rewardX, alice, abi.encodeCall(staking.withdrawRewardCoin, (earned)));
    }

    function test_fundRewards_refusesReentry() public {
        _assertRefusesReentry(rewardX, owner, abi.encodeCall(staking.fundRewards, (1 ether)));
    }

    function test_withdrawUnreserved_refusesReentry() public {
        _assertRefusesReentry(rewardX, owner, abi.encodeCall(staking.withdrawUnreserved, (1 ether)));
    }

    function test_depositGrants_refusesReentry() public {
        _assertRefusesReentry(usdcX, owner, abi.encodeCall(staking.depositGrants, (100 * ONE)));
    }

    function test_withdrawGrants_refusesReentry() public {
        vm.prank(owner);
        staking.depositGrants(100 * ONE);
        _assertRefusesReentry(usdcX, owner, abi.encodeCall(staking.withdrawGrants, (100 * ONE)));
    }

    function test_purchaseNode_refusesReentry() public {
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.purchaseNode, (type(uint256).max)));
    }

    function test_purchaseFounder_refusesReentry() public {
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.purchaseFounder, (type(uint256).max)));
    }

    function test_upgradeNodeToFounder_refusesReentry() public {
        vm.prank(alice);
        staking.purchaseNode(type(uint256).max);
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.upgradeNodeToFounder, (type(uint256).max)));
    }

    function test_payTreasury_refusesReentry() public {
        vm.prank(alice);
        staking.purchaseNode(type(uint256).max);
        assertGt(staking.treasuryProceeds(), 0);
        _assertRefusesReentry(usdcX, alice, abi.encodeCall(staking.payTreasury, ()));
    }

    /// The functions that move no token cannot be entered from a token move elsewhere either.
    function test_harvestReleaseAndClaim_refuseEntryFromATokenMove() public {
        bytes memory stakeCall = abi.encodeCall(staking.stake, (plan, 200 * ONE));
        _assertRefusesReentry(
            usdcX, alice, stakeCall, abi.encodeCall(staking.harvest, (alice, new uint256[](1)))
        );
        _assertRefusesReentry(
            usdcX, alice, stakeCall, abi.encodeCall(staking.releasePrincipal, (new uint256[](1)))
        );
        _assertRefusesReentry(usdcX, alice, stakeCall, abi.encodeCall(staking.claimDividends, ()));
    }

    /// Read-only re-entry: while the reward coin moves to the owner, a contract called from the
    /// token's hook already reads the reduced budget. Reading the old one, a vault pricing its share of
    /// Staking's reserve would count coin that has left (a semantic mutant moved the transfer first).
    function test_withdrawUnreserved_aViewReadDuringTheTransferSeesTheBudgetAlreadyReduced() public {
        StakingViewProbe probe = new StakingViewProbe(staking, owner);
        uint256 before = staking.rewardBudget();
        rewardX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(owner);
        staking.withdrawUnreserved(1 ether);
        assertEq(probe.seenRewardBudget(), before - 1 ether, "a view inside the transfer saw the old budget");
        assertEq(staking.rewardBudget(), before - 1 ether);
    }

    /// The same while the operator takes grants budget back: the budget is already reduced, so a
    /// hook cannot see USDC both sent and still available to credit (a semantic mutant moved the
    /// transfer first).
    function test_withdrawGrants_aViewReadDuringTheTransferSeesTheBudgetAlreadyReduced() public {
        vm.prank(owner);
        staking.depositGrants(500 * ONE);
        StakingViewProbe probe = new StakingViewProbe(staking, owner);
        usdcX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(owner);
        staking.withdrawGrants(200 * ONE);
        assertEq(probe.seenGrantsBudget(), 300 * ONE, "a view inside the transfer saw the old budget");
        assertEq(staking.grantsBudget(), 300 * ONE);
    }

    /// The same for a stake: while USDC is pulled from the user, the new position and the pool's total
    /// are already recorded (a semantic mutant moved the pull before them).
    function test_stake_aViewReadDuringThePullSeesThePositionAlreadyRecorded() public {
        StakingViewProbe probe = new StakingViewProbe(staking, alice);
        uint256 totalBefore = staking.totalStaked();
        uint256 countBefore = staking.positionCount(alice);
        usdcX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(alice);
        staking.stake(plan, 200 * ONE);
        assertEq(probe.seenTotalStaked(), totalBefore + 200 * ONE, "a view inside the pull saw the old total");
        assertEq(
            probe.seenPositionCount(), countBefore + 1, "a view inside the pull did not see the new position"
        );
    }

    /// The same while USDC leaves in a withdrawal: the balance is already reduced (a semantic mutant
    /// moved the transfer before the writes, so a hook would see the money both sent and still owed).
    function test_withdraw_aViewReadDuringTheTransferSeesTheBalanceAlreadyReduced() public {
        uint256 earned = staking.accountData(alice).earned;
        vm.prank(alice);
        uint256 net = staking.exchange(earned, 0, block.timestamp);
        StakingViewProbe probe = new StakingViewProbe(staking, alice);
        usdcX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(alice);
        staking.withdraw(net);
        assertEq(probe.seen().withdrawable, 0, "a view inside the transfer saw the USDC still owed");
    }

    /// The same while reward coin leaves unexchanged: the earned balance is already debited.
    function test_withdrawRewardCoin_aViewReadDuringTheTransferSeesTheCoinAlreadyDebited() public {
        uint256 earned = staking.accountData(alice).earned;
        StakingViewProbe probe = new StakingViewProbe(staking, alice);
        rewardX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(alice);
        staking.withdrawRewardCoin(earned);
        assertEq(probe.seen().earned, 0, "a view inside the transfer saw the coin still earned");
    }

    /// While a node's price is pulled, the purchase is already recorded: the node and what was paid
    /// for it (what an upgrade later deducts).
    function test_purchaseNode_aViewReadDuringThePaymentSeesTheNodeAndItsPrice() public {
        StakingViewProbe probe = new StakingViewProbe(staking, alice);
        usdcX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(alice);
        staking.purchaseNode(type(uint256).max);
        IStaking.Account memory seen = probe.seen();
        assertEq(uint8(seen.membership), uint8(IStaking.Membership.Node));
        assertEq(seen.nodePricePaid, staking.accountData(alice).nodePricePaid, "price not yet recorded");
        assertGt(seen.nodePricePaid, 0);
    }

    /// While a founder seat's price is pulled, the seat is already the buyer's.
    function test_purchaseFounder_aViewReadDuringThePaymentSeesTheSeat() public {
        StakingViewProbe probe = new StakingViewProbe(staking, alice);
        usdcX.arm(address(probe), abi.encodeCall(probe.record, ()));
        vm.prank(alice);
        staking.purchaseFounder(type(uint256).max);
        assertEq(uint8(probe.seen().membership), uint8(IStaking.Membership.Founder), "seat not yet recorded");
    }
}
