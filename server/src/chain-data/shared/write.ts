/**
 * What every feature's writes share: the chunk being written, and its table writes (bulk
 * statements derived from the table declarations, table.ts), chain_id set to the chunk's chain.
 */
import type { Queryable } from '../../db/db.ts';
import { insertRows, updateRows, upsertRows, type Merge } from './rows.ts';
import type { AnyTable, RowOf, ValueKey } from './table.ts';

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
