/**
 * Two API instances on one PostgreSQL database sharing Redis (REDIS_URL; a key prefix per run,
 * deleted after): a logout on A is refused by B at once, not after B's session cache expires, and
 * one client's login attempts through A and B count against one limit. Skipped without both
 * DATABASE_URL and REDIS_URL.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { repoRoot } from '../../config.ts';
import { startServer, type RunningServer } from '../../start.ts';
import {
  assertError,
  freshPostgresDatabase,
  getJson,
  postForm,
  signIn,
} from '../../testing/harness.ts';
import { deleteRedisPrefix } from '../../testing/redis.ts';
import { startTcpProxy } from '../../testing/tcp-proxy.ts';

const redisUrl = process.env.REDIS_URL;
const admin = privateKeyToAccount(generatePrivateKey());
const enabled = Boolean(process.env.DATABASE_URL && redisUrl);

describe('shared state across API instances (PostgreSQL + Redis)', { skip: !enabled }, () => {
  const prefix = `test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  let a: RunningServer;
  let b: RunningServer;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  before(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    databaseUrl = fresh.url;
    const common = {
      port: 0,
      rpcUrls: {},
      deployment: 'local' as const,
      databaseUrl: fresh.url,
      redisUrl,
      redisPrefix: prefix,
      indexer: false,
      // Per client (IP): the test's own client is told apart by X-Forwarded-For, as behind nginx.
      trustProxy: true,
      loginRateLimit: { max: 3, timeWindowMs: 60_000 },
      loginCodeRateLimit: { max: 3, timeWindowMs: 60_000 },
      adminAddresses: [admin.address],
    };
    a = await startServer(common);
    // One SIWE origin for both, as behind one nginx.
    b = await startServer({ ...common, appOrigin: a.url });
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
    if (redisUrl) await deleteRedisPrefix(redisUrl, prefix);
  });

  it('a logout through A is refused by B at once', async () => {
    const login = await signIn(a.url, privateKeyToAccount(generatePrivateKey()));
    const headers = { token: login.Token };
    // B has the session in its cache now.
    assert.equal((await getJson(b.url, '/v1/user/info', headers)).body.code, 0);
    assert.equal((await postForm(a.url, '/v1/user/logout', {}, headers)).body.code, 0);
    assertError(await getJson(b.url, '/v1/user/info', headers), 401, 400);
  });

  it('Redis away: logins still work (limits per instance), a logout on A is still refused by B', async () => {
    const proxy = await startTcpProxy(Number(new URL(redisUrl!).port || 6379));
    const common = {
      port: 0,
      rpcUrls: {},
      deployment: 'local' as const,
      databaseUrl,
      redisUrl: proxy.url('redis'),
      redisPrefix: prefix,
      indexer: false,
      appOrigin: a.url,
    };
    const c = await startServer(common);
    const d = await startServer(common);
    try {
      const login = await signIn(c.url, privateKeyToAccount(generatePrivateKey()));
      const headers = { token: login.Token };
      assert.equal((await getJson(d.url, '/v1/user/info', headers)).body.code, 0, 'D caches it');
      await proxy.down();
      // D no longer hears logouts: it must not answer from its cache.
      assert.equal((await postForm(c.url, '/v1/user/logout', {}, headers)).body.code, 0);
      assertError(await getJson(d.url, '/v1/user/info', headers), 401, 400);
      const other = await signIn(c.url, privateKeyToAccount(generatePrivateKey()));
      assert.ok(other.Token, 'sign-in works without Redis');
      await proxy.up();
    } finally {
      await c.close();
      await d.close();
      await proxy.close();
    }
  });

  it('a leaked admin key: sessions:revoke ends its session on A and B at once, no other', async () => {
    // docs/OPERATIONS.md §7: the command as the runbook gives it, with the production env.
    // Each sign-in from its own client (the suite's limit is 3 attempts a minute per client).
    const { Token: token } = await signIn(a.url, admin, {}, { 'X-Forwarded-For': '203.0.113.21' });
    const bystander = await signIn(
      a.url,
      privateKeyToAccount(generatePrivateKey()),
      {},
      { 'X-Forwarded-For': '203.0.113.22' },
    );
    for (const base of [a.url, b.url]) {
      assert.equal((await getJson(base, '/v1/user/info', { token })).body.code, 0, 'cached');
    }
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'sessions:revoke', '-w', 'server', '--', admin.address],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          // Not a test runner child: the command runs as an operator starts it.
          NODE_TEST_CONTEXT: '',
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          REDIS_PREFIX: prefix,
        },
      },
    );
    assert.match(stdout, /1 session\(s\) revoked; every instance was told through Redis/);
    for (const base of [a.url, b.url]) {
      assertError(await getJson(base, '/v1/user/info', { token }), 401, 400);
    }
    const stays = await getJson(b.url, '/v1/user/info', { token: bystander.Token });
    assert.equal(stays.body.code, 0);
  });

  it("the login limit counts one client's attempts through A and B together", async () => {
    const attempt = (base: string) =>
      postForm(
        base,
        '/v1/user/getcode',
        { address: privateKeyToAccount(generatePrivateKey()).address },
        { 'X-Forwarded-For': '203.0.113.9' },
      );
    assert.equal((await attempt(a.url)).status, 200);
    assert.equal((await attempt(b.url)).status, 200);
    assert.equal((await attempt(a.url)).status, 200);
    assertError(await attempt(b.url), 429, 1006);
    assertError(await attempt(a.url), 429, 1006);
  });
});
