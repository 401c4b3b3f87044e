/**
 * What the features' reads of the chain index share: where the index stands, the level
 * thresholds, and the list page read (docs/CONTRACTS-OF-WORK.md, "Chain-derived endpoints").
 * Amounts leave as decimal strings of base units (`::text`), never as floats. A read of one
 * address's rows takes the address as `$2`: a page whose session is not checked yet runs it
 * session-bound (db/queries/sessions.ts, sessionBound), `$2` then being the session's address.
 */
import type { Queryable } from '../../db/db.ts';
import { wireColumns } from './rows.ts';
import { chainTable, place } from './table.ts';

/** A row as a statement returns it. */
export type R = Record<string, unknown>;

export interface Indexed {
  block: string;
  blockTime: string | null;
}

/** Where the index of a chain stands, or null before its first chunk. */
export async function indexedOf(q: Queryable, chainId: number): Promise<Indexed | null> {
  const r = await q.query<R>(
    'SELECT block_number::text AS block, block_time FROM chain_cursors WHERE chain_id = $1',
    [chainId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    block: row.block as string,
    blockTime: row.block_time ? (row.block_time as Date).toISOString() : null,
  };
}

/** levelThresholds() of the contract as the indexer read it (empty before the first index). */
export async function levelThresholds(q: Queryable, chainId: number): Promise<bigint[]> {
  const r = await q.query<R>(
    'SELECT level_thresholds::text[] AS t FROM chain_cursors WHERE chain_id = $1',
    [chainId],
  );
  return ((r.rows[0]?.t as string[] | undefined) ?? []).map((v) => BigInt(v));
}

/** How many thresholds a team performance reaches (the contract's levelOf). */
export function levelFor(teamPerformance: bigint, thresholds: readonly bigint[]): number {
  return thresholds.filter((t) => teamPerformance >= t).length;
}

/*
 * One statement per page (issue 12 §5): each page's figures come from rows the indexer keeps up
 * to date (cursor, chain_stats, accounts, income_totals with its credit counts, the daily sums)
 * and at most one indexed range read (a list page), read together in one round trip instead of
 * one query per figure. The multi-row parts come back as JSON.
 */

/** The cursor as `Indexed` (JSON; null before the first chunk). Uses $1 = chain id. */
export const indexedColumn = `(SELECT json_build_object('block', block_number::text,
    'blockTime', to_char(block_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM chain_cursors WHERE chain_id = $1) AS indexed`;

/** Where a list page starts: at the newest row, or right after the row `before` (keyset). */
export interface ListPlace {
  limit: number;
  before?: [block: string, logIndex: number];
}

export interface ListRead {
  indexed: Indexed | null;
  /** The statement's other columns (the list's total and figures). */
  row: R;
  items: R[];
  /** The `before` of the next page (`block-logIndex` of the last item), null on the last page. */
  next: string | null;
}

/**
 * One list page in one statement: the cursor, the figures the indexer keeps for the list (its
 * total from a maintained count, never a COUNT over the address's rows), and `limit` + 1 rows of
 * `from` by its (chain, address[, source], block, log) index, newest first, after `before`: an
 * index range read however deep the page (no OFFSET). The extra row only says whether a next
 * page exists. `params` are `$1` (the chain id), `$2`, ...; the limit and keyset follow them.
 */
export async function listRead(
  q: Queryable,
  spec: {
    params: unknown[];
    figures: string;
    columns: string;
    from: string;
    where: string;
    /** The block and log index columns (the keyset). */
    block: string;
    log: string;
  },
  page: ListPlace,
): Promise<ListRead> {
  const params = [...spec.params, page.limit + 1];
  const limit = `$${params.length}`;
  let after = '';
  if (page.before) {
    params.push(...page.before);
    after = ` AND (${spec.block}, ${spec.log}) < ($${params.length - 1}::bigint, $${params.length}::integer)`;
  }
  const r = await q.query<R>(
    `SELECT ${indexedColumn}, ${spec.figures},
       (SELECT COALESCE(json_agg(i ORDER BY i.b DESC, i.l DESC), '[]'::json) FROM (
          SELECT ${spec.columns}, ${spec.block} AS b, ${spec.log} AS l,
                 ${spec.block}::text || '-' || ${spec.log} AS cursor
          FROM ${spec.from} WHERE ${spec.where}${after}
          ORDER BY ${spec.block} DESC, ${spec.log} DESC LIMIT ${limit}) i) AS items`,
    params,
  );
  const { indexed, items, ...row } = r.rows[0]!;
  const rows = (items as R[]).slice(0, page.limit);
  return {
    indexed: (indexed as Indexed | null) ?? null,
    row,
    items: rows.map(({ b: _b, l: _l, cursor: _c, ...item }) => item),
    next: (items as R[]).length > page.limit ? (rows.at(-1)!.cursor as string) : null,
  };
}

/** The columns every event's row shows: its id, transaction, block and time. */
export const placeColumns = `block_number::text || '-' || log_index AS id,
  ${wireColumns(chainTable('place', place(), { primaryKey: [] }), ['txHash', 'blockNumber', 'time'])}`;

/** A per-address row's column as a number (0 when the address has no row yet). */
export const countOf = (table: string, column: string, where = '') =>
  `COALESCE((SELECT ${column} FROM ${table} WHERE chain_id = $1 AND address = $2${where}), 0)::int AS total`;

/**
 * A page of one of an address's record lists (activity, withdrawals, exchanges): `columns` (named
 * as the API names them) of `table` by its (chain, address, block, log) index, with `figures`
 * (the list's total, from record_totals).
 */
export function recordPageRead(
  q: Queryable,
  list: { table: string; columns: string; figures: string },
  filter: { chainId: number; address: string },
  page: ListPlace,
): Promise<ListRead> {
  return listRead(
    q,
    {
      params: [filter.chainId, filter.address],
      figures: list.figures,
      columns: `${placeColumns}, ${list.columns}`,
      from: list.table,
      where: 'chain_id = $1 AND address = $2',
      block: 'block_number',
      log: 'log_index',
    },
    page,
  );
}
