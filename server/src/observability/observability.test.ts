/**
 * What an operator watches, on a real server: /metrics on its own port, request ids carried from
 * nginx, liveness vs readiness, and the security headers on real responses. (Draining on SIGTERM
 * with requests in flight is proven through nginx by deploy/topology.test.ts.)
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { postForm, signIn, startTestServer, tempDir, type TestServer } from '../testing/harness.ts';

describe('observability', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer('pglite', {
      metricsPort: 0,
      loginRateLimit: { max: 1, timeWindowMs: 60_000 },
    });
  });
  after(async () => {
    await server?.stop();
  });

  it('serves Prometheus metrics on a separate port: latency per route and status, logins, refusals', async () => {
    assert.ok(server.metricsUrl);
    assert.notEqual(new URL(server.metricsUrl).port, String(server.port));
    const account = privateKeyToAccount(generatePrivateKey());
    await signIn(server.url, account);
    const bad = await postForm(server.url, '/v1/user/metamasklogin', {
      address: account.address,
      signature: `0x${'11'.repeat(65)}`,
    });
    assert.equal(bad.status, 429, 'a second login from one client is over its limit');
    const res = await fetch(server.metricsUrl);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(
      text,
      /http_request_duration_seconds_count\{method="POST",route="\/v1\/user\/getcode",status="200"\} 1/,
    );
    assert.match(text, /login_attempts_total\{result="success"\} 1/);
    assert.match(text, /login_attempts_total\{result="rate_limited"\} 1/);
    assert.match(text, /rate_limit_refusals_total\{route="\/v1\/user\/metamasklogin"\} 1/);
    assert.match(text, /# TYPE db_errors_total counter/);
    // /metrics is not on the public port.
    assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
  });

  it('carries the request id from X-Request-Id, or makes one', async () => {
    const given = 'f3c1a2b4-0000-4000-8000-000000000001';
    const res = await fetch(`${server.url}/v1/health`, { headers: { 'x-request-id': given } });
    assert.equal(res.headers.get('x-request-id'), given);
    const made = await fetch(`${server.url}/v1/health`, { headers: { 'x-request-id': 'a b<c>' } });
    assert.match(made.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  it('sends the security headers on API responses', async () => {
    const res = await fetch(`${server.url}/v1/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(
      csp,
      /connect-src 'self' https: http:\/\/127\.0\.0\.1:\* http:\/\/localhost:\*(;|$)/,
    );
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(res.headers.get('strict-transport-security') ?? '', /max-age=\d+/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
  });

  it('is live and ready; /v1/health keeps its shape', async () => {
    const live = await fetch(`${server.url}/v1/health/live`);
    assert.equal(live.status, 200);
    const ready = await fetch(`${server.url}/v1/health/ready`);
    assert.equal(ready.status, 200);
    const body = (await ready.json()) as { code: number; data: { ready: boolean } };
    assert.equal(body.code, 0);
    assert.equal(body.data.ready, true);
    const health = (await (await fetch(`${server.url}/v1/health`)).json()) as {
      data: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(health.data).sort(), ['db', 'engine', 'indexer', 'status']);
  });
});

describe('security headers on the web app', () => {
  it('index.html and hashed assets carry the CSP, with the hash of the inline stylesheet only', async () => {
    const dist = await tempDir('web-dist-');
    const css = 'body{margin:0}';
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      `<!doctype html><title>app</title><style>${css}</style><script src="/assets/boot-1.js"></script>`,
    );
    await fs.writeFile(path.join(dist, 'assets', 'boot-1.js'), '1');
    const server = await startTestServer('pglite', { webDist: dist });
    try {
      const hash = createHash('sha256').update(css).digest('base64');
      for (const route of ['/', '/assets/boot-1.js']) {
        const res = await fetch(server.url + route);
        assert.equal(res.status, 200);
        const csp = res.headers.get('content-security-policy') ?? '';
        assert.match(csp, new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
        assert.match(csp, /script-src 'self'(;|$)/);
        assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      }
    } finally {
      await server.stop();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
