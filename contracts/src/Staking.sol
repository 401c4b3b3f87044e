// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IUniswapV2Router} from "./interfaces/IUniswapV2Router.sol";
import {IStaking} from "./IStaking.sol";
import {StakingMath} from "./StakingMath.sol";

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
///      - fee, prices, limits, minimum withdrawal and treasury change only through a 48 h timelock
///        (a queued change expires 7 days after it becomes executable), and fee and minimum withdrawal
///        have hard caps in code; the contract is not upgradeable and ownership cannot be renounced.
///      Types, events and errors are in IStaking; read-only views that walk a user's positions or
///      assemble what a page shows are in StakingLens, which reads this contract's raw getters.
///      Rate unit: a plan's `dailyRate` is reward-coin base units per USDC base unit per day, scaled by
///      1e18, fixed when the plan is created. No price oracle is read at stake time.
///      Accrual: per position, linear per second; `harvest` settles explicit position ids (bounded by
///      calldata), so every action is O(1) in the number of users and positions. No T+1: mining starts
///      the second a stake is made.
contract Staking is IStaking, Ownable2Step, Pausable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

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
    uint256 public constant RATE_SCALE = StakingMath.RATE_SCALE;
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
    uint256 public constant ECOLOGICAL_SHARE_BPS = StakingMath.ECOLOGICAL_SHARE_BPS;
    /// @notice Delay between queueing and executing a parameter change.
    uint256 public constant TIMELOCK_DELAY = 48 hours;
    /// @notice How long a queued change stays executable after its eta; later it must be queued again,
    ///         so a change users have forgotten about cannot be applied by surprise.
    uint256 public constant TIMELOCK_GRACE = 7 days;
    /// @notice Commission of the depth-1 upline, in basis points of the downline's mining.
    uint256 public constant REFERRAL_BPS_1 = StakingMath.REFERRAL_BPS_1;
    /// @notice Commission of the depth-2 upline.
    uint256 public constant REFERRAL_BPS_2 = StakingMath.REFERRAL_BPS_2;
    /// @notice Commission of the depth-3 upline.
    uint256 public constant REFERRAL_BPS_3 = StakingMath.REFERRAL_BPS_3;
    uint256 private constant BPS = StakingMath.BPS;
    uint256 private constant ACC_SCALE = StakingMath.ACC_SCALE;

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

    /// @notice UTC day (unix time / 1 day) of the latest stake; StakingLens.todayStaked reads it.
    uint40 public statDay;
    /// @notice Principal staked on `statDay`.
    uint216 public statStaked;

    Plan[] private _plans;
    mapping(address user => Account) private _accounts;
    mapping(address user => mapping(uint256 positionId => PositionData)) private _positions;
    /// @notice Queued parameter changes.
    mapping(Param param => PendingChange) public pendingChanges;

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
        uint256 t = teamStakeOf(user);
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
    /// @param deadline Last second (unix time) at which the caller accepts the swap; a transaction that
    ///        waited longer in the mempool, at a price the caller never saw, is refused.
    /// @return netUsdc USDC credited.
    function exchange(uint256 amountIn, uint256 minUsdcOut, uint256 deadline)
        external
        nonReentrant
        returns (uint256 netUsdc)
    {
        if (block.timestamp > deadline) revert DeadlinePassed(deadline);
        if (amountIn == 0) revert ZeroAmount();
        Account storage a = _accounts[msg.sender];
        uint256 earned = a.earned;
        if (amountIn > earned) revert InsufficientBalance(earned);
        a.earned = earned - amountIn;
        totalEarned -= amountIn;
        uint256 rate = feeBpsFor(msg.sender);
        if (a.exchangeCount < type(uint32).max) ++a.exchangeCount;

        rewardToken.forceApprove(address(router), amountIn);
        uint256 before = usdc.balanceOf(address(this));
        router.swapExactTokensForTokens(amountIn, minUsdcOut, _path(), address(this), block.timestamp);
        uint256 gross = usdc.balanceOf(address(this)) - before;

        (uint256 eco, uint256 share) = StakingMath.splitFee(gross * rate / BPS, nodeHolders, founderHolders);
        uint256 fee = eco + share;
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

    /// @notice Sends `amount` of the caller's withdrawable USDC to the caller.
    /// @dev A balance smaller than the minimum (a small grant or dividend) may leave as a whole, so the
    ///      minimum can never lock funds in.
    /// @param amount USDC base units (≤ withdrawable; ≥ minWithdrawal unless it is the whole balance).
    function withdraw(uint256 amount) external nonReentrant {
        Account storage a = _accounts[msg.sender];
        uint256 available = a.withdrawable;
        uint256 minimum = minWithdrawal;
        if (amount == 0 || (amount < minimum && amount != available)) revert BelowMinimumWithdrawal(minimum);
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
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function purchaseNode(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        if (nodeSold >= nodeLimit) revert SoldOut();
        ++nodeSold;
        ++nodeHolders;
        a.membership = Membership.Node;
        a.purchasedNode = true;
        a.dividendDebt = accEcologicalPerNode;
        uint256 price = nodePrice;
        // Validated ≤ uint128 when set, so the record is exact.
        a.nodePricePaid = uint128(price);
        _payTreasury(price, maxPrice, Membership.Node, false);
    }

    /// @notice Buys a founder seat for `founderPrice` USDC, paid straight to the treasury. A founder
    ///         shares the shareholder dividend.
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function purchaseFounder(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.None) revert InvalidMembership(a.membership);
        _becomeFounder(a);
        _payTreasury(founderPrice, maxPrice, Membership.Founder, false);
    }

    /// @notice Turns the caller's node into a founder seat, paying `upgradePrice(caller)`: the founder
    ///         price minus what the caller paid for its node (nothing when that is not positive).
    ///         Unclaimed ecological dividend is credited.
    /// @param maxPrice The most the buyer accepts (the price the app showed); a higher price refuses.
    function upgradeNodeToFounder(uint256 maxPrice) external nonReentrant whenNotPaused {
        Account storage a = _accounts[msg.sender];
        if (a.membership != Membership.Node) revert InvalidMembership(a.membership);
        uint256 price = upgradePrice(msg.sender);
        _claimDividend(msg.sender, a);
        --nodeHolders;
        _becomeFounder(a);
        _payTreasury(price, maxPrice, Membership.Founder, true);
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

    /// @notice Disabled: always reverts. Without an operator a paused pool would stay paused for ever
    ///         and the unreserved budget could never be taken back; hand over with transferOwnership.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
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

    /// @notice Applies a queued change once its eta has passed and at most TIMELOCK_GRACE after it.
    ///         Operator only.
    /// @param param The parameter.
    function executeParam(Param param) external onlyOwner {
        PendingChange memory change = pendingChanges[param];
        if (change.eta == 0) revert NothingQueued(param);
        if (block.timestamp < change.eta) revert TimelockNotReady(change.eta);
        uint256 expiresAt = uint256(change.eta) + TIMELOCK_GRACE;
        if (block.timestamp > expiresAt) revert ChangeExpired(expiresAt);
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

    /// @notice A user's stored account, as kept (StakingLens assembles `getAccount` from it).
    /// @param user The address.
    /// @return The stored account.
    function accountData(address user) external view returns (Account memory) {
        return _accounts[user];
    }

    /// @notice One stored position, as kept (all zero past the user's count; StakingLens checks ids).
    /// @param user The owner.
    /// @param positionId The position's index.
    /// @return The stored position.
    function positionData(address user, uint256 positionId) external view returns (PositionData memory) {
        return _positions[user][positionId];
    }

    /// @notice Team performance of `user`: active stake of its downlines at depths 1-3 (USDC base units).
    /// @param user The address.
    /// @return USDC base units (counted in whole hundredths of a USDC).
    function teamStakeOf(address user) public view returns (uint256) {
        return uint256(_accounts[user].teamCents) * _teamUnit;
    }

    /// @notice Exchange fee rate that applies to `user`'s next exchange (0 during its first
    ///         FREE_EXCHANGES exchanges and from level FEE_FREE_LEVEL).
    /// @param user The address.
    /// @return Basis points of the USDC received.
    function feeBpsFor(address user) public view returns (uint256) {
        if (_accounts[user].exchangeCount < FREE_EXCHANGES || levelOf(user) >= FEE_FREE_LEVEL) return 0;
        return feeBps;
    }

    /// @notice What `upgradeNodeToFounder` charges `user` now: the founder price minus what `user` paid
    ///         for its node (nothing when that is not positive), so a node price change never makes an
    ///         upgrade dearer or free.
    /// @param user The node holder.
    /// @return USDC base units.
    function upgradePrice(address user) public view returns (uint256) {
        uint256 paid = _accounts[user].nodePricePaid;
        uint256 founder = founderPrice;
        return founder > paid ? founder - paid : 0;
    }

    // ---------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------

    function _plan(uint256 planId) private view returns (Plan storage) {
        if (planId >= _plans.length) revert PlanNotFound(planId);
        return _plans[planId];
    }

    function _fullMining(uint256 amount, Plan storage plan) private view returns (uint256) {
        return StakingMath.fullMining(amount, plan.dailyRate, plan.termDays);
    }

    function _endTime(PositionData storage p) private view returns (uint256) {
        return uint256(p.startTime) + uint256(_plans[p.planId].termDays) * 1 days;
    }

    function _minedAt(uint256 full, PositionData storage p, Plan storage plan, uint256 t)
        private
        view
        returns (uint256)
    {
        return StakingMath.minedAt(full, p.startTime, plan.termDays, t);
    }

    function _path() private view returns (address[] memory path) {
        path = new address[](2);
        path[0] = address(rewardToken);
        path[1] = address(usdc);
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
        if (statDay == today) {
            statStaked += uint216(amount);
        } else {
            (statDay, statStaked) = (today, uint216(amount));
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
            reserve += mining * StakingMath.referralBps(j) / BPS;
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
            uint256 bps = StakingMath.referralBps(j);
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
        _closeOut(p, positionId, amount);
        p.released = true;
        totalActiveStake -= uint128(amount);
        emit PrincipalReleased(msg.sender, positionId, amount, early, paid);
    }

    /// @dev Settles a released position's mining up to now and returns the rest of its reservation
    ///      (non-zero only when released early in a pause) to the budget; removes it from the uplines'
    ///      team performance.
    function _closeOut(PositionData storage p, uint256 positionId, uint256 amount) private {
        address[3] memory ups = selectUplines(msg.sender);
        (uint256 full, uint256 mined) = _settle(msg.sender, p, _plans[p.planId], ups, block.timestamp);
        uint256 unreserve = full - mined;
        for (uint256 j = 0; j < REFERRAL_DEPTH && ups[j] != address(0); ++j) {
            uint256 bps = StakingMath.referralBps(j);
            unreserve += full * bps / BPS - mined * bps / BPS;
            _accounts[ups[j]].teamCents -= uint64(amount / _teamUnit);
        }
        if (unreserve != 0) {
            rewardReserved -= uint128(unreserve);
            emit ReservationReturned(msg.sender, positionId, unreserve);
        }
    }

    function _becomeFounder(Account storage a) private {
        if (founderSold >= founderLimit) revert SoldOut();
        ++founderSold;
        ++founderHolders;
        a.membership = Membership.Founder;
        a.purchasedFounder = true;
        a.dividendDebt = accShareholderPerFounder;
    }

    function _payTreasury(uint256 price, uint256 maxPrice, Membership membership, bool upgrade) private {
        if (price > maxPrice) revert PriceAboveMax(price, maxPrice);
        address to = treasury;
        emit MembershipPurchased(msg.sender, membership, price, upgrade, to);
        if (price != 0) usdc.safeTransferFrom(msg.sender, to, price);
    }

    function _pendingDividend(Account storage a) private view returns (uint256) {
        return StakingMath.pendingDividend(
            a.membership, a.dividendDebt, accEcologicalPerNode, accShareholderPerFounder
        );
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
