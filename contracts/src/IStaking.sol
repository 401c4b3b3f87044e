// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IUniswapV2Router} from "./interfaces/IUniswapV2Router.sol";

/// @title IStaking
/// @notice The types, events and errors of Staking, shared by Staking, StakingLens and callers.
/// @dev Only declarations live here: Staking inherits them, StakingLens returns the view structs, so one
///      definition serves the contract, its read-only lens and the generated ABI.
interface IStaking {
    // ---------------------------------------------------------------------------------------------
    // Types
    // ---------------------------------------------------------------------------------------------

    /// @notice A subscription plan. Terms never change once created (only the window can close early).
    /// @param termDays Lock term of a position, in days.
    /// @param opensAt First second at which stakes are accepted (unix time).
    /// @param closesAt First second at which stakes are no longer accepted (unix time).
    /// @param cap Maximum total principal that may be staked into the plan (USDC base units).
    /// @param totalStaked Principal staked into the plan so far (never decreases).
    /// @param dailyRate Reward-coin base units per USDC base unit per day, scaled by 1e18.
    struct Plan {
        uint32 termDays;
        uint64 opensAt;
        uint64 closesAt;
        uint128 cap;
        uint128 totalStaked;
        uint256 dailyRate;
    }

    /// @notice One stake of one user, as views return it. Its id is its index in the user's list.
    /// @param planId The plan it was staked into.
    /// @param amount Principal (USDC base units).
    /// @param startTime When it was staked; mining starts then (unix time).
    /// @param endTime When its term ends and the principal is released (unix time).
    /// @param withdrawn Whether the principal has left the position (released to the balance or paid).
    /// @param settledUntil Mining is credited up to this time.
    /// @param totalReward Mining the position earns over its full term (reward-coin base units).
    /// @param rewardPaid Mining credited so far (reward-coin base units).
    struct Position {
        uint256 planId;
        uint256 amount;
        uint64 startTime;
        uint64 endTime;
        bool withdrawn;
        uint64 settledUntil;
        uint256 totalReward;
        uint256 rewardPaid;
    }

    /// @notice A user's principal totals, as the staking page shows them.
    /// @param totalStaked All principal ever staked.
    /// @param toBeReleased Principal whose term has not ended (and which has not left early in a pause).
    /// @param released Principal whose term has ended, or which left early in a pause.
    /// @param withdrawn Principal that has left its position (to the withdrawable balance or paid out).
    /// @param positions Number of positions.
    struct UserTotals {
        uint256 totalStaked;
        uint256 toBeReleased;
        uint256 released;
        uint256 withdrawn;
        uint256 positions;
    }

    /// @notice Everything about one user the app shows, in one read.
    /// @param superior Depth-1 upline (zero when none).
    /// @param teamStake Active stake of the user's downlines at depths 1-3 (USDC base units; each stake
    ///        counts in whole hundredths of a USDC).
    /// @param level Level from `teamStake` and the deployment's thresholds (0..6).
    /// @param activeStake Own principal still in positions.
    /// @param earned Reward coin credited and not yet exchanged (reward-coin base units).
    /// @param pendingMining Mining accrued on the user's positions and not yet harvested (a view loop).
    /// @param withdrawable USDC the user can withdraw (exchanged, released principal, dividends, grants).
    /// @param exchangeCount Exchanges made so far (the first FREE_EXCHANGES are free of fee).
    /// @param membership None, Node or Founder.
    /// @param purchasedNode Whether the user ever bought a node.
    /// @param purchasedFounder Whether the user ever became a founder.
    /// @param pendingDividend Dividend (USDC) claimable now.
    /// @param upgradePrice What `upgradeNodeToFounder` charges this user now (founder price minus what
    ///        it paid for its node, never below zero); meaningful for node holders.
    struct AccountView {
        address superior;
        uint256 teamStake;
        uint256 level;
        uint256 activeStake;
        uint256 earned;
        uint256 pendingMining;
        uint256 withdrawable;
        uint256 exchangeCount;
        Membership membership;
        bool purchasedNode;
        bool purchasedFounder;
        uint256 pendingDividend;
        uint256 upgradePrice;
    }

    /// @notice A quote for `exchange`.
    /// @param grossUsdc USDC the router would return now for the input.
    /// @param feeBps Fee rate that would apply to this user (0 when free).
    /// @param fee Fee (USDC base units).
    /// @param netUsdc What the user would be credited.
    struct ExchangeQuote {
        uint256 grossUsdc;
        uint256 feeBps;
        uint256 fee;
        uint256 netUsdc;
    }

