/**
 * Two API instances on one PostgreSQL database sharing Redis (REDIS_URL; a key prefix per run,
 * deleted after): a logout on A is refused by B at once, not after B's session cache expires, and
 * the login limit counts the attempts made through A and B together. Skipped without both
 * DATABASE_URL and REDIS_URL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
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
      loginRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      loginAddressRateLimit: { max: 3, timeWindowMs: 60_000 },
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

  it('Redis away: logins still work (limits fail open), a logout on A is still refused by B', async () => {
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

  it('the login limit counts attempts through A and B together', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const attempt = (base: string) => postForm(base, '/v1/user/getcode', { address });
    assert.equal((await attempt(a.url)).status, 200);
    assert.equal((await attempt(b.url)).status, 200);
    assert.equal((await attempt(a.url)).status, 200);
    assertError(await attempt(b.url), 429, 1006);
    assertError(await attempt(a.url), 429, 1006);
  });
});
