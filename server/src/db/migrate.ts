/**
 * Numbered SQL migrations (`migrations/NNN_name.sql`), applied in order at startup, each in its own
 * transaction together with its row in `schema_migrations`. An advisory lock keeps two servers
 * starting against one PostgreSQL from applying the same migration twice.
 *
 * Upgrades (docs/OPERATIONS.md, "Upgrading the app"): a migration only expands the schema (new
 * tables, nullable or defaulted columns, new indexes); whatever the code of the release before
 * still reads or writes is dropped one release later, never in the release that stops using it.
 * A migration that the previous release's code runs against says so on a line of its leading
 * comment: `-- compatible: <why older code is unaffected>`. The mark is stored with its row, so a
 * process of an older release, which does not know the migration, can read it: started against a
 * schema with a version it does not know and that is not marked compatible, it refuses to start
 * (SchemaTooNewError) before changing anything; with all of them marked, it logs them and runs.
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
  /** Marked `-- compatible:` in its leading comment: the previous release runs against it. */
  compatible?: boolean;
}

/** `-- compatible: …` on a line of the comment that opens the file (before any SQL). */
export function isMarkedCompatible(sql: string): boolean {
  for (const line of sql.split('\n')) {
    if (!line.startsWith('--')) return false;
    if (/^--\s*compatible:\s*\S/.test(line)) return true;
  }
  return false;
}

/** The database holds migrations this code does not know, and one of them is not compatible. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly codeVersion: number,
    readonly schemaVersion: number,
    readonly incompatible: { version: number; name: string }[],
  ) {
    super(
      `the database schema (version ${schemaVersion}) is newer than this code knows (version ${codeVersion}), and migration ${incompatible.map((m) => `${m.version} (${m.name})`).join(', ')} is not marked compatible with older code: start the release that applied it, or restore the dump taken before the upgrade (docs/OPERATIONS.md, "Upgrading the app")`,
    );
    this.name = 'SchemaTooNewError';
  }

  /** The fields of its one JSON log line. */
  get fields() {
    return {
      codeVersion: this.codeVersion,
      schemaVersion: this.schemaVersion,
      incompatible: this.incompatible.map((m) => m.version),
    };
  }
}

/** What `migrate` found and did: the versions it applied, and the newer ones it runs beside. */
export interface MigrateOutcome extends Array<number> {
  /** Versions in the database above this code's, all marked compatible (else it refused). */
  newerCompatible?: number[];
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
    const sql = await fs.readFile(path.join(dir, file), 'utf8');
    migrations.push({ version, name: m[2]!, sql, compatible: isMarkedCompatible(sql) });
  }
  return migrations;
}

/**
 * Applies the migrations not applied yet; returns their versions (and, as `newerCompatible`, the
 * compatible versions of a newer release found in the database). Refuses a database holding a
 * version above this code's that is not marked compatible, before applying anything.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<MigrateOutcome> {
  const all = migrations ?? (await loadMigrations());
  const codeVersion = Math.max(0, ...all.map((m) => m.version));
  // Under the lock too: CREATE TABLE IF NOT EXISTS is not safe against a concurrent one (two
  // processes starting on a fresh database both create the row type: a duplicate-key error).
  const newer = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    // An expand step of the bookkeeping itself: rows written by older code read as not compatible,
    // which only matters for versions newer than the code reading them (none of theirs).
    await tx.exec(
      'ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS compatible boolean NOT NULL DEFAULT false',
    );
    const rows = await tx.query<{ version: number; name: string; compatible: boolean }>(
      'SELECT version, name, compatible FROM schema_migrations WHERE version > $1 ORDER BY version',
      [codeVersion],
    );
    return rows.rows;
  });
  const incompatible = newer.filter((m) => !m.compatible);
  if (incompatible.length > 0) {
    throw new SchemaTooNewError(
      codeVersion,
      newer.at(-1)!.version,
      incompatible.map(({ version, name }) => ({ version, name })),
    );
  }
  const applied: MigrateOutcome = [];
  for (const migration of all) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (seen.rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query(
        'INSERT INTO schema_migrations (version, name, compatible) VALUES ($1, $2, $3)',
        [migration.version, migration.name, migration.compatible ?? false],
      );
      return true;
    });
    if (done) applied.push(migration.version);
  }
  if (newer.length > 0) applied.newerCompatible = newer.map((m) => m.version);
  return applied;
}

/**
 * For an entry point's start: a SchemaTooNewError becomes one JSON log line naming the versions
 * and exit code 1; any other error goes on.
 */
export function exitIfSchemaTooNew(log: {
  fatal(fields: object, message: string): void;
}): (err: unknown) => never {
  return (err) => {
    if (!(err instanceof SchemaTooNewError)) throw err;
    log.fatal(err.fields, err.message);
    process.exit(1);
  };
}

/** The one JSON line's message when a newer, compatible schema is found (or none). */
export function newerSchemaNote(outcome: MigrateOutcome): string | undefined {
  const newer = outcome.newerCompatible;
  if (!newer?.length) return undefined;
  return `database schema has version ${newer.join(', ')} of a newer release, marked compatible with this code: running beside it`;
}
