/**
 * The indexer's database side: the cursor, and writing one chunk (each feature's rows, sums and
 * notices, then the cursor) in the caller's transaction. The writes of each event family live
 * with its feature (chain-data/<feature>/reducer.ts); this file keeps the order and the cursor.
 */
import { writeExchanges, writeMarket } from '../chain-data/exchange/index.ts';
import { dropForeignTimelockNotices, writeTimelock } from '../chain-data/governance/index.ts';
import { writeIncome, writeIncomeSums } from '../chain-data/income/index.ts';
import { writeAccounts, writeRecords, writeStats } from '../chain-data/ledger/index.ts';
import {
  buyersPaidBy,
  writeMemberships,
  writeTreasuryPayments,
} from '../chain-data/memberships/index.ts';
import { writePositions, writeStakeDaily } from '../chain-data/positions/index.ts';
import { parseRow, rowJson } from '../chain-data/shared/rows.ts';
import type { RowOf } from '../chain-data/shared/table.ts';
import { chainCursors } from '../chain-data/shared/tables.ts';
import { chunkWriter, type ChunkTarget } from '../chain-data/shared/write.ts';
import { chainIndexTables } from '../chain-data/tables.ts';
import { writeReferrals } from '../chain-data/team/index.ts';
import { writeWithdrawals } from '../chain-data/withdrawals/index.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { ChunkWrites } from './chunk.ts';

export { loadUplines } from '../chain-data/team/index.ts';
export type { ChunkTarget } from '../chain-data/shared/write.ts';

/** A chain's chain_cursors row (its update time aside), with the chain. */
export type Cursor = Omit<RowOf<typeof chainCursors>, 'updatedAt'> & { chainId: number };

export async function readCursor(q: Queryable, chainId: number): Promise<Cursor | null> {
  const r = await q.query<{ cursor: Record<string, unknown> }>(
    `SELECT ${rowJson(chainCursors)} AS cursor FROM chain_cursors WHERE chain_id = $1`,
    [chainId],
  );
  const row = r.rows[0];
  if (!row) return null;
  const { updatedAt: _updated, ...cursor } = parseRow(chainCursors, row.cursor);
  return { chainId, ...cursor };
}

/** The cursor of a new index ("block `startBlock - 1` is done"), with the pool's reserves then. */
export async function createCursor(
  q: Queryable,
  cursor: Cursor,
  now: Date,
  market: ChunkWrites['market'] = null,
): Promise<void> {
  const created = await q.query(
    `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, block_time, level_thresholds, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric[], $7)
     ON CONFLICT (chain_id) DO NOTHING`,
    [
      cursor.chainId,
      cursor.staking,
      cursor.blockNumber.toString(),
      cursor.blockHash,
      cursor.blockTime,
      cursor.levelThresholds.map(String),
      now,
    ],
  );
  await q.query('INSERT INTO chain_stats (chain_id) VALUES ($1) ON CONFLICT DO NOTHING', [
    cursor.chainId,
  ]);
  // Only the index that was just created judges the notices kept from before it.
  if (created.rowCount === 1) {
    await dropForeignTimelockNotices(q, cursor.chainId, cursor.staking, cursor.blockNumber + 1n);
  }
  if (market) await writeMarket(q, cursor.chainId, market);
}

/** Someone else moved the cursor: a second indexer, which the advisory lock should prevent. */
export class CursorMovedError extends Error {
  constructor(chainId: number) {
    super(`chain ${chainId}: the index cursor moved under this indexer (is another one running?)`);
    this.name = 'CursorMovedError';
  }
}

/** Writes everything of one chunk and moves the cursor, in the caller's transaction. */
export async function writeChunk(q: Queryable, target: ChunkTarget, w: ChunkWrites): Promise<void> {
  const chain = target.chainId;
  const writer = chunkWriter(q, target);
  // Each feature's own rows, then what several add to (accounts, records, pool), then notices.
  await writeReferrals(writer, w.referrals);
  await writePositions(writer, w);
  await writeIncome(writer, w);
  await writeExchanges(writer, w.exchanges);
  await writeWithdrawals(writer, w.withdrawals);
  await writeMemberships(writer, w.memberships);
  await writeTreasuryPayments(writer, w.treasuryPayments);
  await writeRecords(writer, w);
  await writeAccounts(writer, w.accounts);
  await writeIncomeSums(writer, w);
  await writeStakeDaily(writer, w);
  await writeStats(writer, w.stats);
  if (w.market) await writeMarket(q, chain, w.market);
  await writeTimelock(writer, w);
  await writeTouches(q, chain, target.to.blockNumber, w);

  const moved = await q.query(
    `UPDATE chain_cursors SET block_number = $2, block_hash = $3, block_time = COALESCE($4, block_time), updated_at = $5
     WHERE chain_id = $1 AND block_number = $6 AND block_hash = $7`,
    [
      chain,
      target.to.blockNumber.toString(),
      target.to.blockHash,
      target.to.time,
      target.now,
      target.from.blockNumber.toString(),
      target.from.blockHash,
    ],
  );
  if (moved.rowCount !== 1) throw new CursorMovedError(chain);
}

