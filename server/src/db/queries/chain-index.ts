/**
 * Reads of the chain index for the pages (docs/CONTRACTS-OF-WORK.md, "Chain-derived endpoints").
 * Amounts leave as decimal strings of base units (`::text`), never as floats. A read of one
 * address's rows takes the address as `$2`: a page whose session is not checked yet runs it
 * session-bound (db/queries/sessions.ts, sessionBound), `$2` then being the session's address.
 */
import type { Queryable } from '../db.ts';
import {
  accounts,
  activity,
  chainStats,
  exchanges,
  income,
  incomeDaily,
  market,
  withdrawals,
  type Account,
  type Market,
  type PoolStats,
} from '../schema/chain-index.ts';
import { isoSql, parseRow, rowJson, wireColumns } from '../schema/rows.ts';
import { defaultRow, type RowOf } from '../schema/table.ts';

type R = Record<string, unknown>;

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

/** An address's accounts row and its superior (null outside the tree). */
export type AccountFigures = Account & { superior: string | null };

/** The account row a statement read as JSON, all defaults for an address the chain never saw. */
const accountOf = (json: unknown, address: string): Account =>
  json ? parseRow(accounts, json as Record<string, unknown>) : defaultRow(accounts, { address });

/** An address's accounts row as JSON (null when it has none); the address is `$2`. */
const accountColumn = `(SELECT ${rowJson(accounts)} FROM accounts
  WHERE chain_id = $1 AND address = $2) AS account`;

/** One address's indexed figures (all zero for an address the chain never saw). */
export async function accountFigures(
  q: Queryable,
  chainId: number,
  address: string,
): Promise<AccountFigures> {
  const r = await q.query<R>(
    `SELECT ${accountColumn},
            (SELECT superior FROM referrals WHERE chain_id = $1 AND address = $2) AS superior`,
    [chainId, address],
  );
  const row = r.rows[0]!;
  return { ...accountOf(row.account, address), superior: (row.superior as string | null) ?? null };
}

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

/*
 * One statement per page (issue 12 §5): each page's figures come from rows the indexer keeps up
 * to date (cursor, chain_stats, accounts, income_totals with its credit counts, the daily sums)
 * and at most one indexed range read (a list page), read together in one round trip instead of
 * one query per figure. The multi-row parts come back as JSON.
 */

/** The cursor as `Indexed` (JSON; null before the first chunk). Uses $1 = chain id. */
const indexedColumn = `(SELECT json_build_object('block', block_number::text,
    'blockTime', to_char(block_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM chain_cursors WHERE chain_id = $1) AS indexed`;

/** income_totals of one address with today's part, as JSON; `address` and `today` are SQL. */
const sumsColumn = (address: string, today: string, name: string) =>
  `(SELECT COALESCE(json_agg(json_build_object('source', t.source, 'total', t.amount::text,
      'today', COALESCE(d.amount, 0)::text)), '[]'::json)
    FROM income_totals t LEFT JOIN income_daily d ON d.chain_id = t.chain_id AND d.address = t.address
      AND d.day = ${today}::date AND d.source = t.source
    WHERE t.chain_id = $1 AND t.address = ${address}) AS ${name}`;

