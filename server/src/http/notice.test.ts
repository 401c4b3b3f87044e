import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import {
  assertError,
  engines,
  getJson,
  okData,
  postForm,
  postRaw,
  signIn,
  startTestServer,
  type TestServer,
} from '../testing/harness.ts';

const [admin, bob, carol] = localAccounts.slice(1) as [
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
];

interface Notice {
  id: number;
  kind: string;
  lang: string;
  title: string;
  body: string;
  publishedAt: string;
  read: boolean | null;
}
interface NoticePage {
  items: Notice[];
  total: number;
  page: number;
  limit: number;
}

async function noticeCount(server: TestServer) {
  const r = await server.db.query<{ n: number; reads: number }>(
    `SELECT (SELECT count(*)::int FROM notices WHERE deleted_at IS NULL) AS n,
            (SELECT count(*)::int FROM notice_reads) AS reads`,
  );
  return r.rows[0]!;
}

/** Runs `fn` and asserts it changed no notice and no read mark. */
async function unchanged(server: TestServer, fn: () => Promise<void>) {
  const before = await noticeCount(server);
  await fn();
  assert.deepEqual(await noticeCount(server), before);
}

for (const engine of engines()) {
  describe(`notices (${engine})`, () => {
    let server: TestServer;
    let adminToken: string;
    let bobToken: string;
    const post = async (fields: Record<string, string>, token = adminToken) =>
      okData(
        await postForm<{ id: number; texts: Record<string, unknown> }>(
          server.url,
          '/v1/admin/notice',
          fields,
          { Token: token },
        ),
      );
    const list = async (query = '', headers: Record<string, string> = {}) =>
      okData(await getJson<NoticePage>(server.url, `/v1/notice/list${query}`, headers));
    const unread = async (token: string) =>
      okData(await getJson<{ count: number }>(server.url, '/v1/notice/unread', { Token: token }))
        .count;

    before(async () => {
      server = await startTestServer(engine, {
        adminAddresses: [admin.address],
        writeRateLimit: { max: 10_000, timeWindowMs: 60_000 },
      });
      adminToken = (await signIn(server.url, admin)).Token;
      bobToken = (await signIn(server.url, bob)).Token;
    });
    after(() => server.stop());

    it('starts empty: no notices, nothing unread', async () => {
      assert.deepEqual(await list(), { items: [], total: 0, page: 1, limit: 20 });
      assert.deepEqual(await list('?page=3&limit=50', { Token: bobToken }), {
        items: [],
        total: 0,
        page: 3,
        limit: 50,
      });
      assert.equal(await unread(bobToken), 0);
    });

    it('refuses admin writes from a non-allowlisted address (1008) or without a session (400)', async () => {
      await unchanged(server, async () => {
        const fields = { title_en: 'Hi', body_en: 'There' };
        const forbidden = await postForm(server.url, '/v1/admin/notice', fields, {
          Token: bobToken,
          Lang: 'ja',
        });
        assertError(forbidden, 403, 1008);
        assert.equal(forbidden.body.msg, 'この操作を行う権限がありません。');
        assertError(await postForm(server.url, '/v1/admin/notice', fields), 401, 400);
        assertError(
          await postForm(server.url, '/v1/admin/notice', fields, { Token: 'x'.repeat(43) }),
          401,
          400,
        );
        assertError(
          await postForm(server.url, '/v1/admin/notice/delete', { id: '1' }, { Token: bobToken }),
          403,
          1008,
        );
      });
    });

    it('publishes a notice and serves it in the Lang language, else en', async () => {
      const created = await post({
        title_en: 'Maintenance',
        body_en: 'The pool opens at 10:00 UTC.',
        title_ja: 'メンテナンス',
        body_ja: 'プールは10:00 UTCに開きます。',
        'title_zh-TW': '維護',
        'body_zh-TW': '礦池於 UTC 10:00 開放。',
      });
      assert.deepEqual(Object.keys(created.texts).sort(), ['en', 'ja', 'zh-TW']);

      const ja = await list('', { Lang: 'ja' });
      assert.equal(ja.total, 1);
      const item = ja.items[0]!;
      assert.equal(item.id, created.id);
      assert.equal(item.kind, 'operator');
      assert.equal(item.lang, 'ja');
      assert.equal(item.title, 'メンテナンス');
      assert.equal(item.read, null); // anonymous
      assert.equal(item.publishedAt, server.clock.now().toISOString());
      assert.equal((await list('', { Lang: 'zh-tw' })).items[0]!.title, '維護');
      // No French text: English.
      const fr = (await list('', { Lang: 'fr' })).items[0]!;
      assert.deepEqual(
        [fr.lang, fr.title, fr.body],
        ['en', 'Maintenance', 'The pool opens at 10:00 UTC.'],
      );

      const details = okData(
        await getJson<Notice>(server.url, `/v1/notice/details?id=${created.id}`, { Lang: 'ar' }),
      );
      assert.deepEqual(details, { ...fr, read: null });
      const signedIn = okData(
        await getJson<Notice>(server.url, `/v1/notice/details?id=${created.id}`, {
          Token: bobToken,
          Lang: 'ja',
        }),
      );
      assert.equal(signedIn.read, false);
      assert.equal(signedIn.title, 'メンテナンス');
    });

    it('keeps read marks per user: one, all, unread count', async () => {
      server.clock.advance(1000);
      const second = await post({ title_en: 'Second', body_en: 'Two' });
      server.clock.advance(1000);
      const third = await post({ title_en: 'Third', body_en: 'Three' });
      const carolToken = (await signIn(server.url, carol)).Token;
      assert.equal(await unread(bobToken), 3);

      const read = okData(
        await postForm(
          server.url,
          '/v1/notice/read',
          { id: String(second.id) },
          { Token: bobToken },
        ),
      );
      assert.deepEqual(read, { marked: 1, unread: 2 });
      // Marking again is harmless.
      const again = okData(
        await postForm(
          server.url,
          '/v1/notice/read',
          { id: String(second.id) },
          { Token: bobToken },
        ),
      );
      assert.deepEqual(again, { marked: 0, unread: 2 });
      const page = await list('', { Token: bobToken });
      assert.deepEqual(
        page.items.map((n) => [n.id, n.read]),
        [
          [third.id, false],
          [second.id, true],
          [page.items[2]!.id, false],
        ],
      );
      // Carol's marks are her own.
      assert.equal(await unread(carolToken), 3);

      const all = okData(
        await postForm(server.url, '/v1/notice/read', { all: '1' }, { Token: bobToken }),
      );
      assert.deepEqual(all, { marked: 2, unread: 0 });
      assert.equal(await unread(bobToken), 0);
      assert.ok((await list('', { Token: bobToken })).items.every((n) => n.read === true));
      assert.equal(await unread(carolToken), 3);
    });

    it('requires a session for unread and read; an invalid token is 400 everywhere', async () => {
      assertError(await getJson(server.url, '/v1/notice/unread'), 401, 400);
      assertError(await postForm(server.url, '/v1/notice/read', { all: '1' }), 401, 400);
      // Anonymous list works; a bad token on it is still a bad token.
      assertError(await getJson(server.url, '/v1/notice/list', { Token: 'nope' }), 401, 400);
      assertError(
        await getJson(server.url, '/v1/notice/details?id=1', { Token: 'nope' }),
        401,
        400,
      );
    });

    it('paginates newest first and refuses bad page bounds with 1001', async () => {
      const all = await list('?limit=50');
      assert.equal(all.total, 3);
      const p1 = await list('?page=1&limit=2');
      const p2 = await list('?page=2&limit=2');
      const p3 = await list('?page=3&limit=2');
      assert.deepEqual(
        [...p1.items, ...p2.items].map((n) => n.id),
        all.items.map((n) => n.id),
      );
      assert.ok(all.items[0]!.publishedAt >= all.items[1]!.publishedAt);
      assert.deepEqual([p1.items.length, p2.items.length, p3.items.length], [2, 1, 0]);
      assert.equal(p3.total, 3);
      for (const query of [
        'page=0',
        'page=-1',
        'page=1.5',
        'page=abc',
        'page=9999999',
        'limit=0',
        'limit=51',
        'limit=1000000',
        'limit=-5',
        'page=1&page=2',
        "page=1' OR '1'='1",
        'limit=1;DROP TABLE notices',
      ]) {
        const res = await getJson(server.url, `/v1/notice/list?${query}`, { Lang: 'fr' });
        assertError(res, 400, 1001);
        assert.match(res.body.msg, /(page|limit)$/, query);
      }
    });

    it('refuses malformed ids with 1001 and unknown ones with 1007', async () => {
      for (const id of [
        '',
        'abc',
        '0',
        '-1',
        '1.0',
        '0x1',
        '99999999999',
        '2147483648',
        '1 OR 1=1',
        '1;DROP TABLE notices',
      ]) {
        assertError(
          await getJson(server.url, `/v1/notice/details?id=${encodeURIComponent(id)}`),
          400,
          1001,
        );
      }
      assertError(await getJson(server.url, '/v1/notice/details'), 400, 1001);
      assertError(await getJson(server.url, '/v1/notice/details?id=2147483647'), 404, 1007);
      await unchanged(server, async () => {
        const bodies: Record<string, string>[] = [
          { id: 'abc' },
          { id: '1', all: '1' },
          {},
          { all: 'yes' },
          { id: "1' --" },
        ];
        for (const body of bodies) {
          assertError(
            await postForm(server.url, '/v1/notice/read', body, { Token: bobToken }),
            400,
            1001,
          );
        }
        assertError(
          await postForm(server.url, '/v1/notice/read', { id: '999999' }, { Token: bobToken }),
          404,
          1007,
        );
      });
    });

    it('validates admin notices, keeps SQL-looking text verbatim, refuses JSON and oversized bodies', async () => {
      await unchanged(server, async () => {
        const bad: [Record<string, string>, string][] = [
          [{ body_en: 'no title' }, 'title_en'],
          [{ title_en: 'no body' }, 'body_en'],
          [{ title_en: '   ', body_en: '   ' }, 'title_en'],
          [{ title_en: 'T', body_en: 'B', title_ja: 'only a title' }, 'body_ja'],
          [{ title_en: 'x'.repeat(201), body_en: 'B' }, 'title_en'],
          [{ title_ja: 'タイトル', body_ja: '本文' }, 'title_en'],
        ];
        for (const [fields, field] of bad) {
          const res = await postForm(server.url, '/v1/admin/notice', fields, { Token: adminToken });
          assertError(res, 400, 1001);
          assert.match(res.body.msg, new RegExp(`${field}$`));
        }
        const json = await postRaw(
          server.url,
          '/v1/admin/notice',
          JSON.stringify({ title_en: 'T', body_en: 'B' }),
          'application/json',
          { Token: adminToken },
        );
        assertError(json, 415, 1005);
        const huge = new URLSearchParams({ title_en: 'T', body_en: 'x'.repeat(300 * 1024) });
        assertError(
          await postRaw(
            server.url,
            '/v1/admin/notice',
            huge.toString(),
            'application/x-www-form-urlencoded',
            {
              Token: adminToken,
            },
          ),
          413,
          1004,
        );
        // The user-facing write keeps the 16 KB API limit.
        assertError(
          await postRaw(
            server.url,
            '/v1/notice/read',
            `all=1&pad=${'x'.repeat(17 * 1024)}`,
            'application/x-www-form-urlencoded',
            {
              Token: bobToken,
            },
          ),
          413,
          1004,
        );
      });
      const sqlish = "'; DROP TABLE notices; --";
      const created = await post({ title_en: sqlish, body_en: '<script>alert(1)</script>' });
      const got = okData(await getJson<Notice>(server.url, `/v1/notice/details?id=${created.id}`));
      assert.equal(got.title, sqlish);
      assert.equal(got.body, '<script>alert(1)</script>');
    });

    it('deletes operator notices; timelock notices stay (1008)', async () => {
      const before = (await list('?limit=50')).total;
      const victim = await post({ title_en: 'Oops', body_en: 'Posted by mistake' });
      assert.equal(await unread(bobToken), 2); // the SQL-looking one and this one
      const del = okData(
        await postForm(
          server.url,
          '/v1/admin/notice/delete',
          { id: String(victim.id) },
          { Token: adminToken },
        ),
      );
      assert.deepEqual(del, { id: victim.id, deleted: true });
      assert.equal((await list('?limit=50')).total, before);
      assert.equal(await unread(bobToken), 1);
      assertError(await getJson(server.url, `/v1/notice/details?id=${victim.id}`), 404, 1007);
      assertError(
        await postForm(
          server.url,
          '/v1/notice/read',
          { id: String(victim.id) },
          { Token: bobToken },
        ),
        404,
        1007,
      );
      assertError(
        await postForm(
          server.url,
          '/v1/admin/notice/delete',
          { id: String(victim.id) },
          { Token: adminToken },
        ),
        404,
        1007,
      );
      assertError(
        await postForm(server.url, '/v1/admin/notice/delete', { id: 'x' }, { Token: adminToken }),
        400,
        1001,
      );

      const timelock = await server.db.query<{ id: number }>(
        `INSERT INTO notices (kind, texts, created_at, published_at)
         VALUES ('timelock', '{"en":{"title":"Fee change queued","body":"Applies in 48 h"}}', $1, $1)
         RETURNING id`,
        [server.clock.now()],
      );
      const id = String(timelock.rows[0]!.id);
      await unchanged(server, async () => {
        assertError(
          await postForm(server.url, '/v1/admin/notice/delete', { id }, { Token: adminToken }),
          403,
          1008,
        );
      });
      const shown = okData(
        await getJson<Notice>(server.url, `/v1/notice/details?id=${id}`, { Lang: 'ko' }),
      );
      assert.deepEqual(
        [shown.kind, shown.lang, shown.title],
        ['timelock', 'en', 'Fee change queued'],
      );
    });
  });

  describe(`write rate limits (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, {
        adminAddresses: [admin.address],
        writeRateLimit: { max: 3, timeWindowMs: 60_000 },
        trustProxy: true,
      });
    });
    after(() => server.stop());

    it('limits writes per IP and per address with 1006', async () => {
      const bobToken = (await signIn(server.url, bob)).Token;
      const carolToken = (await signIn(server.url, carol)).Token;
      const read = (token: string, ip: string) =>
        postForm(
          server.url,
          '/v1/notice/read',
          { all: '1' },
          { Token: token, 'X-Forwarded-For': ip },
        );
      for (let i = 0; i < 3; i++) okData(await read(bobToken, '10.0.0.1'));
      assertError(await read(bobToken, '10.0.0.1'), 429, 1006);
      // Another IP, same address: still limited.
      assertError(await read(bobToken, '10.0.0.2'), 429, 1006);
      // Another address on that IP: its own budget, until the IP's runs out.
      okData(await read(carolToken, '10.0.0.3'));
      okData(await read(carolToken, '10.0.0.3'));
      assertError(await read(carolToken, '10.0.0.1'), 429, 1006);
      // Reads are not writes.
      okData(await getJson(server.url, '/v1/notice/list', { 'X-Forwarded-For': '10.0.0.1' }));
      // Admin writes share the limit.
      const adminToken = (await signIn(server.url, admin)).Token;
      for (let i = 0; i < 3; i++) {
        okData(
          await postForm(
            server.url,
            '/v1/admin/notice',
            { title_en: `N${i}`, body_en: 'B' },
            { Token: adminToken, 'X-Forwarded-For': '10.0.0.9' },
          ),
        );
      }
      assertError(
        await postForm(
          server.url,
          '/v1/admin/notice',
          { title_en: 'N', body_en: 'B' },
          { Token: adminToken, 'X-Forwarded-For': '10.0.0.10' },
        ),
        429,
        1006,
      );
    });
  });
}
