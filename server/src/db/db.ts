/**
 * One SQL dialect (PostgreSQL), two engines: embedded PGlite (default, one process) and a `pg`
 * Pool (DATABASE_URL). Everything else in the server talks to this small interface only.
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

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

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openDb(options: { databaseUrl?: string; pgliteDir: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

export async function openPglite(dataDir: string): Promise<Db> {
  await fs.mkdir(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows || r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    engine: 'pglite',
    ...wrap(lite),
    // PGlite runs queries and transactions one at a time, so a transaction is never interleaved.
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: () => lite.close(),
  };
}

export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  // Fail at startup, not on the first request, when the database is unreachable.
  await pool.query('SELECT 1');
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL error code of a failed query, e.g. '23505' (unique violation). */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
