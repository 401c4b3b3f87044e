/**
 * Every row a chain's index holds, in a stable order and without the bookkeeping columns that
 * differ between two runs (when a row was written), so two indexes of one chain can be compared.
 */
import type { Queryable } from '../db/db.ts';

const tables: Record<string, string> = {
  chain_cursors:
    'SELECT staking, block_number::text, block_hash, level_thresholds::text FROM chain_cursors WHERE chain_id = $1',
  chain_stats:
    'SELECT total_staked::text, active_stake::text, positions, stakers, bound, paused FROM chain_stats WHERE chain_id = $1',
  market:
    'SELECT usdc_reserve::text, reward_reserve::text, block_number::text FROM market WHERE chain_id = $1',
  accounts: 'SELECT * FROM accounts WHERE chain_id = $1 ORDER BY address',
  referrals: 'SELECT * FROM referrals WHERE chain_id = $1 ORDER BY address',
  plans: 'SELECT * FROM plans WHERE chain_id = $1 ORDER BY plan_id',
  positions: 'SELECT * FROM positions WHERE chain_id = $1 ORDER BY address, position_id',
  stake_daily: 'SELECT * FROM stake_daily WHERE chain_id = $1 ORDER BY day',
  income: 'SELECT * FROM income WHERE chain_id = $1 ORDER BY block_number, log_index',
  income_totals: 'SELECT * FROM income_totals WHERE chain_id = $1 ORDER BY address, source',
  income_daily: 'SELECT * FROM income_daily WHERE chain_id = $1 ORDER BY address, day, source',
  platform_income_daily:
    'SELECT * FROM platform_income_daily WHERE chain_id = $1 ORDER BY day, source',
  exchanges: 'SELECT * FROM exchanges WHERE chain_id = $1 ORDER BY block_number, log_index',
  withdrawals: 'SELECT * FROM withdrawals WHERE chain_id = $1 ORDER BY block_number, log_index',
  memberships: 'SELECT * FROM memberships WHERE chain_id = $1 ORDER BY block_number, log_index',
  treasury_payments:
    'SELECT * FROM treasury_payments WHERE chain_id = $1 ORDER BY block_number, log_index',
  record_totals: 'SELECT * FROM record_totals WHERE chain_id = $1 ORDER BY address',
  activity: 'SELECT * FROM activity WHERE chain_id = $1 ORDER BY block_number, log_index',
  timelock: `SELECT t.block_number, t.log_index, t.param, t.value::text, t.eta, t.status, t.settled_block, n.texts
             FROM timelock_changes t LEFT JOIN notices n ON n.id = t.notice_id
             WHERE t.chain_id = $1 ORDER BY t.block_number, t.log_index`,
  contract_events:
    'SELECT * FROM contract_events WHERE chain_id = $1 ORDER BY block_number, log_index',
  // Without ids: two databases number their rows apart (a sequence is not rolled back with a
  // killed chunk). reindex.test.ts checks that a re-index of one database keeps them.
  timelock_notices: `SELECT texts, block_number::text, log_index FROM notices WHERE kind = 'timelock' AND chain_id = $1 ORDER BY block_number, log_index`,
};

/** JSON-comparable rows (dates and big numbers as strings). */
export async function dumpIndex(q: Queryable, chainId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) {
    const r = await q.query(sql, [chainId]);
    out[name] = JSON.parse(
      JSON.stringify(r.rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
  }
  return out;
}

/** Total rows of a dump (to show it is not trivially empty). */
export const rowCount = (dump: Record<string, unknown[]>) =>
  Object.values(dump).reduce((n, rows) => n + rows.length, 0);
