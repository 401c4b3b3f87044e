/**
 * Exchanges of reward coin for USDC through the pool, and the pool's reserves at the last Sync of
 * the reward/USDC pair (the market price) (migration 003).
 */
import {
  bigint,
  byAddress,
  chainTable,
  numeric,
  place,
  text,
  timestamptz,
  type RowOf,
} from '../shared/table.ts';

export const market = chainTable(
  'market',
  {
    usdcReserve: numeric('usdc_reserve'),
    rewardReserve: numeric('reward_reserve'),
    blockNumber: bigint('block_number'),
    time: timestamptz('block_time'),
  },
  { primaryKey: [] },
);

export const exchanges = chainTable(
  'exchanges',
  {
    ...place(),
    address: text('address'),
    amountIn: numeric('amount_in'),
    grossUsdc: numeric('gross_usdc'),
    fee: numeric('fee'),
    netUsdc: numeric('net_usdc'),
  },
  { primaryKey: ['blockNumber', 'logIndex'], indexes: [byAddress('exchanges_by_address')] },
);

export type Market = RowOf<typeof market>;
export type ExchangeRow = RowOf<typeof exchanges>;
