/**
 * The indexer and API under faults, with real parts: an RPC node that goes away and comes back,
 * an indexer process killed with SIGKILL in the middle of a chunk, a database that goes down and
 * comes back (PostgreSQL behind a TCP proxy), a local chain reset under the cursor, and two API
 * instances on one PostgreSQL of which exactly one indexes.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { deployLocal, startAnvil } from '@app/contracts/local';
import { openDb } from '../db/db.ts';
import { startServer, type RunningServer } from '../start.ts';
import { startTestChain, type TestChain } from '../testing/chain.ts';
import {
  assertError,
  databaseFor,
  engines,
  getJson,
  okData,
  startTestServer,
  type Engine,
} from '../testing/harness.ts';
import { dumpIndex, rowCount } from '../testing/index-dump.ts';
import { playTeamScenario } from '../testing/scenario.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface Health {
  status: string;
  db: string;
  indexer: { chainId: number; state: string; lastError: string | null; indexedBlock: string }[];
}

/** Polls `check` every 100 ms until it returns true (or fails after `ms`). */
async function eventually(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const health = async (server: { url: string }) =>
  (await getJson<Health>(server.url, '/v1/health')).body.data;

for (const engine of engines()) {
  describe(`indexer faults (${engine})`, () => {
    let chain: TestChain;
    before(async () => {
      chain = await startTestChain(1);
      await playTeamScenario(chain);
    });
    after(async () => {
      await chain?.stop();
    });

    it('RPC unreachable: the indexer backs off, the API keeps serving, health says so; it catches up after', async () => {
      const rpc = await startTcpProxy(chain.port);
      const server = await startTestServer(engine, {
        rpcUrls: { 1: rpc.url() },
        indexerPollMs: 100,
      });
      try {
        const indexer = server.indexers.byChain.get(1)!;
        await indexer.waitForBlock(await chain.head());
        const before = okData(
          await getJson<{ pool: { stakers: number } }>(server.url, '/v1/index/home'),
        );
        assert.equal(before.pool.stakers, 4);

        await rpc.down();
        const newcomer = await chain.newAccount();
        await newcomer.bind(chain.operator.address);
        await newcomer.stake(0, '300');
        await eventually(
          'indexer in backoff',
          async () => (await health(server)).indexer[0]!.state === 'backoff',
        );
        const h = await getJson<Health>(server.url, '/v1/health');
        assert.equal(h.status, 200, 'the API itself is fine');
        assert.equal(h.body.data.status, 'degraded');
        assert.ok(h.body.data.indexer[0]!.lastError);
        const during = okData(
          await getJson<{ pool: { stakers: number } }>(server.url, '/v1/index/home'),
        );
        assert.equal(during.pool.stakers, 4, 'serves what it has');

        await rpc.up();
        await indexer.waitForBlock(await chain.head(), 60_000);
        const afterwards = okData(
          await getJson<{ pool: { stakers: number } }>(server.url, '/v1/index/home'),
        );
        assert.equal(afterwards.pool.stakers, 5);
        assert.equal((await health(server)).status, 'ok');
      } finally {
        await server.stop();
        await rpc.close();
      }
    });

    it('a node that refuses large eth_getLogs ranges: the indexer halves the range and indexes all', async () => {
      // A JSON-RPC front for anvil that answers eth_getLogs only for ranges of at most 4 blocks,
      // as public nodes cap ranges and result counts.
      const refused: string[] = [];
      const front = http.createServer(async (req, res) => {
        let body = '';
        for await (const chunk of req) body += chunk;
        const calls = JSON.parse(body) as
          | { id: number; method: string; params: { fromBlock: string; toBlock: string }[] }
          | { id: number; method: string; params: { fromBlock: string; toBlock: string }[] }[];
        const tooWide = (c: { method: string; params: { fromBlock: string; toBlock: string }[] }) =>
          c.method === 'eth_getLogs' &&
          BigInt(c.params[0]!.toBlock) - BigInt(c.params[0]!.fromBlock) > 3n;
        const list = Array.isArray(calls) ? calls : [calls];
        const bad = list.find(tooWide);
        if (bad) {
          refused.push(`${bad.params[0]!.fromBlock}-${bad.params[0]!.toBlock}`);
          const error = {
            jsonrpc: '2.0',
            id: bad.id,
            error: { code: -32005, message: 'query exceeds max block range 4' },
          };
          res.setHeader('content-type', 'application/json');
          return res.end(
            JSON.stringify(
              Array.isArray(calls) ? list.map((c) => ({ ...error, id: c.id })) : error,
            ),
          );
        }
        const upstream = await fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        res.setHeader('content-type', 'application/json');
        res.end(await upstream.text());
      });
      await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
      const port = (front.address() as { port: number }).port;
      const server = await startTestServer(engine, {
        rpcUrls: { 1: `http://127.0.0.1:${port}` },
        indexerPollMs: 100,
      });
      const reference = await startTestServer(engine, {
        rpcUrls: { 1: chain.rpcUrl },
        indexerPollMs: 100,
      });
      try {
        const head = await chain.head();
        await server.indexers.byChain.get(1)!.waitForBlock(head, 60_000);
        await reference.indexers.byChain.get(1)!.waitForBlock(head, 60_000);
        assert.ok(refused.length > 0, 'the node refused a range');
        assert.deepEqual(await dumpIndex(server.db, 1), await dumpIndex(reference.db, 1));
      } finally {
        await server.stop();
        await reference.stop();
        await new Promise((r) => front.close(r));
      }
    });

    it('kill -9 of the indexer in the middle of a chunk, then a restart: no lost and no doubled rows', async () => {
      const killed = await databaseFor(engine);
      const fresh = await databaseFor(engine);
      let child: ChildProcess | undefined;
      try {
        // A separate process, 3 blocks a chunk, each chunk's transaction held open 3 s before COMMIT.
        child = spawn(process.execPath, ['--import', 'tsx', 'src/indexer/main.ts'], {
          cwd: serverDir,
          env: {
            ...process.env,
            DATABASE_URL: killed.db.databaseUrl ?? '',
            PGLITE_DIR: killed.db.pgliteDir ?? '',
            RPC_URL_1: chain.rpcUrl,
            DEPLOYMENT: 'local',
            INDEXER_CHUNK_BLOCKS: '3',
            INDEXER_FAULT_DELAY_MS: '3000',
            INDEXER_POLL_MS: '100',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
        const secondChunk = new Promise<string>((resolve, reject) => {
          let chunks = 0;
          child!.stdout!.on('data', (c: Buffer) => {
            output += c.toString();
            for (const m of c.toString().matchAll(/chunk written (\d+)-(\d+)/g)) {
              if (++chunks === 2) resolve(m[1]!);
            }
          });
          child!.on('exit', () => reject(new Error(`indexer exited early:\n${output}`)));
        });
        const openChunkFrom = BigInt(await secondChunk);
        const exited = new Promise((r) => child!.once('exit', r));
        child.kill('SIGKILL');
        await exited;

        // What survived the kill: exactly the first chunk (the second never committed).
        const survived = await openDb({ ...killed.db, pgliteDir: killed.db.pgliteDir ?? '' });
        const cursor = await survived.query<{ block: string }>(
          'SELECT block_number::text AS block FROM chain_cursors WHERE chain_id = 1',
        );
        assert.equal(BigInt(cursor.rows[0]!.block), openChunkFrom - 1n);
        await survived.close();

        const indexTo = async (db: typeof killed.db) => {
          const server = await startServer({
            port: 0,
            rpcUrls: { 1: chain.rpcUrl },
            deployment: 'local',
            indexerPollMs: 100,
            ...db,
          });
          try {
            await server.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
            return await dumpIndex(server.db, 1);
          } finally {
            await server.close();
          }
        };
        const resumed = await indexTo(killed.db);
        const full = await indexTo(fresh.db);
        assert.ok(rowCount(full) > 40, `a real index (${rowCount(full)} rows)`);
        assert.deepEqual(resumed, full);
      } finally {
        child?.kill('SIGKILL');
        await killed.cleanup();
        await fresh.cleanup();
      }
    });

    it('a chain reset under the cursor stops the indexer with a clear message; the API keeps serving', async () => {
      const own = await startTestChain(1);
      let restarted: { stop(): Promise<void> } | undefined;
      const server = await startTestServer(engine, {
        rpcUrls: { 1: own.rpcUrl },
        indexerPollMs: 100,
      });
      try {
        const member = own.account(5);
        await member.bind(own.operator.address);
        await member.stake(0, '500');
        const indexer = server.indexers.byChain.get(1)!;
        await indexer.waitForBlock(await own.head());

        // The same port, a new chain: deployed again (same addresses), an hour later.
        await own.stop();
        restarted = await startAnvil({ chainId: 1, port: own.port });
        await fetch(own.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'evm_increaseTime',
            params: [3600],
          }),
        });
        await deployLocal({ rpcUrl: own.rpcUrl, chainId: 1 });

        await eventually(
          'indexer stopped',
          async () => (await health(server)).indexer[0]!.state === 'stopped',
        );
        const h = await health(server);
        assert.match(h.indexer[0]!.lastError!, /the chain changed under the index/);
        assert.match(h.indexer[0]!.lastError!, /index:reset/);
        assert.equal(h.status, 'degraded');
        const home = okData(
          await getJson<{ pool: { stakers: number } }>(server.url, '/v1/index/home'),
        );
        assert.equal(home.pool.stakers, 1, 'the old index is still served, untouched');
      } finally {
        await server.stop();
        await restarted?.stop();
        await own.stop();
      }
    });
  });
}

describe('PostgreSQL only: database outage, two API instances', () => {
  const skip = process.env.DATABASE_URL ? false : 'needs DATABASE_URL (PostgreSQL)';
  let chain: TestChain;
  before(async () => {
    if (skip) return;
    chain = await startTestChain(1);
    await playTeamScenario(chain);
  });
  after(async () => {
    await chain?.stop();
  });

  it(
    'database down → 503 with the envelope; it recovers when the database returns',
    { skip },
    async () => {
      const pgPort = Number(new URL(process.env.DATABASE_URL!).port || 5432);
      const proxy: TcpProxy = await startTcpProxy(pgPort);
      const { db, cleanup } = await databaseFor('postgres' satisfies Engine);
      const url = new URL(db.databaseUrl!);
      url.host = `127.0.0.1:${proxy.port}`;
      const server = await startServer({
        port: 0,
        rpcUrls: { 1: chain.rpcUrl },
        deployment: 'local',
        indexerPollMs: 100,
        databaseUrl: url.toString(),
      });
      try {
        await server.indexers.byChain.get(1)!.waitForBlock(await chain.head());
        // The page cache has read the last block's marks once the home page comes from it (a hit):
        // only then is the kept page the one the index holds, and servable with the database down.
        let before: unknown;
        for (let hits = server.pageCacheStats().hits; server.pageCacheStats().hits === hits;) {
          hits = server.pageCacheStats().hits;
          before = okData(await getJson(server.url, '/v1/index/home'));
          await sleep(100);
        }

        await proxy.down();
        // What needs the database answers 503 with the envelope, translated.
        assertError(await getJson(server.url, '/v1/notice/list'), 503, 503);
        assertError(await getJson(server.url, '/v1/index/home?chain=BSC'), 503, 503);
        // A page response kept for the current index is still right (the index cannot move
        // while its database is down), so it is still served.
        assert.deepEqual(okData(await getJson(server.url, '/v1/index/home')), before);
        const h = await getJson<Health>(server.url, '/v1/health', { Lang: 'es' });
        assert.equal(h.status, 503);
        assert.equal(h.body.code, 503);
        assert.equal(h.body.data.db, 'down');
        assert.match(h.body.msg, /Servicio/);

        const newcomer = await chain.newAccount();
        await newcomer.bind(chain.operator.address);
        await proxy.up();
        await eventually(
          'API answers again',
          async () => (await getJson(server.url, '/v1/index/home')).status === 200,
        );
        await server.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
        const members = okData(
          await getJson<{ platform: { members: number } }>(server.url, '/v1/index/home'),
        );
        assert.equal(members.platform.members, 6, 'the indexer went on after the outage');
      } finally {
        await server.close();
        await proxy.close();
        await cleanup();
      }
    },
  );

  it(
    'two API instances on one PostgreSQL serve the same data; exactly one indexes, the other takes over',
    { skip },
    async () => {
      const { db, cleanup } = await databaseFor('postgres');
      const start = () =>
        startServer({
          port: 0,
          rpcUrls: { 1: chain.rpcUrl },
          deployment: 'local',
          indexerPollMs: 100,
          ...db,
        });
      const servers: RunningServer[] = [await start(), await start()];
      try {
        const head = await chain.head();
        // The second server's indexer is `starting` until its first try for the lock comes back:
        // the first one can index the whole chain while the second server is still starting up
        // (its startup runs while the first one indexes), so wait for both to settle, not just
        // for the head to be indexed. Two `running` (a lock that does not hold) never settles.
        let states: string[] = [];
        await eventually('one indexes up to the head, the other is in standby', async () => {
          const indexers = await Promise.all(
            servers.map(async (s) => (await health(s)).indexer[0]!),
          );
          states = indexers.map((x) => x.state);
          return (
            [...states].sort().join() === 'running,standby' &&
            indexers.some((x) => x.state === 'running' && x.indexedBlock === head.toString())
          );
        }).catch((err: Error) => {
          throw new Error(`${err.message} (states: ${states.join(', ')})`);
        });
        const homes = await Promise.all(
          servers.map(async (s) => okData(await getJson(s.url, '/v1/index/home'))),
        );
        assert.deepEqual(homes[0], homes[1]);

        // The running one goes away; the one in standby takes the lock and indexes what comes next.
        const runningIndex = states.indexOf('running');
        const survivor = servers[1 - runningIndex]!;
        await servers[runningIndex]!.close();
        const newcomer = await chain.newAccount();
        await newcomer.bind(chain.operator.address);
        await survivor.indexers.byChain.get(1)!.waitForBlock(await chain.head(), 60_000);
        assert.equal((await health(survivor)).indexer[0]!.state, 'running');
      } finally {
        await Promise.all(servers.map((s) => s.close()));
        await cleanup();
      }
    },
  );
});
