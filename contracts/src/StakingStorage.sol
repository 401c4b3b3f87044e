// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {IUniswapV2Router} from "./interfaces/IUniswapV2Router.sol";
import {IStaking} from "./IStaking.sol";
import {StakingMath} from "./StakingMath.sol";

/// @title StakingStorage
/// @notice What every part of Staking shares: constants, immutables set from the deployment's `Config`,
///         storage, the pause flag, and the two helpers more than one part uses (`_pull` with its received-
///         amount check, and the withdrawable total).
/// @dev A part of Staking (see Staking.sol for the rules all parts keep); abstract, composed there.
abstract contract StakingStorage is IStaking, Ownable2Step, Pausable, ReentrancyGuardTransient {
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

    uint256 internal constant BPS = StakingMath.BPS;

    uint256 internal constant ACC_SCALE = StakingMath.ACC_SCALE;

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

    uint256 internal immutable _level1;

    uint256 internal immutable _level2;

    uint256 internal immutable _level3;

    uint256 internal immutable _level4;

    uint256 internal immutable _level5;

    uint256 internal immutable _level6;

    /// @dev Base units of one hundredth of a USDC (team performance is kept in hundredths).
    uint256 internal immutable _teamUnit;

    // ---------------------------------------------------------------------------------------------
    // State
    // ---------------------------------------------------------------------------------------------

    /// @dev A plan as stored: `Plan` in two slots instead of three (dailyRate ≤ MAX_DAILY_RATE < 2^120
    ///      and the window as uint40 share the first), so a stake or a settlement reads one cold slot
    ///      fewer. `getPlan` returns it as `Plan`.
    struct PlanData {
        uint32 termDays;
        uint40 opensAt;
        uint40 closesAt;
        uint128 dailyRate;
        uint128 cap;
        uint128 totalStaked;
    }

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

    /// @dev Sum of all users' withdrawable USDC balances, in one slot with `minWithdrawal` because
    ///      `withdraw` reads both (one cold SLOAD fewer; both fit: USDC amounts < 2^128).
    uint128 internal _totalWithdrawable;

    /// @dev Minimum withdrawal in USDC base units (timelocked, ≤ maxMinWithdrawal).
    uint128 internal _minWithdrawal;

    /// @notice USDC fees distributed to the dividend pools and not yet claimed.
    uint256 public dividendsUnclaimed;

    /// @notice USDC the operator deposited for grants and has not yet credited or taken back.
    uint256 public grantsBudget;

    /// @notice Exchange fee in basis points of the USDC received (timelocked, ≤ MAX_FEE_BPS).
    uint256 public feeBps;

    /// @notice Receives node and founder payments, through `payTreasury` (timelocked).
    address public treasury;

    /// @notice USDC paid for memberships and not yet sent to the treasury (`payTreasury`).
    uint256 public treasuryProceeds;

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

    /// @dev Principal staked on `statDay` (a day's stakes stay far below 2^208).
    uint208 internal _statStaked;

    /// @dev The pause flag, kept here instead of Pausable's own slot because `stake` reads this slot
    ///      anyway: one cold SLOAD (2,100 gas) fewer per stake. `paused`, `_pause` and `_unpause` are
    ///      overridden to use it; the events, errors and modifiers are Pausable's.
    bool internal _pausedFlag;

    /// @dev Plans by id (0.._planCount-1); a mapping, not an array, so reading a plan needs no cold
    ///      SLOAD of a length (a plan exists iff its termDays is non-zero).
    mapping(uint256 planId => PlanData) internal _plans;

    uint256 internal _planCount;

    mapping(address user => Account) internal _accounts;

    mapping(address user => mapping(uint256 positionId => PositionData)) internal _positions;

    /// @notice Queued parameter changes.
    mapping(Param param => PendingChange) public pendingChanges;

    // ---------------------------------------------------------------------------------------------
    // Construction, shared views and helpers
    // ---------------------------------------------------------------------------------------------

    /// @notice Checks the deployment's addresses and level thresholds and sets the immutables; Staking's
    ///         constructor then sets the timelocked parameters.
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
    }

    /// @notice A user's stored account, as kept (StakingLens assembles `getAccount` from it).
    /// @param user The address.
    /// @return The stored account.
    function accountData(address user) external view returns (Account memory) {
        return _accounts[user];
    }

    /// @notice Disabled: always reverts. Without an operator a paused pool would stay paused for ever
    ///         and the unreserved budget could never be taken back; hand over with transferOwnership.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
    }

    /// @notice Whether the pool is paused.
    /// @return True while paused.
    function paused() public view override returns (bool) {
        return _pausedFlag;
    }

    function _pause() internal override whenNotPaused {
        _pausedFlag = true;
        emit Paused(_msgSender());
    }

    function _unpause() internal override whenPaused {
        _pausedFlag = false;
        emit Unpaused(_msgSender());
    }

    function _addTotalWithdrawable(uint256 amount) internal {
        _totalWithdrawable += SafeCast.toUint128(amount);
    }

    function _pull(IERC20 token, address from, uint256 amount) internal returns (uint256 received) {
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(from, address(this), amount);
        received = token.balanceOf(address(this)) - before;
        if (received != amount) revert TransferAmountMismatch(amount, received);
    }
}
