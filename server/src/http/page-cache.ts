/**
 * A read cache of the chain-derived page responses, versioned by the index: a response is served
 * again only while its chain's index has not moved (same last indexed block), for the same URL,
 * address, language and UTC day. Everything these pages show changes only when the indexer
 * commits a chunk, so this never serves a figure the database would not give — it only skips the
 * queries. The version comes from this process's indexers at once and, for chains indexed by
 * another process (API-only instances), from polling the cursors every `pollMs`.
 *
 * Responses are kept per chain under one version only: as soon as a chain's index moves, all its
 * kept responses are dropped (none could be served again), so memory holds at most the pages
 * asked for since the last block, never a backlog of stale versions.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { t } from '../i18n/index.ts';

export interface PageCache {
  /** Sends the cached response for this request, or computes, sends and keeps it. */
  serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    chainId: number,
    compute: () => Promise<T>,
  ): Promise<FastifyReply>;
  /** The index of `chainId` moved to `block` (called by this process's indexers). */
  moved(chainId: number, block: string | null): void;
  /** Requests served so far, by how (counters since start). */
  stats(): PageCacheStats;
  /** Responses kept now (all chains). */
  size(): number;
  close(): void;
}

export interface PageCacheStats {
  /** Sent a kept response. */
  hits: number;
  /** Waited for the same page's computation started by another request (one query set for both). */
  joined: number;
  /** Computed: the queries ran (every request when the cache is off or the chain not indexed). */
  misses: number;
}

export interface PageCacheOptions {
  db: Db;
  now: () => Date;
  enabled: boolean;
  pollMs?: number;
  maxEntries?: number;
}

export function pageCache(opts: PageCacheOptions): PageCache {
  const versions = new Map<number, string>();
  /** Chains indexed in this process: their indexer says when they move, polling is not needed. */
  const local = new Set<number>();
  /** Per chain: the version its kept responses were computed at, and the responses by key. */
  const kept = new Map<number, { version: string; bodies: Map<string, string> }>();
  /** The chain's index is at `version` now: its responses of an older one go. */
  const setVersion = (chainId: number, version: string | undefined) => {
    if (version === undefined) versions.delete(chainId);
    else versions.set(chainId, version);
    if (kept.get(chainId)?.version !== version) kept.delete(chainId);
  };
  const inflight = new Map<string, Promise<string>>();
  const maxEntries = opts.maxEntries ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const counters: PageCacheStats = { hits: 0, joined: 0, misses: 0 };

  const poll = async () => {
    try {
      const r = await opts.db.query<{ chain_id: number; block: string }>(
        'SELECT chain_id, block_number::text AS block FROM chain_cursors',
      );
      const seen = new Set<number>();
      for (const row of r.rows) {
        seen.add(row.chain_id);
        if (!local.has(row.chain_id)) setVersion(row.chain_id, row.block);
      }
      for (const chainId of [...versions.keys()]) {
        if (!seen.has(chainId) && !local.has(chainId)) setVersion(chainId, undefined);
      }
    } catch {
      // The database is down: requests fail with 503 on their own; keep polling.
    }
  };
  if (opts.enabled) {
    void poll();
    timer = setInterval(() => void poll(), opts.pollMs ?? 250);
    timer.unref();
  }

  return {
    async serve(request, reply, chainId, compute) {
      const version = versions.get(chainId);
      if (!opts.enabled || version === undefined) {
        counters.misses++;
        return reply.send({ code: 0, msg: t(request.lang, 'ok'), data: await compute() });
      }
      const day = opts.now().toISOString().slice(0, 10);
      const keyOf = (owner: string) => `${request.url}|${owner}|${request.lang}|${day}`;
      const send = (body: string) => reply.type('application/json; charset=utf-8').send(body);
      // The route's response serializer (from its schema), so a hit sends the same bytes as a miss.
      const serialize = (data: unknown) =>
        reply.serialize({ code: 0, msg: t(request.lang, 'ok'), data }) as string;
      /** Keeps `body` only if the index is still at the version read before computing it. */
      const keep = (key: string, body: string) => {
        if (versions.get(chainId) !== version) return;
        let current = kept.get(chainId);
        if (!current) kept.set(chainId, (current = { version, bodies: new Map() }));
        // Within one block, more distinct pages than this: start again rather than grow.
        if (current.bodies.size >= maxEntries) current.bodies.clear();
        current.bodies.set(key, body);
      };
      // A session this instance does not know yet is checked by the page's own statement (see
      // auth.ts, pageSession): whose page it is is known only once computed, so nothing kept is
      // looked up for it, and its page is kept under the address the statement found.
      const checking = request.sessionToCheck;
      let key: string | undefined;
      if (checking === null) {
        key = keyOf(request.session?.user.address ?? '-');
        const bucket = kept.get(chainId);
        const hit = bucket?.version === version ? bucket.bodies.get(key) : undefined;
        if (hit !== undefined) {
          counters.hits++;
          return send(hit);
        }
      }
      // One computation per page and version: when the index moves, every client of a busy page
      // misses at once, and they all wait for the same queries instead of each running them. A
      // session still to check shares by its token: a user's first requests arriving together
      // wait for the same check and page.
      const flightKey = `${key ?? keyOf(`token:${checking}`)}|${version}`;
      let flight = inflight.get(flightKey);
      if (flight) counters.joined++;
      else {
        counters.misses++;
        flight = (async () => {
          try {
            const body = serialize(await compute());
            keep(key ?? keyOf(request.session!.user.address), body);
            return body;
          } finally {
            inflight.delete(flightKey);
          }
        })();
        inflight.set(flightKey, flight);
      }
      return send(await flight);
    },
    moved(chainId, block) {
      local.add(chainId);
      if (block !== null) setVersion(chainId, block);
    },
    stats: () => ({ ...counters }),
    size: () => [...kept.values()].reduce((n, b) => n + b.bodies.size, 0),
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
