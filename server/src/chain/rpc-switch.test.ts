/**
 * An RPC provider that dies or lies, with real processes (docs/OPERATIONS.md §7, RPC outage):
 *   - the API (with its indexer) and the separate indexer process are started as the runbook
 *     starts them, their providers in RPC_URLS_FILE ("primary,backup");
 *   - the primary answers 502: the /rpc proxy and the indexer go on through the backup at once,
 *     and say so (a JSON log line, rpc_provider_in_use);
 *   - the primary lies about the head: nothing automatic can see that (it answers); the indexer
 *     stops rather than index a shorter chain, the operator writes a new list into the file and
 *     sends SIGHUP: the process switches, logs it, and the indexer runs again — no restart;
 *   - a reload that would leave the chain without a provider is refused, and the providers stay.
 * A provider's URL holds its key: no log line or metric may show it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { runServerScript as run, type ServerProcess as Proc } from '../testing/server-process.ts';
import { freshPgliteDir, tempDir } from '../testing/harness.ts';
import { LIED_HEAD, startTestProvider, type TestProvider } from '../testing/rpc-provider.ts';

async function stop(proc: Proc | undefined) {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGKILL');
  await proc.exited;
}

const json = (line: string) => JSON.parse(line) as Record<string, unknown> & { msg: string };

async function scrape(metricsUrl: string): Promise<string> {
  return (await fetch(metricsUrl)).text();
}

/** Scrapes until `pattern` shows (the indexer polls every 100 ms). */
async function scrapeUntil(metricsUrl: string, pattern: RegExp, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const text = await scrape(metricsUrl).catch(() => '');
    if (pattern.test(text)) return text;
    if (Date.now() > until) assert.match(text, pattern);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const indexedAt = (block: bigint) =>
  new RegExp(`^indexer_indexed_block\\{chain="1"\\} ${block}$`, 'm');
const inUse = (p: TestProvider, position: number) =>
  new RegExp(
    `^rpc_provider_in_use\\{chain="1",provider="${p.host}",position="${position}"\\} 1$`,
    'm',
  );

async function rpcHead(apiUrl: string): Promise<{ status: number; result?: string }> {
  const res = await fetch(`${apiUrl}/rpc/1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] }),
  });
  const body = (await res.json()) as { result?: string };
  return { status: res.status, result: body.result };
}

const rpcFile = (...providers: TestProvider[]) =>
  `# the env file's other lines are not read\nAPP_NAME="Honest Stake"\nRPC_URL_1="${providers.map((p) => p.url).join(',')}"\n`;

describe('switching RPC providers without a restart', () => {
  let chain: TestChain;
  let primary: TestProvider;
  let backup: TestProvider;
  let dir: string;
  let file: string;
  let base: Record<string, string>;

  before(async () => {
    chain = await startTestChain(1);
    primary = await startTestProvider(chain.rpcUrl);
    backup = await startTestProvider(chain.rpcUrl);
    dir = await tempDir('rpc-switch-');
    file = path.join(dir, 'env');
    base = {
      DEPLOYMENT: 'local',
      RPC_URLS_FILE: file,
      // The file is the one source: an RPC_URL_1 of the environment is not read with it.
      RPC_URL_1: 'http://127.0.0.1:1/never-asked',
      RPC_URL_56: '',
      // Each process gets its own fresh PGlite (PGLITE_DIR below): the DATABASE_URL database of a
      // test run is shared by every test and may hold another chain's index (a second
      // `npm test -w server` on the same database saw an indexed block above this chain's head).
      DATABASE_URL: '',
      REDIS_URL: '',
      INDEXER_POLL_MS: '100',
      METRICS_PORT: '0',
      // A failed provider is asked last for 2 s (30 s by default), so the test can see it back.
      RPC_RETRY_AFTER_MS: '2000',
    };
  });
  after(async () => {
    await primary?.close();
    await backup?.close();
    await chain?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the API: the primary dies (failover at once), then lies (SIGHUP with a new list); a bad list is refused', async () => {
    primary.mode = 'pass';
    fs.writeFileSync(file, rpcFile(primary, backup));
    const api = run('src/main.ts', { ...base, PORT: '0', PGLITE_DIR: await freshPgliteDir() });
    try {
      const listening = json(await api.waitFor(/server listening on/));
      const url = /(http:\/\/[^\s,)"]+)/.exec(listening.msg)![1]!;
      const metricsUrl = /metrics: (http:\/\/\S+?)\)?$/.exec(listening.msg)![1]!;
      await scrapeUntil(metricsUrl, indexedAt(await chain.head()));
      assert.match(await scrape(metricsUrl), inUse(primary, 0));

      // The primary dies: the proxy and the indexer go on through the backup.
      primary.mode = 'down';
      await chain.mine(3);
      const head = await chain.head();
      await scrapeUntil(metricsUrl, indexedAt(head));
      assert.deepEqual(await rpcHead(url), { status: 200, result: `0x${head.toString(16)}` });
      const failover = json(
        await api.waitFor(new RegExp(`rpc chain 1: ${backup.host} answers now`)),
      );
      assert.deepEqual(
        { level: failover.level, position: failover.position, was: failover.was },
        { level: 40, position: 1, was: primary.host },
      );
      let text = await scrapeUntil(metricsUrl, inUse(backup, 1));
      assert.match(text, /^dependency_up\{dependency="rpc",chain="1"\} 1$/m);
      await api.waitFor(new RegExp(`rpc chain 1: ${primary.host} fails; asked last for 2 s`));
      // A failed provider is asked last for a while, not first by every call (a hung one would
      // cost each call its timeout): in 1 s of polls and proxied calls, at most two reach it.
      const asked = primary.calls;
      for (const until = Date.now() + 1000; Date.now() < until;) await rpcHead(url);
      assert.ok(primary.calls - asked <= 2, `${primary.calls - asked} calls to the failed primary`);

      // The primary is back, but lies about the head: it answers, so it is used again; the
      // indexer stops rather than follow a chain shorter than its index.
      primary.mode = 'lie';
      for (const until = Date.now() + 20_000; (await rpcHead(url)).result !== LIED_HEAD;) {
        assert.ok(Date.now() < until, 'the primary is asked first again after its rest');
        await new Promise((r) => setTimeout(r, 200));
      }
      await api.waitFor(/the chain changed under the index.*RPC provider is stale or lies/);
      await chain.mine(2);

      // The operator's switch: the backup alone, then SIGHUP.
      fs.writeFileSync(file, rpcFile(backup));
      api.child.kill('SIGHUP');
      const switched = json(await api.waitFor(/rpc chain 1: providers switched/));
      assert.deepEqual(
        { from: switched.from, to: switched.to },
        { from: [primary.host, backup.host], to: [backup.host] },
      );
      await api.waitFor(/providers switched: trying again/);
      const now = await chain.head();
      text = await scrapeUntil(metricsUrl, indexedAt(now));
      assert.match(text, /^indexer_running\{chain="1"\} 1$/m);
      assert.match(text, inUse(backup, 0));
      assert.deepEqual(await rpcHead(url), { status: 200, result: `0x${now.toString(16)}` });
      const askedBefore = primary.calls;
      await rpcHead(url);
      assert.equal(primary.calls, askedBefore, 'the old primary is not asked any more');

      // A list that would leave chain 1 without a provider: refused, the backup stays.
      fs.writeFileSync(file, 'RPC_URL_56=https://bsc.example/KEY\n');
      const refused = await fetch(metricsUrl.replace(/\/metrics$/, '/-/reload'), {
        method: 'POST',
      });
      assert.equal(refused.status, 400);
      assert.match(((await refused.json()) as { error: string }).error, /no RPC URL for chain 1/);
      await api.waitFor(/rpc reload refused/);
      assert.equal((await rpcHead(url)).status, 200);

      assert.equal(
        api.lines.filter((l) => l.includes('SECRET-KEY')).length,
        0,
        'no key in the logs',
      );
      assert.doesNotMatch(await scrape(metricsUrl), /SECRET-KEY/);
      for (const line of api.lines) assert.doesNotThrow(() => JSON.parse(line), line);
    } finally {
      await stop(api);
    }
  });

  it('the separate indexer: a refused primary is skipped; dependency_up of its database and providers; SIGHUP switches', async () => {
    primary.mode = 'pass';
    const dead = await startTestProvider(chain.rpcUrl);
    await dead.close(); // connection refused from now on
    fs.writeFileSync(file, rpcFile(dead, backup));
    const indexer = run('src/indexer/main.ts', { ...base, PGLITE_DIR: await freshPgliteDir() });
    try {
      const started = json(await indexer.waitFor(/indexing chains/));
      const metricsUrl = /metrics: (http:\/\/\S+?)\)?$/.exec(started.msg)![1]!;
      let text = await scrapeUntil(metricsUrl, indexedAt(await chain.head()));
      assert.match(text, inUse(backup, 1));
      assert.match(text, /^dependency_up\{dependency="postgres"\} 1$/m);
      assert.match(text, /^dependency_up\{dependency="rpc",chain="1"\} 1$/m);
      assert.doesNotMatch(text, /^app_ready/m, 'readiness is an API instance’s');

      fs.writeFileSync(file, rpcFile(primary));
      indexer.child.kill('SIGHUP');
      await indexer.waitFor(/rpc chain 1: providers switched/);
      await chain.mine(1);
      text = await scrapeUntil(metricsUrl, indexedAt(await chain.head()));
      assert.match(text, inUse(primary, 0));
      for (const line of indexer.lines) assert.doesNotThrow(() => JSON.parse(line), line);
    } finally {
      await stop(indexer);
    }
  });
});
