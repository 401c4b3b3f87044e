// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Vm} from "forge-std/Vm.sol";
import {IStaking} from "../../src/IStaking.sol";
import {IUniswapV2Router} from "../../src/interfaces/IUniswapV2Router.sol";

/// @dev Staking's and StakingLens's external functions, as the tests call them. The tests deploy both
///      contracts from their build artifacts (StakingTestBase._newStaking/_newLens) and never import
///      their sources, so a change to the contracts rebuilds only the contracts, not every test: one
///      generated mutant then costs a build of src/ (seconds), not of the whole suite (docs: MUTANTS).
///      StakingAbiTest checks that these lists equal the contracts' compiled ABIs, function by function.
interface IStakingApi is IStaking {
    function ECOLOGICAL_SHARE_BPS() external view returns (uint256);
    function FEE_FREE_LEVEL() external view returns (uint256);
    function FREE_EXCHANGES() external view returns (uint256);
    function MAX_DAILY_RATE() external view returns (uint256);
    function MAX_FEE_BPS() external view returns (uint256);
    function MAX_MIN_WITHDRAWAL_WHOLE_USDC() external view returns (uint256);
    function MAX_TERM_DAYS() external view returns (uint32);
    function MIN_STAKE_WHOLE_USDC() external view returns (uint256);
    function RATE_SCALE() external view returns (uint256);
    function REFERRAL_BPS_1() external view returns (uint256);
    function REFERRAL_BPS_2() external view returns (uint256);
    function REFERRAL_BPS_3() external view returns (uint256);
    function REFERRAL_DEPTH() external view returns (uint256);
    function TIMELOCK_DELAY() external view returns (uint256);
    function TIMELOCK_GRACE() external view returns (uint256);
    function accEcologicalPerNode() external view returns (uint256);
    function accShareholderPerFounder() external view returns (uint256);
    function acceptOwnership() external;
    function accountData(address user) external view returns (Account memory);
    function bindSuperior(address upline) external;
    function cancelParam(Param param) external;
    function claimDividends() external returns (uint256 amount);
    function closePlan(uint256 planId) external;
    function createPlan(uint32 termDays, uint256 dailyRate, uint256 cap, uint64 opensAt, uint64 closesAt)
        external
        returns (uint256 planId);
    function creditGrants(address[] memory users, uint256[] memory amounts, IncomeSource source) external;
    function depositGrants(uint256 amount) external;
    function dividendsUnclaimed() external view returns (uint256);
    function exchange(uint256 amountIn, uint256 minUsdcOut, uint256 deadline)
        external
        returns (uint256 netUsdc);
    function executeParam(Param param) external;
    function feeBps() external view returns (uint256);
    function feeBpsFor(address user) external view returns (uint256);
    function founderHolders() external view returns (uint256);
    function founderLimit() external view returns (uint256);
    function founderPrice() external view returns (uint256);
    function founderSold() external view returns (uint256);
    function fundRewards(uint256 amount) external;
    function getPlan(uint256 planId) external view returns (Plan memory);
    function getSuperior(address user) external view returns (address);
    function grantsBudget() external view returns (uint256);
    function harvest(address user, uint256[] memory positionIds) external;
    function isInTree(address user) external view returns (bool);
    function levelOf(address user) external view returns (uint256 level);
    function levelThresholds() external view returns (uint256[6] memory thresholds);
    function maxMinWithdrawal() external view returns (uint256);
    function minStakeExclusive() external view returns (uint256);
    function minWithdrawal() external view returns (uint256);
    function nodeHolders() external view returns (uint256);
    function nodeLimit() external view returns (uint256);
    function nodePrice() external view returns (uint256);
    function nodeSold() external view returns (uint256);
    function owner() external view returns (address);
    function pause() external;
    function paused() external view returns (bool);
    function payTreasury() external;
    function pendingChanges(Param param) external view returns (uint256 value, uint64 eta);
    function pendingOwner() external view returns (address);
    function planCount() external view returns (uint256);
    function positionCount(address user) external view returns (uint256);
    function positionData(address user, uint256 positionId) external view returns (PositionData memory);
    function purchaseFounder(uint256 maxPrice) external;
    function purchaseNode(uint256 maxPrice) external;
    function queueParam(Param param, uint256 value) external;
    function releasePrincipal(uint256[] memory positionIds) external;
    function renounceOwnership() external view;
    function rewardBudget() external view returns (uint128);
    function rewardBudgetInfo() external view returns (uint256 budget, uint256 reserved, uint256 unreserved);
    function rewardReserved() external view returns (uint128);
    function rewardToken() external view returns (IERC20);
    function root() external view returns (address);
    function router() external view returns (IUniswapV2Router);
    function selectUplines(address user) external view returns (address[3] memory uplines);
    function stake(uint256 planId, uint256 amount) external returns (uint256 positionId);
    function stakeWithPermit(uint256 planId, uint256 amount, uint256 deadline, uint8 v, bytes32 r, bytes32 s)
        external
        returns (uint256 positionId);
    function statDay() external view returns (uint40);
    function statStaked() external view returns (uint216);
    function teamStakeOf(address user) external view returns (uint256);
    function totalActiveStake() external view returns (uint128);
    function totalEarned() external view returns (uint256);
    function totalStaked() external view returns (uint128);
    function totalWithdrawable() external view returns (uint256);
    function transferOwnership(address newOwner) external;
    function treasury() external view returns (address);
    function treasuryProceeds() external view returns (uint256);
    function unpause() external;
    function upgradeNodeToFounder(uint256 maxPrice) external;
    function upgradePrice(address user) external view returns (uint256);
    function usdc() external view returns (IERC20);
    function usdcDecimals() external view returns (uint8);
    function withdraw(uint256 amount) external;
    function withdrawGrants(uint256 amount) external;
    function withdrawPrincipal(uint256 positionId) external;
    function withdrawRewardCoin(uint256 amount) external;
    function withdrawUnreserved(uint256 amount) external;
}

