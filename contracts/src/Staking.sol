// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Metadata} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Metadata.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title Staking
/// @notice Non-custodial USDC staking: a three-level referral tree, subscription plans and
///         time-locked positions whose principal always comes back to its owner.
/// @dev Foundation slice. Honest by construction (docs: DESIGN.md section 1):
///      - user funds only ever move between the user and this contract; no admin function can
///        move a user's principal;
///      - principal is withdrawable when its term ends, and at once if the operator pauses;
///      - the contract is not upgradeable.
///      Reserved rewards in a reward coin, referral commissions, team performance, levels,
///      exchange, withdraw balances, nodes/founders and grants come in the next issue; their
///      per-user state belongs in `Account`, their per-plan state in `Plan`.
contract Staking is Ownable2Step, Pausable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    // ---------------------------------------------------------------------------------------------
    // Types
    // ---------------------------------------------------------------------------------------------

    /// @notice A subscription plan the operator opens.
    /// @param termDays Lock term of a position, in days.
    /// @param dailyRateBps Daily mining rate in basis points of the principal (rewards: next issue).
    /// @param opensAt First second at which stakes are accepted (unix time).
    /// @param closesAt First second at which stakes are no longer accepted (unix time).
    /// @param cap Maximum total principal that may be staked into the plan (USDC base units).
    /// @param totalStaked Principal staked into the plan so far (never decreases).
    struct Plan {
        uint32 termDays;
        uint32 dailyRateBps;
        uint64 opensAt;
        uint64 closesAt;
        uint256 cap;
        uint256 totalStaked;
    }

    /// @notice One stake of one user. Its id is its index in the user's list.
    /// @param planId The plan it was staked into.
    /// @param amount Principal (USDC base units).
    /// @param startTime When it was staked (unix time).
    /// @param endTime When its term ends and the principal is released (unix time).
    /// @param withdrawn Whether the principal has been paid back.
    struct Position {
        uint256 planId;
        uint256 amount;
        uint64 startTime;
        uint64 endTime;
        bool withdrawn;
    }

    /// @notice A user's principal totals, as the staking page shows them.
    /// @param totalStaked All principal ever staked.
    /// @param toBeReleased Principal whose term has not ended (and which was not paused out).
    /// @param released Principal whose term has ended, or which was withdrawn early in a pause.
    /// @param withdrawn Released principal already paid back.
    /// @param positions Number of positions.
    struct UserTotals {
        uint256 totalStaked;
        uint256 toBeReleased;
        uint256 released;
        uint256 withdrawn;
        uint256 positions;
    }

    /// @dev Per-user state. The next issue adds reward accounting, referral and team fields here.
    struct Account {
        address superior;
        uint256 totalStaked;
        uint256 activeStake;
        uint256 principalWithdrawn;
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
    /// @notice Highest daily rate a plan can promise (10% a day), in basis points.
    uint32 public constant MAX_DAILY_RATE_BPS = 1000;

    /// @notice The staked token (USDC of this network).
    IERC20 public immutable usdc;
    /// @notice The staked token's decimals, read from the token at construction.
    uint8 public immutable usdcDecimals;
    /// @notice Smallest amount that is NOT accepted: a stake must be greater than this (base units).
    uint256 public immutable minStakeExclusive;
    /// @notice The founding address: root of the referral tree; it has no superior.
    address public immutable root;

    // ---------------------------------------------------------------------------------------------
    // State
    // ---------------------------------------------------------------------------------------------

    /// @notice Principal ever staked into the pool.
    uint256 public totalStaked;
    /// @notice Principal currently held for users (staked and not yet withdrawn).
    uint256 public totalActiveStake;

    Plan[] private _plans;
    mapping(address user => Account) private _accounts;
    mapping(address user => Position[]) private _positions;

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
    /// @param dailyRateBps Daily rate in basis points.
    /// @param cap Maximum total principal (base units).
    /// @param opensAt Start of the subscription window.
    /// @param closesAt End of the subscription window.
    event PlanCreated(
        uint256 indexed planId,
        uint32 termDays,
        uint32 dailyRateBps,
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
    /// @notice Principal of a position was paid back to its owner (`early` when released by a pause).
    /// @param user The owner, who received it.
    /// @param positionId The position.
    /// @param amount Principal paid (base units).
    /// @param early True when paid before the term's end because the pool is paused.
    event PrincipalWithdrawn(address indexed user, uint256 indexed positionId, uint256 amount, bool early);

    // ---------------------------------------------------------------------------------------------
    // Errors
    // ---------------------------------------------------------------------------------------------

    /// @notice A constructor argument is the zero address.
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
    /// @notice After the permit, the allowance still does not cover the amount.
    error PermitFailed();
    /// @notice The token moved a different amount than requested (fee-on-transfer tokens unsupported).
    error TransferAmountMismatch(uint256 expected, uint256 received);
    /// @notice The caller has no position with this id.
    error PositionNotFound(uint256 positionId);
    /// @notice The position's principal was already withdrawn.
    error AlreadyWithdrawn(uint256 positionId);
    /// @notice The position's term has not ended (and the pool is not paused).
    error StillLocked(uint256 positionId, uint64 endTime);

    // ---------------------------------------------------------------------------------------------
    // Construction
    // ---------------------------------------------------------------------------------------------

    /// @notice Sets the token, the founding address and the operator; reads the token's decimals.
    /// @param usdc_ The staked token (USDC of this network). Its decimals are read here.
    /// @param root_ The founding address, root of the referral tree.
    /// @param owner_ The operator (opens plans, can pause). Cannot touch user funds.
    constructor(IERC20Metadata usdc_, address root_, address owner_) Ownable(owner_) {
        if (address(usdc_) == address(0) || root_ == address(0)) revert ZeroAddress();
        uint8 decimals_ = usdc_.decimals();
        usdc = IERC20(address(usdc_));
        usdcDecimals = decimals_;
        minStakeExclusive = MIN_STAKE_WHOLE_USDC * 10 ** uint256(decimals_);
        root = root_;
    }

    // ---------------------------------------------------------------------------------------------
    // Referral tree
    // ---------------------------------------------------------------------------------------------

    /// @notice Binds `upline` as the caller's superior. Permanent; once per address.
    /// @dev The upline must already be in the tree (the root or bound), so cycles cannot form.
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

    // ---------------------------------------------------------------------------------------------
    // Plans
    // ---------------------------------------------------------------------------------------------

    /// @notice Opens a new plan. Operator only. Existing plans never change terms.
    /// @param termDays Lock term in days (1..MAX_TERM_DAYS).
    /// @param dailyRateBps Daily rate in basis points (0..MAX_DAILY_RATE_BPS).
    /// @param cap Maximum total principal (base units, > minStakeExclusive).
    /// @param opensAt Start of the subscription window (unix time).
    /// @param closesAt End of the subscription window (unix time, after opensAt and in the future).
    /// @return planId The new plan's id.
    function createPlan(uint32 termDays, uint32 dailyRateBps, uint256 cap, uint64 opensAt, uint64 closesAt)
        external
        onlyOwner
        returns (uint256 planId)
    {
        if (
            termDays == 0 || termDays > MAX_TERM_DAYS || dailyRateBps > MAX_DAILY_RATE_BPS
                || cap <= minStakeExclusive || closesAt <= opensAt || closesAt <= block.timestamp
        ) revert InvalidPlan();
        planId = _plans.length;
        _plans.push(
            Plan({
                termDays: termDays,
                dailyRateBps: dailyRateBps,
                opensAt: opensAt,
                closesAt: closesAt,
                cap: cap,
                totalStaked: 0
            })
        );
        emit PlanCreated(planId, termDays, dailyRateBps, cap, opensAt, closesAt);
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
    /// @dev False is shown as 'Subscription has ended' (or not yet started, before opensAt).
    /// @param planId The plan id.
    /// @return True when a stake of more than the minimum can be accepted.
    function isSubscriptionOpen(uint256 planId) public view returns (bool) {
        if (planId >= _plans.length || paused()) return false;
        Plan storage plan = _plans[planId];
        return block.timestamp >= plan.opensAt && block.timestamp < plan.closesAt
            && plan.cap - plan.totalStaked > minStakeExclusive;
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

    /// @notice Pays a position's principal back to its owner: after its term ends, or at any time
    ///         while the pool is paused.
    /// @param positionId The position's index in the caller's list.
    function withdrawPrincipal(uint256 positionId) external nonReentrant {
        Position[] storage list = _positions[msg.sender];
        if (positionId >= list.length) revert PositionNotFound(positionId);
        Position storage position = list[positionId];
        if (position.withdrawn) revert AlreadyWithdrawn(positionId);
        bool early = block.timestamp < position.endTime;
        if (early && !paused()) revert StillLocked(positionId, position.endTime);

        uint256 amount = position.amount;
        position.withdrawn = true;
        Account storage account = _accounts[msg.sender];
        account.activeStake -= amount;
        account.principalWithdrawn += amount;
        totalActiveStake -= amount;
        emit PrincipalWithdrawn(msg.sender, positionId, amount, early);
        usdc.safeTransfer(msg.sender, amount);
    }

    // ---------------------------------------------------------------------------------------------
    // Pause (stops new stakes; releases all principal at once)
    // ---------------------------------------------------------------------------------------------

    /// @notice Pauses the pool: no new stakes, and every position's principal can be withdrawn at once.
    function pause() external onlyOwner {
        _pause();
    }

    /// @notice Unpauses the pool.
    function unpause() external onlyOwner {
        _unpause();
    }

    // ---------------------------------------------------------------------------------------------
    // Views: positions and totals
    // ---------------------------------------------------------------------------------------------

    /// @notice Number of positions of `user`.
    /// @param user The owner.
    /// @return The count.
    function positionCount(address user) external view returns (uint256) {
        return _positions[user].length;
    }

    /// @notice One position of `user`.
    /// @param user The owner.
    /// @param positionId The position's index.
    /// @return The position.
    function getPosition(address user, uint256 positionId) external view returns (Position memory) {
        Position[] storage list = _positions[user];
        if (positionId >= list.length) revert PositionNotFound(positionId);
        return list[positionId];
    }

    /// @notice All positions of `user` (use getPositionsPage for long lists).
    /// @param user The owner.
    /// @return The positions, in id order.
    function getPositions(address user) external view returns (Position[] memory) {
        return _positions[user];
    }

    /// @notice Up to `limit` positions of `user` starting at id `offset` (empty past the end).
    /// @param user The owner.
    /// @param offset The first position id.
    /// @param limit The largest number to return.
    /// @return page The positions `offset .. offset+limit-1` that exist.
    function getPositionsPage(address user, uint256 offset, uint256 limit)
        external
        view
        returns (Position[] memory page)
    {
        Position[] storage list = _positions[user];
        uint256 length = list.length;
        if (offset >= length) return new Position[](0);
        uint256 end = length - offset < limit ? length : offset + limit;
        page = new Position[](end - offset);
        for (uint256 i = offset; i < end; ++i) {
            page[i - offset] = list[i];
        }
    }

    /// @notice A user's principal totals: staked, to be released, released, withdrawn.
    /// @dev A view that walks the user's positions (each holds more than 100 USDC, so lists stay short);
    ///      state-changing code never loops over positions.
    /// @param user The owner.
    /// @return totals The totals.
    function getUserTotals(address user) external view returns (UserTotals memory totals) {
        Account storage account = _accounts[user];
        Position[] storage list = _positions[user];
        uint256 length = list.length;
        totals.totalStaked = account.totalStaked;
        totals.withdrawn = account.principalWithdrawn;
        totals.positions = length;
        for (uint256 i = 0; i < length; ++i) {
            Position storage position = list[i];
            if (position.withdrawn || block.timestamp >= position.endTime) {
                totals.released += position.amount;
            } else {
                totals.toBeReleased += position.amount;
            }
        }
    }

    /// @notice Principal `user` currently has in the pool (staked and not withdrawn).
    /// @param user The owner.
    /// @return The active stake in base units.
    function activeStakeOf(address user) external view returns (uint256) {
        return _accounts[user].activeStake;
    }

    // ---------------------------------------------------------------------------------------------
    // Internals
    // ---------------------------------------------------------------------------------------------

    function _plan(uint256 planId) private view returns (Plan storage) {
        if (planId >= _plans.length) revert PlanNotFound(planId);
        return _plans[planId];
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

        uint64 startTime = uint64(block.timestamp);
        uint64 endTime = startTime + uint64(plan.termDays) * 1 days;
        plan.totalStaked += amount;
        Account storage account = _accounts[msg.sender];
        account.totalStaked += amount;
        account.activeStake += amount;
        totalStaked += amount;
        totalActiveStake += amount;
        positionId = _positions[msg.sender].length;
        _positions[msg.sender].push(
            Position({
                planId: planId, amount: amount, startTime: startTime, endTime: endTime, withdrawn: false
            })
        );
        emit Staked(msg.sender, positionId, planId, amount, startTime, endTime);

        uint256 balanceBefore = usdc.balanceOf(address(this));
        usdc.safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = usdc.balanceOf(address(this)) - balanceBefore;
        if (received != amount) revert TransferAmountMismatch(amount, received);
    }
}
