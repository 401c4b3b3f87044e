/**
 * The processes of the runbook's topology, started as the runbook starts them (docs/OPERATIONS.md
 * §4 and §6): from the server folder, with DEPLOYMENT=production and a DEPLOYMENT_FILE written
 * relative to the repository root, as deploy/env.example has it.
 *   - `npm start -w server` (src/main.ts) serves the file's contracts;
 *   - `npm run indexer -w server` (src/indexer/main.ts) indexes them, and a second one stands by and
 *     takes over when the first is killed (PostgreSQL only: PGlite is one process);
 *   - `npm run index:reset -w server -- 1` (src/indexer/reset.ts) deletes the chain's index.
 * Every line the API and the indexer write is a JSON log line.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { networkByChainId } from '@app/contracts/chains';
import { repoRoot } from '../config.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import { runServerScript, type ServerProcess } from '../testing/server-process.ts';
import { databaseFor, engines } from '../testing/harness.ts';

type Proc = ServerProcess;
const run = runServerScript;

/** Every line is a JSON object with a message (one log pipeline reads every process). */
function assertJsonLines(proc: Proc) {
  for (const line of proc.lines) {
    let parsed: unknown;
    assert.doesNotThrow(() => (parsed = JSON.parse(line)), `not a JSON log line: ${line}`);
    assert.equal(typeof (parsed as { msg?: unknown }).msg, 'string', line);
  }
}

const message = (line: string) => (JSON.parse(line) as { msg: string }).msg;

async function indexedBlock(metricsUrl: string): Promise<bigint> {
  const text = await (await fetch(metricsUrl)).text();
  const m = /^indexer_indexed_block\{chain="1"\} (\d+)/m.exec(text);
  return m ? BigInt(m[1]!) : -1n;
}

async function waitIndexed(metricsUrl: string, block: bigint, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const at = await indexedBlock(metricsUrl).catch(() => -1n);
    if (at >= block) return;
    if (Date.now() > until) throw new Error(`indexed ${at}, not ${block}, in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(proc: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!proc || proc.child.exitCode !== null) return;
  proc.child.kill(signal);
  await proc.exited;
}

describe('the runbook processes on the production deployment file', () => {
  let chain: TestChain;
  let fileDir: string;
  let env: Record<string, string>;
  let confirmed: bigint;

  before(async () => {
    chain = await startTestChain(1);
    // The production confirmations (12 on Ethereum): mine past them so the deployment is confirmed.
    const confirmations = networkByChainId(1)!.confirmations.production;
    await chain.mine(confirmations + 3);
    confirmed = (await chain.head()) - BigInt(confirmations);
    mkdirSync(path.join(repoRoot, '.data'), { recursive: true });
    fileDir = mkdtempSync(path.join(repoRoot, '.data', 'entry-points-'));
    writeFileSync(path.join(fileDir, 'production.json'), JSON.stringify({ 1: chain.deployment }));
    env = {
      DEPLOYMENT: 'production',
      // Relative to the repository root, while every process runs in server/.
      DEPLOYMENT_FILE: path.join(path.relative(repoRoot, fileDir), 'production.json'),
      RPC_URL_1: chain.rpcUrl,
      RPC_URL_56: '',
      // Only what the runbook's processes need here (not the test runner's Redis).
      REDIS_URL: '',
      INDEXER_POLL_MS: '100',
      METRICS_PORT: '0',
    };
  });
  after(async () => {
    await chain?.stop();
    if (fileDir) rmSync(fileDir, { recursive: true, force: true });
  });

  for (const engine of engines()) {
    it(`${engine}: the API serves the file's contracts; the indexer indexes them; index:reset runs`, async () => {
      const { db, cleanup } = await databaseFor(engine);
      const dbEnv = { DATABASE_URL: db.databaseUrl ?? '', PGLITE_DIR: db.pgliteDir ?? '' };
      let api: Proc | undefined;
      let indexer: Proc | undefined;
      try {
        api = run('src/main.ts', { ...env, ...dbEnv, PORT: '0', INDEXER: 'off' });
        const listening = await api.waitFor(/listening/);
        const url = /(http:\/\/[^\s,)"]+)/.exec(message(listening))![1]!;
        const config = (await (await fetch(`${url}/v1/index/config`)).json()) as {
          data: { chains: { id: number; contracts: { staking: string } | null }[] };
        };
        const eth = config.data.chains.find((c) => c.id === 1);
        assert.equal(eth?.contracts?.staking, chain.deployment.staking);
        await stop(api);
        assertJsonLines(api);
        if (engine === 'pglite') api = undefined; // PGlite: one process at a time

        indexer = run('src/indexer/main.ts', { ...env, ...dbEnv });
        const started = await indexer.waitFor(/indexing chains/);
        const metricsUrl = /metrics: (http:\/\/\S+?)\)?$/.exec(message(started))![1]!;
        await waitIndexed(metricsUrl, confirmed);
        await stop(indexer);
        assertJsonLines(indexer);

        const reset = run('src/indexer/reset.ts', { ...env, ...dbEnv }, ['1']);
        assert.equal(await reset.exited, 0, reset.lines.join('\n'));
        // A one-off command an operator types: it answers in a sentence, not a log line.
        assert.match(reset.lines.join('\n'), /chain 1: index deleted/);
      } finally {
        await stop(api, 'SIGKILL');
        await stop(indexer, 'SIGKILL');
        await cleanup();
      }
    });
  }

  it(
    'postgres: a standby indexer takes over after kill -9 of the first, and says so',
    {
      skip: !engines().includes('postgres') && 'set DATABASE_URL for PostgreSQL',
    },
    async () => {
      const { db, cleanup } = await databaseFor('postgres');
      const dbEnv = { DATABASE_URL: db.databaseUrl! };
      let first: Proc | undefined;
      let standby: Proc | undefined;
      try {
        first = run('src/indexer/main.ts', { ...env, ...dbEnv });
        const started = await first.waitFor(/indexing chains/);
        await waitIndexed(/metrics: (http:\/\/\S+?)\)?$/.exec(message(started))![1]!, confirmed);
        standby = run('src/indexer/main.ts', { ...env, ...dbEnv });
        await standby.waitFor(/standby/);
        await stop(first, 'SIGKILL');
        const took = await standby.waitFor(/took over/, 30_000);
        assert.match(message(took), /indexer chain 1/);
        await chain.mine(2);
        const standbyStarted = await standby.waitFor(/indexing chains/);
        await waitIndexed(
          /metrics: (http:\/\/\S+?)\)?$/.exec(message(standbyStarted))![1]!,
          confirmed + 2n,
        );
        await stop(standby);
        assertJsonLines(standby);
      } finally {
        await stop(first, 'SIGKILL');
        await stop(standby, 'SIGKILL');
        await cleanup();
      }
    },
  );
});
