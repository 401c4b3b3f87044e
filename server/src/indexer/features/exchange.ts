/**
 * Exchange: reward coin sold for USDC through the pool (Exchanged), and the pool's reserves (the
 * pair's Sync), which give the market price the home page shows.
 */
import type { ChainEvent } from '../events.ts';
import { lower, type ChunkState, type Place, type Reducers } from './reduce.ts';
import { addRecordTotals, place, placeOf, type ChunkWriter } from './write.ts';

export interface ExchangeRow extends Place {
  address: string;
  amountIn: bigint;
  grossUsdc: bigint;
  fee: bigint;
  netUsdc: bigint;
}
export interface Market {
  usdcReserve: bigint;
  rewardReserve: bigint;
  blockNumber: bigint;
  time: Date;
}

export const exchangeReducers: Reducers = {
  Exchanged(s, log, _e, place) {
    const { w } = s;
    const a = log.args;
    const user = lower(a.user);
    w.exchanges.push({
      ...place,
      address: user,
      amountIn: a.amountIn,
      grossUsdc: a.grossUsdc,
      fee: a.fee,
      netUsdc: a.netUsdc,
    });
    w.activity.push({
      ...place,
      address: user,
      type: 'exchange',
      token: 'usdc',
      amount: a.netUsdc,
      detail: {
        amountIn: a.amountIn.toString(),
        grossUsdc: a.grossUsdc.toString(),
        fee: a.fee.toString(),
      },
    });
  },
};

/** The pair's Sync: the last one of the chunk is the market. */
export function reduceSync(s: ChunkState, e: Extract<ChainEvent, { contract: 'pair' }>): void {
  const { reserve0, reserve1 } = e.log.args;
  s.w.market = {
    usdcReserve: s.ctx.usdcIsToken0 ? reserve0 : reserve1,
    rewardReserve: s.ctx.usdcIsToken0 ? reserve1 : reserve0,
    blockNumber: e.blockNumber,
    time: e.time,
  };
}

export async function writeExchanges(
  writer: ChunkWriter,
  exchanges: readonly ExchangeRow[],
): Promise<void> {
  await writer.insert(
    'exchanges',
    [
      ['address', 'text'],
      ['amount_in', 'numeric'],
      ['gross_usdc', 'numeric'],
      ['fee', 'numeric'],
      ['net_usdc', 'numeric'],
      ...place,
    ],
    exchanges.map((r) => [r.address, r.amountIn, r.grossUsdc, r.fee, r.netUsdc, ...placeOf(r)]),
  );
  // The exchange record's total and the sums above it.
  await addRecordTotals(writer, exchanges, 'exchanges', {
    exchanged_in: (r) => r.amountIn,
    exchanged_net: (r) => r.netUsdc,
    exchange_fees: (r) => r.fee,
  });
}

export async function writeMarket(
  q: ChunkWriter['q'],
  chainId: number,
  market: Market,
): Promise<void> {
  await q.query(
    `INSERT INTO market (chain_id, usdc_reserve, reward_reserve, block_number, block_time)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (chain_id) DO UPDATE SET usdc_reserve = EXCLUDED.usdc_reserve,
       reward_reserve = EXCLUDED.reward_reserve, block_number = EXCLUDED.block_number,
       block_time = EXCLUDED.block_time`,
    [
      chainId,
      market.usdcReserve.toString(),
      market.rewardReserve.toString(),
      market.blockNumber.toString(),
      market.time,
    ],
  );
}
