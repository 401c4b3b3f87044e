/**
 * Rate limit on writes, counted per client (an IPv4 address, an IPv6 /64: client-key.ts) and per signed-in address in fixed windows: reaching `max` on
 * either gets 1006 (HTTP 429). Counted in this process's memory, or in Redis (shared by every API
 * instance) when a shared counter store is given (http/shared-state).
 */
import type { FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.ts';
import { clientKey } from './client-key.ts';
import { AppError, ErrorCode } from './errors.ts';
import { memoryCounters, type CounterStore } from './shared-state/counters.ts';

export interface WriteLimiter {
  /** preHandler: counts the request against its IP (before authentication). */
  byIp(request: FastifyRequest): Promise<void>;
  /** preHandler: counts the request against the session's address (after authentication). */
  byAddress(request: FastifyRequest): Promise<void>;
}

/**
 * Fixed-window counters by key: `hit(key)` counts one request and rejects with 1006 once the key
 * went over `max` in its window.
 */
export function keyedLimiter(
  config: RateLimitConfig,
  clock: () => number = Date.now,
  store: CounterStore = memoryCounters(clock),
): (key: string) => Promise<void> {
  return async (key) => {
    const count = await store.hit(key, config.timeWindowMs);
    if (count > config.max) throw new AppError(ErrorCode.rateLimited);
  };
}

export function writeLimiter(
  config: RateLimitConfig,
  clock: () => number = Date.now,
  store?: CounterStore,
): WriteLimiter {
  const hit = keyedLimiter(config, clock, store);
  return {
    byIp: (request) => hit(`write:ip:${clientKey(request.ip)}`),
    byAddress: async (request) => {
      const address = request.session?.user.address;
      if (address) await hit(`write:address:${address}`);
    },
  };
}
