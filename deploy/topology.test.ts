/**
 * The production topology on one machine, with the repo's own nginx config (deploy/render.ts):
 * nginx (TLS with a certificate made here, HTTP/2) in front of two API-only instances, one indexer,
 * a fresh PostgreSQL database, Redis under a key prefix of this run (deleted after), a local anvil
 * chain with the contracts. Every check is bounded in time and requests; everything listens on and
 * is aimed at 127.0.0.1 only. Needs DATABASE_URL, REDIS_URL and nginx (`.ci/run` provides them).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/contracts/local';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openDb } from '../server/src/db/db.ts';
import { deleteRedisPrefix } from '../server/src/testing/redis.ts';
import { startServer } from '../server/src/start.ts';
import { startTestChain, type TestChain } from '../server/src/testing/chain.ts';
import {
  assertError,
  databaseFor,
  freshPostgresDatabase,
  getJson,
  postForm,
  signIn,
} from '../server/src/testing/harness.ts';
import { dumpIndex, rowCount } from '../server/src/testing/index-dump.ts';
import { playTeamScenario, type TeamScenario } from '../server/src/testing/scenario.ts';
import {
  getLoad,
  h2Connect,
  retriedInAccessLog,
  type H2Client,
  type LoadResult,
} from './topology/h2.ts';
import { NGINX, startNginx, type Nginx } from './topology/nginx.ts';
import { repoDir, startService, stopService, type Service } from './topology/services.ts';

const webDist = path.join(repoDir, 'web', 'dist');
const missing = [
  !process.env.DATABASE_URL && 'DATABASE_URL',
  !process.env.REDIS_URL && 'REDIS_URL',
  !fs.existsSync(NGINX) && `nginx (${NGINX})`,
  !fs.existsSync(path.join(webDist, 'index.html')) && 'the web build (npm run build -w web)',
].filter(Boolean);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` is true, at most `ms`. */
async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await sleep(100);
  }
}

/** A JSON-RPC front for anvil that can hold every call `delayMs` (slow requests in flight). */
function slowFront(target: string) {
  const front = {
    delayMs: 0,
    url: '',
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (front.delayMs > 0) await sleep(front.delayMs);
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(await upstream.text());
  });
  return new Promise<typeof front>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      front.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      resolve(front);
    }),
  );
}