/** `address_touches`' marks of chain-wide changes (they are not addresses). */
export const POOL_TOUCH = '*pool';
export const ALL_TOUCH = '*all';

/**
 * Marks, at the chunk's last block, every address whose pages this chunk changes (the page cache
 * keeps the others' pages across it): the addresses of its rows and sums and their three uplines
 * (whose member lists show them; read after this chunk's bindings), and the accounts whose team
 * figures it changed. `POOL_TOUCH` when the pool-wide
 * figures of the home page may have changed (any event does), `ALL_TOUCH` when something every
 * page may show changed (governance: level thresholds). An empty chunk marks nothing.
 */
export async function writeTouches(q: Queryable, chain: number, block: bigint, w: ChunkWrites) {
  // Addresses with rows of their own in the chunk: their uplines list them (member lists).
  const withRows = new Set<string>();
  for (const rows of [
    w.income,
    w.activity,
    w.exchanges,
    w.withdrawals,
    w.memberships,
    w.referrals,
    w.positions,
    w.releases,
  ]) {
    for (const r of rows) withRows.add(r.address);
  }
  for (const key of [...w.incomeTotals.keys(), ...w.incomeDaily.keys()]) {
    withRows.add(key.slice(0, key.indexOf('|')));
  }
  // Accounts changed only as uplines (team figures) are marked themselves, not their uplines.
  const addresses = new Set<string>([...withRows, ...w.accounts.keys()]);
  // A payment to the treasury changes the activity lines of the purchases it pays.
  for (const buyer of await buyersPaidBy(q, chain, w.treasuryPayments)) addresses.add(buyer);
  const marks: string[] = [];
  const anyEvent =
    addresses.size > 0 ||
    w.market !== null ||
    w.contractEvents.length > 0 ||
    w.plans.length > 0 ||
    w.planCloses.length > 0 ||
    w.platformDaily.size > 0 ||
    w.stakeDaily.size > 0;
  if (anyEvent) marks.push(POOL_TOUCH);
  if (w.timelock.length > 0 || w.timelockSettles.length > 0) marks.push(POOL_TOUCH, ALL_TOUCH);
  if (!anyEvent && marks.length === 0) return;
  await q.query(
    `INSERT INTO address_touches (chain_id, address, block_number)
     SELECT $1, a, $2 FROM (
       SELECT unnest($3::text[]) AS a
       UNION SELECT unnest(ARRAY[r.superior, r.upline2, r.upline3]) FROM referrals r
         WHERE r.chain_id = $1 AND r.address = ANY($5::text[])
       UNION SELECT unnest($4::text[])) t
     WHERE a IS NOT NULL
     ON CONFLICT (chain_id, address) DO UPDATE SET block_number = EXCLUDED.block_number`,
    [chain, block.toString(), [...addresses], marks, [...withRows]],
  );
}

/** Deletes a chain's whole index (operator's reset after a chain reset or a new deployment). */
export async function resetIndex(db: Db, chainId: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { name } of chainIndexTables) {
      await tx.query(`DELETE FROM ${name} WHERE chain_id = $1`, [chainId]);
    }
    // Timelock notices are kept: the re-index finds each again by its chain coordinates, so its id,
    // links and read marks stay (and removes those whose event is no longer on the chain; the new
    // cursor removes those of another contract or below its start block, createCursor). Only
    // rows from before the coordinates were recorded (none for a cancelled change) are re-created.
    const uncoordinated = `SELECT id FROM notices WHERE kind = 'timelock' AND chain_id = $1 AND block_number IS NULL`;
    await tx.query(`DELETE FROM notice_reads WHERE notice_id IN (${uncoordinated})`, [chainId]);
    await tx.query(`DELETE FROM notices WHERE id IN (${uncoordinated})`, [chainId]);
  });
}
