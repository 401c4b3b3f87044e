/**
 * `DATABASE_URL=postgres://… npm run explain -w bench [-- --reuse]`: seeds the bench database
 * (api-seed.ts: 100,000 users, 1,000,000 income rows) and prints `EXPLAIN (ANALYZE, BUFFERS)` of
 * each list page's statement, first page and a deep page (`before` 5,000 rows down), for an
 * address given 10,000 more income and activity rows (a user who mined for years), so the plans
 * the pages run on can be read (issue 12 §5). `--reuse` keeps an already seeded database.
 */
import { parseArgs } from 'node:util';
import { openDb, type Queryable } from '../server/src/db/db.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { activityListRead } from '../server/src/chain-data/activity/index.ts';
import { exchangeListRead } from '../server/src/chain-data/exchange/index.ts';
import { incomeListRead } from '../server/src/chain-data/income/index.ts';
import type { ListPlace } from '../server/src/chain-data/shared/reads.ts';
import { teamMembersRead } from '../server/src/chain-data/team/index.ts';
import { withdrawalListRead } from '../server/src/chain-data/withdrawals/index.ts';
import { seedApiBench } from './api-seed.ts';

const { values } = parseArgs({ options: { reuse: { type: 'boolean', default: false } } });
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a PostgreSQL database to seed (it is emptied)');
const db = await openDb({ databaseUrl, pgliteDir: '' });
const whale = '0x' + (2).toString(16).padStart(40, '0');
try {
  if (!values.reuse) {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(db);
    await seedApiBench(db, { users: 100_000, income: 1_000_000, sessions: 0, now: new Date() });
    for (const [table, columns, values] of [
      ['income', 'source, token, amount', `0, 'reward', 1`],
      ['activity', 'type, token, amount, detail', `'stake', 'usdc', 1, '{}'`],
    ] as const) {
      await db.query(
        `INSERT INTO ${table} (chain_id, block_number, log_index, address, ${columns}, tx_hash, block_time)
         SELECT 1, 2000000 + j, 0, $1, ${values}, '0x00', now() FROM generate_series(1, 10000) j`,
        [whale],
      );
    }
    await db.query(
      `UPDATE income_totals SET credits = credits + 10000 WHERE chain_id = 1 AND address = $1 AND source = 0`,
      [whale],
    );
    await db.query(
      `UPDATE record_totals SET activity = activity + 10000 WHERE chain_id = 1 AND address = $1`,
      [whale],
    );
    await db.exec('VACUUM ANALYZE');
  }
  const address = whale;
  const today = new Date().toISOString().slice(0, 10);
  /** Follows the `next` cursors up to 5,000 rows down. */
  const deepCursor = async (
    read: (q: Queryable, page: ListPlace) => Promise<unknown>,
    start: string | null,
  ) => {
    let next = start;
    let depth = 50;
    let before: [string, number] | undefined;
    while (next !== null && depth < 5000) {
      const [block, log] = next.split('-');
      before = [block!, Number(log)];
      next = ((await read(db, { limit: 50, before })) as { next: string | null }).next;
      depth += 50;
    }
    return { before, depth: before ? depth - 50 : 0 };
  };
  /** Finds a deep cursor, then prints the plans of the list's statement. */
  const explain = async (
    name: string,
    read: (q: Queryable, page: ListPlace) => Promise<unknown>,
  ) => {
    const first = (await read(db, { limit: 50 })) as { next: string | null };
    const deep = await deepCursor(read, first.next);
    for (const [label, page] of [
      ['first page', { limit: 20 }],
      [`after ${deep.depth} rows`, { limit: 20, ...(deep.before ? { before: deep.before } : {}) }],
    ] as const) {
      let plan = '';
      const explaining: Queryable = {
        query: async (sql, params) => {
          const r = await db.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN (ANALYZE, BUFFERS) ${sql}`,
            params,
          );
          plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
          return { rows: [{ indexed: null, items: [], total: 0 }] } as never;
        },
        exec: () => Promise.reject(new Error('not used')),
      };
      await read(explaining, page);
      console.log(`\n=== ${name}, ${label}\n${plan}`);
    }
  };
  await explain('GET /v1/income/list', (q, page) =>
    incomeListRead(q, { chainId: 1, address, today }, page),
  );
  await explain('GET /v1/income/list?source=mining', (q, page) =>
    incomeListRead(q, { chainId: 1, address, today, source: 0 }, page),
  );
  for (const [route, read] of [
    ['activity', activityListRead],
    ['withdraw', withdrawalListRead],
    ['exchange', exchangeListRead],
  ] as const) {
    await explain(`GET /v1/${route}/list`, (q, page) => read(q, { chainId: 1, address }, page));
  }
  await explain('GET /v1/team/members?depth=1', (q, page) =>
    teamMembersRead(
      q,
      { chainId: 1, address: '0x' + (1).toString(16).padStart(40, '0'), depth: 1 },
      page,
    ),
  );
  await explain('GET /v1/team/members?depth=3', (q, page) =>
    teamMembersRead(
      q,
      { chainId: 1, address: '0x' + (1).toString(16).padStart(40, '0'), depth: 3 },
      page,
    ),
  );
} finally {
  await db.close();
}
