/**
 * A read cache of the chain-derived page responses, versioned per user (issue 26 §2): a user's
 * page is served again for as long as no block has touched that user since it was computed — the
 * indexer marks, in each chunk's transaction, the addresses whose pages the chunk changes and
 * their three uplines (`address_touches`, indexer/store.ts), plus `*pool` when pool-wide figures
 * moved (home) and `*all` when something every page shows did (level thresholds). A new block
 * that did not touch a user leaves that user's pages as they are, so at BSC's 0.45 s blocks the
 * cache does not start over twice a second. Keyed by URL, address, language and UTC day.
 *
 * The cache learns what moved by polling the cursors with the marks written since its last look,
 * in one statement (the same snapshot: a mark commits with its cursor), every `pollMs`, and at once
 * when this process's indexer says its chain moved (`moved`: until that poll has run, nothing of
 * that chain is served from the cache). A page's `indexed` (the block its figures stand at) is
 * the newest the cache knows when it is sent, not the one it was computed at: an untouched
 * user's figures are still those of the newer block.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/db.ts';
import { t } from '../i18n/index.ts';

export interface PageCache {
  /**
   * Sends the cached response for this request, or computes, sends and keeps it. `pool`: the page
   * also shows pool-wide figures (home), so any block that moved them recomputes it.
   */
  serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    chainId: number,
    compute: () => Promise<T>,
    scope?: { pool: boolean },
  ): Promise<FastifyReply>;
  /** The index of `chainId` moved to `block` (called by this process's indexers). */
  moved(chainId: number, block: string | null): void;
  /** Requests served so far, by how (counters since start). */
  stats(): PageCacheStats;
  /** Responses kept now (all chains). */
  size(): number;
  /** Looks at the cursors and marks now (the timer does it every `pollMs`). */
  poll(): Promise<void>;
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
  /** Responses kept per chain; the least recently used go first. */
  maxEntries?: number;
}

/** A kept response: its body around the `indexed` value, which is filled in when sent. */
interface Kept {
  /** The chain's block (as the cache knew it) when the computation started. */
  version: number;
  owner: string;
  pool: boolean;
  head: string;
  /** null: the page has no `indexed` to fill in; `head` is the whole body. */
  tail: string | null;
  /** The block of the `indexed` the page was computed with. */
  indexedBlock: number;
  indexed: string;
}

interface ChainState {
  /** The cursor's block the marks have been read up to. */
  at: number;
  /** The cursor as the API shows it (`Indexed` as JSON), at `at`. */
  indexed: string;
  /** A block this process's indexer announced and the poll has not read yet. */
  announced: number;
  /** The last block that touched each address (or mark) since the cache started. */
  touched: Map<string, number>;
  /** Kept responses by key, least recently used first. */
  kept: Map<string, Kept>;
}

const POOL = '*pool';
const ALL = '*all';
/** Stands for `indexed` while a page is serialized, to find where it goes. */
const INDEXED_MARK = { block: '\u2063indexed\u2063', blockTime: null };

