import type { Queryable, Row } from '../db.ts';
import type { UserRow } from './users.ts';

export interface SessionRow {
  token_hash: string;
  user_id: number;
  chain_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export async function insertSession(
  q: Queryable,
  s: Omit<SessionRow, 'revoked_at'>,
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (token_hash, user_id, chain_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [s.token_hash, s.user_id, s.chain_id, s.created_at, s.expires_at],
  );
}

export interface ActiveSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * The active session with token hash `$<hash>` at `$<now>` and its user, as columns named
 * `<prefix><column>`: one definition for the lookup on its own and for the lookup folded into a
 * page's statement (`sessionBound`).
 */
const activeSessionSql = (prefix: string, hash: string, now: string) =>
  `SELECT s.token_hash AS ${prefix}token_hash, s.user_id AS ${prefix}user_id,
          s.chain_id AS ${prefix}chain_id, s.created_at AS ${prefix}s_created_at,
          s.expires_at AS ${prefix}expires_at, s.revoked_at AS ${prefix}revoked_at,
          u.id AS ${prefix}id, u.address AS ${prefix}address, u.invite_code AS ${prefix}invite_code,
          u.inviter AS ${prefix}inviter, u.invited_with AS ${prefix}invited_with,
          u.wallet AS ${prefix}wallet, u.created_at AS ${prefix}created_at,
          u.last_login_at AS ${prefix}last_login_at
   FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.token_hash = ${hash} AND s.revoked_at IS NULL AND s.expires_at > ${now}`;

function parseActiveSession(row: Record<string, unknown>, prefix: string): ActiveSession {
  const col = <T>(name: string) => row[prefix + name] as T;
  return {
    session: {
      token_hash: col('token_hash'),
      user_id: col('user_id'),
      chain_id: col('chain_id'),
      created_at: col('s_created_at'),
      expires_at: col('expires_at'),
      revoked_at: col('revoked_at'),
    },
    user: {
      id: col('id'),
      address: col('address'),
      invite_code: col('invite_code'),
      inviter: col('inviter'),
      invited_with: col('invited_with'),
      wallet: col('wallet'),
      created_at: col('created_at'),
      last_login_at: col('last_login_at'),
    },
  };
}

/** The session with this token hash, if it is neither revoked nor expired at `now`. */
export async function findActiveSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<ActiveSession | null> {
  const r = await q.query(activeSessionSql('', '$1', '$2'), [tokenHash, now]);
  const row = r.rows[0];
  return row ? parseActiveSession(row, '') : null;
}

/** Prefix of the session's columns in a session-bound statement's rows. */
const WHO = 'who_';
/** Set on a session-bound statement's rows that come from the page (not only the session). */
const PAGE_ROW = 'who_page_row';

/**
 * `q` for the statements of a page read by a session not yet checked: each statement's `$2` (by
 * convention the address whose page it is) becomes the address of the active session with token
 * hash `tokenHash`, and the session is checked in the same statement — one round trip where a
 * session lookup and then the page would be two. `found` gets the session (from the first
 * statement that runs); with no active session (unknown, revoked, expired) `missing` is called
 * and must throw, so no page is read for it. `$3`... keep their values; `$2`'s is ignored.
 */
export function sessionBound(
  q: Queryable,
  tokenHash: string,
  now: Date,
  found: (active: ActiveSession) => void,
  missing: () => never,
): Queryable {
  return {
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      const values = [...params];
      while (values.length < 2) values.push(null);
      values[1] = tokenHash;
      values.push(now);
      // LEFT JOIN: a session whose page has no rows still comes back (as one row without PAGE_ROW).
      const r = await q.query(
        `WITH who AS MATERIALIZED (${activeSessionSql(WHO, '$2', `$${values.length}`)})
         SELECT who.*, page.* FROM who LEFT JOIN LATERAL (
           SELECT true AS ${PAGE_ROW}, p.* FROM (${sql.replace(/\$2(?!\d)/g, `who.${WHO}address`)}) p
         ) page ON true`,
        values,
      );
      const first = r.rows[0];
      if (!first) missing();
      found(parseActiveSession(first, WHO));
      const rows = r.rows.filter((row) => row[PAGE_ROW] === true).map(pageColumns) as T[];
      return { rows, rowCount: rows.length };
    },
    exec: () => Promise.reject(new Error('sessionBound: statements with parameters only')),
  };
}

/** A session-bound row without the session's columns. */
function pageColumns(row: Record<string, unknown>): Record<string, unknown> {
  const page: Record<string, unknown> = {};
  for (const key in row) if (!key.startsWith(WHO)) page[key] = row[key];
  return page;
}

export async function revokeSession(q: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const r = await q.query(
    `UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING token_hash`,
    [tokenHash, now],
  );
  return r.rowCount === 1;
}
