/**
 * One SQL dialect (PostgreSQL), two engines: embedded PGlite (default, one process) and a `pg`
 * Pool (DATABASE_URL). Everything else in the server talks to this small interface only.
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { preparedStatements } from './pglite-prepared.ts';

export type Row = Record<string, unknown>;

export interface QueryResult<T extends Row = Row> {
  rows: T[];
  /** Rows returned by a SELECT or changed by INSERT/UPDATE/DELETE. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with $1.. parameters. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Something that runs transactions: the database, or the one connection holding a lock. */
export interface Transactor extends Queryable {
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

/**
 * A session-level advisory lock and the connection that holds it. Work that must only happen
 * while the lock is held runs on `conn`: if that connection dies, the lock and the work die with it.
 */
export interface AdvisoryLock {
  conn: Transactor;
  /** Resolves when the connection (and so the lock) is lost. */
  lost: Promise<void>;
  release(): Promise<void>;
}

export interface Db extends Transactor {
  readonly engine: 'pglite' | 'postgres';
  /** Takes the advisory lock (namespace, key) if free; null when another session holds it. */
  tryAdvisoryLock(namespace: number, key: number): Promise<AdvisoryLock | null>;
  close(): Promise<void>;
}

const tryLockSql = 'SELECT pg_try_advisory_lock($1::int, $2::int) AS ok';
const unlockSql = 'SELECT pg_advisory_unlock($1::int, $2::int)';

export async function openDb(options: { databaseUrl?: string; pgliteDir: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

/** Distinct statement texts kept prepared per connection (the code has about a hundred). */
const MAX_PREPARED = 500;

export async function openPglite(dataDir: string): Promise<Db> {
  await fs.mkdir(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  const prepared = preparedStatements(lite, MAX_PREPARED);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>, inTransaction: boolean): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await prepared<T>(q, sql, params, inTransaction);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const self: Transactor = {
    ...wrap(lite, false),
    // PGlite runs queries and transactions one at a time, so a transaction is never interleaved.
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx, true))),
  };
  return {
    engine: 'pglite',
    ...self,
    // One process has the database to itself; the lock still keeps two indexers of a chain apart.
    async tryAdvisoryLock(namespace, key) {
      const r = await lite.query<{ ok: boolean }>(tryLockSql, [namespace, key]);
      if (!r.rows[0]?.ok) return null;
      return {
        conn: self,
        lost: new Promise<void>(() => {}),
        release: async () => {
          await lite.query(unlockSql, [namespace, key]).catch(() => {});
        },
      };
    },
    close: () => lite.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  // A short connect timeout: with the database down, requests fail fast (503) instead of hanging.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // Named (prepared) statements: each connection parses and plans a statement once, then reuses
  // it. A page's statement plans in about as long as it runs (EXPLAIN: ~0.1-0.2 ms each), so an
  // uncached page read costs the database half as much. The statements' texts are the code's own
  // (values are parameters), so there are few; past `MAX_PREPARED` texts the rest run unnamed.
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) names.set(sql, (name = `s${names.size}`));
    return name;
  };
  const wrap = (q: pg.Pool | pg.ClientBase): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await q.query<T>({ text: sql, values: params, name: nameOf(sql) });
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const inTransaction = async <T>(client: pg.ClientBase, fn: (tx: Queryable) => Promise<T>) => {
    await client.query('BEGIN');
    try {
      const result = await fn(wrap(client));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
  };
  // Fail at startup, not on the first request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        return await inTransaction(client, fn);
      } finally {
        client.release();
      }
    },
    async tryAdvisoryLock(namespace, key) {
      // A connection of its own, outside the pool: the lock lives exactly as long as it does.
      const client = new pg.Client({ connectionString });
      let markLost = () => {};
      const lost = new Promise<void>((resolve) => (markLost = resolve));
      client.on('error', () => markLost());
      client.on('end', () => markLost());
      await client.connect();
      const r = await client.query<{ ok: boolean }>(tryLockSql, [namespace, key]).catch((err) => {
        void client.end();
        throw err;
      });
      if (!r.rows[0]?.ok) {
        await client.end().catch(() => {});
        return null;
      }
      return {
        conn: { ...wrap(client), transaction: (fn) => inTransaction(client, fn) },
        lost,
        release: async () => {
          await client.query(unlockSql, [namespace, key]).catch(() => {});
          await client.end().catch(() => {});
        },
      };
    },
    close: () => pool.end(),
  };
}

/**
 * Whether an error means the database cannot be reached (connection refused or lost, server
 * shutting down or starting): the API answers 503 rather than 500 for these.
 */
export function isDbUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && /^(08|57P)/.test(code)) return true;
  if (code && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND'].includes(code)) {
    return true;
  }
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i.test(
    message,
  );
}

/** PostgreSQL error code of a failed query, e.g. '23505' (unique violation). */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
