import type { Queryable } from '../db.ts';

export type NoticeKind = 'operator' | 'timelock';
export interface NoticeText {
  title: string;
  body: string;
}
/** Texts per language tag; `en` is always present. */
export type NoticeTexts = Record<string, NoticeText>;

export interface NoticeRow {
  id: number;
  kind: NoticeKind;
  texts: NoticeTexts;
  created_at: Date;
  published_at: Date;
  created_by: string | null;
  deleted_at: Date | null;
}

/** One notice in one language (the requested one, else en). */
export interface LocalizedNotice {
  id: number;
  kind: NoticeKind;
  /** The language of `title`/`body`: the requested one, or en when it has no text in it. */
  lang: string;
  title: string;
  body: string;
  published_at: Date;
  /** Whether the user has read it (false without a user). */
  read: boolean;
  /** The network of a chain notice (a timelock change); null for an operator notice. */
  chain_id: number | null;
  /** The state of the announced change, for the notice of a queued change; else null. */
  change: { status: TimelockStatus; at: Date | null } | null;
  /**
   * The chain event a timelock notice announces, as the chain index holds it (its queued change,
   * or the ParamCancelled at the notice's coordinates); null for an operator notice, or while the
   * index does not hold the event (a reset chain not yet re-indexed).
   */
  announces: { event: 'queued' | 'cancelled'; param: number } | null;
}

export type TimelockStatus = 'queued' | 'executed' | 'cancelled' | 'replaced' | 'expired';

/**
 * Staking's TIMELOCK_GRACE (a constant of the contract, 7 days): executeParam refuses a change
 * this long after its eta (ChangeExpired), and no event says so: past it the change is expired.
 */
export const TIMELOCK_GRACE_SECONDS = 7 * 24 * 60 * 60;

type R = Record<string, unknown>;

/** Published and not deleted at `now`. */
const VISIBLE = 'n.deleted_at IS NULL AND n.published_at <= $3';

/**
 * The state of a notice's change, from what the chain index knows: the settling event's block time
 * (ParamChanged / ParamCancelled in contract_events; the replacing ParamQueued in
 * timelock_changes), or, still queued, expired once the indexed chain's time (the last indexed
 * block, chain_cursors.block_time: the contract's clock, not the server's) passed eta + grace.
 */
const CHANGE = `t.status AS change_status, t.eta AS change_eta,
  (c.block_time > t.eta + make_interval(secs => ${TIMELOCK_GRACE_SECONDS})) AS change_expired,
  COALESCE(
    (SELECT e.block_time FROM contract_events e
      WHERE e.chain_id = t.chain_id AND e.block_number = t.settled_block
        AND e.name IN ('ParamChanged', 'ParamCancelled') AND (e.args ->> 'param')::int = t.param
      ORDER BY e.log_index LIMIT 1),
    (SELECT q.block_time FROM timelock_changes q
      WHERE q.chain_id = t.chain_id AND q.block_number = t.settled_block AND q.param = t.param
      ORDER BY q.log_index LIMIT 1)
  ) AS change_settled_at`;

/** What a timelock notice announces: its queued change's parameter, or the cancelled one's. */
const ANNOUNCES = `t.param AS queued_param,
  (SELECT (e.args ->> 'param')::int FROM contract_events e
    WHERE e.chain_id = n.chain_id AND e.block_number = n.block_number
      AND e.log_index = n.log_index AND e.name = 'ParamCancelled') AS cancelled_param`;

const LOCALIZED = `n.id, n.kind, n.published_at, n.chain_id,
  CASE WHEN n.texts ? $1::text THEN $1::text ELSE 'en' END AS lang,
  COALESCE(n.texts -> $1::text, n.texts -> 'en') AS text,
  (r.notice_id IS NOT NULL) AS read, ${CHANGE}, ${ANNOUNCES}
  FROM notices n
  LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = $2::int
  LEFT JOIN timelock_changes t ON t.notice_id = n.id
  LEFT JOIN chain_cursors c ON c.chain_id = t.chain_id`;

/** Only the notices of `chain` and those of no chain (operator notices); every one when null. */
const ON_CHAIN = (param: string) =>
  `(${param}::int IS NULL OR n.chain_id IS NULL OR n.chain_id = ${param}::int)`;

function changeOf(row: R): LocalizedNotice['change'] {
  const status = row.change_status as Exclude<TimelockStatus, 'expired'> | null;
  if (status === null || status === undefined) return null;
  if (status === 'queued') {
    if (row.change_expired !== true) return { status, at: null };
    const eta = row.change_eta as Date;
    return { status: 'expired', at: new Date(eta.getTime() + TIMELOCK_GRACE_SECONDS * 1000) };
  }
  return { status, at: (row.change_settled_at as Date | null) ?? null };
}

