/**
 * Every table of the chain index, each declared once in its feature's tables.ts (shared/table.ts
 * is the declaration module; the index's own tables are in shared/tables.ts). The migrations that
 * build them are 003_chain_index.sql, 004 (income_totals.credits), 005 (record_totals), 009
 * (address_touches) and 010 (treasury_payments); tables.test.ts holds the two together. What each
 * column means is said in those migrations.
 */
import { exchanges, market } from './exchange/index.ts';
import { timelockChanges } from './governance/index.ts';
import { income, incomeDaily, incomeTotals, platformIncomeDaily } from './income/index.ts';
import { accounts, activity, chainStats, contractEvents, recordTotals } from './ledger/index.ts';
import { memberships, treasuryPayments } from './memberships/index.ts';
import { plans, positions, stakeDaily } from './positions/index.ts';
import { addressTouches, chainCursors } from './shared/tables.ts';
import { referrals } from './team/index.ts';
import { withdrawals } from './withdrawals/index.ts';

/** Every table of the chain index, in the order a reset deletes a chain's rows. */
export const chainIndexTables = [
  referrals,
  plans,
  positions,
  stakeDaily,
  income,
  incomeTotals,
  incomeDaily,
  platformIncomeDaily,
  exchanges,
  withdrawals,
  memberships,
  treasuryPayments,
  activity,
  recordTotals,
  contractEvents,
  timelockChanges,
  accounts,
  market,
  chainStats,
  addressTouches,
  chainCursors,
] as const;
