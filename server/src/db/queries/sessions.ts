import type { Queryable } from '../db.ts';
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

/** The session with this token hash, if it is neither revoked nor expired at `now`. */
export async function findActiveSession(
  q: Queryable,
  tokenHash: string,
  now: Date,
): Promise<ActiveSession | null> {
  const r = await q.query(
    `SELECT s.token_hash, s.user_id, s.chain_id, s.created_at AS s_created_at,
            s.expires_at, s.revoked_at,
            u.id, u.address, u.invite_code, u.inviter, u.invited_with, u.wallet,
            u.created_at, u.last_login_at
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [tokenHash, now],
  );
  const row = r.rows[0] as (SessionRow & UserRow & { s_created_at: Date }) | undefined;
  if (!row) return null;
  return {
    session: {
      token_hash: row.token_hash,
      user_id: row.user_id,
      chain_id: row.chain_id,
      created_at: row.s_created_at,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
    },
    user: {
      id: row.id,
      address: row.address,
      invite_code: row.invite_code,
      inviter: row.inviter,
      invited_with: row.invited_with,
      wallet: row.wallet,
      created_at: row.created_at,
      last_login_at: row.last_login_at,
    },
  };
}

export async function revokeSession(q: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const r = await q.query(
    `UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING token_hash`,
    [tokenHash, now],
  );
  return r.rowCount === 1;
}
