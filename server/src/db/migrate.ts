/**
 * Numbered SQL migrations (`migrations/NNN_name.sql`), applied in order at startup, each in its own
 * transaction together with its row in `schema_migrations`. An advisory lock keeps two servers
 * starting against one PostgreSQL from applying the same migration twice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Arbitrary constant key for pg_advisory_xact_lock. */
const MIGRATION_LOCK_KEY = 7_201_911;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const m = /^(\d+)_([\w-]+)\.sql$/.exec(file);
    if (!m) throw new Error(`migration file name must be NNN_name.sql: ${file}`);
    const version = Number(m[1]);
    if (migrations.some((x) => x.version === version)) {
      throw new Error(`duplicate migration version ${version}`);
    }
    migrations.push({ version, name: m[2]!, sql: await fs.readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Applies the migrations not applied yet; returns their versions. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations());
  // Under the lock too: CREATE TABLE IF NOT EXISTS is not safe against a concurrent one (two
  // processes starting on a fresh database both create the row type: a duplicate-key error).
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: number[] = [];
  for (const migration of all) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (seen.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
