/**
 * Dependencies and configuration that are wrong when a process starts, as an operator meets them:
 * `npm start -w server` and `npm run indexer -w server` as child processes, their stdout read as
 * JSON lines.
 * - Redis down at start: the API starts with per-instance rate limits, says so in one JSON line,
 *   reports dependency_up{redis} 0, and shares its limits in Redis once one answers (a
 *   `redis-server` started later on that port; skipped, and reported so, without redis-server).
 * - PostgreSQL down at start: one JSON line saying what to check, exit status 75, no stack trace.
 * - A deployment file without contracts (`{}`): the API answers but is not ready, naming the file;
 *   the indexer refuses to start, naming the file.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { runServerScript, type ServerProcess } from '../testing/server-process.ts';

const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * What a deployment's env file would set, and nothing inherited that changes the outcome (CI sets
 * DATABASE_URL and REDIS_URL for other tests).
 */
const clean = { DATABASE_URL: '', REDIS_URL: '', RPC_URL_1: '', RPC_URL_56: '', RPC_URLS_FILE: '' };

/** A port nothing listens on (until the test starts something there). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Every line of the output is a JSON object (pino): nothing raw, no stack trace. */
function jsonLines(proc: ServerProcess): Record<string, unknown>[] {
  return proc.lines.map((l) => {
    try {
      return JSON.parse(l) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line: ${l}\n--- whole output:\n${proc.lines.join('\n')}`);
    }
  });
}
const output = (proc: ServerProcess) => proc.lines.join('\n');

const redisDependencyUp = async (metricsUrl: string): Promise<string | undefined> => {
  const text = await (await fetch(metricsUrl)).text();
  return /^dependency_up\{[^}]*dependency="redis"[^}]*\} (\d)/m.exec(text)?.[1];
};

/**
 * Polls `probe` until it gives a value. No deadline of its own: the test runner's --test-timeout
 * is the hang guard, so a slow machine is not taken for a fault.
 */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('dependencies and configuration wrong at start', () => {
  let dir: string;
  const children: ServerProcess[] = [];
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-dependencies-'));
  });
  after(async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.child.exitCode === null && c.child.signalCode === null) {
          c.child.kill('SIGTERM');
          await c.exited;
        }
      }),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = (script: string, env: Record<string, string>) => {
    const c = runServerScript(script, { ...clean, ...env });
    children.push(c);
    return c;
  };
  const apiEnv = (name: string) => ({
    PORT: '0',
    HOST: '127.0.0.1',
    PGLITE_DIR: path.join(dir, name),
    DEPLOYMENT: 'local',
    INDEXER: 'off',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  });

  it(
    'Redis down at start: per-instance limits, said as JSON, dependency_up 0, joins when it answers',
    { skip: !fs.existsSync(REDIS_SERVER) && `${REDIS_SERVER} missing` },
    async () => {
      const redisPort = await freePort();
      const prefix = `test:start:${process.pid}:`;
      const api = start('src/main.ts', {
        ...apiEnv('redis'),
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: prefix,
        LOGIN_CODE_RATE_LIMIT: '2',
      });
      const listening = await api.waitFor(/server listening on/);
      const url = /listening on (http:\/\/[\d.:]+)/.exec(listening)![1]!;
      const metricsUrl = /metrics: (http:\/\/[\d.:]+\/metrics)/.exec(listening)![1]!;
      const said = jsonLines(api).filter((l) => /redis/i.test(String(l.msg)));
      assert.equal(said.length, 1, output(api));
      assert.match(String(said[0]!.msg), /unreachable at start.*per instance/);
      assert.equal(await redisDependencyUp(metricsUrl), '0');

      // The getcode limit (2 a minute) still holds, counted by this instance alone.
      const getcode = () =>
        fetch(`${url}/v1/user/getcode`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
        }).then((r) => r.status);
      assert.deepEqual([await getcode(), await getcode(), await getcode()], [400, 400, 429]);

      // Redis appears on that port: the instance joins it without a restart.
      const redis = spawn(
        REDIS_SERVER,
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      const redisExited = new Promise((resolve) => redis.once('exit', resolve));
      const client = new Redis(`redis://127.0.0.1:${redisPort}`, { lazyConnect: true });
      try {
        await until(async () => ((await redisDependencyUp(metricsUrl)) === '1' ? true : undefined));
        await api.waitFor(/"msg":"redis: [^"]*shared/);
        // Counted in Redis now: a fresh window there, under this deployment's prefix.
        assert.equal(await getcode(), 400);
        await client.connect();
        const keys = await client.keys(`${prefix}*`);
        assert.ok(keys.length > 0, 'a rate-limit counter in Redis');
        jsonLines(api);
      } finally {
        client.disconnect();
        redis.kill('SIGTERM');
        await redisExited;
      }
    },
  );

  it('PostgreSQL down at start: one JSON line saying what to check, exit 75, no stack trace', async () => {
    const pgPort = await freePort();
    const api = start('src/main.ts', {
      ...apiEnv('pg'),
      DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${pgPort}/honest_stake`,
    });
    assert.equal(await api.exited, 75, output(api));
    const lines = jsonLines(api);
    assert.equal(lines.length, 1, output(api));
    const msg = String(lines[0]!.msg);
    assert.match(msg, new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${pgPort}/honest_stake`));
    assert.match(msg, /check that it runs.*DATABASE_URL/);
    assert.match(msg, /ECONNREFUSED/);
    assert.doesNotMatch(output(api), /secret/, 'the password is not logged');
  });

  describe('a deployment file without contracts ({})', () => {
    let file: string;
    before(() => {
      file = path.join(dir, 'production.json');
      fs.writeFileSync(file, '{}\n');
    });
    const productionEnv = async () => ({
      DEPLOYMENT: 'production',
      DEPLOYMENT_FILE: file,
      // Served chain: nothing listens there (not asked before the contracts are known).
      RPC_URL_1: `http://127.0.0.1:${await freePort()}`,
    });

    it('the API answers but is not ready, naming the file', async () => {
      const api = start('src/main.ts', { ...apiEnv('empty-file'), ...(await productionEnv()) });
      const listening = await api.waitFor(/server listening on/);
      const url = /listening on (http:\/\/[\d.:]+)/.exec(listening)![1]!;
      const ready = await fetch(`${url}/v1/health/ready`);
      const body = (await ready.json()) as {
        code: number;
        data: { ready: boolean; configuration: string[] };
      };
      assert.equal(ready.status, 503);
      assert.equal(body.data.ready, false);
      assert.equal(body.data.configuration.length, 1, JSON.stringify(body));
      assert.ok(body.data.configuration[0]!.includes(file), body.data.configuration[0]);
      assert.match(body.data.configuration[0]!, /no contracts for chain 1/);
      const logged = jsonLines(api).filter((l) => String(l.msg).includes(file));
      assert.equal(logged.length, 1, output(api));
    });

    it('the indexer refuses to start, naming the file (not RPC_URL_*)', async () => {
      const indexer = start('src/indexer/main.ts', {
        PGLITE_DIR: path.join(dir, 'indexer'),
        LOG_LEVEL: 'info',
        ...(await productionEnv()),
      });
      assert.equal(await indexer.exited, 1, output(indexer));
      const lines = jsonLines(indexer);
      assert.equal(lines.length, 1, output(indexer));
      assert.ok(String(lines[0]!.msg).includes(file), String(lines[0]!.msg));
      assert.match(String(lines[0]!.msg), /no contracts for chain 1/);
    });
  });
});
