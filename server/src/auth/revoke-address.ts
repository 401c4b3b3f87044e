/**
 * Ends every session of one address at once, on every API instance: the incident step for a leaked
 * admin (operator) key (docs/OPERATIONS.md §7). Taking the address out of ADMIN_ADDRESSES removes
 * its admin rights at the next rolling restart; this ends the sessions it already holds now.
 *
 * Each session is marked revoked in the database, then its token hash is published on the Redis
 * channel every instance listens on (shared-state/redis.ts), so each drops it from its 30 s session
 * cache at once — the same path as a logout.
 */
import { Redis } from 'ioredis';
import type { Db } from '../db/db.ts';

/** The channel a logout is broadcast on (shared-state/redis.ts subscribes to it). */
export const revocationChannel = (prefix: string) => `${prefix}session-revoked`;

export interface Revoked {
  /** Sessions that were live and are now revoked. */
  sessions: number;
  /** Whether every instance was told through Redis (false without REDIS_URL). */
  broadcast: boolean;
}

export async function revokeSessionsOf(
  db: Db,
  address: string,
  now: Date,
  redis?: { url: string; prefix: string },
): Promise<Revoked> {
  const revoked = await db.query<{ token_hash: string }>(
    `UPDATE sessions s SET revoked_at = $2
     FROM users u
     WHERE s.user_id = u.id AND u.address = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
     RETURNING s.token_hash`,
    [address.toLowerCase(), now],
  );
  if (!redis) return { sessions: revoked.rows.length, broadcast: false };
  const client = new Redis(redis.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await client.connect();
    for (const { token_hash } of revoked.rows) {
      await client.publish(revocationChannel(redis.prefix), token_hash);
    }
  } finally {
    client.disconnect();
  }
  return { sessions: revoked.rows.length, broadcast: true };
}
