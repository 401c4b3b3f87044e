/**
 * The mutants `npm run mutants -w contracts` applies, one at a time, to a copy of the sources. Each
 * is a plausible way to break one of the trust rules of docs/TRUST.md or the economics, written as
 * an exact source patch (`find` must occur exactly once in `file`). The default forge suite must
 * fail on every one of them: a mutant that survives is a rule the tests do not actually guard.
 */
export interface Mutant {
  /** Short stable name, shown in the table. */
  id: string;
  /** The rule it breaks: its docs/TRUST.md rule number, or economics. */
  rule: 'R1 non-custodial' | 'R3 funded+reserved' | 'R4 exit works' | 'R6 timelock' | 'economics';
  /** What the mutant does, in words. */
  what: string;
  /** Path under contracts/. */
  file: string;
  find: string;
  replace: string;
}

// Staking is composed of abstract parts (src/Staking*.sol); each mutant names the part its text is in.
const storage = 'src/StakingStorage.sol';
const referrals = 'src/StakingReferrals.sol';
const positions = 'src/StakingPositions.sol';
const exchange = 'src/StakingExchange.sol';
const memberships = 'src/StakingMemberships.sol';
const grants = 'src/StakingGrants.sol';
const governance = 'src/StakingGovernance.sol';
const math = 'src/StakingMath.sol';

