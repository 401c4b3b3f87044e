/**
 * Fixed-window request counters behind the app's own rate limits (write-limit.ts, the login
 * per-address limit): in this process's memory by default, in Redis when REDIS_URL is set so every
 * API instance counts against the same window.
 */
import type { Redis } from 'ioredis';

export interface CounterStore {
  /**
   * Counts `by` hits (default one) on `key` and returns the hits in its current window of
   * `windowMs` (the /rpc proxy counts a batch as its number of calls).
   */
  hit(key: string, windowMs: number, by?: number): Promise<number>;
}

/** Entries kept before expired windows are swept. */
const SWEEP_AT = 10_000;

export function memoryCounters(clock: () => number = Date.now): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, windowMs, by = 1) {
      const now = clock();
      if (windows.size >= SWEEP_AT) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += by;
      return w.count;
    },
  };
}

// INCRBY and the window's expiry in one atomic step: a crash between the two cannot leave a counter
// without expiry (which would refuse that key forever).
const incrWithWindow = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * Counted in Redis while it answers; while it is away (down at start, or lost since) in this
 * process's memory, so the limits still hold per instance (N instances: up to N times the limit)
 * rather than not at all. Back in Redis as soon as it is ready again (windows start afresh there).
 */
export function redisCounters(
  redis: Redis,
  prefix: string,
  onError: (err: Error) => void = () => {},
  clock: () => number = Date.now,
): CounterStore {
  const local = memoryCounters(clock);
  return {
    async hit(key, windowMs, by = 1) {
      if (redis.status !== 'ready') return local.hit(key, windowMs, by);
      try {
        const n = await redis.eval(
          incrWithWindow,
          1,
          `${prefix}count:${key}`,
          String(windowMs),
          String(by),
        );
        return Number(n);
      } catch (err) {
        onError(err instanceof Error ? err : new Error(String(err)));
        return local.hit(key, windowMs);
      }
    },
  };
}
