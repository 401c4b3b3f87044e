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
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findFreePort } from '@app/contracts/local';
import { startServer, type RunningServer } from '../server/src/start.ts';
import { t } from '../server/src/i18n/index.ts';
import { NGINX, startNginx, type Nginx } from './topology/nginx.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe('nginx edges', { skip: !fs.existsSync(NGINX) && `nginx (${NGINX}) missing` }, () => {
  let dir: string;
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
      pgliteDir: path.join(dir, 'pglite'),
      indexer: false,
    });
    nginx = await startNginx({
      dir,
      port: await findFreePort(),
      httpPort: await findFreePort(),
      upstreams: [`127.0.0.1:${api.port}`],
      webDist,
    });
    ca = fs.readFileSync(path.join(dir, 'cert.pem'));
  });
  after(async () => {
    await nginx?.stop();
    await api?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
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
});
