import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { startTestServer, tempDir, type TestServer } from '../testing/harness.ts';

describe('web app at /', () => {
  let server: TestServer;
  let dist: string;
  before(async () => {
    dist = await tempDir('web-dist-');
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
    await fs.writeFile(path.join(dist, 'sw.js'), '// service worker');
    await fs.writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
    // The build's precompressed copies (web/vite.config.ts): brotli and gzip of the same text.
    const script = `console.log(${JSON.stringify('compressible '.repeat(200))});`;
    await fs.writeFile(path.join(dist, 'assets', 'big-def456.js'), script);
    await fs.writeFile(
      path.join(dist, 'assets', 'big-def456.js.br'),
      zlib.brotliCompressSync(script),
    );
    await fs.writeFile(path.join(dist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(script));
    await fs.writeFile(
      path.join(dist, 'index.html.br'),
      zlib.brotliCompressSync('<!doctype html><title>app</title>'),
    );
    server = await startTestServer('pglite', { webDist: dist });
  });
  after(async () => {
    await server.stop();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / with Cache-Control: no-cache', async () => {
    for (const route of ['/', '/index.html']) {
      const res = await fetch(server.url + route);
      assert.equal(res.status, 200, route);
      assert.equal(res.headers.get('cache-control'), 'no-cache', route);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await res.text(), /<title>app<\/title>/);
    }
  });

  it('caches hashed assets for a year and other files briefly', async () => {
    const asset = await fetch(server.url + '/assets/index-abc123.js');
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const icon = await fetch(server.url + '/favicon.svg');
    assert.equal(icon.headers.get('cache-control'), 'public, max-age=3600');
  });

  it('revalidates the service worker and the manifest on every load', async () => {
    for (const route of ['/sw.js', '/manifest.webmanifest']) {
      const res = await fetch(server.url + route);
      assert.equal(res.status, 200, route);
      assert.equal(res.headers.get('cache-control'), 'no-cache', route);
    }
  });

  it('sends the precompressed copy the browser accepts, cached like the file itself', async () => {
    const script = await fs.readFile(path.join(dist, 'assets', 'big-def456.js'), 'utf8');
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(server.url + '/assets/big-def456.js', {
        headers: { 'Accept-Encoding': accept },
      });
      assert.equal(res.status, 200, accept);
      assert.equal(res.headers.get('content-encoding'), encoding, accept);
      assert.match(res.headers.get('content-type') ?? '', /javascript/, accept);
      assert.equal(res.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(res.headers.get('vary') ?? '', /accept-encoding/i);
      // fetch decodes the body: the copy is the same script.
      assert.equal(await res.text(), script, accept);
    }
    const index = await fetch(server.url + '/', { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(index.headers.get('content-encoding'), 'br');
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    assert.match(await index.text(), /<title>app<\/title>/);
  });

  it('keeps the API and 404s working beside it', async () => {
    const health = await fetch(server.url + '/v1/health');
    assert.equal(((await health.json()) as { code: number }).code, 0);
    const missing = await fetch(server.url + '/assets/nope.js');
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: number }).code, 1007);
    const escape = await fetch(server.url + '/..%2f..%2fetc%2fpasswd');
    assert.equal(escape.status, 404);
  });
});
