/**
 * The chain-derived pages check a session this instance does not know inside the page's own
 * statement (auth.ts pageSession/ownerOf, db/queries/sessions.ts sessionBound): one round trip
 * instead of a lookup and then the page, and still no page for a token that is unknown, revoked or
 * expired. Without a chain: a cursor row turns the page cache on, pages of a fresh address are
 * its empty states.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  assertError,
  engines,
  getJson,
  okData,
  signIn,
  startTestServer,
  type TestServer,
} from '../testing/harness.ts';
import { hashToken } from '../auth/random.ts';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every route that reads its page with pageSession. */
const pages = [
  '/v1/index/home',
  '/v1/income/list',
  '/v1/income/daily',
  '/v1/activity/list',
  '/v1/withdraw/list',
  '/v1/exchange/list',
  '/v1/team/summary',
  '/v1/team/members',
  '/v1/invite/info',
];

/** The page cache's own poll of the cursors, which runs on its timer and is not a request's. */
const isCursorPoll = (sql: string) => sql.startsWith('SELECT c.chain_id, c.block_number::text');

for (const engine of engines()) {
  describe(`pages check an unknown session in their own statement (${engine})`, () => {
    let server: TestServer;
    let statements: string[] = [];
    /** Delay before each statement, to make requests overlap. */
    let delayMs = 0;

    before(async () => {
      server = await startTestServer(engine);
      const query = server.db.query.bind(server.db);
      server.db.query = (async (sql: string, params?: unknown[]) => {
        if (!isCursorPoll(sql)) {
          statements.push(sql);
          if (delayMs) await sleep(delayMs);
        }
        return query(sql, params);
      }) as typeof server.db.query;
      // A cursor for chain 1: the page cache serves its pages (API-only: it polls every 250 ms).
      await server.db.query(
        `INSERT INTO chain_cursors (chain_id, staking, block_number, block_hash, block_time, level_thresholds, updated_at)
         VALUES (1, $1, 7, $2, now(), ARRAY[1, 2, 3, 4, 5, 6]::numeric[], now())`,
        ['0x' + 'a'.repeat(40), '0x' + 'b'.repeat(64)],
      );
      await sleep(600);
    });
    after(async () => {
      await server?.stop();
    });

    const fresh = async () => await signIn(server.url, privateKeyToAccount(generatePrivateKey()));
    const get = (route: string, token: string) =>
      getJson<Data>(server.url, route, { Token: token });
    /** The statements `fn` ran (the cursor poll aside). */
    const ran = async (fn: () => Promise<unknown>) => {
      statements = [];
      await fn();
      return statements;
    };

    it('a first request is one statement; the next ones come from the caches', async () => {
      const login = await fresh();
      const first = await ran(async () => okData(await get('/v1/income/list', login.Token)));
      assert.equal(first.length, 1, first.join('\n---\n'));
      assert.match(first[0]!, /FROM sessions/);
      // Same page again: the session and the page are kept.
      assert.deepEqual(await ran(() => get('/v1/income/list', login.Token)), []);
      // Another page: the session is known now, so only the page's statement runs.
      const other = await ran(async () => okData(await get('/v1/team/summary', login.Token)));
      assert.equal(other.length, 1);
      assert.doesNotMatch(other[0]!, /FROM sessions/);
    });

    it("a user's first requests arriving together share one check and page", async () => {
      const login = await fresh();
      // The first one's statement takes a while: the others arrive before the session is known.
      delayMs = 200;
      try {
        const together = await ran(async () => {
          const pages = await Promise.all(
            [1, 2, 3].map(() => get('/v1/activity/list', login.Token)),
          );
          for (const page of pages) okData(page);
        });
        assert.equal(together.length, 1, together.join('\n---\n'));
        const unknown = 'y'.repeat(43);
        const refused = await ran(async () => {
          const pages = await Promise.all([1, 2, 3].map(() => get('/v1/activity/list', unknown)));
          for (const res of pages) assertError(res, 401, 400);
        });
        assert.equal(refused.length, 1);
      } finally {
        delayMs = 0;
      }
    });

    it('the session comes from the statement: invite code, own figures, empty pages', async () => {
      for (const route of pages) {
        const login = await fresh();
        const data = okData(await get(route, login.Token));
        if (route === '/v1/invite/info') {
          assert.equal(data.inviteCode, login.InviteCode);
          assert.equal(data.inTree, false);
        }
        if (route === '/v1/index/home') assert.notEqual(data.me, null);
        // A page without rows (no income yet) still finds its session, which is then kept.
        if (route === '/v1/income/daily') {
          assert.equal(data.days.length, 30);
          const next = await ran(() => get('/v1/team/members', login.Token));
          assert.equal(next.length, 1);
          assert.doesNotMatch(next[0]!, /FROM sessions/);
        }
      }
    });

    it('unknown, revoked and expired tokens get 400 from every page, and no page', async () => {
      const revoked = await fresh();
      await server.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', [
        hashToken(revoked.Token),
      ]);
      const expired = await fresh();
      // The server's clock (a test clock) is the one sessions expire by.
      await server.db.query(`UPDATE sessions SET expires_at = $2 WHERE token_hash = $1`, [
        hashToken(expired.Token),
        new Date(server.clock.now().getTime() - 1_000),
      ]);
      const unknown = 'x'.repeat(43);
      for (const token of [revoked.Token, expired.Token, unknown]) {
        for (const route of pages) {
          assertError(await get(route, token), 401, 400);
          // Still refused: nothing of it was kept.
          assertError(await get(route, token), 401, 400);
        }
      }
      // A malformed token is refused before any statement.
      assert.deepEqual(
        await ran(async () => assertError(await get('/v1/income/list', 'short'), 401, 400)),
        [],
      );
    });

    it('a session that expires while kept is refused once its cache entry ends', async () => {
      const login = await fresh();
      okData(await get('/v1/team/summary', login.Token));
      await server.db.query(`UPDATE sessions SET expires_at = $2 WHERE token_hash = $1`, [
        hashToken(login.Token),
        new Date(server.clock.now().getTime() + 1_000),
      ]);
      // The cached entry still says it expires later; a minute on, the cache lets it go.
      server.clock.advance(60_000);
      assertError(await get('/v1/team/summary', login.Token), 401, 400);
    });
  });
}
