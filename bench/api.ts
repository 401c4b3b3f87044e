/**
 * bench/api: latency and throughput of the page endpoints on a big database, next to a bare
 * Fastify hello-world measured in the same run.
 *
 * Seeds 100,000 users in a referral tree and 1,000,000 income rows (`--users`, `--income`), starts
 * the real server (no indexer) in its own process on that database — PostgreSQL when DATABASE_URL
 * is set, else embedded PGlite (`--engine pglite|postgres` to choose) — and loads the income list,
 * team summary and home endpoints with autocannon (`--connections` concurrent clients for
 * `--duration` seconds each), signed in as 1,000 different users in turn. Prints p50/p99 latency
 * and requests/s. Targets: p99 < 20 ms and ≥ 50% of the bare hello-world's requests/s.
 *
 * `--mode realistic` is what real users get: every seeded user is signed in, and the requests go
 * to all of them in a random order, each user a few requests (`--visits`) close together, half of
 * them on chain 1 and half on 56 (a copy), while both indexes move at their chains' cadence
 * (`--advance-ms`, default 56:450,1:12000), each block touching `--touched-per-block` users. Each
 * figure has the page cache's hit ratio next to it and the run prints the load average. Targets
 * (issue 26): p99 < 20 ms and ≥ 40% of the bare throughput.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { networkList } from '@app/contracts/chains';
import { openDb } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { databaseFor, type Engine } from '../server/src/testing/harness.ts';
import { seedApiBench } from './api-seed.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    income: { type: 'string', default: '1000000' },
    sessions: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    engine: { type: 'string' },
    mode: { type: 'string', default: 'hot' },
    visits: { type: 'string', default: '3' },
    // chain:ms pairs, or one number for every chain; by default each chain's block time
    // (contracts/src/chains.ts: BSC 0.45 s since January 2026, Ethereum 12 s).
    'advance-ms': {
      type: 'string',
      default: networkList.map((n) => `${n.chainId}:${n.blockTimeMs}`).join(','),
    },
    'touched-per-block': { type: 'string', default: '20' },
  },
});
const realistic = values.mode === 'realistic';
if (!realistic && values.mode !== 'hot') throw new Error('--mode hot|realistic');
const engine = (values.engine ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite')) as Engine;
const P99_TARGET_MS = 20;
const SHARE_TARGET = realistic ? 0.4 : 0.5;
const users = Number(values.users);
const visits = Number(values.visits);
/** Realistic mode: chain 1 is seeded, BSC's 56 a copy of it; each user reads one of them. */
const chains = realistic ? [1, 56] : [1];
const advance = values['advance-ms'].includes(':')
  ? values['advance-ms']
  : chains.map((c) => `${c}:${values['advance-ms']}`).join(',');
const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Starts `bench/api-server.ts <mode>` and resolves with its URL. */
function startProcess(mode: 'app' | 'bare', env: Record<string, string>) {
  // API_SERVER_NODE_ARGS: extra node flags for the server processes, e.g. '--cpu-prof
  // --cpu-prof-dir=/tmp/prof' to profile them (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.API_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api-server.ts', mode], {
    cwd: import.meta.dirname,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise<{ url: string; child: ChildProcess }>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening (\S+)/.exec(chunk.toString());
      if (m) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
  });
}

type CacheStats = { hits: number; joined: number; misses: number };
/** The app process's page cache counters (over its IPC channel). */
function cacheStats(child: ChildProcess | undefined): Promise<CacheStats | null> {
  if (!child) return Promise.resolve(null);
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { stats: CacheStats }).stats));
    child.send('stats');
  });
}

/**
 * Realistic mode's order of users (indexes into the tokens): all of them in a random order, each
 * `visits` times within a window of 100 users' requests (a user's few requests come close
 * together, mixed with the others').
 */
