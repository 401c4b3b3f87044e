/** The `Token` header → the logged-in user, or code 400 (HTTP 401) so the web app logs out. */
import type { FastifyRequest } from 'fastify';
import { sessionForToken } from '../auth/sessions.ts';
import type { Db } from '../db/db.ts';
import type { ActiveSession } from '../db/queries/sessions.ts';
import { AppError, ErrorCode } from './errors.ts';

export function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers.token;
  return typeof value === 'string' ? value.trim() : undefined;
}

export function requireSession(db: Db, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    const active = await sessionForToken(db, tokenOf(request), now());
    if (!active) throw new AppError(ErrorCode.sessionInvalid);
    request.session = active;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession`. */
    session: ActiveSession | null;
  }
}

/**
 * For routes open to everyone that say more to a signed-in user: no `Token` header (or an empty
 * one) = anonymous; a token that is given but invalid is code 400, as everywhere.
 */
export function optionalSession(db: Db, now: () => Date) {
  const required = requireSession(db, now);
  return async (request: FastifyRequest): Promise<void> => {
    if (!tokenOf(request)) return;
    await required(request);
  };
}

/** A signed-in session whose address is on the admin allowlist; else 400 (no session) or 1008. */
export function requireAdmin(db: Db, now: () => Date, adminAddresses: readonly string[]) {
  const required = requireSession(db, now);
  const admins = new Set(adminAddresses.map((a) => a.toLowerCase()));
  return async (request: FastifyRequest): Promise<void> => {
    await required(request);
    if (!admins.has(request.session!.user.address)) throw new AppError(ErrorCode.forbidden);
  };
}
