/**
 * What a process (API, indexer) does when it cannot start: one JSON line that says what to check,
 * then an exit status its supervisor acts on — never a raw stack trace.
 *
 * The rule (docs/OPERATIONS.md §4 "Processes"): PostgreSQL unreachable at start (refused, timed
 * out, not accepting connections yet, credentials or database refused) exits 75 (EX_TEMPFAIL: try
 * again later); the units in deploy/systemd/ start the process again every 5 s, without a limit, so
 * it joins once the database answers. Anything else wrong at start exits 1 with its message.
 */
import { pino } from 'pino';
import { openDb, type Db } from '../db/db.ts';

export const EXIT_DATABASE_UNREACHABLE = 75;

/** The first contact with the database at start failed. */
export class DatabaseUnreachable extends Error {
  constructor(
    /** Where it tried: host:port/database of DATABASE_URL (never its password), or the PGlite folder. */
    readonly target: string,
    readonly reason: string,
  ) {
    super(`database ${target} unreachable at start: ${reason}`);
  }
}

/** host:port/database of a PostgreSQL URL, without user or password. */
export function describeDatabase(options: { databaseUrl?: string; pgliteDir: string }): string {
  if (!options.databaseUrl) return `PGlite in ${options.pgliteDir}`;
  try {
    const url = new URL(options.databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}

const unreachable = (options: { databaseUrl?: string; pgliteDir: string }, err: unknown) => {
  const e = err as { code?: string; message?: string };
  // pg gives the socket's code (ECONNREFUSED) or PostgreSQL's SQLSTATE (28P01: password, 3D000: no
  // such database, 57P03: starting up), with its message.
  const reason = [e.code, e.message].filter(Boolean).join(' ') || String(err);
  return new DatabaseUnreachable(describeDatabase(options), reason);
};

/**
 * Opens the database and asks it once: with DATABASE_URL, any failure is DatabaseUnreachable (the
 * driver's reason, where it looked). An embedded PGlite that fails to open is not "unreachable":
 * its error goes on as it is.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
}): Promise<Db> {
  if (!options.databaseUrl) return openDb(options);
  const db = await openDb(options).catch((err: unknown) => {
    throw unreachable(options, err);
  });
  try {
    await db.query('SELECT 1');
  } catch (err) {
    await db.close().catch(() => {});
    throw unreachable(options, err);
  }
  return db;
}

/**
 * Logs why the process could not start (one JSON line on stdout, whatever LOG_LEVEL says: a
 * process must not die silently) and exits by the rule above.
 */
export function exitOnStartFailure(err: unknown, processName: 'api' | 'indexer'): never {
  const log = pino({ base: { process: processName } });
  if (err instanceof DatabaseUnreachable) {
    log.fatal(
      { database: err.target, reason: err.reason, exitCode: EXIT_DATABASE_UNREACHABLE },
      `start: PostgreSQL at ${err.target} does not answer (${err.reason}): check that it runs and ` +
        'accepts connections from this host, and DATABASE_URL (host, port, user, password, ' +
        `database); exiting with status ${EXIT_DATABASE_UNREACHABLE}, the supervisor starts this process again`,
    );
    process.exit(EXIT_DATABASE_UNREACHABLE);
  }
  const message = err instanceof Error ? err.message : String(err);
  // The stack as a field of the line (a bug, not a configuration error, needs it), not as raw text.
  const stack = err instanceof Error ? err.stack : undefined;
  log.fatal({ stack, exitCode: 1 }, `start: ${message}`);
  process.exit(1);
}
