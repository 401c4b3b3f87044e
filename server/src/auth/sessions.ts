import type { Db } from '../db/db.ts';
import { findActiveSession, revokeSession, type ActiveSession } from '../db/queries/sessions.ts';
import { hashToken, sessionTokenPattern } from './random.ts';

/**
 * Sessions found in the last half minute, per database: every signed-in request checks its token,
 * and a page should not pay a database round trip for it each time (bench/api: with 1,000 active
 * users a 5 s cache still spent a fifth of the server's time on these lookups). A logout on this
 * instance takes effect at once; one on another API instance within `SESSION_CACHE_MS` — or at once
 * when the instances share a revocation channel (`shareSessionRevocations`, Redis pub/sub with
 * REDIS_URL: see http/shared-state); a session never outlives its expiry.
 */
export const SESSION_CACHE_MS = 30_000;
const MAX_CACHED = 50_000;
const caches = new WeakMap<Db, Map<string, { active: ActiveSession; until: number }>>();
/**
 * Token hashes revoked in the last `SESSION_CACHE_MS`, per database, with when they may be
 * forgotten. A request that looked its session up just before a logout finishes after it: without
 * these it would put the revoked session back in the cache for another half minute.
 */
const revokedLately = new WeakMap<Db, Map<string, number>>();
/**
 * Per database, when instances share revocations: `publish` tells the others of a logout, and
 * `live()` says whether this instance currently hears theirs. While it does not (Redis down), no
 * session is served from the cache, so a logout elsewhere is never missed.
 */
export interface RevocationChannel {
  publish(tokenHash: string): Promise<void>;
  live(): boolean;
}
const channels = new WeakMap<Db, RevocationChannel>();

/**
 * Connects `db`'s session cache to a shared channel. `forget` is what a received revocation calls;
 * `forgetAll` what a reconnect calls (revocations sent while it was away were not heard).
 */
export function shareSessionRevocations(db: Db, channel: RevocationChannel) {
  channels.set(db, channel);
  return {
    forget: (tokenHash: string) => forgetRevoked(db, tokenHash, Date.now()),
    forgetAll: () => cacheOf(db).clear(),
  };
}

const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

const revokedOf = (db: Db) => {
  let revoked = revokedLately.get(db);
  if (!revoked) revokedLately.set(db, (revoked = new Map()));
  return revoked;
};

/** Drops a revoked session from the cache and keeps it out for as long as a lookup may be stale. */
function forgetRevoked(db: Db, tokenHash: string, nowMs: number): void {
  cacheOf(db).delete(tokenHash);
  const revoked = revokedOf(db);
  if (revoked.size >= MAX_CACHED) {
    for (const [hash, until] of revoked) if (until <= nowMs) revoked.delete(hash);
    if (revoked.size >= MAX_CACHED) revoked.clear();
  }
  revoked.set(tokenHash, nowMs + SESSION_CACHE_MS);
}

/** The active session for a `Token` header value, or null (missing, malformed, unknown, revoked, expired). */
export async function sessionForToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<ActiveSession | null> {
  const hash = tokenHashOf(token);
  if (hash === null) return null;
  const cached = cachedSession(db, hash, now);
  if (cached) return cached;
  const active = await findActiveSession(db, hash, now);
  if (active) rememberSession(db, hash, active, now);
  else cacheOf(db).delete(hash);
  return active;
}

/** The hash of a well-formed `Token` header value; null when it is missing or malformed. */
export function tokenHashOf(token: string | undefined): string | null {
  return token && sessionTokenPattern.test(token) ? hashToken(token) : null;
}

/**
 * The session of a token hash if this instance may serve it from its cache (found in the last
 * `SESSION_CACHE_MS`, not expired, and revocations heard); undefined means: ask the database.
 */
export function cachedSession(db: Db, hash: string, now: Date): ActiveSession | undefined {
  const channel = channels.get(db);
  if (channel && !channel.live()) return undefined;
  const hit = cacheOf(db).get(hash);
  return hit && now.getTime() < hit.until ? hit.active : undefined;
}

/** Keeps a session the database just found active (by a lookup or a page's own statement). */
export function rememberSession(db: Db, hash: string, active: ActiveSession, now: Date): void {
  const revokedUntil = revokedOf(db).get(hash);
  if (revokedUntil !== undefined && now.getTime() < revokedUntil) return;
  const cache = cacheOf(db);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(hash, {
    active,
    until: Math.min(now.getTime() + SESSION_CACHE_MS, active.session.expires_at.getTime()),
  });
}

export async function endSession(db: Db, token: string, now: Date): Promise<boolean> {
  const hash = hashToken(token);
  forgetRevoked(db, hash, now.getTime());
  const revoked = await revokeSession(db, hash, now);
  // After the database says so, so an instance that drops its cache entry reads it revoked.
  await channels.get(db)?.publish(hash);
  return revoked;
}
