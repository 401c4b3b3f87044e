// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IUniswapV2Router} from "./interfaces/IUniswapV2Router.sol";

/// @title Staking
/// @notice Non-custodial USDC staking with funded, reserved mining rewards in a reward coin, a
///         three-level referral tree, team performance and levels, exchange of earned reward coin to
///         USDC through a Uniswap-V2 router, node/founder memberships sharing exchange fees, and
///         operator-funded grants.
/// @dev Honest by construction (DESIGN.md section 1):
///      - user funds only move between the user and this contract (membership payments go from the
///        buyer straight to the treasury); no function of any role moves principal, reserved rewards
///        or a user's earned balance anywhere but to that user;
///      - a stake is accepted only when its full-term mining plus its uplines' commissions are covered
///        by the unreserved reward budget, which is then reserved;
///      - principal is released at the end of its term, and at once while paused;
///      - fee, prices, limits, minimum withdrawal and treasury change only through a 48 h timelock,
///        and fee and minimum withdrawal have hard caps in code; the contract is not upgradeable.
///      Rate unit: a plan's `dailyRate` is reward-coin base units per USDC base unit per day, scaled by
///      1e18, fixed when the plan is created. No price oracle is read at stake time.
///      Accrual: per position, linear per second; `harvest` settles explicit position ids (bounded by
///      calldata), so every action is O(1) in the number of users and positions. No T+1: mining starts
///      the second a stake is made.
contract Staking is Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

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

    /// @dev One position in storage: one slot. The end time follows from the plan's term.
    struct PositionData {
        uint96 amount;
        uint40 startTime;
        uint40 settledUntil;
        uint32 planId;
        bool released;
    }

    /// @dev Per-user state. Slot 0 holds the superior, team performance (in hundredths of a USDC) and
    ///      the position count, so a stake writes one slot of its own account (already non-zero once
    ///      bound) and one warm slot per upline. Per-user principal totals are summed by views.
    struct Account {
        address superior;
        uint64 teamCents;
        uint32 positionCount;
        uint32 exchangeCount;
        Membership membership;
        bool purchasedNode;
        bool purchasedFounder;
        uint256 earned;
        uint256 withdrawable;
        uint256 dividendDebt;
    }

    // ---------------------------------------------------------------------------------------------
    // Constants and immutables
    // ---------------------------------------------------------------------------------------------

    /// @notice A stake must be strictly greater than this many whole USDC (spec: "greater than 100").
    uint256 public constant MIN_STAKE_WHOLE_USDC = 100;
    /// @notice Depth of the referral tree that earns commissions (levels 1, 2, 3).
    uint256 public constant REFERRAL_DEPTH = 3;
    /// @notice Longest plan term the operator can open, in days.
    uint32 public constant MAX_TERM_DAYS = 3650;
    /// @notice Highest `dailyRate` a plan can have (keeps all reward arithmetic far from overflow).
    uint256 public constant MAX_DAILY_RATE = 1e36;
    /// @notice Scale of `dailyRate`.
    uint256 public constant RATE_SCALE = 1e18;
    /// @notice Hard cap of the exchange fee: 15% of the USDC received.
    uint256 public constant MAX_FEE_BPS = 1500;
    /// @notice Hard cap of the minimum withdrawal, in whole USDC.
    uint256 public constant MAX_MIN_WITHDRAWAL_WHOLE_USDC = 10;
    /// @notice Every user's first exchanges that pay no fee.
    uint256 public constant FREE_EXCHANGES = 5;
    /// @notice Users at this level or above pay no exchange fee.
    uint256 public constant FEE_FREE_LEVEL = 5;
    /// @notice Share of an exchange fee that goes to node holders (ecological dividend); the rest goes
    ///         to founders (shareholder dividend). A pool without holders takes no fee at all.
    uint256 public constant ECOLOGICAL_SHARE_BPS = 5000;
    /// @notice Delay between queueing and executing a parameter change.
    uint256 public constant TIMELOCK_DELAY = 48 hours;
    /// @notice Commission of the depth-1 upline, in basis points of the downline's mining.
    uint256 public constant REFERRAL_BPS_1 = 1000;
    /// @notice Commission of the depth-2 upline.
    uint256 public constant REFERRAL_BPS_2 = 800;
    /// @notice Commission of the depth-3 upline.
    uint256 public constant REFERRAL_BPS_3 = 500;
    uint256 private constant BPS = 10_000;
    uint256 private constant ACC_SCALE = 1e18;

    /// @notice The staked token (USDC of this network).
    IERC20 public immutable usdc;
    /// @notice The staked token's decimals, read from the token at construction.
    uint8 public immutable usdcDecimals;
    /// @notice The reward coin (ERC-20; WETH / WBNB).
    IERC20 public immutable rewardToken;
    /// @notice The Uniswap-V2-compatible router `exchange` swaps through.
    IUniswapV2Router public immutable router;
    /// @notice Smallest amount that is NOT accepted: a stake must be greater than this (base units).
    uint256 public immutable minStakeExclusive;
    /// @notice Upper bound of `minWithdrawal` (10 USDC in base units).
    uint256 public immutable maxMinWithdrawal;
    /// @notice The founding address: root of the referral tree; it has no superior.
    address public immutable root;
    uint256 private immutable _level1;
    uint256 private immutable _level2;
    uint256 private immutable _level3;
    uint256 private immutable _level4;
    uint256 private immutable _level5;
    uint256 private immutable _level6;
    /// @dev Base units of one hundredth of a USDC (team performance is kept in hundredths).
    uint256 private immutable _teamUnit;

    // ---------------------------------------------------------------------------------------------
    // State
    // ---------------------------------------------------------------------------------------------

    /// @notice Principal ever staked into the pool.
    uint128 public totalStaked;
    /// @notice Principal currently in positions.
    uint128 public totalActiveStake;
    /// @notice Reward coin that backs rewards not yet credited (funded, minus withdrawn, minus credited).
    uint128 public rewardBudget;
    /// @notice Part of `rewardBudget` promised to existing positions and their uplines.
    uint128 public rewardReserved;
    /// @notice Reward coin credited to users and not yet exchanged or withdrawn.
    uint256 public totalEarned;
    /// @notice Sum of all users' withdrawable USDC balances.
    uint256 public totalWithdrawable;
    /// @notice USDC fees distributed to the dividend pools and not yet claimed.
    uint256 public dividendsUnclaimed;
    /// @notice USDC the operator deposited for grants and has not yet credited or taken back.
    uint256 public grantsBudget;

    /// @notice Exchange fee in basis points of the USDC received (timelocked, ≤ MAX_FEE_BPS).
    uint256 public feeBps;
    /// @notice Minimum withdrawal in USDC base units (timelocked, ≤ maxMinWithdrawal).
    uint256 public minWithdrawal;
    /// @notice Receives node and founder payments (timelocked).
    address public treasury;
    /// @notice Price of a node in USDC base units (timelocked).
    uint256 public nodePrice;
    /// @notice Price of a founder seat in USDC base units (timelocked).
    uint256 public founderPrice;
    /// @notice Number of nodes for sale (timelocked).
    uint256 public nodeLimit;
    /// @notice Number of founder seats for sale (timelocked).
    uint256 public founderLimit;
    /// @notice Nodes sold so far (never decreases).
    uint256 public nodeSold;
    /// @notice Founder seats sold so far, upgrades included (never decreases).
    uint256 public founderSold;
    /// @notice Current node holders (sharing the ecological dividend).
    uint256 public nodeHolders;
    /// @notice Current founders (sharing the shareholder dividend).
    uint256 public founderHolders;
    /// @notice Ecological dividend per node, accumulated (USDC base units scaled by 1e18).
    uint256 public accEcologicalPerNode;
    /// @notice Shareholder dividend per founder, accumulated (USDC base units scaled by 1e18).
    uint256 public accShareholderPerFounder;

    uint40 private _statDay;
    uint216 private _statStaked;

    Plan[] private _plans;
    mapping(address user => Account) private _accounts;
    mapping(address user => mapping(uint256 positionId => PositionData)) private _positions;
    /// @notice Queued parameter changes.
    mapping(Param param => PendingChange) public pendingChanges;

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
    event Staked(
        address indexed user,
        uint256 indexed positionId,
        uint256 indexed planId,
        uint256 amount,
        uint64 startTime,
        uint64 endTime
    );
    /// @notice Reward coin was reserved for a new position (its mining plus its uplines' commissions).
    /// @param user The staker.
    /// @param positionId The position.
    /// @param amount Reward coin reserved.
    event RewardReserved(address indexed user, uint256 indexed positionId, uint256 amount);
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
    /// @notice `user` bought a membership (`membership` Node or Founder) for `price`, paid to `treasury`.
    /// @param user The buyer.
    /// @param membership The new membership.
    /// @param price USDC paid.
    /// @param upgrade True when a node became a founder.
    /// @param treasury Recipient of the payment.
    event MembershipPurchased(
        address indexed user, Membership membership, uint256 price, bool upgrade, address treasury
    );
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
    /// @notice Nothing is queued for this parameter.
    error NothingQueued(Param param);
    /// @notice The queued change cannot be executed before `eta`.
    error TimelockNotReady(uint64 eta);

    // ---------------------------------------------------------------------------------------------
    // Construction
    // ---------------------------------------------------------------------------------------------

    /// @notice Sets tokens, router, root, operator, treasury, level thresholds and initial parameters.
    /// @param c The deployment parameters (see `Config`).
    constructor(Config memory c) Ownable(c.owner) {
        if (
            address(c.usdc) == address(0) || address(c.rewardToken) == address(0)
                || address(c.router) == address(0) || c.root == address(0) || c.treasury == address(0)
        ) revert ZeroAddress();
        if (address(c.usdc) == address(c.rewardToken)) revert InvalidConfig();
        uint8 decimals_ = c.usdc.decimals();
        if (decimals_ < 2) revert InvalidConfig();
        uint256 unit = 10 ** uint256(decimals_);
        _teamUnit = unit / 100;
        usdc = IERC20(address(c.usdc));
        usdcDecimals = decimals_;
        rewardToken = IERC20(address(c.rewardToken));
        router = c.router;
        minStakeExclusive = MIN_STAKE_WHOLE_USDC * unit;
        maxMinWithdrawal = MAX_MIN_WITHDRAWAL_WHOLE_USDC * unit;
        root = c.root;
        uint256[6] memory t = c.levelThresholds;
        for (uint256 i = 0; i < 6; ++i) {
            if (t[i] == 0 || (i > 0 && t[i] <= t[i - 1])) revert InvalidConfig();
        }
        (_level1, _level2, _level3, _level4, _level5, _level6) = (t[0], t[1], t[2], t[3], t[4], t[5]);
        _setParam(Param.FeeBps, c.feeBps);
        _setParam(Param.MinWithdrawal, c.minWithdrawal);
        _setParam(Param.NodePrice, c.nodePrice);
        _setParam(Param.NodeLimit, c.nodeLimit);
        _setParam(Param.FounderPrice, c.founderPrice);
        _setParam(Param.FounderLimit, c.founderLimit);
        _setParam(Param.Treasury, uint256(uint160(c.treasury)));
    }

    // ---------------------------------------------------------------------------------------------
    // Referral tree
    // ---------------------------------------------------------------------------------------------

    /// @notice Binds `upline` as the caller's superior. Permanent; once per address.
    /// @dev The upline must already be in the tree (the root or bound), so cycles cannot form, and a
    ///      user's uplines at depths 1-3 never change afterwards.
    /// @param upline The superior: the root or an address that is already bound.
    function bindSuperior(address upline) external {
        if (msg.sender == root) revert RootCannotBind();
        if (_accounts[msg.sender].superior != address(0)) revert AlreadyBound();
        if (upline == msg.sender) revert SelfBinding();
        if (!isInTree(upline)) revert UplineNotInTree(upline);
        _accounts[msg.sender].superior = upline;
        emit SuperiorBound(msg.sender, upline);
    }

    /// @notice The superior (depth-1 upline) of `user`; the zero address when none.
    /// @param user The address to look up.
    /// @return The superior, or address(0).
    function getSuperior(address user) external view returns (address) {
        return _accounts[user].superior;
    }

    /// @notice Uplines of `user` at depth 1, 2 and 3; the zero address where there is none.
    /// @param user The address to look up.
    /// @return uplines `[depth1, depth2, depth3]`.
    function selectUplines(address user) public view returns (address[3] memory uplines) {
        address current = user;
        for (uint256 i = 0; i < REFERRAL_DEPTH; ++i) {
            current = _accounts[current].superior;
            if (current == address(0)) break;
            uplines[i] = current;
        }
    }

    /// @notice Whether `user` is in the referral tree (the root, or bound to a superior).
    /// @param user The address to look up.
    /// @return True when `user` may stake and may be chosen as an upline.
    function isInTree(address user) public view returns (bool) {
        return user == root || _accounts[user].superior != address(0);
    }

    /// @notice Level of `user`: how many of the deployment's thresholds its team performance reaches.
    /// @param user The address to look up.
    /// @return level 0..6.
    function levelOf(address user) public view returns (uint256 level) {
        uint256 t = _teamStake(user);
        if (t >= _level6) return 6;
        if (t >= _level5) return 5;
        if (t >= _level4) return 4;
        if (t >= _level3) return 3;
        if (t >= _level2) return 2;
        if (t >= _level1) return 1;
        return 0;
    }

    /// @notice The team performance needed for levels 1..6, fixed at deployment.
    /// @return thresholds USDC base units, ascending.
    function levelThresholds() external view returns (uint256[6] memory thresholds) {
        thresholds = [_level1, _level2, _level3, _level4, _level5, _level6];
    }

    // ---------------------------------------------------------------------------------------------
    // Plans
    // ---------------------------------------------------------------------------------------------

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
                || closesAt <= block.timestamp || _plans.length >= type(uint32).max
        ) revert InvalidPlan();
        planId = _plans.length;
        _plans.push(
            Plan({
                termDays: termDays,
                opensAt: opensAt,
                closesAt: closesAt,
                cap: uint128(cap),
                totalStaked: 0,
                dailyRate: dailyRate
            })
        );
        emit PlanCreated(planId, termDays, dailyRate, cap, opensAt, closesAt);
    }

    /// @notice Ends a plan's subscription window now. Operator only. Existing positions are unaffected.
    /// @param planId The plan to close.
    function closePlan(uint256 planId) external onlyOwner {
        Plan storage plan = _plan(planId);
        uint64 now_ = uint64(block.timestamp);
        if (plan.closesAt <= now_) revert SubscriptionEnded(planId);
        plan.closesAt = now_;
        emit PlanClosed(planId, now_);
    }

    /// @notice Number of plans; ids are 0..planCount()-1.
    /// @return The number of plans.
    function planCount() external view returns (uint256) {
        return _plans.length;
    }

    /// @notice One plan.
    /// @param planId The plan id.
    /// @return The plan.
    function getPlan(uint256 planId) external view returns (Plan memory) {
        return _plan(planId);
    }

    /// @notice All plans, in id order.
    /// @return The plans.
    function getPlans() external view returns (Plan[] memory) {
        return _plans;
    }

    /// @notice Whether a plan accepts stakes now: it exists, its window is open, the pool is not
    ///         paused and more than the minimum stake is left under its cap.
    /// @dev False is shown as 'Subscription has ended' (or not yet started, before opensAt). A stake can
    ///      still be refused when the unreserved reward budget cannot cover it (see rewardBudgetInfo).
    /// @param planId The plan id.
    /// @return True when a stake of more than the minimum can be accepted.
    function isSubscriptionOpen(uint256 planId) public view returns (bool) {
        if (planId >= _plans.length || paused()) return false;
        Plan storage plan = _plans[planId];
        return block.timestamp >= plan.opensAt && block.timestamp < plan.closesAt
            && plan.cap - plan.totalStaked > minStakeExclusive;
    }

    /// @notice Reward coin a stake of `amount` into `planId` needs unreserved now (its full-term mining
    ///         plus the commissions of `user`'s current uplines).
    /// @param user The staker.
    /// @param planId The plan.
    /// @param amount Principal (base units).
    /// @return mining Full-term mining of the position.
    /// @return reserve Mining plus commissions: what the stake reserves.
    function rewardFor(address user, uint256 planId, uint256 amount)
        external
        view
        returns (uint256 mining, uint256 reserve)
    {
        Plan storage plan = _plan(planId);
        mining = amount * plan.dailyRate * plan.termDays / RATE_SCALE;
        address[3] memory ups = selectUplines(user);
        reserve = mining;
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            reserve += mining * _referralBps(j) / BPS;
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Staking
    // ---------------------------------------------------------------------------------------------

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
        for (uint256 i = 0; i < positionIds.length; ++i) {
            uint256 id = positionIds[i];
            if (id >= count) revert PositionNotFound(id);
            PositionData storage p = _positions[user][id];
            if (!p.released) _settle(user, p, _plans[p.planId], ups, block.timestamp);
        }
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
        totalWithdrawable += total;
    }

    /// @notice Releases one position's principal and pays it to the caller at once (after its term,
    ///         or at any time while paused). No minimum applies: exit always works.
    /// @param positionId The position's index in the caller's list.
    function withdrawPrincipal(uint256 positionId) external nonReentrant {
        uint256 amount = _release(positionId, true);
        usdc.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------------------------------------
    // Reward budget
    // ---------------------------------------------------------------------------------------------

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

    // ---------------------------------------------------------------------------------------------
    // Exchange and withdraw
    // ---------------------------------------------------------------------------------------------

    /// @notice Swaps `amountIn` of the caller's earned reward coin to USDC through the router (path
    ///         reward → USDC); the USDC minus the fee is added to the caller's withdrawable balance.
    /// @param amountIn Reward coin to swap (≤ earned).
    /// @param minUsdcOut Least USDC the caller accepts after the fee (slippage guard).
    /// @return netUsdc USDC credited.
    function exchange(uint256 amountIn, uint256 minUsdcOut) external nonReentrant returns (uint256 netUsdc) {
        if (amountIn == 0) revert ZeroAmount();
        Account storage a = _accounts[msg.sender];
        uint256 earned = a.earned;
        if (amountIn > earned) revert InsufficientBalance(earned);
        a.earned = earned - amountIn;
        totalEarned -= amountIn;
        uint256 rate = _feeBpsFor(msg.sender);
        if (a.exchangeCount < type(uint32).max) ++a.exchangeCount;

        rewardToken.forceApprove(address(router), amountIn);
        uint256 before = usdc.balanceOf(address(this));
        router.swapExactTokensForTokens(amountIn, minUsdcOut, _path(), address(this), block.timestamp);
        uint256 gross = usdc.balanceOf(address(this)) - before;

        uint256 fee = gross * rate / BPS;
        uint256 eco = nodeHolders == 0 ? 0 : fee * ECOLOGICAL_SHARE_BPS / BPS;
        uint256 share = founderHolders == 0 ? 0 : fee - fee * ECOLOGICAL_SHARE_BPS / BPS;
        fee = eco + share;
        if (fee != 0) {
            if (eco != 0) accEcologicalPerNode += eco * ACC_SCALE / nodeHolders;
            if (share != 0) accShareholderPerFounder += share * ACC_SCALE / founderHolders;
            dividendsUnclaimed += fee;
            emit DividendsDistributed(eco, share);
        }
        netUsdc = gross - fee;
        if (netUsdc < minUsdcOut) revert SlippageExceeded(netUsdc, minUsdcOut);
        a.withdrawable += netUsdc;
        totalWithdrawable += netUsdc;
        emit Exchanged(msg.sender, amountIn, gross, fee, netUsdc);
    }

    /// @notice What `exchange(amountIn, ·)` would credit `user` at the current pool price.
    /// @param user The user (fee depends on its exchange count and level).
    /// @param amountIn Reward coin.
    /// @return q Gross output, fee rate, fee and net output.
    function quoteExchange(address user, uint256 amountIn) external view returns (ExchangeQuote memory q) {
        if (amountIn == 0) return q;
        uint256[] memory amounts = router.getAmountsOut(amountIn, _path());
        q.grossUsdc = amounts[amounts.length - 1];
        uint256 rate = _feeBpsFor(user);
        uint256 eco = nodeHolders == 0 ? 0 : q.grossUsdc * rate / BPS * ECOLOGICAL_SHARE_BPS / BPS;
        uint256 share = founderHolders == 0
            ? 0
            : q.grossUsdc * rate / BPS - q.grossUsdc * rate / BPS * ECOLOGICAL_SHARE_BPS / BPS;
        q.fee = eco + share;
        q.feeBps = q.fee == 0 ? 0 : rate;
        q.netUsdc = q.grossUsdc - q.fee;
    }

    /// @notice Sends `amount` of the caller's withdrawable USDC to the caller.
    /// @param amount USDC base units (≥ minWithdrawal, ≤ withdrawable).
    function withdraw(uint256 amount) external nonReentrant {
        uint256 minimum = minWithdrawal;
        if (amount == 0 || amount < minimum) revert BelowMinimumWithdrawal(minimum);
        Account storage a = _accounts[msg.sender];
        uint256 available = a.withdrawable;
        if (amount > available) revert InsufficientBalance(available);
        a.withdrawable = available - amount;
        totalWithdrawable -= amount;
        emit Withdrawn(msg.sender, amount);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Sends `amount` of the caller's earned reward coin to the caller without exchanging it
    ///         (so earnings can leave even if the DEX is unusable).
    /// @param amount Reward coin (≤ earned).
    function withdrawRewardCoin(uint256 amount) external nonReentrant {
        if (amount == 0) revert ZeroAmount();
        Account storage a = _accounts[msg.sender];
        uint256 earned = a.earned;
        if (amount > earned) revert InsufficientBalance(earned);
        a.earned = earned - amount;
        totalEarned -= amount;
        emit RewardCoinWithdrawn(msg.sender, amount);
        rewardToken.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------------------------------------
    // Nodes and founders
    // ---------------------------------------------------------------------------------------------

    /// @notice Buys a node for `nodePrice` USDC, paid from the caller straight to the treasury (approve
    ///         exactly the price first). A node shares the ecological dividend.
    function purchaseNode() external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        if (nodeSold >= nodeLimit) revert SoldOut();
        ++nodeSold;
        ++nodeHolders;
        a.membership = Membership.Node;
        a.purchasedNode = true;
        a.dividendDebt = accEcologicalPerNode;
        _payTreasury(nodePrice, Membership.Node, false);
    }

    /// @notice Buys a founder seat for `founderPrice` USDC, paid straight to the treasury. A founder
    ///         shares the shareholder dividend.
    function purchaseFounder() external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        _becomeFounder(a);
        _payTreasury(founderPrice, Membership.Founder, false);
    }

    /// @notice Turns the caller's node into a founder seat, paying the price difference (founderPrice -
    ///         nodePrice, or nothing when that is not positive). Unclaimed ecological dividend is credited.
    function upgradeNodeToFounder() external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.Node) revert InvalidMembership(a.membership);
        _claimDividend(msg.sender, a);
        --nodeHolders;
        _becomeFounder(a);
        uint256 price = founderPrice > nodePrice ? founderPrice - nodePrice : 0;
        _payTreasury(price, Membership.Founder, true);
    }

    /// @notice Credits the caller's dividend (ecological for nodes, shareholder for founders) to its
    ///         withdrawable balance.
    /// @return amount USDC credited.
    function claimDividends() external nonReentrant returns (uint256 amount) {
        return _claimDividend(msg.sender, _accounts[msg.sender]);
    }

    // ---------------------------------------------------------------------------------------------
    // Grants (activity and promotion income)
    // ---------------------------------------------------------------------------------------------

    /// @notice Deposits USDC into the grants budget. Operator only.
    /// @param amount USDC (needs an allowance).
    function depositGrants(uint256 amount) external onlyOwner nonReentrant {
        if (amount == 0) revert ZeroAmount();
        grantsBudget += _pull(usdc, msg.sender, amount);
        emit GrantsBudgetChanged(amount, true);
    }

    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.
    /// @param amount USDC (≤ grantsBudget).
    function withdrawGrants(uint256 amount) external onlyOwner nonReentrant {
        uint256 budget = grantsBudget;
        if (amount == 0) revert ZeroAmount();
        if (amount > budget) revert InsufficientBalance(budget);
        grantsBudget = budget - amount;
        emit GrantsBudgetChanged(amount, false);
        usdc.safeTransfer(msg.sender, amount);
    }

    /// @notice Credits grants from the grants budget to users' withdrawable balances. Operator only.
    /// @param users Recipients.
    /// @param amounts USDC each.
    /// @param source IncomeSource.Activity or IncomeSource.Promotion (the reason code).
    function creditGrants(address[] calldata users, uint256[] calldata amounts, IncomeSource source)
        external
        onlyOwner
    {
        if (source != IncomeSource.Activity && source != IncomeSource.Promotion) {
            revert InvalidGrantSource();
        }
        if (users.length != amounts.length) revert LengthMismatch();
        uint256 budget = grantsBudget;
        uint256 total;
        for (uint256 i = 0; i < users.length; ++i) {
            address user = users[i];
            uint256 amount = amounts[i];
            if (user == address(0)) revert ZeroAddress();
            if (amount == 0) revert ZeroAmount();
            total += amount;
            if (total > budget) revert InsufficientBalance(budget);
            _accounts[user].withdrawable += amount;
            emit IncomeCredited(user, source, address(0), address(usdc), amount);
        }
        grantsBudget = budget - total;
        totalWithdrawable += total;
    }

    // ---------------------------------------------------------------------------------------------
    // Governance: pause and timelocked parameters
    // ---------------------------------------------------------------------------------------------

    /// @notice Pauses the pool: no new stakes or purchases, and every position's principal can be
    ///         released at once.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Unpauses the pool.
    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Queues a parameter change, executable after TIMELOCK_DELAY. Operator only. Replaces a
    ///         change already queued for the same parameter (with a new eta).
    /// @param param The parameter.
    /// @param value The new value (an address as its uint160).
    function queueParam(Param param, uint256 value) external onlyOwner {
        _validateParam(param, value);
        uint64 eta = uint64(block.timestamp + TIMELOCK_DELAY);
        pendingChanges[param] = PendingChange({value: value, eta: eta});
        emit ParamQueued(param, value, eta);
    }

    /// @notice Cancels a queued change. Operator only.
    /// @param param The parameter.
    function cancelParam(Param param) external onlyOwner {
        if (pendingChanges[param].eta == 0) revert NothingQueued(param);
        delete pendingChanges[param];
        emit ParamCancelled(param);
    }

    /// @notice Applies a queued change once its eta has passed. Operator only.
    /// @param param The parameter.
    function executeParam(Param param) external onlyOwner {
        PendingChange memory change = pendingChanges[param];
        if (change.eta == 0) revert NothingQueued(param);
        if (block.timestamp < change.eta) revert TimelockNotReady(change.eta);
        delete pendingChanges[param];
        _setParam(param, change.value);
    }

    // ---------------------------------------------------------------------------------------------
    // Views: positions, totals, accounts
    // ---------------------------------------------------------------------------------------------

    /// @notice Number of positions of `user`.
    /// @param user The owner.
    /// @return The count.
    function positionCount(address user) external view returns (uint256) {
        return _accounts[user].positionCount;
    }

    /// @notice One position of `user`.
    /// @param user The owner.
    /// @param positionId The position's index.
    /// @return The position.
    function getPosition(address user, uint256 positionId) external view returns (Position memory) {
        if (positionId >= _accounts[user].positionCount) revert PositionNotFound(positionId);
        return _view(_positions[user][positionId]);
    }

    /// @notice All positions of `user` (use getPositionsPage for long lists).
    /// @param user The owner.
    /// @return The positions, in id order.
    function getPositions(address user) external view returns (Position[] memory) {
        return getPositionsPage(user, 0, type(uint256).max);
    }

    /// @notice Up to `limit` positions of `user` starting at id `offset` (empty past the end).
    /// @param user The owner.
    /// @param offset The first position id.
    /// @param limit The largest number to return.
    /// @return page The positions `offset .. offset+limit-1` that exist.
    function getPositionsPage(address user, uint256 offset, uint256 limit)
        public
        view
        returns (Position[] memory page)
    {
        uint256 length = _accounts[user].positionCount;
        if (offset >= length) return new Position[](0);
        uint256 end = length - offset < limit ? length : offset + limit;
        page = new Position[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = _view(_positions[user][i]);
        }
    }

    /// @notice A user's principal totals: staked, to be released, released, withdrawn.
    /// @dev A view that walks the user's positions; state-changing code never loops over positions.
    /// @param user The owner.
    /// @return totals The totals.
    function getUserTotals(address user) external view returns (UserTotals memory totals) {
        uint256 length = _accounts[user].positionCount;
        totals.positions = length;
        for (uint256 i = 0; i < length; ++i) {
            PositionData storage p = _positions[user][i];
            totals.totalStaked += p.amount;
            if (p.released) totals.withdrawn += p.amount;
            if (p.released || block.timestamp >= _endTime(p)) {
                totals.released += p.amount;
            } else {
                totals.toBeReleased += p.amount;
            }
        }
    }

    /// @notice Principal `user` currently has in positions.
    /// @param user The owner.
    /// @return active The active stake in base units.
    function activeStakeOf(address user) public view returns (uint256 active) {
        uint256 length = _accounts[user].positionCount;
        for (uint256 i = 0; i < length; ++i) {
            PositionData storage p = _positions[user][i];
            if (!p.released) active += p.amount;
        }
    }

    /// @notice Everything about `user` the app shows (balances, level, membership, pending income).
    /// @param user The address.
    /// @return v The account view.
    function getAccount(address user) external view returns (AccountView memory v) {
        Account storage a = _accounts[user];
        v.superior = a.superior;
        v.teamStake = _teamStake(user);
        v.level = levelOf(user);
        v.earned = a.earned;
        v.withdrawable = a.withdrawable;
        v.exchangeCount = a.exchangeCount;
        v.membership = a.membership;
        v.purchasedNode = a.purchasedNode;
        v.purchasedFounder = a.purchasedFounder;
        v.pendingDividend = _pendingDividend(a);
        uint256 length = a.positionCount;
        for (uint256 i = 0; i < length; ++i) {
            PositionData storage p = _positions[user][i];
            if (p.released) continue;
            v.activeStake += p.amount;
            Plan storage plan = _plans[p.planId];
            uint256 full = _fullMining(p.amount, plan);
            v.pendingMining += _minedAt(full, p, plan, block.timestamp)
            - _minedAt(full, p, plan, p.settledUntil);
        }
    }

    /// @notice Principal staked into the pool today (UTC day) — no T+1: today's stakes mine at once.
    /// @return USDC base units.
    function todayStaked() external view returns (uint256) {
        return _statDay == block.timestamp / 1 days ? _statStaked : 0;
    }

    // ---------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------

    function _plan(uint256 planId) private view returns (Plan storage) {
        if (planId >= _plans.length) revert PlanNotFound(planId);
        return _plans[planId];
    }

    function _teamStake(address user) private view returns (uint256) {
        return uint256(_accounts[user].teamCents) * _teamUnit;
    }

    function _referralBps(uint256 depth) private pure returns (uint256) {
        return depth == 0 ? REFERRAL_BPS_1 : depth == 1 ? REFERRAL_BPS_2 : REFERRAL_BPS_3;
    }

    function _fullMining(uint256 amount, Plan storage plan) private view returns (uint256) {
        return amount * plan.dailyRate * plan.termDays / RATE_SCALE;
    }

    function _endTime(PositionData storage p) private view returns (uint256) {
        return uint256(p.startTime) + uint256(_plans[p.planId].termDays) * 1 days;
    }

    /// @dev Mining earned by a position from its start up to `t` (clamped to its term), rounded down.
    function _minedAt(uint256 full, PositionData storage p, Plan storage plan, uint256 t)
        private
        view
        returns (uint256)
    {
        uint256 start = p.startTime;
        uint256 term = uint256(plan.termDays) * 1 days;
        if (t >= start + term) return full;
        return full * (t - start) / term;
    }

    function _view(PositionData storage p) private view returns (Position memory position) {
        Plan storage plan = _plans[p.planId];
        uint256 full = _fullMining(p.amount, plan);
        position = Position({
            planId: p.planId,
            amount: p.amount,
            startTime: p.startTime,
            endTime: uint64(_endTime(p)),
            withdrawn: p.released,
            settledUntil: p.settledUntil,
            totalReward: full,
            rewardPaid: _minedAt(full, p, plan, p.settledUntil)
        });
    }

    function _path() private view returns (address[] memory path) {
        path = new address[](2);
        path[0] = address(rewardToken);
        path[1] = address(usdc);
    }

    function _feeBpsFor(address user) private view returns (uint256) {
        if (_accounts[user].exchangeCount < FREE_EXCHANGES || levelOf(user) >= FEE_FREE_LEVEL) return 0;
        return feeBps;
    }

    function _pull(IERC20 token, address from, uint256 amount) private returns (uint256 received) {
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(from, address(this), amount);
        received = token.balanceOf(address(this)) - before;
        if (received != amount) revert TransferAmountMismatch(amount, received);
    }

    function _stake(uint256 planId, uint256 amount) private returns (uint256 positionId) {
        if (!isInTree(msg.sender)) revert NotBound();
        if (amount <= minStakeExclusive) revert AmountTooSmall(minStakeExclusive);
        Plan storage plan = _plan(planId);
        if (block.timestamp < plan.opensAt) revert SubscriptionNotStarted(planId, plan.opensAt);
        if (block.timestamp >= plan.closesAt || paused()) revert SubscriptionEnded(planId);
        uint256 remaining = plan.cap - plan.totalStaked;
        if (remaining <= minStakeExclusive) revert SubscriptionEnded(planId);
        if (amount > remaining) revert CapExceeded(planId, remaining);

        uint256 reserve = _reserve(plan, amount);
        uint64 startTime = uint64(block.timestamp);
        plan.totalStaked += uint128(amount);
        Account storage account = _accounts[msg.sender];
        totalStaked += uint128(amount);
        totalActiveStake += uint128(amount);
        uint40 today = uint40(block.timestamp / 1 days);
        if (_statDay == today) {
            _statStaked += uint216(amount);
        } else {
            (_statDay, _statStaked) = (today, uint216(amount));
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
            msg.sender, positionId, planId, amount, startTime, startTime + uint64(plan.termDays) * 1 days
        );
        emit RewardReserved(msg.sender, positionId, reserve);
        _pull(usdc, msg.sender, amount);
    }

    /// @dev Reserves full-term mining plus the commissions of the caller's uplines (fixed forever once
    ///      bound) and counts `amount` in the uplines' team performance.
    function _reserve(Plan storage plan, uint256 amount) private returns (uint256 reserve) {
        uint256 mining = _fullMining(amount, plan);
        reserve = mining;
        address up = _accounts[msg.sender].superior;
        for (uint256 j = 0; j < REFERRAL_DEPTH && up != address(0); ++j) {
            Account storage upAccount = _accounts[up];
            reserve += mining * _referralBps(j) / BPS;
            upAccount.teamCents += uint64(amount / _teamUnit);
            up = upAccount.superior;
        }
        uint256 reserved = rewardReserved;
        uint256 unreserved = rewardBudget - reserved;
        if (reserve > unreserved) revert InsufficientRewardBudget(reserve, unreserved);
        rewardReserved = uint128(reserved + reserve);
    }

    /// @dev Credits mining of one position from its last settlement to `until` (clamped to its end)
    ///      and the uplines' commissions on it, from the reserve. Commissions use cumulative rounding,
    ///      so over the whole term each upline gets exactly floor(full * bps / BPS), as reserved.
    function _settle(
        address user,
        PositionData storage p,
        Plan storage plan,
        address[3] memory ups,
        uint256 until
    ) private returns (uint256 full, uint256 minedNow) {
        full = _fullMining(p.amount, plan);
        uint256 settled = p.settledUntil;
        uint256 minedBefore = _minedAt(full, p, plan, settled);
        minedNow = _minedAt(full, p, plan, until);
        if (until <= settled) return (full, minedBefore);
        p.settledUntil = uint40(until);
        uint256 paid = minedNow - minedBefore;
        if (paid == 0) return (full, minedNow);
        _credit(user, IncomeSource.Mining, user, paid);
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 bps = _referralBps(j);
            uint256 commission = minedNow * bps / BPS - minedBefore * bps / BPS;
            if (commission != 0) {
                _credit(ups[j], j == 0 ? IncomeSource.Referral : IncomeSource.Team, user, commission);
                paid += commission;
            }
        }
        rewardReserved -= uint128(paid);
        rewardBudget -= uint128(paid);
        totalEarned += paid;
    }

    function _credit(address user, IncomeSource source, address from, uint256 amount) private {
        _accounts[user].earned += amount;
        emit IncomeCredited(user, source, from, address(rewardToken), amount);
    }

    function _release(uint256 positionId, bool paid) private returns (uint256 amount) {
        if (positionId >= _accounts[msg.sender].positionCount) revert PositionNotFound(positionId);
        PositionData storage p = _positions[msg.sender][positionId];
        if (p.released) revert AlreadyWithdrawn(positionId);
        uint256 endTime = _endTime(p);
        bool early = block.timestamp < endTime;
        if (early && !paused()) revert StillLocked(positionId, uint64(endTime));
        amount = p.amount;
        _closeOut(p, amount);
        p.released = true;
        totalActiveStake -= uint128(amount);
        emit PrincipalReleased(msg.sender, positionId, amount, early, paid);
    }

    /// @dev Settles a released position's mining up to now and returns the rest of its reservation
    ///      (non-zero only when released early in a pause) to the budget; removes it from the uplines'
    ///      team performance.
    function _closeOut(PositionData storage p, uint256 amount) private {
        address[3] memory ups = selectUplines(msg.sender);
        (uint256 full, uint256 mined) = _settle(msg.sender, p, _plans[p.planId], ups, block.timestamp);
        uint256 unreserve = full - mined;
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 bps = _referralBps(j);
            unreserve += full * bps / BPS - mined * bps / BPS;
            _accounts[ups[j]].teamCents -= uint64(amount / _teamUnit);
        }
        if (unreserve != 0) rewardReserved -= uint128(unreserve);
    }

    function _becomeFounder(Account storage a) private {
        if (founderSold >= founderLimit) revert SoldOut();
        ++founderSold;
        ++founderHolders;
        a.membership = Membership.Founder;
        a.purchasedFounder = true;
        a.dividendDebt = accShareholderPerFounder;
    }

    function _payTreasury(uint256 price, Membership membership, bool upgrade) private {
        address to = treasury;
        emit MembershipPurchased(msg.sender, membership, price, upgrade, to);
        if (price != 0) usdc.safeTransferFrom(msg.sender, to, price);
    }

    function _pendingDividend(Account storage a) private view returns (uint256) {
        if (a.membership == Membership.Node) return (accEcologicalPerNode - a.dividendDebt) / ACC_SCALE;
        if (a.membership == Membership.Founder) {
            return (accShareholderPerFounder - a.dividendDebt) / ACC_SCALE;
        }
        return 0;
    }

    function _claimDividend(address user, Account storage a) private returns (uint256 amount) {
        amount = _pendingDividend(a);
        if (amount == 0) return 0;
        a.dividendDebt += amount * ACC_SCALE;
        a.withdrawable += amount;
        totalWithdrawable += amount;
        dividendsUnclaimed -= amount;
        emit IncomeCredited(
            user,
            a.membership == Membership.Node
                ? IncomeSource.EcologicalDividend
                : IncomeSource.ShareholderDividend,
            address(0),
            address(usdc),
            amount
        );
    }

    function _validateParam(Param param, uint256 value) private view {
        bool ok;
        if (param == Param.FeeBps) {
            ok = value <= MAX_FEE_BPS;
        } else if (param == Param.MinWithdrawal) {
            ok = value <= maxMinWithdrawal;
        } else if (param == Param.NodePrice || param == Param.FounderPrice) {
            ok = value != 0 && value <= type(uint128).max;
        } else if (param == Param.NodeLimit) {
            ok = value >= nodeSold && value <= type(uint32).max;
        } else if (param == Param.FounderLimit) {
            ok = value >= founderSold && value <= type(uint32).max;
        } else {
            ok = value != 0 && value <= type(uint160).max;
        }
        if (!ok) revert InvalidParamValue(param, value);
    }

    function _setParam(Param param, uint256 value) private {
        _validateParam(param, value);
        if (param == Param.FeeBps) feeBps = value;
        else if (param == Param.MinWithdrawal) minWithdrawal = value;
        else if (param == Param.NodePrice) nodePrice = value;
        else if (param == Param.NodeLimit) nodeLimit = value;
        else if (param == Param.FounderPrice) founderPrice = value;
        else if (param == Param.FounderLimit) founderLimit = value;
        else treasury = address(uint160(value));
        emit ParamChanged(param, value);
    }
}
