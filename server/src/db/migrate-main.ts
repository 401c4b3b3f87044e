/**
 * `npm run db:migrate -w server`, with the production env (DATABASE_URL): applies this release's
 * migrations before any of its processes starts (docs/OPERATIONS.md, "Upgrading the app"), and
 * says what the schema is now. The processes of the release before keep serving meanwhile: every
 * migration of a release only expands the schema (migrate.ts). Refuses, changing nothing, a
 * database whose schema is newer than this code and not marked compatible.
 */
import { pino } from 'pino';
import { configFromEnv, resolveConfig } from '../config.ts';
import { openDb } from './db.ts';
import { exitIfSchemaTooNew, loadMigrations, migrate, newerSchemaNote } from './migrate.ts';

const config = resolveConfig(configFromEnv());
const log = pino({ base: { process: 'db:migrate' } });
const db = await openDb(config);
try {
  const known = await loadMigrations();
  const applied = await migrate(db, known).catch(exitIfSchemaTooNew(log));
  const version = Math.max(...known.map((m) => m.version));
  const note = newerSchemaNote(applied);
  if (note) log.warn({ codeVersion: version, newer: applied.newerCompatible }, note);
  // Which of them the previous release cannot run beside (a fresh database: all of the first ones).
  const unmarked = known.filter((m) => applied.includes(m.version) && !m.compatible);
  log.info(
    {
      codeVersion: version,
      applied: [...applied],
      notMarkedCompatible: unmarked.map((m) => m.version),
    },
    applied.length
      ? `schema migrated to version ${version}: applied ${applied.join(', ')}`
      : `schema already at version ${version}: nothing to apply`,
  );
} finally {
  await db.close();
}
