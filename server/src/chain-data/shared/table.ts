/**
 * Table declarations: each table of the chain index is declared once (columns with their SQL type,
 * the TypeScript type they carry, nullability and default; primary key; indexes), and the
 * indexer's writes, the pages' reads and their row types are derived from it. The SQL migrations
 * stay plain, hand-written and reviewable; tables.test.ts compares every declaration with the
 * database the migrations build, on PGlite and PostgreSQL, so a column added in one place only
 * fails there.
 *
 * Every declared table belongs to one chain: `chain_id integer NOT NULL` is its first column and
 * the first part of its primary key, and is not in its row type (the chunk writer adds it, the
 * readers filter by it).
 */
import type { tokenOfSource } from '@app/contracts/enums';

/** The SQL types the chain index uses, as a migration writes them. */
export type SqlType =
  | 'integer'
  | 'smallint'
  | 'bigint'
  | 'numeric'
  | 'numeric[]'
  | 'text'
  | 'boolean'
  | 'timestamptz'
  | 'date'
  | 'jsonb';

/** A column: its SQL name and type, and (as a type only) the TypeScript value it carries. */
export interface Column<T = unknown> {
  readonly name: string;
  readonly sql: SqlType;
  readonly nullable: boolean;
  /** The value of a row that was never written (the SQL DEFAULT), undefined for none. */
  readonly defaultValue: T | undefined;
  /** Phantom: the TypeScript type of the column's values. */
  readonly type?: T;
  /** The same column, NULL allowed. */
  orNull(): Column<T | null>;
  /** The same column with a DEFAULT (the migration's, as the value the code reads). */
  withDefault(value: T): Column<T>;
}

function column<T>(
  name: string,
  sql: SqlType,
  nullable = false,
  defaultValue: T | undefined = undefined,
): Column<T> {
  return {
    name,
    sql,
    nullable,
    defaultValue,
    orNull: () => column<T | null>(name, sql, true, defaultValue),
    withDefault: (value: T) => column<T>(name, sql, nullable, value),
  };
}

export const integer = (name: string) => column<number>(name, 'integer');
export const smallint = <T extends number = number>(name: string) => column<T>(name, 'smallint');
/** bigint and numeric (uint256 amounts) are bigints in TypeScript: exact. */
export const bigint = (name: string) => column<bigint>(name, 'bigint');
export const numeric = (name: string) => column<bigint>(name, 'numeric');
export const numericArray = (name: string) => column<bigint[]>(name, 'numeric[]');
export const text = <T extends string = string>(name: string) => column<T>(name, 'text');
export const boolean = (name: string) => column<boolean>(name, 'boolean');
export const timestamptz = (name: string) => column<Date>(name, 'timestamptz');
/** A UTC day, 'YYYY-MM-DD'. */
export const date = (name: string) => column<string>(name, 'date');
export const jsonb = (name: string) => column<Record<string, unknown>>(name, 'jsonb');

type Columns = Record<string, Column>;
/** A column of an index: its key in the declaration, descending when marked so. */
type IndexKey<C extends Columns> = (keyof C & string) | `${keyof C & string} desc`;

export interface Index<C extends Columns> {
  readonly name: string;
  /** After chain_id, which every index of the chain index starts with. */
  readonly keys: readonly IndexKey<C>[];
  readonly unique?: boolean;
  /** A partial index's condition, as PostgreSQL prints it (pg_indexes.indexdef). */
  readonly where?: string;
}

export interface Table<C extends Columns = Columns, K extends keyof C & string = keyof C & string> {
  readonly name: string;
  /** The row's columns in the table's order (chain_id, which precedes them, not included). */
  readonly columns: C;
  /** After chain_id. */
  readonly primaryKey: readonly K[];
  readonly indexes: readonly Index<C>[];
}

/** A table of one chain's index (chain_id first, in the row type's stead). */
export function chainTable<C extends Columns, K extends keyof C & string = never>(
  name: string,
  columns: C,
  keys: { primaryKey: readonly K[]; indexes?: readonly Index<C>[] },
): Table<C, K> {
  return { name, columns, primaryKey: keys.primaryKey, indexes: keys.indexes ?? [] };
}

/** Any declared table (its columns' own types are what RowOf reads). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of any columns
export type AnyTable = Table<any, any>;

/** The columns of a table outside its primary key (chain_id aside). */
export type ValueKey<T extends AnyTable> = Exclude<
  keyof T['columns'] & string,
  T['primaryKey'][number]
>;

type ValueOf<C> = C extends Column ? Exclude<C['type'], undefined> : never;

/** A row of a table as the code holds it (chain_id aside). */
export type RowOf<T extends AnyTable> = {
  -readonly [K in keyof T['columns']]: ValueOf<T['columns'][K]>;
};

/** The keys of a table's columns, in declaration order. */
export const keysOf = <T extends AnyTable>(table: T) =>
  Object.keys(table.columns) as (keyof T['columns'] & string)[];

/** A column's SQL name, from its key. */
export const sqlName = <T extends AnyTable>(table: T, key: keyof T['columns'] & string): string =>
  table.columns[key]!.name;

/**
 * The row a table holds for a key never written: every column at its DEFAULT, `key` filling the
 * rest (e.g. an address the chain never saw reads as all zeros).
 */
export function defaultRow<T extends AnyTable>(table: T, key: Partial<RowOf<T>>): RowOf<T> {
  const row: Record<string, unknown> = {};
  for (const k of keysOf(table)) {
    const c = table.columns[k]!;
    row[k] = k in key ? (key as Record<string, unknown>)[k] : c.nullable ? null : c.defaultValue;
    if (row[k] === undefined) throw new Error(`${table.name}.${c.name} has no default`);
  }
  return row as RowOf<T>;
}

/*
 * Conventions the chain index's tables share (each feature's tables.ts uses them).
 */

/** 'reward' (the reward coin) or 'usdc': the token a row's amount is in. */
export type Token = ReturnType<typeof tokenOfSource>;

/** Where an event is on the chain: the columns every event's row has. */
export const place = () => ({
  blockNumber: bigint('block_number'),
  logIndex: integer('log_index'),
  txHash: text('tx_hash'),
  time: timestamptz('block_time'),
});
export type Place = RowOf<Table<ReturnType<typeof place>>>;

/** An address's rows newest first: the index a list page reads. */
export const byAddress = (name: string) => ({
  name,
  keys: ['address', 'blockNumber desc', 'logIndex desc'] as const,
});
/** A sum that starts at zero. */
export const zero = (c: Column<bigint>) => c.withDefault(0n);
/** A count that starts at zero. */
export const none = (c: Column<number>) => c.withDefault(0);
