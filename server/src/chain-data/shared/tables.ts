/**
 * The index's own tables, which no feature owns: where each chain's index stands (its cursor, with
 * the contract's level thresholds read at its start) and the page cache's marks of the addresses
 * each chunk changed (migration 009). The features' tables are in their folders (tables.ts).
 */
import { bigint, chainTable, numericArray, text, timestamptz, type RowOf } from './table.ts';

export const chainCursors = chainTable(
  'chain_cursors',
  {
    staking: text('staking'),
    blockNumber: bigint('block_number'),
    blockHash: text('block_hash'),
    blockTime: timestamptz('block_time').orNull(),
    levelThresholds: numericArray('level_thresholds'),
    updatedAt: timestamptz('updated_at'),
  },
  { primaryKey: [] },
);

export const addressTouches = chainTable(
  'address_touches',
  { address: text('address'), blockNumber: bigint('block_number') },
  {
    primaryKey: ['address'],
    indexes: [{ name: 'address_touches_by_block', keys: ['blockNumber'] }],
  },
);

export type Cursor = RowOf<typeof chainCursors>;