export function pageCache(opts: PageCacheOptions): PageCache {
  const chains = new Map<number, ChainState>();
  const inflight = new Map<string, Promise<Kept>>();
  const maxEntries = opts.maxEntries ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const counters: PageCacheStats = { hits: 0, joined: 0, misses: 0 };
  let markSerialized: string | undefined;

  /** Reads the cursors and, per chain, the marks written after the block it was last read at. */
  const readMoves = async () => {
    const since = Object.fromEntries([...chains].map(([id, c]) => [id, c.at]));
    const r = await opts.db.query<{
      chain_id: number;
      block: string;
      indexed: string;
      touches: [string, string][] | null;
    }>(
      `SELECT c.chain_id, c.block_number::text AS block,
         json_build_object('block', c.block_number::text, 'blockTime',
           to_char(c.block_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS indexed,
         (SELECT json_agg(json_build_array(t.address, t.block_number::text))
            FROM address_touches t WHERE t.chain_id = c.chain_id
              AND t.block_number > COALESCE(($1::jsonb ->> c.chain_id::text)::bigint, c.block_number)
         ) AS touches
       FROM chain_cursors c`,
      [JSON.stringify(since)],
    );
    const seen = new Set<number>();
    for (const row of r.rows) {
      seen.add(row.chain_id);
      const block = Number(row.block);
      let chain = chains.get(row.chain_id);
      // First seen, or the index went back (a reset and re-index): nothing kept can be trusted.
      if (!chain || block < chain.at) {
        chain = { at: block, indexed: '', announced: 0, touched: new Map(), kept: new Map() };
        chains.set(row.chain_id, chain);
      }
      for (const [address, touchedAt] of row.touches ?? []) {
        chain.touched.set(address, Number(touchedAt));
      }
      chain.at = block;
      chain.indexed = row.indexed;
    }
    for (const chainId of [...chains.keys()]) if (!seen.has(chainId)) chains.delete(chainId);
  };
  // One look at a time; a look asked for during one runs right after it.
  let running: Promise<void> | undefined;
  let again = false;
  const poll = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await readMoves();
        } catch {
          // The database is down: requests fail with 503 on their own; keep polling.
        }
      } while (again);
      running = undefined;
    })();
    return running;
  };
  if (opts.enabled) {
    void poll();
    timer = setInterval(() => void poll(), opts.pollMs ?? 250);
    timer.unref();
  }

  /** Whether a kept response still shows what the index holds now. */
  const fresh = (chain: ChainState, k: Kept) =>
    chain.announced <= chain.at &&
    k.version >= (chain.touched.get(k.owner) ?? 0) &&
    k.version >= (chain.touched.get(ALL) ?? 0) &&
    (!k.pool || k.version >= (chain.touched.get(POOL) ?? 0));

  /** The body to send: the kept page with the newest `indexed` known. */
  const bodyOf = (chain: ChainState, k: Kept) => {
    if (k.tail === null) return k.head;
    const newer = chain.at >= k.indexedBlock && chain.indexed !== '';
    return k.head + (newer ? chain.indexed : k.indexed) + k.tail;
  };

  return {
    async serve(request, reply, chainId, compute, scope = { pool: false }) {
      const chain = opts.enabled ? chains.get(chainId) : undefined;
      if (!chain) {
        counters.misses++;
        return reply.send({ code: 0, msg: t(request.lang, 'ok'), data: await compute() });
      }
      const version = chain.at;
      const day = opts.now().toISOString().slice(0, 10);
      const keyOf = (owner: string) => `${request.url}|${owner}|${request.lang}|${day}`;
      const send = (body: string) => reply.type('application/json; charset=utf-8').send(body);
      // The route's response serializer (from its schema), so a hit sends the same bytes as a miss.
      const serialize = (data: unknown) =>
        reply.serialize({ code: 0, msg: t(request.lang, 'ok'), data }) as string;
      /** The page as kept: split where `indexed` goes. */
      const toKept = (owner: string, data: unknown): Kept => {
        const indexed = (data as { indexed?: { block: string; blockTime: string | null } | null })
          .indexed;
        if (indexed) {
          markSerialized ??= JSON.stringify(INDEXED_MARK);
          const marked = serialize({ ...(data as object), indexed: INDEXED_MARK });
          const at = marked.indexOf(markSerialized);
          if (at >= 0 && marked.indexOf(markSerialized, at + 1) < 0) {
            return {
              version,
              owner,
              pool: scope.pool,
              head: marked.slice(0, at),
              tail: marked.slice(at + markSerialized.length),
              indexedBlock: Number(indexed.block),
              // As the serializer writes it (two strings, or a null time).
              indexed: JSON.stringify({
                block: String(indexed.block),
                blockTime: indexed.blockTime ?? null,
              }),
            };
          }
        }
        const body = serialize(data);
        return {
          version,
          owner,
          pool: scope.pool,
          head: body,
          tail: null,
          indexedBlock: 0,
          indexed: '',
        };
      };
      /** Keeps a page (the chain's state may have been replaced meanwhile: then not). */
      const keep = (key: string, k: Kept) => {
        if (chains.get(chainId) !== chain) return;
        if (chain.kept.size >= maxEntries) {
          chain.kept.delete(chain.kept.keys().next().value!);
        }
        chain.kept.set(key, k);
      };
      // A session this instance does not know yet is checked by the page's own statement (see
      // auth.ts, pageSession): whose page it is is known only once computed, so nothing kept is
      // looked up for it, and its page is kept under the address the statement found.
      const checking = request.sessionToCheck;
      let key: string | undefined;
      if (checking === null) {
        key = keyOf(request.session?.user.address ?? '-');
        const hit = chain.kept.get(key);
        if (hit && fresh(chain, hit)) {
          counters.hits++;
          // Most recently used last.
          chain.kept.delete(key);
          chain.kept.set(key, hit);
          return send(bodyOf(chain, hit));
        }
      }
      // One computation per page and version: when a busy page must be recomputed, its clients
      // wait for the same queries instead of each running them. A session still to check shares
      // by its token: a user's first requests arriving together wait for the same check and page.
      const flightKey = `${key ?? keyOf(`token:${checking}`)}|${version}|${chain.announced}`;
      let flight = inflight.get(flightKey);
      if (flight) counters.joined++;
      else {
        counters.misses++;
        flight = (async () => {
          try {
            const data = await compute();
            const owner = request.session?.user.address ?? '-';
            const k = toKept(owner, data);
            keep(key ?? keyOf(owner), k);
            return k;
          } finally {
            inflight.delete(flightKey);
          }
        })();
        inflight.set(flightKey, flight);
      }
      const k = await flight;
      // Sent as computed (its own `indexed`): it may be newer than the cache has read.
      return send(k.tail === null ? k.head : k.head + k.indexed + k.tail);
    },
    moved(chainId, block) {
      const chain = chains.get(chainId);
      if (chain && block !== null) chain.announced = Math.max(chain.announced, Number(block));
      if (opts.enabled) void poll();
    },
    stats: () => ({ ...counters }),
    size: () => [...chains.values()].reduce((n, c) => n + c.kept.size, 0),
    poll,
    close() {
      if (timer) clearInterval(timer);
    },
  };
}
