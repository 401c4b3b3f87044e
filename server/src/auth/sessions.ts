import type { Db } from '../db/db.ts';
import { findActiveSession, revokeSession, type ActiveSession } from '../db/queries/sessions.ts';
import { hashToken, sessionTokenPattern } from './random.ts';

/** The active session for a `Token` header value, or null (missing, malformed, unknown, revoked, expired). */
export async function sessionForToken(
  db: Db,
  token: string | undefined,
  now: Date,
): Promise<ActiveSession | null> {
  if (!token || !sessionTokenPattern.test(token)) return null;
  return findActiveSession(db, hashToken(token), now);
}

export async function endSession(db: Db, token: string, now: Date): Promise<boolean> {
  return revokeSession(db, hashToken(token), now);
}