function announcesOf(row: R): LocalizedNotice['announces'] {
  const queued = row.queued_param as number | null | undefined;
  if (queued !== null && queued !== undefined) return { event: 'queued', param: queued };
  const cancelled = row.cancelled_param as number | null | undefined;
  if (cancelled !== null && cancelled !== undefined)
    return { event: 'cancelled', param: cancelled };
  return null;
}

function localized(row: R): LocalizedNotice {
  const text = row.text as NoticeText;
  return {
    id: row.id as number,
    kind: row.kind as NoticeKind,
    lang: row.lang as string,
    title: text.title,
    body: text.body,
    published_at: row.published_at as Date,
    read: row.read as boolean,
    chain_id: (row.chain_id as number | null) ?? null,
    change: changeOf(row),
    announces: announcesOf(row),
  };
}

export async function listNotices(
  q: Queryable,
  o: {
    lang: string;
    userId: number | null;
    now: Date;
    limit: number;
    offset: number;
    /** The network shown: the other network's chain notices are left out. */
    chainId?: number | null;
  },
): Promise<{ total: number; items: LocalizedNotice[] }> {
  const chainId = o.chainId ?? null;
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notices n
     WHERE n.deleted_at IS NULL AND n.published_at <= $1 AND ${ON_CHAIN('$2')}`,
    [o.now, chainId],
  );
  const r = await q.query(
    `SELECT ${LOCALIZED} WHERE ${VISIBLE} AND ${ON_CHAIN('$6')}
     ORDER BY n.published_at DESC, n.id DESC LIMIT $4 OFFSET $5`,
    [o.lang, o.userId, o.now, o.limit, o.offset, chainId],
  );
  return { total: total.rows[0]!.n, items: r.rows.map(localized) };
}

export async function findNotice(
  q: Queryable,
  o: { id: number; lang: string; userId: number | null; now: Date },
): Promise<LocalizedNotice | null> {
  const r = await q.query(`SELECT ${LOCALIZED} WHERE ${VISIBLE} AND n.id = $4`, [
    o.lang,
    o.userId,
    o.now,
    o.id,
  ]);
  return r.rows[0] ? localized(r.rows[0]) : null;
}

/** Unread notices of `userId`: of network `chainId` and operator notices (every one when null). */
export async function countUnread(
  q: Queryable,
  userId: number,
  now: Date,
  chainId: number | null = null,
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notices n
     WHERE n.deleted_at IS NULL AND n.published_at <= $2 AND ${ON_CHAIN('$3')}
       AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = $1)`,
    [userId, now, chainId],
  );
  return r.rows[0]!.n;
}

/** Marks one visible notice read: 1 when newly marked, 0 when it was read, null when no such notice. */
export async function markRead(
  q: Queryable,
  userId: number,
  noticeId: number,
  now: Date,
): Promise<number | null> {
  const r = await q.query(
    `SELECT 1 FROM notices n WHERE n.id = $1 AND n.deleted_at IS NULL AND n.published_at <= $2`,
    [noticeId, now],
  );
  if (r.rowCount === 0) return null;
  const ins = await q.query(
    `INSERT INTO notice_reads (user_id, notice_id, read_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, notice_id) DO NOTHING`,
    [userId, noticeId, now],
  );
  return ins.rowCount;
}

/**
 * Marks every visible notice read (of network `chainId` and operator notices; every one when
 * null); returns how many were unread.
 */
export async function markAllRead(
  q: Queryable,
  userId: number,
  now: Date,
  chainId: number | null = null,
): Promise<number> {
  const r = await q.query(
    `INSERT INTO notice_reads (user_id, notice_id, read_at)
     SELECT $1, n.id, $2 FROM notices n
     WHERE n.deleted_at IS NULL AND n.published_at <= $2 AND ${ON_CHAIN('$3')}
     ON CONFLICT (user_id, notice_id) DO NOTHING`,
    [userId, now, chainId],
  );
  return r.rowCount;
}

export async function insertNotice(
  q: Queryable,
  n: Pick<NoticeRow, 'kind' | 'texts' | 'created_at' | 'published_at' | 'created_by'>,
): Promise<NoticeRow> {
  const r = await q.query<NoticeRow & R>(
    `INSERT INTO notices (kind, texts, created_at, published_at, created_by)
     VALUES ($1, $2::jsonb, $3, $4, $5) RETURNING *`,
    [n.kind, JSON.stringify(n.texts), n.created_at, n.published_at, n.created_by],
  );
  return r.rows[0]!;
}

/**
 * Soft-deletes an operator notice. 'deleted', 'missing' (no such notice or already deleted), or
 * 'locked' (a timelock notice: it announces an on-chain change and stays).
 */
export async function deleteNotice(
  q: Queryable,
  id: number,
  now: Date,
): Promise<'deleted' | 'missing' | 'locked'> {
  const r = await q.query<{ kind: NoticeKind } & R>(
    `SELECT kind FROM notices WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return 'missing';
  if (row.kind !== 'operator') return 'locked';
  await q.query(`UPDATE notices SET deleted_at = $2 WHERE id = $1`, [id, now]);
  return 'deleted';
}