const metricValue = (text: string, name: string) => {
  const m = new RegExp(`^${name}\\{chain="1"\\} (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
};

describe(
  'topology: nginx + 2 API instances + indexer + PostgreSQL + Redis',
  {
    skip: missing.length > 0 ? `needs ${missing.join(', ')}` : false,
    timeout: 300_000,
  },
  () => {
    const started = Date.now();
    const prefix = `topology:${process.pid}:${randomBytes(4).toString('hex')}:`;
    const figures = { sent: 0, failed: 0 };
    let dir: string;
    let chain: TestChain;
    let team: TeamScenario;
    let rpc: Awaited<ReturnType<typeof slowFront>>;
    let db: Awaited<ReturnType<typeof freshPostgresDatabase>>;
    let nginx: Nginx;
    let client: H2Client;
    const ports = {
      a: 0,
      b: 0,
      aMetrics: 0,
      bMetrics: 0,
      indexerMetrics: 0,
      nginx: 0,
      nginxHttp: 0,
    };
    const services: Record<'a' | 'b' | 'indexer', Service | undefined> = {
      a: undefined,
      b: undefined,
      indexer: undefined,
    };
    let env: Record<string, string>;

    const startApi = async (name: 'a' | 'b') => {
      services[name] = await startService(
        `api-${name}`,
        'src/main.ts',
        {
          ...env,
          PORT: String(ports[name]),
          METRICS_PORT: String(ports[name === 'a' ? 'aMetrics' : 'bMetrics']),
          INDEXER: 'off',
        },
        dir,
        /server listening on/,
      );
    };
    const startIndexer = async () => {
      services.indexer = await startService(
        'indexer',
        'src/indexer/main.ts',
        { ...env, METRICS_PORT: String(ports.indexerMetrics), INDEXER_CHUNK_BLOCKS: '2' },
        dir,
        /indexing chains/,
      );
    };
    const indexerMetrics = async () =>
      (await fetch(`http://127.0.0.1:${ports.indexerMetrics}/metrics`)).text();
    const caughtUp = async () => {
      const text = await indexerMetrics();
      return (
        metricValue(text, 'indexer_lag_blocks') === 0 &&
        metricValue(text, 'indexer_indexed_block') === Number(await chain.head())
      );
    };
    const count = (r: LoadResult) => {
      figures.sent += r.sent;
      figures.failed += r.failed;
      return r;
    };
    const apiPaths = ['/v1/index/home', '/v1/health', '/v1/health/live'];

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topology-'));
      fs.chmodSync(dir, 0o755);
      chain = await startTestChain(1);
      team = await playTeamScenario(chain);
      rpc = await slowFront(chain.rpcUrl);
      db = await freshPostgresDatabase();
      for (const key of Object.keys(ports) as (keyof typeof ports)[])
        ports[key] = await findFreePort();
      env = {
        DATABASE_URL: db.url,
        REDIS_URL: process.env.REDIS_URL!,
        REDIS_PREFIX: prefix,
        DEPLOYMENT: 'local',
        RPC_URL_1: rpc.url,
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        APP_ORIGIN: `https://localhost:${ports.nginx}`,
        LOG_LEVEL: 'info',
        LOGIN_RATE_LIMIT: '10',
        INDEXER_POLL_MS: '100',
      };
      // The indexer first: it migrates the fresh database before the API instances start.
      await startIndexer();
      await Promise.all([startApi('a'), startApi('b')]);
      nginx = await startNginx({
        dir,
        port: ports.nginx,
        httpPort: ports.nginxHttp,
        upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
        webDist,
      });
      client = await h2Connect(nginx.origin, path.join(dir, 'cert.pem'));
      await eventually('the indexer at the chain head', caughtUp, 60_000);
    });

    after(async () => {
      client?.close();
      await nginx?.stop();
      for (const s of Object.values(services)) if (s) await stopService(s, 'SIGKILL');
      await rpc?.close();
      await chain?.stop();
      await db?.drop();
      await deleteRedisPrefix(process.env.REDIS_URL!, prefix);
      const retried = nginx ? retriedInAccessLog(nginx.accessLog) : 0;
      console.log(
        `topology figures: ${figures.sent} GET requests sent through nginx, ${figures.failed} failed, ${retried} retried on the other instance by nginx, ${client?.resent ?? 0} HTTP/2 streams refused unprocessed (GOAWAY) and resent by the client; ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      // TOPOLOGY_KEEP=1 keeps the nginx and service logs for a post-mortem.
      if (!process.env.TOPOLOGY_KEEP) fs.rmSync(dir, { recursive: true, force: true });
      else console.log(`kept ${dir}`);
    });

    it('TLS + HTTP/2, the security headers and cache headers on real responses, request ids to the API log', async () => {
      assert.equal(client.alpn, 'h2', 'HTTP/2 negotiated');
      const plain = await fetch(`http://127.0.0.1:${nginx.httpPort}/pages/x`, {
        redirect: 'manual',
      });
      assert.equal(plain.status, 301);
      // The HTTPS port is kept when it is not 443 (deploy/nginx-edges.test.ts tests that rule).
      assert.equal(plain.headers.get('location'), `https://127.0.0.1:${nginx.port}/pages/x`);
      const index = await client.request('/');
      assert.equal(index.status, 200);
      const csp = String(index.headers['content-security-policy']);
      assert.match(csp, /(^|; )script-src 'self'(;|$)/);
      assert.match(
        csp,
        /(^|; )connect-src 'self' https: http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*(;|$)/,
      );
      assert.match(csp, /frame-ancestors 'none'/);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
      assert.match(String(index.headers['strict-transport-security']), /max-age=\d{7,}/);
      assert.equal(index.headers['x-content-type-options'], 'nosniff');
      assert.equal(index.headers['referrer-policy'], 'no-referrer');
      assert.equal(index.headers['cache-control'], 'no-cache');
      assert.doesNotMatch(index.body, /<script>/, 'no inline script in index.html');
      const asset = /src="(\/assets\/index-[\w-]+\.js)"/.exec(index.body)?.[1];
      assert.ok(asset, 'index.html loads a hashed entry script');
      const js = await client.request(asset);
      assert.equal(js.status, 200);
      assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(js.headers['content-security-policy']);
      const sw = await client.request('/sw.js');
      assert.equal(sw.headers['cache-control'], 'no-cache');

      const api = await client.request('/v1/health');
      assert.equal(api.status, 200);
      const apiCsp = String(api.headers['content-security-policy']);
      assert.equal(apiCsp.split('default-src').length, 2, 'one policy, not two');
      assert.match(apiCsp, /frame-ancestors 'none'/);
      assert.equal(api.headers['x-content-type-options'], 'nosniff');
      const requestId = String(api.headers['x-request-id']);
      assert.match(requestId, /^[0-9a-f]{32}$/, 'nginx $request_id');
      await eventually('the request id in an API instance’s JSON log', async () =>
        [services.a!, services.b!].some((s) => s.output().includes(`"reqId":"${requestId}"`)),
      );
      const rpcCall = await client.request('/rpc/1', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      assert.equal(rpcCall.status, 200, rpcCall.body);
      assert.equal((JSON.parse(rpcCall.body) as { result: string }).result, '0x1');
      // /metrics is not reachable through nginx.
      assert.notEqual((await client.request('/metrics')).status, 200);
    });

    it('a logout through A is refused by B at once; the login limit counts A and B together', async () => {
      const a = `http://127.0.0.1:${ports.a}`;
      const b = `http://127.0.0.1:${ports.b}`;
      const login = await signIn(a, privateKeyToAccount(generatePrivateKey()));
      const token = { token: login.Token };
      assert.equal((await getJson(b, '/v1/user/info', token)).body.code, 0, 'B caches the session');
      assert.equal((await postForm(a, '/v1/user/logout', {}, token)).body.code, 0);
      assertError(await getJson(b, '/v1/user/info', token), 401, 400);

      // LOGIN_RATE_LIMIT=10 per client address: 10 through A and B alternately pass, then neither.
      const client = { 'x-forwarded-for': '198.51.100.7' };
      const address = privateKeyToAccount(generatePrivateKey()).address;
      for (let i = 0; i < 10; i++) {
        const res = await postForm(i % 2 ? b : a, '/v1/user/getcode', { address }, client);
        assert.equal(res.status, 200, `attempt ${i + 1}`);
      }
      assertError(await postForm(a, '/v1/user/getcode', { address }, client), 429, 1006);
      assertError(await postForm(b, '/v1/user/getcode', { address }, client), 429, 1006);
    });

    it('kill -9 of an API instance under GET load: no GET fails; it rejoins when restarted', async () => {
      const killed = sleep(800).then(() => stopService(services.b!, 'SIGKILL'));
      const load = count(
        await getLoad(client, apiPaths, {
          concurrency: 8,
          maxRequests: 2_000,
          until: killed.then(() => sleep(2_000)),
        }),
      );
      assert.equal(load.failed, 0, load.failures.slice(0, 5).join('\n'));
      assert.ok(load.sent > 50, `a real load (${load.sent})`);

      await startApi('b');
      // Answered by B itself (a failed try of B, retried on A, lists both addresses).
      const upstreamB = `"upstream_addr":"127.0.0.1:${ports.b}","upstream_status":"200"`;
      const before = fs.readFileSync(nginx.accessLog, 'utf8').split(upstreamB).length;
      // nginx tries a failed instance again after fail_timeout (5 s).
      await eventually(
        'nginx sends requests to the restarted instance',
        async () => {
          count(
            await getLoad(client, apiPaths, {
              concurrency: 2,
              maxRequests: 20,
              until: sleep(5_000),
            }),
          );
          return fs.readFileSync(nginx.accessLog, 'utf8').split(upstreamB).length > before;
        },
        20_000,
      );
    });

    it('SIGTERM: requests in flight complete, new ones go to the other instance, exit within 10 s', async () => {
      const a = `http://127.0.0.1:${ports.a}`;
      rpc.delayMs = 1_500;
      try {
        const inflight = Array.from({ length: 3 }, (_, i) =>
          fetch(`${a}/rpc/1`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_blockNumber', params: [] }),
          }).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { result?: string },
          })),
        );
        await sleep(300);
        const exit = stopService(services.a!, 'SIGTERM');
        const load = count(
          await getLoad(client, apiPaths, {
            concurrency: 4,
            maxRequests: 1_000,
            until: exit.then(() => sleep(500)),
          }),
        );
        const took = await exit;
        for (const r of await Promise.all(inflight)) {
          assert.equal(r.status, 200);
          assert.match(r.body.result ?? '', /^0x/);
        }
        assert.equal(await services.a!.exited, 0, 'a clean exit');
        assert.ok(took < 10_000, `exited in ${took} ms`);
        assert.equal(load.failed, 0, load.failures.slice(0, 5).join('\n'));
      } finally {
        rpc.delayMs = 0;
      }
      await startApi('a');
    });

    it('the indexer restarted during load: no lost or doubled rows, and /metrics shows the lag back to 0', async () => {
      let stopLoad!: () => void;
      const loadDone = new Promise<void>((r) => (stopLoad = r));
      const loading = getLoad(client, apiPaths, {
        concurrency: 4,
        maxRequests: 5_000,
        until: loadDone,
      });
      try {
        for (let i = 0; i < 3; i++) {
          const newcomer = await chain.newAccount();
          await newcomer.bind(team.a.address);
          await newcomer.stake(0, String(200 + i));
          if (i === 0) {
            await stopService(services.indexer!, 'SIGKILL');
            await chain.mine(3);
          }
        }
        await startIndexer();
        await eventually('the restarted indexer at the chain head (lag 0)', caughtUp, 60_000);
      } finally {
        stopLoad();
      }
      const load = count(await loading);
      assert.equal(load.failed, 0, load.failures.slice(0, 5).join('\n'));
      const text = await indexerMetrics();
      assert.equal(metricValue(text, 'indexer_lag_blocks'), 0);
      assert.equal(metricValue(text, 'indexer_lag_seconds'), 0);
      assert.ok((metricValue(text, 'indexer_events_total') ?? 0) > 0, 'events counted');
      const api = await (await fetch(`http://127.0.0.1:${ports.aMetrics}/metrics`)).text();
      assert.match(
        api,
        /http_request_duration_seconds_count\{method="GET",route="\/v1\/index\/home",status="200"\} [1-9]/,
      );
      const sample = (t: string, re: RegExp) => t.split('\n').filter((l) => re.test(l));
      console.log(
        [
          '/metrics sample (indexer):',
          ...sample(text, /^indexer_/),
          '/metrics sample (API instance A):',
          ...sample(
            api,
            /^(login_attempts_total|rate_limit_refusals_total|db_errors_total)|route="\/v1\/index\/home",status="200"\}|le="0.05",method="GET",route="\/v1\/index\/home"/,
          ),
        ].join('\n'),
      );

      // The live index equals a fresh, full index of the same chain.
      const live = await openDb({ databaseUrl: db.url, pgliteDir: '' });
      // On the same engine: pg and PGlite return some column types differently.
      const fresh = await databaseFor('postgres');
      try {
        const liveDump = await dumpIndex(live, 1);
        const reference = await startServer({
          port: 0,
          rpcUrls: { 1: chain.rpcUrl },
          deployment: 'local',
          indexerPollMs: 100,
          ...fresh.db,
        });
        try {
          await reference.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
          const full = await dumpIndex(reference.db, 1);
          assert.ok(rowCount(full) > 40, `a real index (${rowCount(full)} rows)`);
          assert.deepEqual(liveDump, full);
        } finally {
          await reference.close();
        }
      } finally {
        await live.close();
        await fresh.cleanup();
      }
    });
  },
);
