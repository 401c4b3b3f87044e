/**
 * Exchange: reward coin sold for USDC through the pool (Exchanged), and the pool's reserves (the
 * pair's Sync), which give the market price the home page shows.
 */
import type { ChainEvent } from '../../indexer/events.ts';
import { addRecordTotals, type LedgerPart } from '../ledger/index.ts';
import { lower, type ContextPart, type Reducers } from '../shared/reduce.ts';
import { upsertRows } from '../shared/rows.ts';
import type { ChunkWriter } from '../shared/write.ts';
import { exchanges, market, type ExchangeRow, type Market } from './tables.ts';

/** The exchange's part of the chunk's state. */
export interface ExchangePart {
  w: { exchanges: ExchangeRow[]; market: Market | null };
}

export const exchangeReducers: Reducers<ExchangePart & LedgerPart> = {
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
export function reduceSync(
  s: ExchangePart & ContextPart,
  e: Extract<ChainEvent, { contract: 'pair' }>,
): void {
  const { reserve0, reserve1 } = e.log.args;
  s.w.market = {
    usdcReserve: s.ctx.usdcIsToken0 ? reserve0 : reserve1,
    rewardReserve: s.ctx.usdcIsToken0 ? reserve1 : reserve0,
    blockNumber: e.blockNumber,
    time: e.time,
  };
}

export async function writeExchanges(writer: ChunkWriter, rows: readonly ExchangeRow[]) {
  await writer.insert(exchanges, rows);
  // The exchange record's total and the sums above it.
  await addRecordTotals(writer, rows, 'exchanges', {
    exchangedIn: (r) => r.amountIn,
    exchangedNet: (r) => r.netUsdc,
    exchangeFees: (r) => r.fee,
  });
}

/** The pool's reserves: the chain's one market row, replaced. */
export async function writeMarket(q: ChunkWriter['q'], chainId: number, reserves: Market) {
  await upsertRows(q, chainId, market, [reserves], {
    usdcReserve: 'set',
    rewardReserve: 'set',
    blockNumber: 'set',
    time: 'set',
  });
}
