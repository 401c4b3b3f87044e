import type { Queryable } from '../db.ts';

export interface UserRow {
  id: number;
  address: string;
  invite_code: string;
  inviter: string | null;
  invited_with: string | null;
  wallet: string | null;
  created_at: Date;
  last_login_at: Date;
}

type R = UserRow & Record<string, unknown>;

export async function findUserByAddress(q: Queryable, address: string): Promise<UserRow | null> {
  const r = await q.query<R>('SELECT * FROM users WHERE address = $1', [address]);
  return r.rows[0] ?? null;
}

export async function findUserByInviteCode(q: Queryable, code: string): Promise<UserRow | null> {
  const r = await q.query<R>('SELECT * FROM users WHERE invite_code = $1', [code]);
  return r.rows[0] ?? null;
}

/**
 * Creates the user on first login, or records the login of an existing one. The invite code,
 * inviter and created_at are written only on creation.
 */
export async function upsertUserOnLogin(
  q: Queryable,
  u: Pick<UserRow, 'address' | 'invite_code' | 'inviter' | 'invited_with' | 'wallet'> & {
    now: Date;
  },
): Promise<UserRow> {
  const r = await q.query<R>(
    `INSERT INTO users (address, invite_code, inviter, invited_with, wallet, created_at, last_login_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (address) DO UPDATE
       SET last_login_at = EXCLUDED.last_login_at,
           wallet = COALESCE(EXCLUDED.wallet, users.wallet)
     RETURNING *`,
    [u.address, u.invite_code, u.inviter, u.invited_with, u.wallet, u.now],
  );
  return r.rows[0]!;
}
