/**
 * SQL derived from the table declarations (table.ts): bulk writes of a table's rows (the column
 * list, SQL types and values come from the declaration), and reads that return its rows typed
 * (JSON built from the declared columns, parsed back by their types).
 */
import type { Queryable } from '../../db/db.ts';
import { keysOf, type AnyTable, type Column, type RowOf, type ValueKey } from './table.ts';

type Key<T extends AnyTable> = keyof T['columns'] & string;
const columnOf = (table: AnyTable, key: string): Column => table.columns[key] as Column;

/** A value as a query parameter: amounts as decimal strings (exact), JSON as text. */
function toParam(column: Column, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (column.sql) {
    case 'bigint':
    case 'numeric':
      return String(v);
    case 'numeric[]':
      return (v as bigint[]).map(String);
    case 'timestamptz':
      return (v as Date).toISOString();
    case 'jsonb':
      return JSON.stringify(v);
    default:
      return v;
  }
}

/**
 * INSERT ... SELECT FROM unnest(arrays): one statement for any number of rows of `table` (the
 * given keys, all columns by default), chain_id = `chain`. `conflict` is the ON CONFLICT clause.
 */
export async function insertRows<T extends AnyTable>(
  q: Queryable,
  chain: number,
  table: T,
  rows: readonly Partial<RowOf<T>>[],
  conflict = '',
  keys: readonly Key<T>[] = keysOf(table),
): Promise<void> {
  if (rows.length === 0) return;
  const columns = keys.map((k) => columnOf(table, k));
  const names = columns.map((c) => c.name).join(', ');
  await q.query(
    `INSERT INTO ${table.name} (chain_id, ${names}) SELECT ${chain}, * FROM (${unnest(columns)}) s ${conflict}`,
    columns.map((c, i) =>
      rows.map((row) => toParam(c, (row as Record<string, unknown>)[keys[i]!])),
    ),
  );
}

/** The rows passed as one array per column ($1, $2, ...), as a SELECT with the columns' names. */
const unnest = (columns: readonly Column[]) =>
  `SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.sql}[]`).join(', ')}) AS t(${columns.map((c) => c.name).join(', ')})`;

/** How a column of an existing row takes the incoming one's value. */
export type Merge = 'set' | 'add' | 'max' | 'or';
const merged: Record<Merge, (table: string, c: string) => string> = {
  set: (_t, c) => `EXCLUDED.${c}`,
  add: (t, c) => `${t}.${c} + EXCLUDED.${c}`,
  max: (t, c) => `GREATEST(${t}.${c}, EXCLUDED.${c})`,
  or: (t, c) => `${t}.${c} OR EXCLUDED.${c}`,
};

/**
 * Inserts the rows, or merges each into the row of the same primary key, each column as `merge`
 * says (a sum adds, a membership keeps the larger): every column outside the key must say how, so
 * a column added to the declaration is not silently left at its first value.
 */
export async function upsertRows<T extends AnyTable>(
  q: Queryable,
  chain: number,
  table: T,
  rows: readonly RowOf<T>[],
  merge: { readonly [K in ValueKey<T>]: Merge },
): Promise<void> {
  const key = ['chain_id', ...table.primaryKey.map((k: string) => columnOf(table, k).name)];
  const sets = Object.entries(merge).map(([k, how]) => {
    const name = columnOf(table, k).name;
    return `${name} = ${merged[how as Merge](table.name, name)}`;
  });
  await insertRows(
    q,
    chain,
    table,
    rows,
    `ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${sets.join(', ')}`,
  );
}

/**
 * Sets the `set` columns of the rows matched by the `match` columns, for many rows in one
 * statement (UPDATE ... FROM unnest).
 */
export async function updateRows<T extends AnyTable, K extends Key<T>>(
  q: Queryable,
  chain: number,
  table: T,
  rows: readonly Pick<RowOf<T>, K>[],
  match: readonly K[],
  set: readonly K[],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = [...match, ...set];
  const columns = keys.map((k) => columnOf(table, k));
  const name = (k: K) => columnOf(table, k).name;
  await q.query(
    `UPDATE ${table.name} r SET ${set.map((k) => `${name(k)} = t.${name(k)}`).join(', ')}
     FROM (${unnest(columns)}) t
     WHERE r.chain_id = ${chain} AND ${match.map((k) => `r.${name(k)} = t.${name(k)}`).join(' AND ')}`,
    columns.map((c, i) =>
      rows.map((row) => toParam(c, (row as Record<string, unknown>)[keys[i]!])),
    ),
  );
}

/** A timestamptz column as ISO (UTC, milliseconds), as JSON rows carry it. */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A column as the API shows it, named by its key: amounts and block numbers as decimal strings
 * (never floats), times as ISO strings, days as 'YYYY-MM-DD'.
 */
function wireSql(column: Column, alias: string): string {
  const c = `${alias}${column.name}`;
  switch (column.sql) {
    case 'bigint':
    case 'numeric':
      return `${c}::text`;
    case 'numeric[]':
      return `${c}::text[]`;
    case 'timestamptz':
      return isoSql(c);
    case 'date':
      return `to_char(${c}, 'YYYY-MM-DD')`;
    default:
      return c;
  }
}

/** The given columns of a table (`alias.` their prefix), each `AS "key"`, as the API shows them. */
export const wireColumns = <T extends AnyTable>(table: T, keys: readonly Key<T>[], alias = '') =>
  keys.map((k) => `${wireSql(columnOf(table, k), alias)} AS "${k}"`).join(', ');

/** A table's row (`alias.` its columns' prefix) as one JSON object, parsed back by parseRow. */
export const rowJson = <T extends AnyTable>(table: T, alias = '') =>
  `json_build_object(${keysOf(table)
    .map((k) => `'${k}', ${wireSql(columnOf(table, k), alias)}`)
    .join(', ')})`;

/** A row read back as rowJson built it: amounts as bigints, times as Dates. */
export function parseRow<T extends AnyTable>(table: T, json: Record<string, unknown>): RowOf<T> {
  const row: Record<string, unknown> = {};
  for (const k of keysOf(table)) {
    const v = json[k];
    const c = columnOf(table, k);
    row[k] =
      v === null || v === undefined
        ? null
        : c.sql === 'bigint' || c.sql === 'numeric'
          ? BigInt(v as string)
          : c.sql === 'numeric[]'
            ? (v as string[]).map((s) => BigInt(s))
            : c.sql === 'timestamptz'
              ? new Date(v as string)
              : v;
  }
  return row as RowOf<T>;
}