    /// @notice Deployment parameters.
    /// @param usdc The staked token (USDC of this network); its decimals are read.
    /// @param rewardToken The reward coin (WETH on Ethereum, WBNB on BSC); must differ from USDC.
    /// @param router The Uniswap-V2-compatible router used by `exchange` (path reward → USDC).
    /// @param root The founding address, root of the referral tree.
    /// @param owner The operator.
    /// @param treasury Receives node and founder payments.
    /// @param levelThresholds Team performance needed for levels 1..6 (ascending, USDC base units).
    /// @param feeBps Initial exchange fee (≤ MAX_FEE_BPS).
    /// @param minWithdrawal Initial minimum withdrawal (≤ 10 USDC).
    /// @param nodePrice Price of a node (USDC base units).
    /// @param nodeLimit Number of nodes for sale.
    /// @param founderPrice Price of a founder seat (USDC base units).
    /// @param founderLimit Number of founder seats for sale.
    struct Config {
        IERC20Metadata usdc;
        IERC20Metadata rewardToken;
        IUniswapV2Router router;
        address root;
        address owner;
        address treasury;
        uint256[6] levelThresholds;
        uint256 feeBps;
        uint256 minWithdrawal;
        uint256 nodePrice;
        uint256 nodeLimit;
        uint256 founderPrice;
        uint256 founderLimit;
    }

    /// @notice Source of an income credit (one `IncomeCredited` event per credit).
    enum IncomeSource {
        Mining,
        Referral,
        Team,
        ShareholderDividend,
        EcologicalDividend,
        Activity,
        Promotion
    }

    /// @notice Membership of an address.
    enum Membership {
        None,
        Node,
        Founder
    }

    /// @notice Parameters that change only through the timelock.
    enum Param {
        FeeBps,
        MinWithdrawal,
        NodePrice,
        NodeLimit,
        FounderPrice,
        FounderLimit,
        Treasury
    }

    /// @notice A queued parameter change.
    /// @param value The new value (an address is its uint160).
    /// @param eta Earliest time it can be executed (0 when nothing is queued).
    struct PendingChange {
        uint256 value;
        uint64 eta;
    }

    /// @dev One position in storage: one slot (StakingLens reads it through `positionData`). The end time
    ///      follows from the plan's term.
    struct PositionData {
        uint96 amount;
        uint40 startTime;
        uint40 settledUntil;
        uint32 planId;
        bool released;
    }

    /// @dev Per-user state (StakingLens reads it through `accountData`). `nodePricePaid` is what the user
    ///      paid for its node (in slot 1, next to the membership flags), so an upgrade charges the founder
    ///      price minus exactly that. Slot 0 holds the superior, team performance (in hundredths of a
    ///      USDC) and the position count, so a stake writes one slot of its own account (already non-zero once
    ///      bound) and one warm slot per upline. Per-user principal totals are summed by views.
    struct Account {
        address superior;
        uint64 teamCents;
        uint32 positionCount;
        uint32 exchangeCount;
        Membership membership;
        bool purchasedNode;
        bool purchasedFounder;
        uint128 nodePricePaid;
        uint256 earned;
        uint256 withdrawable;
        uint256 dividendDebt;
    }

    // ---------------------------------------------------------------------------------------------
    // Events
    // ---------------------------------------------------------------------------------------------

