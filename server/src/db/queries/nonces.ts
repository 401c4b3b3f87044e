import type { Queryable } from '../db.ts';

export interface LoginNonceRow {
  nonce: string;
  address: string;
  chain_id: number;
  message: string;
  issued_at: Date;
  expires_at: Date;
  used_at: Date | null;
  /** SHA-256 of the IP that asked for it (null for rows from before migration 006). */
  client: string | null;
}

export async function insertNonce(
  q: Queryable,
  row: Omit<LoginNonceRow, 'used_at'>,
): Promise<void> {
  await q.query(
    `INSERT INTO login_nonces (nonce, address, chain_id, message, issued_at, expires_at, client)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [row.nonce, row.address, row.chain_id, row.message, row.issued_at, row.expires_at, row.client],
  );
}

/** How many open (unused, unexpired) nonces `client` holds for `address`. */
export async function countOpenNonces(
  q: Queryable,
  client: string,
  address: string,
  now: Date,
): Promise<number> {
  const r = await q.query<{ n: number } & Record<string, unknown>>(
    `SELECT count(*)::int AS n FROM login_nonces
     WHERE client = $1 AND address = $2 AND used_at IS NULL AND expires_at > $3`,
    [client, address, now],
  );
  return r.rows[0]?.n ?? 0;
}

/** The open (unused, unexpired) nonce `nonce` if it was issued to `address`. */
export async function openNonce(
  q: Queryable,
  nonce: string,
  address: string,
  now: Date,
): Promise<LoginNonceRow | undefined> {
  const r = await q.query<LoginNonceRow & Record<string, unknown>>(
    `SELECT * FROM login_nonces
     WHERE nonce = $1 AND address = $2 AND used_at IS NULL AND expires_at > $3 AND issued_at <= $3`,
    [nonce, address, now],
  );
  return r.rows[0];
}

/** Unused, unexpired nonces that `client` asked for `address`, newest first. */
export async function openNoncesOfClient(
  q: Queryable,
  address: string,
  client: string,
  now: Date,
  limit: number,
): Promise<LoginNonceRow[]> {
  const r = await q.query<LoginNonceRow & Record<string, unknown>>(
    `SELECT * FROM login_nonces
     WHERE address = $1 AND client = $2 AND used_at IS NULL AND expires_at > $3 AND issued_at <= $3
     ORDER BY issued_at DESC, nonce LIMIT $4`,
    [address, client, now, limit],
  );
  return r.rows;
}

/** Marks a nonce used; false when it was used (or expired) meanwhile. */
export async function consumeNonce(q: Queryable, nonce: string, now: Date): Promise<boolean> {
  const r = await q.query(
    `UPDATE login_nonces SET used_at = $2
     WHERE nonce = $1 AND used_at IS NULL AND expires_at > $2 RETURNING nonce`,
    [nonce, now],
  );
  return r.rowCount === 1;
}

/** Removes nonces that expired more than a day ago (kept a while for diagnosis). */
export async function deleteStaleNonces(q: Queryable, now: Date): Promise<number> {
  const r = await q.query(`DELETE FROM login_nonces WHERE expires_at < $1`, [
    new Date(now.getTime() - 24 * 60 * 60 * 1000),
  ]);
  return r.rowCount;
}
