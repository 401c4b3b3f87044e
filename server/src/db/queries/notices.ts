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
}

type R = Record<string, unknown>;

/** Published and not deleted at `now`. */
const VISIBLE = 'n.deleted_at IS NULL AND n.published_at <= $3';

const LOCALIZED = `n.id, n.kind, n.published_at,
  CASE WHEN n.texts ? $1::text THEN $1::text ELSE 'en' END AS lang,
  COALESCE(n.texts -> $1::text, n.texts -> 'en') AS text,
  (r.notice_id IS NOT NULL) AS read
  FROM notices n
  LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = $2::int`;

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
  };
}

export async function listNotices(
  q: Queryable,
  o: { lang: string; userId: number | null; now: Date; limit: number; offset: number },
): Promise<{ total: number; items: LocalizedNotice[] }> {
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notices n WHERE n.deleted_at IS NULL AND n.published_at <= $1`,
    [o.now],
  );
  const r = await q.query(
    `SELECT ${LOCALIZED} WHERE ${VISIBLE}
     ORDER BY n.published_at DESC, n.id DESC LIMIT $4 OFFSET $5`,
    [o.lang, o.userId, o.now, o.limit, o.offset],
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

export async function countUnread(q: Queryable, userId: number, now: Date): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notices n
     WHERE n.deleted_at IS NULL AND n.published_at <= $2
       AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = $1)`,
    [userId, now],
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

/** Marks every visible notice read; returns how many were unread. */
export async function markAllRead(q: Queryable, userId: number, now: Date): Promise<number> {
  const r = await q.query(
    `INSERT INTO notice_reads (user_id, notice_id, read_at)
     SELECT $1, n.id, $2 FROM notices n WHERE n.deleted_at IS NULL AND n.published_at <= $2
     ON CONFLICT (user_id, notice_id) DO NOTHING`,
    [userId, now],
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