    /// @notice `user` bound `superior` as its upline (permanent).
    /// @param user The user that bound.
    /// @param superior Its new superior (depth-1 upline).
    event SuperiorBound(address indexed user, address indexed superior);
    /// @notice The operator opened a plan.
    /// @param planId The new plan's id.
    /// @param termDays Lock term in days.
    /// @param dailyRate Reward-coin base units per USDC base unit per day, scaled by 1e18.
    /// @param cap Maximum total principal (base units).
    /// @param opensAt Start of the subscription window.
    /// @param closesAt End of the subscription window.
    event PlanCreated(
        uint256 indexed planId,
        uint32 termDays,
        uint256 dailyRate,
        uint256 cap,
        uint64 opensAt,
        uint64 closesAt
    );
    /// @notice The operator closed a plan's subscription window early.
    /// @param planId The plan.
    /// @param closesAt The new end of its window (now).
    event PlanClosed(uint256 indexed planId, uint64 closesAt);
    /// @notice `user` staked `amount` into `planId`; the position is `positionId` in the user's list.
    /// @param user The staker.
    /// @param positionId Index of the new position in the staker's list.
    /// @param planId The plan.
    /// @param amount Principal (base units).
    /// @param startTime Start of the term.
    /// @param endTime End of the term (principal released).
    /// @param reserved Reward coin reserved for it: its full-term mining plus its uplines' commissions
    ///        (part of the same event to save a second log per stake).
    event Staked(
        address indexed user,
        uint256 indexed positionId,
        uint256 indexed planId,
        uint256 amount,
        uint64 startTime,
        uint64 endTime,
        uint256 reserved
    );
    /// @notice A position's principal left it (`early` when released by a pause). `paid` is true when it
    ///         was paid out at once (withdrawPrincipal), false when it was added to the withdrawable balance.
    /// @param user The owner.
    /// @param positionId The position.
    /// @param amount Principal (base units).
    /// @param early True when released before the term's end because the pool is paused.
    /// @param paid True when transferred to the owner in the same call.
    event PrincipalReleased(
        address indexed user, uint256 indexed positionId, uint256 amount, bool early, bool paid
    );
    /// @notice Income was credited to `user`. The only event an indexer needs for income.
    /// @param user Who receives it.
    /// @param source Its source code.
    /// @param from The downline whose mining produced it (mining, referral, team), else address(0).
    /// @param token Unit: the reward coin (mining, referral, team) or USDC (dividends, grants).
    /// @param amount Amount in `token` base units.
    event IncomeCredited(
        address indexed user, IncomeSource indexed source, address indexed from, address token, uint256 amount
    );
    /// @notice Reward coin was added to the reward budget.
    /// @param from Who paid it.
    /// @param amount Reward coin.
    event RewardsFunded(address indexed from, uint256 amount);
    /// @notice The operator took back unreserved reward coin.
    /// @param to The operator.
    /// @param amount Reward coin.
    event UnreservedWithdrawn(address indexed to, uint256 amount);
    /// @notice `user` exchanged earned reward coin to USDC.
    /// @param user The user.
    /// @param amountIn Reward coin swapped.
    /// @param grossUsdc USDC received from the router.
    /// @param fee Fee sent to the dividend pools.
    /// @param netUsdc USDC credited to the withdrawable balance.
    event Exchanged(address indexed user, uint256 amountIn, uint256 grossUsdc, uint256 fee, uint256 netUsdc);
    /// @notice Fees were added to the dividend pools.
    /// @param ecological To node holders.
    /// @param shareholder To founders.
    event DividendsDistributed(uint256 ecological, uint256 shareholder);
    /// @notice `user` withdrew USDC from the withdrawable balance to its own address.
    /// @param user The user (and recipient).
    /// @param amount USDC.
    event Withdrawn(address indexed user, uint256 amount);
    /// @notice `user` withdrew earned reward coin itself, without exchanging it.
    /// @param user The user (and recipient).
    /// @param amount Reward coin.
    event RewardCoinWithdrawn(address indexed user, uint256 amount);
    /// @notice `user` bought a membership (`membership` Node or Founder) for `price`, which accrues to
    ///         the treasury's proceeds (`treasuryProceeds`) until `payTreasury` sends them.
    /// @param user The buyer.
    /// @param membership The new membership.
    /// @param price USDC paid.
    /// @param upgrade True when a node became a founder.
    /// @param treasury The treasury at the time (the proceeds go to the treasury of the day they are paid).
    event MembershipPurchased(
        address indexed user, Membership membership, uint256 price, bool upgrade, address treasury
    );
    /// @notice `amount` USDC of membership proceeds was sent to `treasury`.
    /// @param treasury The treasury paid.
    /// @param amount USDC.
    event TreasuryPaid(address indexed treasury, uint256 amount);
    /// @notice The operator deposited or took back grants budget (`amount` signed by `deposit`).
    /// @param amount USDC.
    /// @param deposit True for a deposit, false for a withdrawal.
    event GrantsBudgetChanged(uint256 amount, bool deposit);
    /// @notice A parameter change was queued.
    /// @param param The parameter.
    /// @param value Its new value.
    /// @param eta When it can be executed.
    event ParamQueued(Param indexed param, uint256 value, uint64 eta);
    /// @notice A queued change was cancelled.
    /// @param param The parameter.
    event ParamCancelled(Param indexed param);
    /// @notice An early exit (in a pause) returned the unearned rest of a position's reservation (its
    ///         mining and its uplines' commissions not yet earned) to the unreserved budget.
    /// @param user The position's owner.
    /// @param positionId The position.
    /// @param amount Reward coin returned to the unreserved budget.
    event ReservationReturned(address indexed user, uint256 indexed positionId, uint256 amount);
    /// @notice A parameter changed.
    /// @param param The parameter.
    /// @param value Its new value.
    event ParamChanged(Param indexed param, uint256 value);

