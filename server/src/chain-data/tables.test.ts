/**
 * The table declarations (each feature's tables.ts, all listed in tables.ts) against the database
 * the real migrations build, on PGlite and on PostgreSQL (when DATABASE_URL is set): every declared
 * table's columns (name, type, nullability, whether it has a default), primary key and indexes are
 * the migrated ones, and every table with a chain_id is declared. A column, index or table added to a migration only, or to a
 * declaration only, fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from '../db/db.ts';
import { migrate } from '../db/migrate.ts';
import { engines, openFreshDb } from '../testing/harness.ts';
import { chainIndexTables } from './tables.ts';
import type { AnyTable, Column, SqlType } from './shared/table.ts';

/** How information_schema names each declared type (columns.udt_name). */
const udtOf: Record<SqlType, string> = {
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  numeric: 'numeric',
  'numeric[]': '_numeric',
  text: 'text',
  boolean: 'bool',
  timestamptz: 'timestamptz',
  date: 'date',
  jsonb: 'jsonb',
};

/**
 * Tables with a chain_id that are not the chain index: sign-in's (the chain a session or nonce is
 * for) and the notices (a timelock notice names the chain it comes from).
 */
const notIndexTables = new Set(['login_nonces', 'notices', 'sessions']);

type ColumnFacts = { type: string; nullable: boolean; hasDefault: boolean };

function declaredColumns(table: AnyTable): Record<string, ColumnFacts> {
  const out: Record<string, ColumnFacts> = {
    chain_id: { type: 'int4', nullable: false, hasDefault: false },
  };
  for (const c of Object.values<Column>(table.columns)) {
    out[c.name] = {
      type: udtOf[c.sql],
      nullable: c.nullable,
      hasDefault: c.defaultValue !== undefined,
    };
  }
  return out;
}

function declaredIndexes(table: AnyTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const index of table.indexes) {
    const keys = index.keys.map((key) => {
      const [name, desc] = key.split(' ');
      return `${table.columns[name!]!.name}${desc ? ' DESC' : ''}`;
    });
    out[index.name] =
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${index.name} ON public.${table.name} ` +
      `USING btree (chain_id, ${keys.join(', ')})${index.where ? ` WHERE ${index.where}` : ''}`;
  }
  return out;
}

for (const engine of engines()) {
  describe(`table declarations match the migrated database (${engine})`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ db, close: cleanup } = await openFreshDb(engine));
      await migrate(db);
    });
    after(() => cleanup());

    it('every table with a chain_id is declared', async () => {
      const r = await db.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns
         WHERE table_schema = 'public' AND column_name = 'chain_id' ORDER BY table_name`,
      );
      const migrated = r.rows.map((row) => row.table_name).filter((t) => !notIndexTables.has(t));
      assert.deepEqual(migrated, chainIndexTables.map((t) => t.name).sort());
    });

    for (const table of chainIndexTables as readonly AnyTable[]) {
      it(`${table.name}: columns, primary key and indexes`, async () => {
        const columns = await db.query<{
          column_name: string;
          udt_name: string;
          is_nullable: string;
          column_default: string | null;
        }>(
          `SELECT column_name, udt_name, is_nullable, column_default FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = $1`,
          [table.name],
        );
        const migrated: Record<string, ColumnFacts> = {};
        for (const c of columns.rows) {
          migrated[c.column_name] = {
            type: c.udt_name,
            nullable: c.is_nullable === 'YES',
            hasDefault: c.column_default !== null,
          };
        }
        assert.deepEqual(migrated, declaredColumns(table), 'columns');

        const key = await db.query<{ column_name: string }>(
          `SELECT k.column_name FROM information_schema.table_constraints c
           JOIN information_schema.key_column_usage k
             ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
           WHERE c.table_schema = 'public' AND c.table_name = $1 AND c.constraint_type = 'PRIMARY KEY'
           ORDER BY k.ordinal_position`,
          [table.name],
        );
        assert.deepEqual(
          key.rows.map((row) => row.column_name),
          ['chain_id', ...table.primaryKey.map((k) => table.columns[k]!.name)],
          'primary key',
        );

        // Indexes are not in information_schema: pg_indexes, the primary key's own index aside.
        const indexes = await db.query<{ indexname: string; indexdef: string }>(
          `SELECT indexname, indexdef FROM pg_indexes
           WHERE schemaname = 'public' AND tablename = $1 AND indexname <> $1 || '_pkey'`,
          [table.name],
        );
        assert.deepEqual(
          Object.fromEntries(indexes.rows.map((i) => [i.indexname, i.indexdef])),
          declaredIndexes(table),
          'indexes',
        );
      });
    }
  });
}