/// @dev StakingLens's errors and external functions (see IStakingApi).
interface IStakingLensApi {
    // Its errors are IStaking's (ZeroAddress, PositionNotFound).
    function MAX_PLANS_PAGE() external view returns (uint256);
    function activeStakeOf(address user) external view returns (uint256 active);
    function getAccount(address user) external view returns (IStaking.AccountView memory v);
    function getPlans(uint256 offset, uint256 limit)
        external
        view
        returns (IStaking.Plan[] memory page, uint256 total);
    function getPosition(address user, uint256 positionId) external view returns (IStaking.Position memory);
    function getPositions(address user) external view returns (IStaking.Position[] memory);
    function getPositionsPage(address user, uint256 offset, uint256 limit)
        external
        view
        returns (IStaking.Position[] memory page);
    function getUserTotals(address user) external view returns (IStaking.UserTotals memory totals);
    function isSubscriptionOpen(uint256 planId) external view returns (bool);
    function quoteExchange(address user, uint256 amountIn)
        external
        view
        returns (IStaking.ExchangeQuote memory q);
    function rewardFor(address user, uint256 planId, uint256 amount)
        external
        view
        returns (uint256 mining, uint256 reserve);
    function staking() external view returns (IStakingApi);
    function todayStaked() external view returns (uint256);
}

Vm constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

/// @dev Deploys Staking from its build artifact: the same bytes the deploy scripts send. A constructor
///      that reverts reverts here with its own error, so `vm.expectRevert` works as with `new Staking`.
function deployStaking(IStaking.Config memory c) returns (IStakingApi) {
    return IStakingApi(deployArtifact("Staking.sol:Staking", abi.encode(c)));
}

/// @dev Deploys StakingLens, bound to `staking`, from its build artifact.
function deployLens(IStakingApi staking) returns (IStakingLensApi) {
    return IStakingLensApi(deployArtifact("StakingLens.sol:StakingLens", abi.encode(staking)));
}

function deployArtifact(string memory artifact, bytes memory constructorArgs) returns (address deployed) {
    bytes memory initCode = bytes.concat(vm.getCode(artifact), constructorArgs);
    assembly ("memory-safe") {
        deployed := create(0, add(initCode, 0x20), mload(initCode))
        if iszero(deployed) {
            returndatacopy(0, 0, returndatasize())
            revert(0, returndatasize())
        }
    }
}