    // ---------------------------------------------------------------------------------------------
    // Errors
    // ---------------------------------------------------------------------------------------------

    /// @notice An address argument is the zero address.
    error ZeroAddress();
    /// @notice The caller already has a superior.
    error AlreadyBound();
    /// @notice A user cannot be its own superior.
    error SelfBinding();
    /// @notice The upline is neither the root nor bound itself.
    error UplineNotInTree(address upline);
    /// @notice The founding (root) address has no superior.
    error RootCannotBind();
    /// @notice The caller is not in the referral tree (bind a superior first).
    error NotBound();
    /// @notice The amount must be greater than `minExclusive` (base units).
    error AmountTooSmall(uint256 minExclusive);
    /// @notice There is no plan with this id.
    error PlanNotFound(uint256 planId);
    /// @notice The plan's window has not opened yet.
    error SubscriptionNotStarted(uint256 planId, uint64 opensAt);
    /// @notice The plan's window has closed, its cap is reached, or the pool is paused.
    error SubscriptionEnded(uint256 planId);
    /// @notice The stake would take the plan over its cap; at most `remaining` can still be staked.
    error CapExceeded(uint256 planId, uint256 remaining);
    /// @notice Plan parameters are out of range.
    error InvalidPlan();
    /// @notice Deployment parameters are out of range.
    error InvalidConfig();
    /// @notice After the permit, the allowance still does not cover the amount.
    error PermitFailed();
    /// @notice The token moved a different amount than requested (fee-on-transfer tokens unsupported).
    error TransferAmountMismatch(uint256 expected, uint256 received);
    /// @notice The user has no position with this id.
    error PositionNotFound(uint256 positionId);
    /// @notice The position's principal already left it.
    error AlreadyWithdrawn(uint256 positionId);
    /// @notice The position's term has not ended (and the pool is not paused).
    error StillLocked(uint256 positionId, uint64 endTime);
    /// @notice The unreserved reward budget cannot cover the rewards this stake promises.
    error InsufficientRewardBudget(uint256 needed, uint256 available);
    /// @notice The amount is zero.
    error ZeroAmount();
    /// @notice The amount exceeds the available balance.
    error InsufficientBalance(uint256 available);
    /// @notice The withdrawal is below the minimum.
    error BelowMinimumWithdrawal(uint256 minimum);
    /// @notice The exchange would credit less than the caller's minimum.
    error SlippageExceeded(uint256 netUsdc, uint256 minUsdcOut);
    /// @notice The address already holds a membership (or, for an upgrade, is not a node).
    error InvalidMembership(Membership current);
    /// @notice All nodes or founder seats are sold.
    error SoldOut();
    /// @notice A grant must have source Activity or Promotion.
    error InvalidGrantSource();
    /// @notice Array arguments differ in length.
    error LengthMismatch();
    /// @notice The value is out of range for this parameter.
    error InvalidParamValue(Param param, uint256 value);
    /// @notice The treasury cannot be Staking itself, USDC or the reward coin: what it is paid would be
    ///         owed to no one and stay in that contract for ever.
    error InvalidTreasury(address treasury);
    /// @notice Nothing is queued for this parameter.
    error NothingQueued(Param param);
    /// @notice The queued change cannot be executed before `eta`.
    error TimelockNotReady(uint64 eta);
    /// @notice The queued change was not executed within the grace period after its eta; queue it again.
    error ChangeExpired(uint256 expiredAt);
    /// @notice The price is above the most the buyer accepted (it changed after the app showed it).
    error PriceAboveMax(uint256 price, uint256 maxPrice);
    /// @notice The exchange's deadline has passed.
    error DeadlinePassed(uint256 deadline);
    /// @notice Ownership cannot be renounced: a pool without an operator could never be unpaused and its
    ///         unreserved budget could never be taken back.
    error RenounceDisabled();
}
