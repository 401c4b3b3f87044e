/** The exchange record's list page with its sums, and the market row the home page shows. */
import type { Queryable } from '../../db/db.ts';
import { recordPageRead, type ListPlace, type ListRead } from '../shared/reads.ts';
import { parseRow, rowJson, wireColumns } from '../shared/rows.ts';
import { exchanges, market, type Market } from './tables.ts';

export interface ExchangeTotals {
  count: number;
  amountIn: string;
  netUsdc: string;
  fee: string;
}

/**
 * The exchange list page: its total and sums from record_totals, the page by the (address, block,
 * log) index.
 */
export async function exchangeListRead(
  q: Queryable,
  filter: { chainId: number; address: string },
  page: ListPlace,
): Promise<ListRead & { totals: ExchangeTotals }> {
  const read = await recordPageRead(
    q,
    {
      table: 'exchanges',
      columns: wireColumns(exchanges, ['amountIn', 'grossUsdc', 'fee', 'netUsdc']),
      // The exchange record also shows its sums: read from the same row.
      figures: `(SELECT json_build_object('count', exchanges, 'amountIn', exchanged_in::text,
                'netUsdc', exchanged_net::text, 'fee', exchange_fees::text)
              FROM record_totals WHERE chain_id = $1 AND address = $2) AS sums`,
    },
    filter,
    page,
  );
  const totals = (read.row.sums as ExchangeTotals | null) ?? {
    count: 0,
    amountIn: '0',
    netUsdc: '0',
    fee: '0',
  };
  return { ...read, row: { ...read.row, total: totals.count }, totals };
}

/** The chain's market row as JSON (null before the first Sync); `$1` the chain id. */
export const marketColumn = `(SELECT ${rowJson(market)} FROM market WHERE chain_id = $1) AS market`;

/** The market row a statement read as JSON, null when there is none. */
export const marketOf = (json: unknown): Market | null =>
  json ? parseRow(market, json as Record<string, unknown>) : null;
