/**
 * Test helpers: a server on a free port against a fresh database, on every engine available
 * (PGlite in a temp dir always; PostgreSQL too when DATABASE_URL is set, in a fresh database per
 * server so parallel runs never collide).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PrivateKeyAccount } from 'viem/accounts';
import { repoRoot, type ServerConfig } from '../config.ts';
import { openDb, type Db } from '../db/db.ts';
import { assertMatchesSchema } from './response-check.ts';
import { startServer, type RunningServer } from '../start.ts';

export type Engine = 'pglite' | 'postgres';

export function engines(): Engine[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function tempDir(prefix = 'server-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * An empty, initialised PGlite data directory, made once per machine and PGlite version and then
 * copied: initdb takes seconds (tens of seconds on a busy machine), a copy takes milliseconds.
 */
async function pgliteTemplate(): Promise<string> {
  const version = JSON.parse(
    await fs.readFile(
      path.join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'),
      'utf8',
    ),
  ) as { version: string };
  const dir = path.join(os.tmpdir(), `server-pglite-template-${version.version}`);
  if (await exists(path.join(dir, 'READY'))) return dir;
  const building = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const lite = await PGlite.create(building);
  await lite.close();
  await fs.writeFile(path.join(building, 'READY'), '');
  try {
    await fs.rename(building, dir);
  } catch {
    // Another test process finished first; use its copy.
    await fs.rm(building, { recursive: true, force: true });
  }
  return dir;
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );

/** A fresh, empty PGlite directory (a copy of the template). */
export async function freshPgliteDir(): Promise<string> {
  const template = await pgliteTemplate();
  const dir = await tempDir('server-pglite-');
  await fs.cp(template, dir, { recursive: true });
  await fs.rm(path.join(dir, 'READY'));
  return dir;
}

/** A fresh database on the DATABASE_URL server (the server's and the e2e tests'); `drop` removes it. */
export async function freshPostgresDatabase(
  prefix = 'server_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Database settings for one engine, and how to remove the database afterwards. */
export async function databaseFor(
  engine: Engine,
): Promise<{ db: Pick<ServerConfig, 'databaseUrl' | 'pgliteDir'>; cleanup(): Promise<void> }> {
  if (engine === 'postgres') {
    const fresh = await freshPostgresDatabase();
    return { db: { databaseUrl: fresh.url }, cleanup: fresh.drop };
  }
  const dir = await freshPgliteDir();
  return {
    db: { pgliteDir: dir },
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** A fresh, empty database of `engine`, opened; `close` closes it and removes it. */
export async function openFreshDb(engine: Engine): Promise<{ db: Db; close(): Promise<void> }> {
  const fresh = await databaseFor(engine);
  const db = await openDb({ pgliteDir: '', ...fresh.db });
  return {
    db,
    async close() {
      await db.close();
      await fresh.cleanup();
    },
  };
}

/** A settable clock for `config.now`. */
export function testClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export interface TestServer extends RunningServer {
  clock: ReturnType<typeof testClock>;
  /** Stops the server and removes its database. */
  stop(): Promise<void>;
}

export async function startTestServer(
  engine: Engine,
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> {
  const { db, cleanup } = await databaseFor(engine);
  const clock = testClock();
  const server = await startServer({
    port: 0,
    rpcUrls: {},
    deployment: 'local',
    now: clock.now,
    loginRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    ...db,
    ...overrides,
  });
  return {
    ...server,
    clock,
    async stop() {
      await server.close();
      await cleanup();
    },
  };
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: { code: number; msg: string; data: T };
}

/** POST an application/x-www-form-urlencoded body, as the web app does. */
export async function postForm<T = Record<string, unknown>>(
  base: string,
  route: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  const body = (await res.json()) as ApiResponse<T>['body'];
  assertMatchesSchema('POST', route, res.status, body);
  return { status: res.status, body };
}

export async function getJson<T = Record<string, unknown>>(
  base: string,
  route: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(base + route, { headers });
  const body = (await res.json()) as ApiResponse<T>['body'];
  assertMatchesSchema('GET', route, res.status, body);
  return { status: res.status, body };
}

export interface CodeData {
  Code: string;
  Message: string;
  ExpiresAt: string;
}

export interface LoginData {
  Token: string;
  Id: number;
  Address: string;
  InviteCode: string;
  Inviter: string | null;
  Wallet: string | null;
  ChainId: number;
}

/** getcode + personal_sign + metamasklogin with a local account. */
export async function signIn(
  base: string,
  account: PrivateKeyAccount,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<LoginData> {
  const code = await postForm<CodeData>(
    base,
    '/v1/user/getcode',
    { address: account.address },
    headers,
  );
  if (code.body.code !== 0) throw new Error(`getcode failed: ${JSON.stringify(code.body)}`);
  const signature = await account.signMessage({ message: code.body.data.Message });
  const res = await postForm<LoginData>(
    base,
    '/v1/user/metamasklogin',
    {
      address: account.address,
      signature,
      ...extra,
    },
    headers,
  );
  if (res.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Row counts of the login tables, to prove a failed request changed nothing. */
export async function counts(server: RunningServer) {
  const q = async (sql: string) =>
    Number((await server.db.query<{ n: number | string }>(sql)).rows[0]!.n);
  return {
    users: await q('SELECT count(*)::int AS n FROM users'),
    sessions: await q('SELECT count(*)::int AS n FROM sessions'),
    usedNonces: await q('SELECT count(*)::int AS n FROM login_nonces WHERE used_at IS NOT NULL'),
  };
}

/** Asserts the response is an error envelope with exactly this status and code and no extra detail. */
export function assertError(
  res: { status: number; body: { code: number; msg: string; data: unknown } },
  status: number,
  code: number,
) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.deepEqual(Object.keys(res.body).sort(), ['code', 'data', 'msg']);
  assert.equal(res.body.code, code, JSON.stringify(res.body));
  assert.equal(res.body.data, null);
  assert.ok(res.body.msg.length > 0);
  assert.doesNotMatch(res.body.msg, /at .*\.ts|Error:|stack/);
}

/** Asserts a success envelope and returns its data. */
export function okData<T>(res: ApiResponse<T>): T {
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.code, 0, JSON.stringify(res.body));
  return res.body.data;
}

/** POST a raw body with any content type (for wrong-content-type and size tests). */
export async function postRaw(
  base: string,
  route: string,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<ApiResponse<unknown>> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body,
  });
  const json = (await res.json()) as ApiResponse<unknown>['body'];
  assertMatchesSchema('POST', route, res.status, json);
  return { status: res.status, body: json };
}
