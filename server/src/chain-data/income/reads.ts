/**
 * Reads of income for the pages: the income list, the daily series, and the sums other pages
 * show (an address's per source with today's part, the pool's), as parts of their one statement.
 */
import type { Queryable } from '../../db/db.ts';
import { listRead, placeColumns, type ListPlace, type ListRead, type R } from '../shared/reads.ts';
import { wireColumns } from '../shared/rows.ts';
import type { RowOf } from '../shared/table.ts';
import { income, incomeDaily } from './tables.ts';

/** Income per UTC day and source since `fromDay`. */
export async function incomeByDay(
  q: Queryable,
  chainId: number,
  address: string,
  fromDay: string,
): Promise<Pick<RowOf<typeof incomeDaily>, 'day' | 'source' | 'amount'>[]> {
  const r = await q.query<R>(
    `SELECT ${wireColumns(incomeDaily, ['day', 'source', 'amount'])} FROM income_daily
     WHERE chain_id = $1 AND address = $2 AND day >= $3::date`,
    [chainId, address, fromDay],
  );
  return r.rows.map((row) => ({
    day: row.day as string,
    source: Number(row.source),
    amount: BigInt(row.amount as string),
  }));
}

/** income_totals of one address with today's part, as JSON; `address` and `today` are SQL. */
export const sumsColumn = (address: string, today: string, name: string) =>
  `(SELECT COALESCE(json_agg(json_build_object('source', t.source, 'total', t.amount::text,
      'today', COALESCE(d.amount, 0)::text)), '[]'::json)
    FROM income_totals t LEFT JOIN income_daily d ON d.chain_id = t.chain_id AND d.address = t.address
      AND d.day = ${today}::date AND d.source = t.source
    WHERE t.chain_id = $1 AND t.address = ${address}) AS ${name}`;

export type SumRow = { source: number; total: bigint; today: bigint };
export const parseSums = (value: unknown): SumRow[] =>
  ((value as { source: number; total: string; today: string }[] | null) ?? []).map((s) => ({
    source: Number(s.source),
    total: BigInt(s.total),
    today: BigInt(s.today),
  }));

/** The pool's income per source, all time and on `day` (SQL), as JSON. */
export const platformColumn = (day: string) => `(SELECT COALESCE(json_agg(p), '[]'::json) FROM (
          SELECT source, sum(amount)::text AS total,
                 COALESCE(sum(amount) FILTER (WHERE day = ${day}::date), 0)::text AS today
          FROM platform_income_daily WHERE chain_id = $1 GROUP BY source) p) AS platform`;

/**
 * The income list page: total from income_totals' credit counts, the page by the (address[,
 * source], block, log) index, and the sums.
 */
export async function incomeListRead(
  q: Queryable,
  filter: { chainId: number; address: string; source?: number; today: string },
  page: ListPlace,
): Promise<ListRead & { sums: SumRow[] }> {
  const params: unknown[] = [filter.chainId, filter.address, filter.today];
  if (filter.source !== undefined) params.push(filter.source);
  const bySource = filter.source === undefined ? '' : ` AND source = $4`;
  const read = await listRead(
    q,
    {
      params,
      figures: `(SELECT COALESCE(sum(credits), 0)::int FROM income_totals
                 WHERE chain_id = $1 AND address = $2${bySource}) AS total,
                ${sumsColumn('$2', '$3', 'sums')}`,
      columns: `${placeColumns}, ${wireColumns(income, ['source', 'from', 'token', 'amount'])}`,
      from: 'income',
      where: `chain_id = $1 AND address = $2${bySource}`,
      block: 'block_number',
      log: 'log_index',
    },
    page,
  );
  return { ...read, sums: parseSums(read.row.sums) };
}
