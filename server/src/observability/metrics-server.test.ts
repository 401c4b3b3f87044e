/**
 * POST /-/reload on the metrics port, as an operator (or anyone who reaches the port) calls it: a
 * refused list says what is wrong with it, and a reload needs the token wherever one is set or
 * the port is opened beyond loopback. A real metrics server, a real provider list and a real file.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Registry } from 'prom-client';
import { reloadRpcUrls, RpcProviders } from '../chain/rpc-providers.ts';
import { tempDir } from '../testing/harness.ts';
import { serveMetrics, type MetricsServer } from './metrics-server.ts';

describe('POST /-/reload on the metrics port', () => {
  const servers: MetricsServer[] = [];
  after(async () => {
    for (const s of servers) await s.close();
  });

  /** A metrics server whose reload re-reads `fileText` (an RPC_URLS_FILE) into a chain-1 list. */
  async function serve(fileText: string, host: string, token?: string) {
    const dir = await tempDir('metrics-reload-');
    const file = path.join(dir, 'env');
    await fs.writeFile(file, fileText);
    const providers = new RpcProviders({ 1: 'http://127.0.0.1:1/first' });
    const reload = () => reloadRpcUrls(providers, file, dir, () => {});
    const server = await serveMetrics(new Registry(), 0, host, reload, token);
    servers.push(server);
    // Whatever the address it listens on, this test reaches it over loopback.
    const port = new URL(server.url).port;
    const post = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`http://127.0.0.1:${port}/-/reload`, { method: 'POST', headers });
      return { status: res.status, body: (await res.json()) as { ok: boolean; error?: string } };
    };
    return { providers, post };
  }

  it('a list with an ftp:// URL is refused with the scheme named, and the providers stay', async () => {
    const { providers, post } = await serve('RPC_URL_1=ftp://x\n', '127.0.0.1');
    const { status, body } = await post();
    assert.equal(status, 400);
    assert.equal(body.ok, false);
    assert.match(body.error!, /RPC_URL_1: .*not ftp:\/\//);
    assert.deepEqual(
      providers.status().map((s) => s.chainId),
      [1],
    );
  });

  it('with METRICS_RELOAD_TOKEN set: refused without it or with another one, done with it', async () => {
    const { post } = await serve('RPC_URL_1=http://127.0.0.1:2/second\n', '127.0.0.1', 's3cret');
    const none = await post();
    assert.equal(none.status, 401);
    assert.match(none.body.error!, /METRICS_RELOAD_TOKEN/);
    assert.equal((await post({ authorization: 'Bearer wrong' })).status, 401);
    const done = await post({ authorization: 'Bearer s3cret' });
    assert.equal(done.status, 200);
    assert.deepEqual(done.body, { ok: true, switched: [1] });
  });

  it('on an opened metrics address (not loopback) without a token: refused, naming the setting', async () => {
    const { post } = await serve('RPC_URL_1=http://127.0.0.1:2/second\n', '0.0.0.0');
    const { status, body } = await post();
    assert.equal(status, 403);
    assert.match(body.error!, /listens on 0\.0\.0\.0, not loopback; set METRICS_RELOAD_TOKEN/);
    // With a token the opened address reloads for whoever holds it.
    const opened = await serve('RPC_URL_1=http://127.0.0.1:2/second\n', '0.0.0.0', 't0ken');
    assert.equal((await opened.post({ authorization: 'Bearer t0ken' })).status, 200);
  });
});
