/** The `Token` header → the logged-in user, or code 400 (HTTP 401) so the web app logs out. */
import type { FastifyRequest } from 'fastify';
import { cachedSession, rememberSession, sessionForToken, tokenHashOf } from '../auth/sessions.ts';
import type { Db, Queryable } from '../db/db.ts';
import { sessionBound, type ActiveSession } from '../db/queries/sessions.ts';
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
    /** Set by `requireSession`; by `pageSession` when this instance knew the session already. */
    session: ActiveSession | null;
    /** Set by `pageSession` instead of `session`: a token whose page's own statement checks it. */
    sessionToCheck: string | null;
  }
}

/**
 * For the chain-derived pages: a session this instance knows (cached) is used at once, as by
 * `requireSession`; an unknown one is not looked up here but checked by the page's own statement
 * (`ownerOf`), so a first request costs one round trip, not two. `optional`: no `Token` header is
 * an anonymous request. A missing (when required) or malformed token is code 400 at once.
 */
export function pageSession(db: Db, now: () => Date, options: { optional?: boolean } = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = tokenOf(request);
    if (!token && options.optional) return;
    const hash = tokenHashOf(token);
    if (hash === null) throw new AppError(ErrorCode.sessionInvalid);
    const cached = cachedSession(db, hash, now());
    if (cached) request.session = cached;
    else request.sessionToCheck = hash;
  };
}

/**
 * Where a page reads its owner's rows: the database and the signed-in address, or, for a session
 * `pageSession` left to check, statements that check it and take its address as `$2`
 * (`sessionBound`; `address` is then a placeholder). Once checked, the session is kept in
 * `request.session` and this instance's session cache; an invalid one is code 400.
 */
export function ownerOf(
  request: FastifyRequest,
  db: Db,
  now: Date,
): { q: Queryable; address: string } {
  const hash = request.sessionToCheck;
  if (hash === null) return { q: db, address: request.session!.user.address };
  const found = (active: ActiveSession) => {
    request.session = active;
    request.sessionToCheck = null;
    rememberSession(db, hash, active, now);
  };
  const missing = (): never => {
    throw new AppError(ErrorCode.sessionInvalid);
  };
  // The statements take the address from the session: this value is never read.
  return { q: sessionBound(db, hash, now, found, missing), address: 'checked-by-statement' };
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
