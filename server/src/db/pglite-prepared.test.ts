import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { freshPgliteDir } from '../testing/harness.ts';
import { openDb, type Db } from './db.ts';
import { sqlLiteral } from './pglite-prepared.ts';

describe('sqlLiteral', () => {
  it('quotes plain values the way a text bind value reads them, and refuses the rest', () => {
    assert.equal(sqlLiteral("it's"), "'it''s'");
    assert.equal(sqlLiteral("x'); DROP TABLE users; --"), "'x''); DROP TABLE users; --'");
    assert.equal(sqlLiteral('back\\slash'), "'back\\slash'");
    assert.equal(sqlLiteral(-21), "'-21'");
    assert.equal(sqlLiteral(2n ** 70n), `'${(2n ** 70n).toString()}'`);
    assert.equal(sqlLiteral(true), "'true'");
    assert.equal(sqlLiteral(new Date('2026-11-24T08:00:00.123Z')), "'2026-11-24T08:00:00.123Z'");
    assert.equal(sqlLiteral(null), 'NULL');
    assert.equal(sqlLiteral(undefined), 'NULL');
    for (const odd of [NaN, Infinity, new Date('x'), [1, 2], { a: 1 }, new Uint8Array(1)])
      assert.equal(sqlLiteral(odd), undefined, String(odd));
  });
});

describe('PGlite runs each statement prepared from its first call on', () => {
  let db: Db;
  let dir: string;
  const prepared = async () =>
    (await db.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows
      .map((r) => r.statement)
      .join('\n');

  before(async () => {
    dir = await freshPgliteDir();
    db = await openDb({ pgliteDir: dir });
    await db.exec(`CREATE TABLE things (id int PRIMARY KEY, name text, at timestamptz,
      big numeric(78,0), flag boolean, doc jsonb)`);
  });
  after(async () => {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('gives the same rows, types and counts as an unnamed statement', async () => {
    const at = new Date('2026-11-24T08:00:00.123Z');
    const insert = 'INSERT INTO things (id, name, at, big, flag) VALUES ($1, $2, $3, $4, $5)';
    for (let id = 1; id <= 3; id++)
      await db.query(insert, [id, `it's "${id}" \\ ok`, at, 10n ** 30n + BigInt(id), id !== 2]);
    const select =
      'SELECT id, name, at, big::text AS big, flag FROM things WHERE id <= $1 ORDER BY id';
    const first = await db.query(select, [2]);
    const again = await db.query(select, [2]);
    assert.deepEqual(again, first);
    assert.deepEqual(first.rows[1], {
      id: 2,
      name: 'it\'s "2" \\ ok',
      at,
      big: (10n ** 30n + 2n).toString(),
      flag: false,
    });
    assert.match(await prepared(), /SELECT id, name, at, big::text AS big, flag FROM things/);
    assert.match(await prepared(), /INSERT INTO things/);

    const update = 'UPDATE things SET name = $2 WHERE id >= $1';
    assert.equal((await db.query(update, [2, 'x'])).rowCount, 2);
    assert.equal((await db.query(update, [3, 'y'])).rowCount, 1);
    assert.deepEqual(
      (await db.query('SELECT name FROM things ORDER BY id')).rows.map((r) => r.name),
      ['it\'s "1" \\ ok', 'x', 'y'],
    );
  });

  it('a value is only ever a value: quotes cannot end the literal', async () => {
    const hostile = "z'); DELETE FROM things; --";
    await db.query('UPDATE things SET name = $2 WHERE id = $1', [1, hostile]);
    const rows = (await db.query('SELECT name FROM things WHERE name = $1', [hostile])).rows;
    assert.deepEqual(rows, [{ name: hostile }]);
    assert.equal((await db.query('SELECT count(*)::int AS n FROM things')).rows[0]!.n, 3);
  });

  it('objects, and statements PostgreSQL cannot prepare, still run (unnamed)', async () => {
    await db.query('UPDATE things SET doc = $2 WHERE id = $1', [1, { a: [1, 'two'] }]);
    assert.deepEqual((await db.query('SELECT doc FROM things WHERE id = 1')).rows[0]!.doc, {
      a: [1, 'two'],
    });
    // $1's type cannot be inferred: PREPARE fails, the unnamed statement works.
    assert.deepEqual((await db.query('SELECT $1 AS v', ['free'])).rows, [{ v: 'free' }]);
    assert.deepEqual((await db.query('SELECT $1 AS v', ['again'])).rows, [{ v: 'again' }]);
  });

  it('inside a transaction: prepared statements are used, a rollback undoes their writes', async () => {
    const rename = 'UPDATE things SET name = $2 WHERE id = $1';
    const fresh = 'SELECT name FROM things WHERE id = $1 AND flag = $2';
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query(rename, [3, 'in tx']);
        // Not prepared yet: runs unnamed (a PREPARE would wait for this transaction to end).
        assert.deepEqual((await tx.query(fresh, [3, true])).rows, [{ name: 'in tx' }]);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual((await db.query(fresh, [3, true])).rows, [{ name: 'y' }]);
    await db.transaction(async (tx) => {
      await tx.query(rename, [3, 'kept']);
    });
    assert.deepEqual((await db.query(fresh, [3, true])).rows, [{ name: 'kept' }]);
  });
});