type SumRow = { source: number; total: bigint; today: bigint };
const parseSums = (value: unknown): SumRow[] =>
  ((value as { source: number; total: string; today: string }[] | null) ?? []).map((s) => ({
    source: Number(s.source),
    total: BigInt(s.total),
    today: BigInt(s.today),
  }));

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
async function listRead(
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
const placeColumns = `block_number::text || '-' || log_index AS id,
  ${wireColumns(income, ['txHash', 'blockNumber', 'time'])}`;

/** A per-address row's column as a number (0 when the address has no row yet). */
const countOf = (table: string, column: string, where = '') =>
  `COALESCE((SELECT ${column} FROM ${table} WHERE chain_id = $1 AND address = $2${where}), 0)::int AS total`;

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

/**
 * A purchase's detail with the payment that sent its price on to the treasury: the first
 * `TreasuryPaid` after it (`payTreasury` sends all the proceeds accrued so far, to the treasury of
 * that block), as `treasuryPaidAt` and `treasuryPaidTo`; without them the price is still owed.
 */
const activityDetail = `CASE WHEN activity.type = 'membership' AND activity.amount > 0
  THEN activity.detail || COALESCE((
    SELECT jsonb_build_object('treasuryPaidAt', ${isoSql('p.block_time')}, 'treasuryPaidTo', p.treasury)
    FROM treasury_payments p WHERE p.chain_id = activity.chain_id
      AND (p.block_number, p.log_index) > (activity.block_number, activity.log_index)
    ORDER BY p.block_number, p.log_index LIMIT 1), '{}'::jsonb)
  ELSE activity.detail END AS detail`;

/** The address's lists read per page, their columns named as the API names them. */
const recordLists = {
  activity: {
    columns: `${wireColumns(activity, ['type', 'token', 'amount'])}, ${activityDetail}`,
    total: 'activity',
  },
  withdrawals: {
    columns: wireColumns(withdrawals, ['kind', 'token', 'amount']),
    total: 'withdrawals',
  },
  exchanges: {
    columns: wireColumns(exchanges, ['amountIn', 'grossUsdc', 'fee', 'netUsdc']),
    total: 'exchanges',
  },
} as const;
export type RecordList = keyof typeof recordLists;

export interface ExchangeTotals {
  count: number;
  amountIn: string;
  netUsdc: string;
  fee: string;
}

/**
 * An activity, withdrawal or exchange list page: its total (and the exchange sums) from
 * record_totals, the page by the (address, block, log) index.
 */
export async function recordListRead(
  q: Queryable,
  list: RecordList,
  filter: { chainId: number; address: string },
  page: ListPlace,
): Promise<ListRead & { totals: ExchangeTotals }> {
  const read = await listRead(
    q,
    {
      params: [filter.chainId, filter.address],
      // The exchange record also shows its sums: read from the same row.
      figures:
        list === 'exchanges'
          ? `(SELECT json_build_object('count', exchanges, 'amountIn', exchanged_in::text,
                'netUsdc', exchanged_net::text, 'fee', exchange_fees::text)
              FROM record_totals WHERE chain_id = $1 AND address = $2) AS sums`
          : countOf('record_totals', recordLists[list].total),
      columns: `${placeColumns}, ${recordLists[list].columns}`,
      from: list,
      where: 'chain_id = $1 AND address = $2',
      block: 'block_number',
      log: 'log_index',
    },
    page,
  );
  const totals = (read.row.sums as ExchangeTotals | null) ?? {
    count: 0,
    amountIn: '0',
    netUsdc: '0',
    fee: '0',
  };
  const total = list === 'exchanges' ? totals.count : (read.row.total as number);
  return { ...read, row: { ...read.row, total }, totals };
}

const depthColumn = { 1: 'superior', 2: 'upline2', 3: 'upline3' } as const;

/**
 * One page of the members at `depth` below `address`, newest binding first, by the referrals
 * (upline, block, log) index; the total is the account's member count at that depth.
 */
export async function teamMembersRead(
  q: Queryable,
  filter: { chainId: number; address: string; depth: 1 | 2 | 3 },
  page: ListPlace,
): Promise<ListRead> {
  return listRead(
    q,
    {
      params: [filter.chainId, filter.address],
      figures: countOf('accounts', `members_d${filter.depth}`),
      columns: `r.address, ${isoSql('r.bound_at')} AS "boundAt",
        COALESCE(a.active_stake, 0)::text AS "activeStake",
        COALESCE(a.total_staked, 0)::text AS "totalStaked"`,
      from: 'referrals r LEFT JOIN accounts a ON a.chain_id = r.chain_id AND a.address = r.address',
      where: `r.chain_id = $1 AND r.${depthColumn[filter.depth]} = $2`,
      block: 'r.block_number',
      log: 'r.log_index',
    },
    page,
  );
}

export interface AccountRead {
  indexed: Indexed | null;
  thresholds: bigint[];
  account: AccountFigures;
  sums: SumRow[];
}

/** The cursor, level thresholds, an address's account row, superior and income sums: one statement. */
export async function accountRead(
  q: Queryable,
  chainId: number,
  address: string,
  today: string,
): Promise<AccountRead> {
  const r = await q.query<R>(
    `SELECT ${indexedColumn},
       (SELECT level_thresholds::text[] FROM chain_cursors WHERE chain_id = $1) AS thresholds,
       (SELECT superior FROM referrals WHERE chain_id = $1 AND address = $2) AS superior,
       ${sumsColumn('$2', '$3', 'sums')},
       ${accountColumn}`,
    [chainId, address, today],
  );
  const row = r.rows[0]!;
  return {
    indexed: (row.indexed as Indexed | null) ?? null,
    thresholds: ((row.thresholds as string[] | null) ?? []).map((v) => BigInt(v)),
    account: {
      ...accountOf(row.account, address),
      superior: (row.superior as string | null) ?? null,
    },
    sums: parseSums(row.sums),
  };
}

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
       (SELECT ${rowJson(chainStats)} FROM chain_stats WHERE chain_id = $1) AS pool,
       COALESCE((SELECT amount FROM stake_daily WHERE chain_id = $1 AND day = ${day}::date), 0)::text
         AS today_staked,
       (SELECT ${rowJson(market)} FROM market WHERE chain_id = $1) AS market,
       (SELECT COALESCE(json_agg(p), '[]'::json) FROM (
          SELECT source, sum(amount)::text AS total,
                 COALESCE(sum(amount) FILTER (WHERE day = ${day}::date), 0)::text AS today
          FROM platform_income_daily WHERE chain_id = $1 GROUP BY source) p) AS platform
       ${address === null ? '' : `, ${sumsColumn('$2', day, 'sums')}, ${accountColumn}`}`,
    address === null ? [chainId, today] : [chainId, address, today],
  );
  const row = r.rows[0]!;
  const parsed = <T extends typeof chainStats | typeof market>(table: T, json: unknown) =>
    json ? parseRow(table, json as R) : null;
  return {
    indexed: (row.indexed as Indexed | null) ?? null,
    pool: parsed(chainStats, row.pool),
    todayStaked: BigInt(row.today_staked as string),
    market: parsed(market, row.market),
    platform: parseSums(row.platform),
    me:
      address === null
        ? null
        : { sums: parseSums(row.sums), account: accountOf(row.account, address) },
  };
}