export const mutants: Mutant[] = [
  // ------------------------------------------------------------------ rule 1: non-custodial
  {
    id: 'owner-sweep-usdc',
    rule: 'R1 non-custodial',
    what: 'a new owner-only function that transfers the staked token to the owner',
    file: grants,
    find: '    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.\n',
    replace:
      '    function sweep(uint256 amount) external onlyOwner {\n        usdc.safeTransfer(msg.sender, amount);\n    }\n\n    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.\n',
  },
  {
    id: 'owner-sweep-reward',
    rule: 'R1 non-custodial',
    what: 'a new owner-only function that takes any reward coin, reserved included',
    file: grants,
    find: '    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.\n',
    replace:
      '    function rescue(uint256 amount) external onlyOwner {\n        rewardToken.safeTransfer(msg.sender, amount);\n    }\n\n    /// @notice Takes back USDC of the grants budget that was not credited. Operator only.\n',
  },
  {
    id: 'withdraw-to-treasury',
    rule: 'R1 non-custodial',
    what: "withdraw sends the user's USDC to the treasury",
    file: exchange,
    find: '        emit Withdrawn(msg.sender, amount);\n        usdc.safeTransfer(msg.sender, amount);',
    replace:
      '        emit Withdrawn(msg.sender, amount);\n        usdc.safeTransfer(treasury, amount);',
  },
  {
    id: 'principal-to-owner',
    rule: 'R1 non-custodial',
    what: 'withdrawPrincipal pays the owner instead of the staker',
    file: positions,
    find: '        uint256 amount = _release(positionId, true);\n        usdc.safeTransfer(msg.sender, amount);',
    replace:
      '        uint256 amount = _release(positionId, true);\n        usdc.safeTransfer(owner(), amount);',
  },
  {
    id: 'reward-coin-to-owner',
    rule: 'R1 non-custodial',
    what: "withdrawRewardCoin sends the user's earned coin to the owner",
    file: exchange,
    find: '        emit RewardCoinWithdrawn(msg.sender, amount);\n        rewardToken.safeTransfer(msg.sender, amount);',
    replace:
      '        emit RewardCoinWithdrawn(msg.sender, amount);\n        rewardToken.safeTransfer(owner(), amount);',
  },
  {
    id: 'purchase-paid-from-pool',
    rule: 'R1 non-custodial',
    what: "a membership's proceeds are counted for the treasury without the buyer paying them",
    file: memberships,
    find: 'if (price != 0) treasuryProceeds += _pull(usdc, msg.sender, price);',
    replace: 'if (price != 0) treasuryProceeds += price;',
  },
  {
    id: 'treasury-paid-to-caller',
    rule: 'R1 non-custodial',
    what: 'payTreasury sends the membership proceeds to its caller instead of the treasury',
    file: memberships,
    find: 'address to = treasury;\n        emit TreasuryPaid(to, amount);',
    replace: 'address to = msg.sender;\n        emit TreasuryPaid(to, amount);',
  },
  // ------------------------------------------------------------------ rule 3: funded and reserved
  {
    id: 'no-budget-check',
    rule: 'R3 funded+reserved',
    what: 'a stake is accepted without unreserved budget to cover it',
    file: positions,
    find: '        if (reserve > unreserved) revert InsufficientRewardBudget(reserve, unreserved);\n',
    replace: '',
  },
  {
    id: 'reserve-without-commissions',
    rule: 'R3 funded+reserved',
    what: "a stake reserves its mining but not its uplines' commissions",
    file: positions,
    find: '            reserve += mining * StakingMath.referralBps(j) / BPS;\n',
    replace: '',
  },
  {
    id: 'owner-takes-reserved',
    rule: 'R3 funded+reserved',
    what: 'withdrawUnreserved may take reward coin that positions reserved',
    file: positions,
    find: 'if (amount > unreserved) revert InsufficientBalance(unreserved);',
    replace: 'if (amount > rewardBudget) revert InsufficientBalance(rewardBudget);',
  },
  {
    id: 'settle-keeps-reserved',
    rule: 'R3 funded+reserved',
    what: 'crediting mining does not release its reservation',
    file: positions,
    find: '        rewardReserved -= uint128(paid);\n',
    replace: '',
  },
  {
    id: 'early-exit-keeps-reservation',
    rule: 'R3 funded+reserved',
    what: 'an early exit does not return the unearned rest of the reservation (nor says so)',
    file: positions,
    find: '            rewardReserved -= uint128(unreserve);\n            emit ReservationReturned(msg.sender, positionId, unreserve);\n',
    replace: '            rewardReserved -= uint128(unreserve);\n',
  },
  // ------------------------------------------------------------------ rule 4: exit always works
  {
    id: 'coin-exit-blocked-paused',
    rule: 'R4 exit works',
    what: 'withdrawRewardCoin is blocked while paused',
    file: exchange,
    find: 'function withdrawRewardCoin(uint256 amount) external nonReentrant {',
    replace: 'function withdrawRewardCoin(uint256 amount) external nonReentrant whenNotPaused {',
  },
  {
    id: 'withdraw-blocked-paused',
    rule: 'R4 exit works',
    what: 'withdraw is blocked while paused',
    file: exchange,
    find: 'function withdraw(uint256 amount) external nonReentrant {',
    replace: 'function withdraw(uint256 amount) external nonReentrant whenNotPaused {',
  },
  {
    id: 'principal-blocked-paused',
    rule: 'R4 exit works',
    what: 'withdrawPrincipal is blocked while paused',
    file: positions,
    find: 'function withdrawPrincipal(uint256 positionId) external nonReentrant {',
    replace: 'function withdrawPrincipal(uint256 positionId) external nonReentrant whenNotPaused {',
  },
  {
    id: 'release-blocked-paused',
    rule: 'R4 exit works',
    what: 'releasePrincipal is blocked while paused',
    file: positions,
    find: 'function releasePrincipal(uint256[] calldata positionIds) external nonReentrant {',
    replace:
      'function releasePrincipal(uint256[] calldata positionIds) external nonReentrant whenNotPaused {',
  },
  {
    id: 'claim-blocked-paused',
    rule: 'R4 exit works',
    what: 'claimDividends is blocked while paused',
    file: exchange,
    find: 'function claimDividends() external nonReentrant returns',
    replace: 'function claimDividends() external nonReentrant whenNotPaused returns',
  },
  {
    id: 'harvest-blocked-paused',
    rule: 'R4 exit works',
    what: 'harvest (crediting what was earned) is blocked while paused',
    file: positions,
    find: 'function harvest(address user, uint256[] calldata positionIds) external nonReentrant {',
    replace:
      'function harvest(address user, uint256[] calldata positionIds) external nonReentrant whenNotPaused {',
  },
  {
    id: 'no-early-exit-in-pause',
    rule: 'R4 exit works',
    what: 'a pause no longer releases principal before its term',
    file: positions,
    find: 'if (early && !paused()) revert StillLocked',
    replace: 'if (early) revert StillLocked',
  },
  {
    id: 'small-balance-stuck',
    rule: 'R4 exit works',
    what: 'a balance below the minimum can never be withdrawn',
    file: exchange,
    find: '(amount < minimum && amount != available)',
    replace: '(amount < minimum)',
  },
  // ------------------------------------------------------------------ rule 6: slow, visible changes
  {
    id: 'requeue-keeps-eta',
    rule: 'R6 timelock',
    what: 're-queueing a change keeps the earlier (sooner) time',
    file: governance,
    find: 'uint64 eta = uint64(block.timestamp + TIMELOCK_DELAY);',
    replace:
      'uint64 eta = pendingChanges[param].eta != 0 ? pendingChanges[param].eta : uint64(block.timestamp + TIMELOCK_DELAY);',
  },
  {
    id: 'short-delay',
    rule: 'R6 timelock',
    what: 'the timelock delay is 24 h instead of 48 h',
    file: storage,
    find: 'uint256 public constant TIMELOCK_DELAY = 48 hours;',
    replace: 'uint256 public constant TIMELOCK_DELAY = 24 hours;',
  },
  {
    id: 'execute-early',
    rule: 'R6 timelock',
    what: 'a queued change can be executed an hour before its eta',
    file: governance,
    find: 'if (block.timestamp < change.eta) revert TimelockNotReady(change.eta);',
    replace: 'if (block.timestamp + 1 hours < change.eta) revert TimelockNotReady(change.eta);',
  },
  {
    id: 'no-expiry',
    rule: 'R6 timelock',
    what: 'a queued change never expires',
    file: governance,
    find: '        if (block.timestamp > expiresAt) revert ChangeExpired(expiresAt);\n',
    replace: '',
  },
  {
    id: 'execute-twice',
    rule: 'R6 timelock',
    what: 'an executed change stays queued and can be executed again later',
    file: governance,
    find: '        if (block.timestamp > expiresAt) revert ChangeExpired(expiresAt);\n        delete pendingChanges[param];\n',
    replace: '        if (block.timestamp > expiresAt) revert ChangeExpired(expiresAt);\n',
  },
  {
    id: 'cancel-keeps-change',
    rule: 'R6 timelock',
    what: 'cancelling announces the cancel but keeps the change executable',
    file: governance,
    find: '        delete pendingChanges[param];\n        emit ParamCancelled(param);',
    replace: '        emit ParamCancelled(param);',
  },
  {
    id: 'renounce-enabled',
    rule: 'R6 timelock',
    what: 'renounceOwnership works again (a paused pool could stay paused for ever)',
    file: storage,
    find: '    function renounceOwnership() public view override onlyOwner {\n        revert RenounceDisabled();\n    }',
    replace: '',
  },
  // ------------------------------------------------------------------ economics
  {
    id: 'referral-rate-1',
    rule: 'economics',
    what: 'the depth-1 commission is 9% instead of 10%',
    file: math,
    find: 'uint256 internal constant REFERRAL_BPS_1 = 1000;',
    replace: 'uint256 internal constant REFERRAL_BPS_1 = 900;',
  },
  {
    id: 'referral-rate-3',
    rule: 'economics',
    what: 'the depth-3 commission is 8% (as depth 2) instead of 5%',
    file: math,
    find: 'depth == 1 ? REFERRAL_BPS_2 : REFERRAL_BPS_3',
    replace: 'depth == 1 ? REFERRAL_BPS_2 : REFERRAL_BPS_2',
  },
  {
    id: 'referral-depth-2',
    rule: 'economics',
    what: 'only two levels of uplines earn commissions',
    file: storage,
    find: 'uint256 public constant REFERRAL_DEPTH = 3;',
    replace: 'uint256 public constant REFERRAL_DEPTH = 2;',
  },
  {
    id: 'level-threshold-strict',
    rule: 'economics',
    what: 'a level (level 5 among them) needs more than its threshold, not the threshold',
    file: referrals,
    find: 'level != 0 && t < _levelThreshold(level)',
    replace: 'level != 0 && t <= _levelThreshold(level)',
  },
  {
    id: 'team-not-reduced',
    rule: 'economics',
    what: "a released stake still counts in its uplines' team performance",
    file: positions,
    find: '            _accounts[ups[j]].teamCents -= uint64(amount / _teamUnit);\n',
    replace: '',
  },
  {
    id: 'fee-free-level-6',
    rule: 'economics',
    what: 'only level 6 (not 5) exchanges free',
    file: exchange,
    find: 'teamStakeOf(user) >= _levelThreshold(FEE_FREE_LEVEL)',
    replace: 'teamStakeOf(user) >= _levelThreshold(FEE_FREE_LEVEL + 1)',
  },
  {
    id: 'four-free-exchanges',
    rule: 'economics',
    what: 'only the first 4 exchanges are free',
    file: storage,
    find: 'uint256 public constant FREE_EXCHANGES = 5;',
    replace: 'uint256 public constant FREE_EXCHANGES = 4;',
  },
  {
    id: 'fee-cap-20',
    rule: 'economics',
    what: 'the fee cap is 20% instead of 15%',
    file: storage,
    find: 'uint256 public constant MAX_FEE_BPS = 1500;',
    replace: 'uint256 public constant MAX_FEE_BPS = 2000;',
  },
  {
    id: 'min-withdrawal-cap-11',
    rule: 'economics',
    what: 'the minimum withdrawal may be set up to 11 USDC',
    file: storage,
    find: 'uint256 public constant MAX_MIN_WITHDRAWAL_WHOLE_USDC = 10;',
    replace: 'uint256 public constant MAX_MIN_WITHDRAWAL_WHOLE_USDC = 11;',
  },
  {
    id: 'min-stake-inclusive',
    rule: 'economics',
    what: 'a stake of exactly 100 USDC is accepted (the spec says greater than 100)',
    file: positions,
    find: 'if (amount <= minStakeExclusive) revert AmountTooSmall',
    replace: 'if (amount < minStakeExclusive) revert AmountTooSmall',
  },
  {
    id: 'reserve-one-day-more',
    rule: 'economics',
    what: 'full-term mining counts one day more than the term',
    file: math,
    find: 'return amount * dailyRate * termDays / RATE_SCALE;',
    replace: 'return amount * dailyRate * (termDays + 1) / RATE_SCALE;',
  },
  {
    id: 'mining-one-second-ahead',
    rule: 'economics',
    what: 'mining accrues one second ahead of time',
    file: math,
    find: 'return full * (t - start) / term;',
    replace: 'return full * (t - start + 1) / term;',
  },
  {
    id: 'commission-per-step-rounding',
    rule: 'economics',
    what: 'commissions round per harvest instead of cumulatively (dust stays reserved for ever)',
    file: positions,
    find: 'credits[j + 1] += minedNow * bps / BPS - minedBefore * bps / BPS;',
    replace: 'credits[j + 1] += (minedNow - minedBefore) * bps / BPS;',
  },
  {
    id: 'dividend-per-node-off',
    rule: 'economics',
    what: 'the ecological dividend is shared as if there were one more node',
    file: exchange,
    find: 'accEcologicalPerNode += eco * ACC_SCALE / nodeHolders;',
    replace: 'accEcologicalPerNode += eco * ACC_SCALE / (nodeHolders + 1);',
  },
  {
    id: 'fee-without-holders',
    rule: 'economics',
    what: 'the ecological half of a fee is taken even with no node holders',
    file: math,
    find: 'eco = nodeHolders == 0 ? 0 : half;',
    replace: 'eco = half;',
  },
  {
    id: 'dividend-claimed-twice',
    rule: 'economics',
    what: 'claiming a dividend does not move the holder past it',
    file: exchange,
    find: '        a.dividendDebt += amount * ACC_SCALE;\n',
    replace: '',
  },
  {
    id: 'upgrade-at-todays-node-price',
    rule: 'economics',
    what: "the upgrade charges founder price minus today's node price (the review's finding)",
    file: memberships,
    find: 'uint256 price = upgradePrice(msg.sender);',
    replace: 'uint256 price = founderPrice > nodePrice ? founderPrice - nodePrice : 0;',
  },
  {
    id: 'no-max-price',
    rule: 'economics',
    what: 'a purchase ignores the most the buyer accepted',
    file: memberships,
    find: '        if (price > maxPrice) revert PriceAboveMax(price, maxPrice);\n',
    replace: '',
  },
  {
    id: 'no-exchange-deadline',
    rule: 'economics',
    what: 'an exchange ignores its deadline',
    file: exchange,
    find: '        if (block.timestamp > deadline) revert DeadlinePassed(deadline);\n',
    replace: '',
  },
];
