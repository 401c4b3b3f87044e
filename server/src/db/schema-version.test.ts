/**
 * The schema version check of an upgrade and its rollback (migrate.ts): code started against a
 * database that a newer release migrated runs only when every migration it does not know is marked
 * compatible, and refuses, changing nothing, otherwise. Real databases (PGlite, and PostgreSQL
 * when DATABASE_URL is set), the real migrations; the "newer release" is this release's list plus
 * one migration, the "older release" this list without its newest one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Db } from './db.ts';
import { engines, openFreshDb } from '../testing/harness.ts';
import {
  isMarkedCompatible,
  loadMigrations,
  migrate,
  SchemaTooNewError,
  type Migration,
} from './migrate.ts';

it('a migration is marked compatible by a "-- compatible:" line of its leading comment only', () => {
  assert.equal(
    isMarkedCompatible('-- adds a table\n-- compatible: a new table\nCREATE TABLE a();'),
    true,
  );
  assert.equal(isMarkedCompatible('-- compatible:\nCREATE TABLE a();'), false, 'with no reason');
  assert.equal(isMarkedCompatible('CREATE TABLE a();\n-- compatible: too late'), false);
  assert.equal(isMarkedCompatible('-- drops a column\nALTER TABLE a DROP COLUMN b;'), false);
});

for (const engine of engines()) {
  describe(`schema version check (${engine})`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    let current: Migration[];
    before(async () => {
      ({ db, close: cleanup } = await openFreshDb(engine));
      current = await loadMigrations();
      await migrate(db, current);
    });
    after(() => cleanup());

    const next = (version: number, sql: string, compatible: boolean): Migration => ({
      version,
      name: `next_${version}`,
      sql,
      compatible,
    });
    const top = () => Math.max(...current.map((m) => m.version));

    it('older code runs beside a newer, compatible migration and says so', async () => {
      const v = top() + 1;
      await migrate(db, [...current, next(v, 'CREATE TABLE next_table (a int)', true)]);
      const outcome = await migrate(db, current);
      assert.deepEqual([...outcome], []);
      assert.deepEqual(outcome.newerCompatible, [v]);
    });

    it('older code refuses a newer migration not marked compatible, naming the versions, and changes nothing', async () => {
      const v = top() + 2;
      await migrate(db, [
        ...current,
        next(top() + 1, 'CREATE TABLE next_table (a int)', true),
        next(v, 'ALTER TABLE next_table DROP COLUMN a', false),
      ]);
      // The previous release of that one: this list without its newest migration, not yet applied
      // (as an older release that is behind by one would find it).
      const newest = current.at(-1)!;
      await db.exec(`DELETE FROM schema_migrations WHERE version = ${newest.version}`);
      const older = current.slice(0, -1);
      const refusal = await migrate(db, older).then(
        () => assert.fail('started against a schema it does not know'),
        (err: unknown) => err,
      );
      assert.ok(refusal instanceof SchemaTooNewError);
      assert.deepEqual(refusal.fields, {
        codeVersion: older.at(-1)!.version,
        schemaVersion: v,
        incompatible: [v],
      });
      assert.match(
        refusal.message,
        new RegExp(`migration ${v} \\(next_${v}\\) is not marked compatible`),
      );
      // Refused before applying anything: the deleted row was not re-applied by the older code.
      const row = await db.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        newest.version,
      ]);
      assert.equal(row.rowCount, 0);
      // This release's code, which knows every version up to its own, refuses it too: v is above it.
      await assert.rejects(migrate(db, current), SchemaTooNewError);
    });
  });
}
