/**
 * What every feature's writes share: the chunk being written, and its table writes (bulk
 * statements derived from the table declarations, db/schema), chain_id set to the chunk's chain.
 */
import type { Queryable } from '../../db/db.ts';
import { recordTotals, type RecordTotals } from '../../db/schema/chain-index.ts';
import { insertRows, updateRows, upsertRows, type Merge } from '../../db/schema/rows.ts';
import { defaultRow, type AnyTable, type RowOf, type ValueKey } from '../../db/schema/table.ts';

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

/** A chunk's writer: the transaction, the chunk, and bulk writes into the chain's tables. */
export interface ChunkWriter {
  q: Queryable;
  target: ChunkTarget;
  chain: number;
  /** Inserts rows of a table (ON CONFLICT clause optional). */
  insert<T extends AnyTable>(table: T, rows: readonly RowOf<T>[], conflict?: string): Promise<void>;
  /** Inserts rows, or merges each into the existing row of its primary key. */
  upsert<T extends AnyTable>(
    table: T,
    rows: readonly RowOf<T>[],
    merge: { readonly [K in ValueKey<T>]: Merge },
  ): Promise<void>;
  /** Sets columns of existing rows, matched by other columns. */
  update<T extends AnyTable, K extends keyof T['columns'] & string>(
    table: T,
    rows: readonly Pick<RowOf<T>, K>[],
    match: readonly K[],
    set: readonly K[],
  ): Promise<void>;
}

export function chunkWriter(q: Queryable, target: ChunkTarget): ChunkWriter {
  const chain = target.chainId;
  return {
    q,
    target,
    chain,
    insert: (table, rows, conflict) => insertRows(q, chain, table, rows, conflict),
    upsert: (table, rows, merge) => upsertRows(q, chain, table, rows, merge),
    update: (table, rows, match, set) => updateRows(q, chain, table, rows, match, set),
  };
}

type RecordCount = 'activity' | 'withdrawals' | 'exchanges';
type RecordSum = 'exchangedIn' | 'exchangedNet' | 'exchangeFees';

/**
 * Adds a chunk's new list rows to each address's count in record_totals (and to the sums named in
 * `sums`), written by the feature that writes the rows: a list's total is then one row read, not
 * a COUNT over the address's rows per request.
 */
export async function addRecordTotals<T extends { address: string }>(
  { upsert }: ChunkWriter,
  rows: readonly T[],
  count: RecordCount,
  sums: { [K in RecordSum]?: (row: T) => bigint } = {},
): Promise<void> {
  const byAddress = new Map<string, RecordTotals>();
  for (const row of rows) {
    let totals = byAddress.get(row.address);
    if (!totals)
      byAddress.set(row.address, (totals = defaultRow(recordTotals, { address: row.address })));
    totals[count]++;
    for (const [sum, of] of Object.entries(sums)) totals[sum as RecordSum] += of(row);
  }
  await upsert(recordTotals, [...byAddress.values()], {
    activity: 'add',
    withdrawals: 'add',
    exchanges: 'add',
    exchangedIn: 'add',
    exchangedNet: 'add',
    exchangeFees: 'add',
  });
}
