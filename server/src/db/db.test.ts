import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { startServer } from '../start.ts';
import {
  counts,
  freshPostgresDatabase,
  engines,
  getJson,
  signIn,
  freshPgliteDir,
  type Engine,
} from '../testing/harness.ts';
import { openDb, pgErrorCode, type Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';

async function openFresh(engine: Engine): Promise<{ db: Db; cleanup(): Promise<void> }> {
  if (engine === 'postgres') {
    const fresh = await freshPostgresDatabase();
    const db = await openDb({ databaseUrl: fresh.url, pgliteDir: '' });
    return {
      db,
      async cleanup() {
        await db.close();
        await fresh.drop();
      },
    };
  }
  const dir = await freshPgliteDir();
  const db = await openDb({ pgliteDir: dir });
  return {
    db,
    async cleanup() {
      await db.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

for (const engine of engines()) {
  describe(`database (${engine})`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    before(async () => {
      ({ db, cleanup } = await openFresh(engine));
    });
    after(() => cleanup());

    it('applies the numbered migrations once, in order', async () => {
      const all = await loadMigrations();
      assert.deepEqual(
        all.map((m) => m.version),
        [...all.map((m) => m.version)].sort((a, b) => a - b),
      );
      assert.deepEqual(
        await migrate(db),
        all.map((m) => m.version),
      );
      assert.deepEqual(await migrate(db), []);
      const rows = await db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      assert.deepEqual(
        rows.rows.map((r) => r.version),
        all.map((m) => m.version),
      );
      assert.equal(db.engine, engine);
    });

    it('rolls back a failing migration completely', async () => {
      const bad = [
        {
          version: 9001,
          name: 'bad',
          sql: 'CREATE TABLE half_done (a int); SELECT no_such_column FROM half_done;',
        },
      ];
      await assert.rejects(migrate(db, bad));
      const table = await db.query("SELECT to_regclass('half_done') AS t");
      assert.equal(table.rows[0]!.t, null);
      const row = await db.query('SELECT 1 FROM schema_migrations WHERE version = 9001');
      assert.equal(row.rowCount, 0);
    });

    it('commits a transaction that resolves and rolls back one that throws', async () => {
      const user = (n: number) => [`0x${n.toString(16).padStart(40, '0')}`, `CODE${n}`, new Date()];
      const insert =
        'INSERT INTO users (address, invite_code, created_at, last_login_at) VALUES ($1, $2, $3, $3)';
      await db.transaction(async (tx) => {
        await tx.query(insert, user(1));
      });
      await assert.rejects(
        db.transaction(async (tx) => {
          await tx.query(insert, user(2));
          throw new Error('boom');
        }),
        /boom/,
      );
      const err = await db.query(insert, user(1)).catch((e: unknown) => e);
      assert.equal(pgErrorCode(err), '23505');
      const rows = await db.query<{ address: string }>('SELECT address FROM users ORDER BY id');
      assert.deepEqual(
        rows.rows.map((r) => r.address),
        [user(1)[0]],
      );
    });

    it('refuses an address that is not lower-case hex', async () => {
      await assert.rejects(
        db.query(
          'INSERT INTO users (address, invite_code, created_at, last_login_at) VALUES ($1, $2, now(), now())',
          ['0xABCDEF0000000000000000000000000000000000', 'UPPER1'],
        ),
      );
    });
  });
}

describe('PGlite persistence', () => {
  it('keeps users and sessions across a restart on the same directory', async () => {
    const dir = await freshPgliteDir();
    try {
      const config = { port: 0, rpcUrls: {}, deployment: 'local' as const, pgliteDir: dir };
      const first = await startServer(config);
      const login = await signIn(first.url, localAccounts[1]!);
      const before = await counts(first);
      await first.close();

      const second = await startServer(config);
      try {
        assert.deepEqual(await counts(second), before);
        const info = await getJson<{ Id: number }>(second.url, '/v1/user/info', {
          Token: login.Token,
        });
        assert.equal(info.body.code, 0);
        assert.equal(info.body.data.Id, login.Id);
      } finally {
        await second.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
