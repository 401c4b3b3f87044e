/**
 * State the API instances share when REDIS_URL is set: request counters of the rate limits and the
 * channel on which a logout on one instance drops that session from every instance's cache.
 *
 * Why Redis pub/sub and not PostgreSQL LISTEN/NOTIFY: the rate limits need Redis anyway (counters
 * hit on every request should not load the database), so one shared-state dependency serves both;
 * LISTEN would pin one extra PostgreSQL connection per instance outside the pool and needs its own
 * reconnect logic, and PGlite (the embedded default) has no other process to notify.
 */
import { Redis } from 'ioredis';
import { revocationChannel } from '../../auth/revoke-address.ts';
import { shareSessionRevocations } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { redisCounters, type CounterStore } from './counters.ts';

export interface SharedState {
  /** Client for commands (counters, publish); also the store of @fastify/rate-limit. */
  redis: Redis;
  /** Prefix of every key and channel (several deployments or test runs on one Redis). */
  prefix: string;
  counters: CounterStore;
  close(): Promise<void>;
}

export interface SharedStateOptions {
  url: string;
  prefix: string;
  log?: (level: 'info' | 'warn', message: string) => void;
}

export async function openSharedState(db: Db, options: SharedStateOptions): Promise<SharedState> {
  const { prefix } = options;
  // Commands fail fast while Redis is away (the rate limits then count in this instance's memory:
  // an outage of Redis should not become one of the API, nor lift the limits), instead of queueing
  // requests behind a reconnect.
  const redisOptions = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true };
  const redis = new Redis(options.url, redisOptions);
  const subscriber = new Redis(options.url, { ...redisOptions, enableOfflineQueue: true });
  const channel = revocationChannel(prefix);
  let subscribed = false;
  const cache = shareSessionRevocations(db, {
    // The logout itself is done (in the database) whatever Redis says: a failed publish is logged,
    // not turned into an error. Instances that lost Redis too bypass their cache meanwhile.
    publish: async (tokenHash) => {
      await redis.publish(channel, tokenHash).catch((err: unknown) => {
        options.log?.('warn', `redis: logout not broadcast: ${String(err)}`);
      });
    },
    live: () => subscribed,
  });
  subscriber.on('message', (_channel: string, tokenHash: string) => cache.forget(tokenHash));
  // A resubscribe after a reconnect: until then `live()` is false and the cache is bypassed.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (!subscribed) cache.forgetAll();
        subscribed = true;
      },
      () => {},
    );
  });
  subscriber.on('close', () => {
    subscribed = false;
  });
  // One line per change of state, not one per reconnect attempt (every ≤ 2 s while it is away).
  let reachable: boolean | undefined;
  const toldUnreachable = (err: Error) => {
    if (reachable === false) return;
    const atStart = reachable === undefined;
    reachable = false;
    options.log?.(
      'warn',
      `redis: unreachable ${atStart ? 'at start' : 'now'} (${err.message}): rate limits count per instance until it answers`,
    );
  };
  redis.on('ready', () => {
    if (reachable === false) {
      options.log?.('info', 'redis: connected again: rate limits shared, logouts broadcast');
    }
    reachable = true;
  });
  for (const client of [redis, subscriber]) client.on('error', toldUnreachable);
  // Redis down at start is not a reason to refuse to serve (the runbook's per-instance limits):
  // the instance starts, and ioredis keeps reconnecting in the background (the 'ready' handlers
  // above then subscribe and share the limits again).
  const connected = await Promise.all([redis.connect(), subscriber.connect()]).then(
    () => true,
    () => false,
  );
  if (connected) {
    await subscriber.subscribe(channel);
    subscribed = true;
  }
  return {
    redis,
    prefix,
    counters: redisCounters(redis, prefix, (err) =>
      options.log?.('warn', `redis: rate limit not counted: ${err.message}`),
    ),
    async close() {
      subscribed = false;
      subscriber.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
