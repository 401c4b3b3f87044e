/**
 * Prepared statements for PGlite. Its `query` sends every statement unnamed, so PostgreSQL parses
 * and plans it on every call: for a page's statement the planning costs more than the execution
 * (measured: an income page 683 µs unnamed, 138 µs prepared, on an empty index). PGlite's API has
 * no named statements and a bind parameter cannot reach `EXECUTE`, so each statement text is
 * prepared once with SQL `PREPARE`, and run with its values written as quoted literals:
 * `EXECUTE s3('1', '0xabc…', '21')`. A quoted literal is read by the parameter type's input
 * function exactly as a text-format bind value is, so the values mean what they meant unnamed.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * A value as an SQL string literal (`'…'`, quotes doubled), or undefined when it is not a plain
 * value (an object or an array: those run unnamed, as PGlite serializes them itself). With
 * standard_conforming_strings (PostgreSQL's default, never changed here) a backslash is an
 * ordinary character, so doubling the quotes is the whole escaping.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'bigint') text = value.toString();
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    text = value.toISOString();
  } else return undefined;
  return `'${text.replace(/'/g, "''")}'`;
}

type Runner = Pick<PGlite | Transaction, 'query'>;
type Result<T> = Awaited<ReturnType<PGlite['query']>> & { rows: T[] };

/**
 * `query` that runs each statement text prepared from its first call on. A text that cannot be
 * prepared (a parameter whose type PostgreSQL cannot infer, a utility statement) runs unnamed from
 * then on. Inside a transaction nothing is prepared (a failed PREPARE would abort the caller's
 * transaction); texts prepared before are used there.
 */
export function preparedStatements(lite: PGlite, maxPrepared: number) {
  /** Per text: its PREPARE while it runs, then the statement's name, or null (runs unnamed). */
  const plans = new Map<string, Promise<string | null> | string | null>();
  const planOf = async (
    sql: string,
    inTransaction: boolean,
  ): Promise<string | null | undefined> => {
    const plan = plans.get(sql);
    if (plan !== undefined && !(plan instanceof Promise)) return plan;
    // In a transaction, not a PREPARE still queued: PGlite runs one thing at a time, so it waits
    // for this very transaction to end, and waiting for it would never end.
    if (inTransaction) return undefined;
    if (plan) return plan;
    if (plans.size >= maxPrepared) return undefined;
    const name = `s${plans.size}`;
    const preparing = lite.query(`PREPARE ${name} AS ${sql}`).then(
      () => name,
      () => null,
    );
    plans.set(sql, preparing);
    void preparing.then((result) => plans.set(sql, result));
    return preparing;
  };
  return async function query<T>(
    runner: Runner,
    sql: string,
    params: unknown[] = [],
    inTransaction = false,
  ): Promise<Result<T>> {
    const literals = params.map(sqlLiteral);
    const name = literals.every((l) => l !== undefined)
      ? await planOf(sql, inTransaction)
      : undefined;
    if (!name) return (await runner.query<T>(sql, params)) as Result<T>;
    const args = literals.length ? `(${literals.join(', ')})` : '';
    return (await runner.query<T>(`EXECUTE ${name}${args}`)) as Result<T>;
  };
}
