/** The home page's one statement, put together from the features' parts. */
import type { Queryable } from '../../db/db.ts';
import { marketColumn, marketOf, type Market } from '../exchange/index.ts';
import { parseSums, platformColumn, sumsColumn, type SumRow } from '../income/index.ts';
import {
  accountColumn,
  accountOf,
  poolColumn,
  poolOf,
  type Account,
  type PoolStats,
} from '../ledger/index.ts';
import { todayStakedColumn } from '../positions/index.ts';
import { indexedColumn, type Indexed, type R } from '../shared/reads.ts';

export interface HomeRead {
  indexed: Indexed | null;
  /** chain_stats' row, null before the indexer has written it. */
  pool: PoolStats | null;
  /** Principal staked today (UTC day). */
  todayStaked: bigint;
  market: Market | null;
  platform: SumRow[];
  me: { sums: SumRow[]; account: Account } | null;
}

/**
 * The home page in one statement: cursor, chain_stats with today's stake, market, the pool-wide
 * sums (platform_income_daily: one row per day and source), and with an address its sums and
 * account row.
 */
export async function homeRead(
  q: Queryable,
  chainId: number,
  address: string | null,
  today: string,
): Promise<HomeRead> {
  // $2 is the address when there is one (the convention of session-bound reads), else the day.
  const day = address === null ? '$2' : '$3';
  const r = await q.query<R>(
    `SELECT ${indexedColumn},
       ${poolColumn},
       ${todayStakedColumn(day)},
       ${marketColumn},
       ${platformColumn(day)}
       ${address === null ? '' : `, ${sumsColumn('$2', day, 'sums')}, ${accountColumn}`}`,
    address === null ? [chainId, today] : [chainId, address, today],
  );
  const row = r.rows[0]!;
  return {
    indexed: (row.indexed as Indexed | null) ?? null,
    pool: poolOf(row.pool),
    todayStaked: BigInt(row.today_staked as string),
    market: marketOf(row.market),
    platform: parseSums(row.platform),
    me:
      address === null
        ? null
        : { sums: parseSums(row.sums), account: accountOf(row.account, address) },
  };
}