function visitOrder(count: number): Int32Array {
  const perm = Int32Array.from({ length: count }, (_, i) => i);
  const shuffle = (a: Int32Array, from: number, to: number) => {
    for (let i = to - 1; i > from; i--) {
      const j = from + Math.floor(Math.random() * (i - from + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
  };
  shuffle(perm, 0, count);
  const order = new Int32Array(count * visits);
  for (let i = 0; i < count * visits; i++) order[i] = perm[Math.floor(i / visits)]!;
  const window = 100 * visits;
  for (let from = 0; from < order.length; from += window) {
    shuffle(order, from, Math.min(order.length, from + window));
  }
  return order;
}
const order = realistic ? visitOrder(users) : new Int32Array(0);
/** Where the realistic sequence stands: each run continues it, so users do not repeat. */
let cursor = 0;

async function load(url: string, paths: string[], tokens: string[], child?: ChildProcess) {
  const requests = realistic
    ? paths.map((path) => ({
        method: 'GET' as const,
        path,
        // Built per request: the next user of the sequence.
        setupRequest: (req: autocannon.Request) => {
          const user = order[cursor++ % order.length]!;
          const token = tokens[user]!;
          // Half the users on each chain.
          const chain = chains[user % chains.length]!;
          return {
            ...req,
            path: path.replace('chain=1', `chain=${chain}`),
            headers: { Token: token, Lang: 'en' },
          };
        },
      }))
    : paths.flatMap((path) =>
        (tokens.length ? tokens : ['']).map((token) => ({
          method: 'GET' as const,
          path,
          headers: token ? { Token: token, Lang: 'en' } : { Lang: 'en' },
        })),
      );
  const before = await cacheStats(child);
  const result = await autocannon({
    url,
    connections: Number(values.connections),
    duration: Number(values.duration),
    requests,
  });
  const after = await cacheStats(child);
  const cache =
    before && after
      ? {
          hits: after.hits - before.hits,
          joined: after.joined - before.joined,
          misses: after.misses - before.misses,
        }
      : null;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${paths.join(',')}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    // Response size: the bare route answers ~60 bytes, a page of the list several KB.
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    cache,
    load: load1(),
  };
}

const { db: where, cleanup } = await databaseFor(engine);
const children: ChildProcess[] = [];
try {
  console.log(
    `bench/api (${engine}): seeding ${Number(values.users).toLocaleString('en')} users and ${Number(values.income).toLocaleString('en')} income rows…`,
  );
  const t0 = performance.now();
  const db = await openDb({ pgliteDir: '', ...where });
  await migrate(db);
  const { tokens } = await seedApiBench(db, {
    users: Number(values.users),
    income: Number(values.income),
    // Realistic mode: every user signed in.
    sessions: realistic ? users : Number(values.sessions),
    now: new Date(),
    copies: chains.slice(1),
  });
  await db.close(); // PGlite: one process at a time; the server opens it next.
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const bare = await startProcess('bare', {});
  children.push(bare.child);
  const rows: [string, Awaited<ReturnType<typeof load>>][] = [];
  rows.push(['bare hello-world (Fastify)', await load(bare.url, ['/hello'], [])]);
  const baseline = rows[0]![1].rps;

  const endpoints = [
    '/v1/income/list?chain=1&limit=20',
    '/v1/activity/list?chain=1&limit=20',
    '/v1/team/members?chain=1&depth=2&limit=20',
    '/v1/team/summary?chain=1',
    '/v1/index/home?chain=1',
  ];
  // The API as it runs (page cache on), then with PAGE_CACHE=off to show what the queries cost.
  // One after the other: PGlite can be opened by one process at a time.
  for (const cache of ['on', 'off'] as const) {
    const app = await startProcess('app', {
      DATABASE_URL: where.databaseUrl ?? '',
      PGLITE_DIR: where.pgliteDir ?? '',
      PAGE_CACHE: cache,
      ADVANCE: realistic ? advance : '',
      USERS: String(users),
      TOUCHED_PER_BLOCK: values['touched-per-block'],
    });
    // Warm-up: JIT, connection pool, database caches.
    await autocannon({ url: `${app.url}/v1/index/home?chain=1`, connections: 4, duration: 2 });
    const label = cache === 'on' ? '' : ' (no cache)';
    for (const path of endpoints) {
      rows.push([
        `GET ${path.split('?')[0]}${label}`,
        await load(app.url, [path], tokens, app.child),
      ]);
    }
    const exited = new Promise((r) => app.child.once('exit', r));
    app.child.kill('SIGTERM');
    await exited;
  }

  console.log(
    realistic
      ? `\nrealistic: ${Number(values.connections)} connections, ${values.duration} s each, ${engine}, ${tokens.length.toLocaleString('en')} signed-in users in a random order (half on chain 1, half on 56), ${visits} requests each; index +1 block per chain:ms ${advance}, ${values['touched-per-block']} users touched per block`
      : `\n${Number(values.connections)} connections, ${values.duration} s each, ${engine}, ${tokens.length} signed-in users in turn`,
  );
  console.log(
    'endpoint                                 p50 ms   p99 ms      req/s   of bare   bytes/resp   cache hit (joined)   load avg 1/5/15   verdict',
  );
  let pass = true;
  const hitRatio = (c: CacheStats | null) => {
    const total = c ? c.hits + c.joined + c.misses : 0;
    if (!c || !total) return '-';
    return `${((100 * c.hits) / total).toFixed(1)}% (${((100 * c.joined) / total).toFixed(1)}%)`;
  };
  for (const [name, r] of rows) {
    const share = r.rps / baseline;
    const isBare = name.startsWith('bare');
    const informative = name.endsWith('(no cache)');
    const ok = isBare || (r.p99 < P99_TARGET_MS && share >= SHARE_TARGET);
    if (!informative) pass &&= ok;
    console.log(
      `${name.padEnd(39)} ${String(r.p50).padStart(6)} ${String(r.p99).padStart(8)} ${Math.round(r.rps).toString().padStart(10)} ${`${Math.round(share * 100)}%`.padStart(9)} ${Math.round(r.bytes).toString().padStart(12)}   ${hitRatio(r.cache).padEnd(18)}   ${r.load.padEnd(15)}   ${isBare ? '' : informative ? '(for comparison)' : ok ? 'PASS' : 'MISS'}`,
    );
  }
  console.log(
    `targets: p99 < ${P99_TARGET_MS} ms and ≥ ${SHARE_TARGET * 100}% of the bare throughput`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await cleanup();
}
