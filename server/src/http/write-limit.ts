/**
 * Rate limit on writes, counted per IP and per signed-in address in fixed windows: reaching `max` on
 * either gets 1006 (HTTP 429). In memory, so per API instance.
 */
import type { FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { AppError, ErrorCode } from './errors.ts';

export interface WriteLimiter {
  /** preHandler: counts the request against its IP (before authentication). */
  byIp(request: FastifyRequest): Promise<void>;
  /** preHandler: counts the request against the session's address (after authentication). */
  byAddress(request: FastifyRequest): Promise<void>;
}

/** Entries kept before expired windows are swept. */
const SWEEP_AT = 10_000;

/**
 * Fixed-window counters by key: `hit(key)` counts one request and throws 1006 once the key went
 * over `max` in its window.
 */
export function keyedLimiter(
  config: RateLimitConfig,
  clock: () => number = Date.now,
): (key: string) => void {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const hit = (key: string): void => {
    const now = clock();
    if (windows.size >= SWEEP_AT) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + config.timeWindowMs };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > config.max) throw new AppError(ErrorCode.rateLimited);
  };
  return hit;
}

export function writeLimiter(
  config: RateLimitConfig,
  clock: () => number = Date.now,
): WriteLimiter {
  const hit = keyedLimiter(config, clock);
  return {
    byIp: async (request) => hit(`ip:${request.ip}`),
    byAddress: async (request) => {
      const address = request.session?.user.address;
      if (address) hit(`address:${address}`);
    },
  };
}
