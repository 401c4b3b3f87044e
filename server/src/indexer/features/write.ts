/**
 * What every feature's writes share: bulk INSERT ... SELECT FROM unnest(arrays), the columns of a
 * row's place on the chain, and the chunk being written.
 */
import type { Queryable } from '../../db/db.ts';

export type Column = [name: string, type: string];

/**
 * INSERT ... SELECT FROM unnest(arrays): one statement for any number of rows. Values are passed
 * as arrays per column (numbers and bigints as strings, so uint256 amounts stay exact).
 */
export async function bulk(
  q: Queryable,
  sql: (select: string) => string,
  columns: Column[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return;
  const arrays = columns.map((_, i) => rows.map((row) => toParam(row[i])));
  const select = `SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) AS t(${columns.map(([name]) => name).join(', ')})`;
  await q.query(sql(select), arrays);
}

const toParam = (v: unknown): unknown =>
  typeof v === 'bigint'
    ? v.toString()
    : v instanceof Date
      ? v.toISOString()
      : v !== null && typeof v === 'object'
        ? JSON.stringify(v)
        : v;

export const place: Column[] = [
  ['block_number', 'bigint'],
  ['log_index', 'integer'],
  ['tx_hash', 'text'],
  ['block_time', 'timestamptz'],
];
export const placeOf = (r: {
  blockNumber: bigint;
  logIndex: number;
  txHash: string;
  time: Date;
}) => [r.blockNumber, r.logIndex, r.txHash, r.time];

export interface ChunkTarget {
  chainId: number;
  network: string;
  usdcDecimals: number;
  /** The cursor the chunk continues from (must still be in the database). */
  from: { blockNumber: bigint; blockHash: string };
  /** The cursor after the chunk. */
  to: { blockNumber: bigint; blockHash: string; time: Date | null };
  now: Date;
}

/** A chunk's writer: the transaction, the chunk, and bulk inserts into the chain's tables. */
export interface ChunkWriter {
  q: Queryable;
  target: ChunkTarget;
  chain: number;
  names(cols: Column[]): string;
  insert(table: string, cols: Column[], rows: unknown[][], conflict?: string): Promise<void>;
  bulkUpdate(sql: (select: string) => string, cols: Column[], rows: unknown[][]): Promise<void>;
}

export function chunkWriter(q: Queryable, target: ChunkTarget): ChunkWriter {
  const chain = target.chainId;
  const withChain = (cols: string) => `chain_id, ${cols}`;
  const names = (cols: Column[]) => cols.map(([n]) => n).join(', ');
  const insert = (table: string, cols: Column[], rows: unknown[][], conflict = '') =>
    bulk(
      q,
      (select) =>
        `INSERT INTO ${table} (${withChain(names(cols))}) SELECT ${chain}, * FROM (${select}) s ${conflict}`,
      cols,
      rows,
    );
  const bulkUpdate = (sql: (select: string) => string, cols: Column[], rows: unknown[][]) =>
    bulk(q, sql, cols, rows);
  return { q, target, chain, names, insert, bulkUpdate };
}

/**
 * Adds a chunk's new list rows to each address's count in record_totals (and to the sums named in
 * `sums`), written by the feature that writes the rows: a list's total is then one row read, not
 * a COUNT over the address's rows per request.
 */
export async function addRecordTotals<T extends { address: string }>(
  { insert }: ChunkWriter,
  rows: readonly T[],
  count: 'activity' | 'withdrawals' | 'exchanges',
  sums: Record<string, (row: T) => bigint> = {},
): Promise<void> {
  const sumColumns = Object.keys(sums);
  const byAddress = new Map<string, { n: number; sums: bigint[] }>();
  for (const row of rows) {
    let entry = byAddress.get(row.address);
    if (!entry) byAddress.set(row.address, (entry = { n: 0, sums: sumColumns.map(() => 0n) }));
    entry.n++;
    sumColumns.forEach((column, i) => (entry.sums[i]! += sums[column]!(row)));
  }
  const added = [count, ...sumColumns].map((c) => `${c} = record_totals.${c} + EXCLUDED.${c}`);
  await insert(
    'record_totals',
    [['address', 'text'], [count, 'integer'], ...sumColumns.map((c): Column => [c, 'numeric'])],
    [...byAddress].map(([address, e]) => [address, e.n, ...e.sums]),
    `ON CONFLICT (chain_id, address) DO UPDATE SET ${added.join(', ')}`,
  );
}
