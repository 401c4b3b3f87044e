/**
 * What the repo's nginx config answers by itself, before a request reaches an instance: a body or
 * a URI too large gets the API's `{code,msg}` envelope (not nginx's HTML page), in the language the
 * API would answer in; plain HTTP redirects to HTTPS on the configured HTTPS port, except an ACME
 * HTTP-01 token, answered over plain HTTP from ACME_WEBROOT. Runs Debian's
 * nginx (skipped, and reported so, without it) in front of one real API instance (PGlite).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/contracts/local';
import { startServer, type RunningServer } from '../server/src/start.ts';
import { freshPgliteDir } from '../server/src/testing/harness.ts';
import { t } from '../server/src/i18n/index.ts';
import { checkOurNginx } from './check-nginx.ts';
import { curl } from './topology/curl.ts';
import { NGINX, startNginx, type Nginx } from './topology/nginx.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('nginx edges', { skip: !fs.existsSync(NGINX) && `nginx (${NGINX}) missing` }, () => {
  let dir: string;
  let pgliteDir: string | undefined;
  let api: RunningServer;
  let nginx: Nginx;
  let ca: Buffer;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-edges-'));
    const webDist = path.join(dir, 'dist');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    api = await startServer({
      port: 0,
      rpcUrls: {},
      deployment: 'local',
      // A copy of an initialised data directory: initdb takes seconds.
      pgliteDir: (pgliteDir = await freshPgliteDir()),
      indexer: false,
    });
    nginx = await startNginx({
      dir,
      port: await findFreePort(),
      httpPort: await findFreePort(),
      upstreams: [`127.0.0.1:${api.port}`],
      webDist,
      ipv6: true,
    });
    ca = fs.readFileSync(path.join(dir, 'cert.pem'));
  });
  after(async () => {
    await nginx?.stop();
    await api?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
  });

  const request = (
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const client = url.startsWith('https:') ? https : http;
      const req = client.request(
        url,
        { method: options.method ?? 'GET', headers: options.headers, ca, servername: 'localhost' },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      // nginx may answer 413 before the whole body is sent, and close.
      req.on('error', reject);
      req.end(options.body);
    });

  const envelope = (answer: Answer) => {
    assert.match(String(answer.headers['content-type']), /^application\/json/, answer.body);
    return JSON.parse(answer.body) as { code: number; msg: string; data: null };
  };

  it('a body over nginx’s limit: 413 with the API’s envelope, translated by the Lang header', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const en = await request(`${nginx.origin}/v1/user/getcode`, {
      method: 'POST',
      headers,
      body: big,
    });
    assert.equal(en.status, 413);
    assert.deepEqual(envelope(en), { code: 1004, msg: t('en', 'bodyTooLarge'), data: null });
    // The API's own answer to a body over its (smaller) limit is the same envelope.
    const small = Buffer.alloc(64 * 1024, 'a');
    const fromApi = await request(`${nginx.origin}/v1/user/getcode`, {
      method: 'POST',
      headers,
      body: small,
    });
    assert.equal(fromApi.status, 413);
    assert.deepEqual(envelope(fromApi), envelope(en));

    const zh = await request(`${nginx.origin}/v1/user/getcode`, {
      method: 'POST',
      headers: { ...headers, lang: 'zh-TW' },
      body: big,
    });
    assert.equal(envelope(zh).msg, t('zh-TW', 'bodyTooLarge'));
    assert.notEqual(envelope(zh).msg, envelope(en).msg);
  });

  it('a URI over nginx’s header buffers: 414 with the envelope', async () => {
    const answer = await request(`${nginx.origin}/v1/index/config?q=${'a'.repeat(40_000)}`);
    assert.equal(answer.status, 414);
    assert.deepEqual(envelope(answer), { code: 1004, msg: t('en', 'bodyTooLarge'), data: null });
  });

  it('plain HTTP redirects to HTTPS on the HTTPS port, keeping path and query', async () => {
    const answer = await request(`http://127.0.0.1:${nginx.httpPort}/team?tab=2`, {
      headers: { host: `localhost:${nginx.httpPort}` },
    });
    assert.equal(answer.status, 301);
    assert.equal(answer.headers.location, `https://localhost:${nginx.port}/team?tab=2`);
  });

  it('plain HTTP answers an ACME HTTP-01 token from ACME_WEBROOT, and only that path', async () => {
    const challenges = path.join(nginx.acmeWebroot, '.well-known', 'acme-challenge');
    fs.mkdirSync(challenges, { recursive: true });
    const token = 'LoqXcYV8q5ONbJQxbmR7SCTNo3tiAXDfowyjxAjEuX0';
    const keyAuthorization = `${token}.9jg46WB3rR_AHD-EBXdN7cBkH1WOu0tA3M9fm21mqTI`;
    fs.writeFileSync(path.join(challenges, token), keyAuthorization);
    const host = { host: `localhost:${nginx.httpPort}` };
    const answer = await request(
      `http://127.0.0.1:${nginx.httpPort}/.well-known/acme-challenge/${token}`,
      { headers: host },
    );
    assert.equal(answer.status, 200);
    assert.equal(answer.body, keyAuthorization);
    assert.match(String(answer.headers['content-type']), /^text\/plain/);
    // A token nginx does not have: 404 here, not a redirect to HTTPS.
    const missing = await request(
      `http://127.0.0.1:${nginx.httpPort}/.well-known/acme-challenge/no-such-token`,
      { headers: host },
    );
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.location, undefined);
    // Everything else still redirects.
    const team = await request(`http://127.0.0.1:${nginx.httpPort}/team`, { headers: host });
    assert.equal(team.status, 301);
    assert.equal(team.headers.location, `https://localhost:${nginx.port}/team`);
  });
  // Browsers speak HTTP/2: every answer nginx makes itself must be the envelope there too.
  for (const http2 of [true, false]) {
    const protocol = http2 ? 'HTTP/2' : 'HTTP/1.1';
    const expectVersion = http2 ? '2' : '1.1';
    const at = (p: string) => `https://localhost:${nginx.port}${p}`;

    it(`${protocol}: a 2 MB body gets 413 with the envelope, translated`, async () => {
      const answer = await curl(at('/v1/user/getcode'), {
        dir,
        ca: nginx.certFile,
        http2,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'zh-TW' },
        body: Buffer.alloc(2 * 1024 * 1024, 'a'),
      });
      assert.equal(answer.httpVersion, expectVersion, answer.stderr);
      assert.equal(answer.status, 413, answer.body);
      assert.match(answer.contentType, /^application\/json/, answer.body);
      assert.deepEqual(JSON.parse(answer.body), {
        code: 1004,
        msg: t('zh-TW', 'bodyTooLarge'),
        data: null,
      });
    });

    it(`${protocol}: a 20 kB URI gets 414 with the envelope (not GOAWAY)`, async () => {
      const answer = await curl(at(`/v1/index/config?q=${'a'.repeat(20_000)}`), {
        dir,
        ca: nginx.certFile,
        http2,
      });
      assert.equal(answer.exitCode, 0, answer.stderr);
      assert.equal(answer.httpVersion, expectVersion);
      assert.equal(answer.status, 414, answer.body);
      assert.match(answer.contentType, /^application\/json/, answer.body);
      assert.deepEqual(JSON.parse(answer.body), {
        code: 1004,
        msg: t('en', 'bodyTooLarge'),
        data: null,
      });
    });

    it(`${protocol}: a 7 kB URI still reaches the API`, async () => {
      const answer = await curl(at(`/v1/index/config?q=${'a'.repeat(7_000)}`), {
        dir,
        ca: nginx.certFile,
        http2,
      });
      assert.equal(answer.status, 200, answer.body);
    });

    it(`${protocol}: nginx answers on IPv6 (::1) as on IPv4`, async () => {
      const answer = await curl(at('/v1/health/live'), {
        dir,
        ca: nginx.certFile,
        http2,
        address: '[::1]',
      });
      assert.equal(answer.exitCode, 0, answer.stderr);
      assert.equal(answer.httpVersion, expectVersion);
      assert.equal(answer.status, 200, answer.body);
      assert.equal((JSON.parse(answer.body) as { code: number }).code, 0);
      const redirect = await curl(`http://localhost:${nginx.httpPort}/team`, {
        dir,
        ca: nginx.certFile,
        http2: false,
        address: '[::1]',
      });
      assert.equal(redirect.status, 301, redirect.stderr);
    });
  }

  describe('with every API instance down', () => {
    let down: Nginx;
    let downDir: string;
    before(async () => {
      downDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-edges-down-'));
      // A port nothing listens on: every connection refused, as with the API stopped.
      down = await startNginx({
        dir: downDir,
        port: await findFreePort(),
        httpPort: await findFreePort(),
        upstreams: [`127.0.0.1:${await findFreePort()}`],
        webDist: path.join(dir, 'dist'),
      });
    });
    after(async () => {
      await down?.stop();
      if (downDir) fs.rmSync(downDir, { recursive: true, force: true });
    });

    for (const http2 of [true, false]) {
      const protocol = http2 ? 'HTTP/2' : 'HTTP/1.1';
      for (const [method, p] of [
        ['GET', '/v1/health'],
        ['POST', '/rpc/1'],
      ] as const) {
        it(`${protocol}: ${method} ${p} gets 502 with the envelope, translated`, async () => {
          const answer = await curl(`https://localhost:${down.port}${p}`, {
            dir: downDir,
            ca: down.certFile,
            http2,
            method,
            headers: { lang: 'ja' },
            ...(method === 'POST' ? { body: Buffer.from('{}') } : {}),
          });
          assert.equal(answer.httpVersion, http2 ? '2' : '1.1', answer.stderr);
          assert.equal(answer.status, 502, answer.body);
          assert.match(answer.contentType, /^application\/json/, answer.body);
          assert.deepEqual(JSON.parse(answer.body), {
            code: 503,
            msg: t('ja', 'unavailable'),
            data: null,
          });
        });
      }
    }
  });
  describe('with an API instance that accepts and never answers', () => {
    let hung: Nginx;
    let hungDir: string;
    let silent: net.Server;
    const held = new Set<net.Socket>();
    before(async () => {
      hungDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nginx-edges-hung-'));
      // Takes the connection and the request, and says nothing (an instance stuck on its
      // database): nginx gives up after proxy_read_timeout, here 1 s instead of 60.
      silent = net.createServer((socket) => held.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      hung = await startNginx({
        dir: hungDir,
        port: await findFreePort(),
        httpPort: await findFreePort(),
        upstreams: [`127.0.0.1:${(silent.address() as net.AddressInfo).port}`],
        webDist: path.join(dir, 'dist'),
        proxyReadTimeout: '1s',
      });
    });
    after(async () => {
      await hung?.stop();
      for (const socket of held) socket.destroy();
      silent?.close();
      if (hungDir) fs.rmSync(hungDir, { recursive: true, force: true });
    });

    for (const http2 of [true, false]) {
      const protocol = http2 ? 'HTTP/2' : 'HTTP/1.1';
      it(`${protocol}: GET /v1/health gets 504 with the envelope, translated`, async () => {
        const answer = await curl(`https://localhost:${hung.port}/v1/health`, {
          dir: hungDir,
          ca: hung.certFile,
          http2,
          headers: { lang: 'ja' },
        });
        assert.equal(answer.status, 504, answer.body);
        assert.match(answer.contentType, /^application\/json/, answer.body);
        assert.deepEqual(JSON.parse(answer.body), {
          code: 503,
          msg: t('ja', 'unavailable'),
          data: null,
        });
      });
    }
  });

  describe('check-nginx (the TLS bootstrap’s last step)', () => {
    const envOf = (httpPort: number) => ({
      SERVER_NAME: 'localhost',
      NGINX_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
      ACME_WEBROOT: nginx.acmeWebroot,
      NGINX_PID_FILE: path.join(dir, 'nginx.pid'),
    });

    it('passes when our nginx answers the HTTP port', async () => {
      assert.equal(await checkOurNginx(envOf(nginx.httpPort)), '');
    });

    it('fails, saying so, when another server (Debian’s nginx) answers the HTTP port', async () => {
      const other = http.createServer((_req, res) =>
        res.writeHead(404).end('<h1>Welcome to nginx!</h1>'),
      );
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      try {
        const port = (other.address() as { port: number }).port;
        const problem = await checkOurNginx(envOf(port), 500);
        assert.match(problem, new RegExp(`port ${port} is not answered by our nginx.*HTTP 404`));
        assert.match(problem, /systemctl disable --now nginx/);
      } finally {
        await new Promise((resolve) => other.close(resolve));
      }
    });

    it('fails when the pid file names no running nginx', async () => {
      const problem = await checkOurNginx(
        { ...envOf(nginx.httpPort), NGINX_PID_FILE: path.join(dir, 'no-such.pid') },
        200,
      );
      assert.match(problem, /our nginx is not running/);
    });
  });
});
