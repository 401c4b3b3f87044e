// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {StakingStorage} from "./StakingStorage.sol";
import {StakingPositions} from "./StakingPositions.sol";
import {StakingMemberships} from "./StakingMemberships.sol";
import {StakingGrants} from "./StakingGrants.sol";
import {StakingGovernance} from "./StakingGovernance.sol";

/// @title Staking
/// @notice Non-custodial USDC staking with funded, reserved mining rewards in a reward coin, a
///         three-level referral tree, team performance and levels, exchange of earned reward coin to
///         USDC through a Uniswap-V2 router, node/founder memberships sharing exchange fees, and
///         operator-funded grants.
/// @dev Honest by construction (DESIGN.md section 1):
///      - user funds only move between the user and this contract (membership payments accrue here
///        for the treasury, which `payTreasury` pays); no function of any role moves principal,
///        reserved rewards or a user's earned balance anywhere but to that user;
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
///      Parts (abstract contracts, one per concern, mirroring the test suites): StakingStorage (constants,
///      immutables, storage, pause flag, shared helpers), StakingReferrals (tree, team, levels),
///      StakingPositions (plans, stake, reserve, settle, release, reward budget), StakingExchange
///      (exchange, fee split, withdrawals, dividends), StakingMemberships (nodes, founders), StakingGrants,
///      StakingGovernance (pause, timelocked parameters). This contract only composes them.
contract Staking is StakingPositions, StakingMemberships, StakingGrants, StakingGovernance {
    /// @notice Sets tokens, router, root, operator, treasury, level thresholds and initial parameters.
    /// @param c The deployment parameters (see `Config`).
    constructor(Config memory c) StakingStorage(c) {
        _setParam(Param.FeeBps, c.feeBps);
        _setParam(Param.MinWithdrawal, c.minWithdrawal);
        _setParam(Param.NodePrice, c.nodePrice);
        _setParam(Param.NodeLimit, c.nodeLimit);
        _setParam(Param.FounderPrice, c.founderPrice);
        _setParam(Param.FounderLimit, c.founderLimit);
        _setParam(Param.Treasury, uint256(uint160(c.treasury)));
    }
}
