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
