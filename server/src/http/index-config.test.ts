import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import { networkList } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import type { RouteOptions } from 'fastify';
import type { AuthContext } from '../auth/login.ts';
import { parseOrigin } from '../auth/siwe.ts';
import { resolveConfig, type ServerConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import {
  assertError,
  engines,
  getJson,
  okData,
  postForm,
  signIn,
  startTestServer,
  type TestServer,
} from '../testing/harness.ts';
import { buildApp } from './app.ts';

const [admin, bob] = localAccounts.slice(1) as [
  (typeof localAccounts)[number],
  (typeof localAccounts)[number],
];

interface Section {
  source: string;
  lang: string | null;
  updatedAt: string | null;
  items: Record<string, string>[];
}
interface ConfigData {
  deployment: string;
  chains: { id: number; key: string; label: string; explorer: unknown; contracts: unknown }[];
  operatorContent: Record<'faq' | 'features' | 'partners', Section>;
}

const empty: Section = { source: 'operator', lang: null, updatedAt: null, items: [] };

/** An app on a database that has no rows (enough for routes that only read content). */
async function appWithoutDb(
  overrides: Partial<ServerConfig> = {},
  onRoute?: (r: RouteOptions) => void,
) {
  const config = resolveConfig({ port: 0, rpcUrls: {}, deployment: 'local', ...overrides });
  const db: Db = {
    engine: 'pglite',
    query: async () => ({ rows: [], rowCount: 0 }),
    exec: async () => {},
    transaction: () => Promise.reject(new Error('no database')),
    tryAdvisoryLock: async () => null,
    close: async () => {},
  };
  const auth: AuthContext = { db, config, origin: parseOrigin('http://127.0.0.1') };
  return buildApp(config, db, auth, { onRoute });
}

for (const engine of engines()) {
  describe(`config and operator content (${engine})`, () => {
    let server: TestServer;
    let adminToken: string;
    let bobToken: string;
    const config = async (lang?: string) =>
      okData(await getJson<ConfigData>(server.url, '/v1/index/config', lang ? { Lang: lang } : {}));
    const put = (fields: Record<string, string>, token = adminToken) =>
      postForm<{ key: string; langs: string[]; updatedAt: string }>(
        server.url,
        '/v1/admin/content',
        fields,
        { Token: token },
      );
    const contentRows = async () =>
      (await server.db.query('SELECT key, texts, updated_at FROM operator_content ORDER BY key'))
        .rows;

    before(async () => {
      server = await startTestServer(engine, { adminAddresses: [admin.address.toLowerCase()] });
      adminToken = (await signIn(server.url, admin)).Token;
      bobToken = (await signIn(server.url, bob)).Token;
    });
    after(() => server.stop());

    it('lists the chains and the generated contract addresses; no operator content yet', async () => {
      const data = await config();
      assert.equal(data.deployment, 'local');
      assert.deepEqual(
        data.chains,
        networkList.map((n) => ({
          id: n.chainId,
          key: n.key,
          label: n.label,
          explorer: n.explorer,
          contracts: deployments.local[n.chainId] ?? null,
        })),
      );
      assert.deepEqual(data.operatorContent, { faq: empty, features: empty, partners: empty });
    });

    it('stores operator content per language and serves the Lang one, else en, labelled operator', async () => {
      const faqEn = [{ question: 'Is my stake safe?', answer: 'It stays in the open contract.' }];
      const faqJa = [
        { question: 'ステークは安全ですか？', answer: 'オープンなコントラクトに残ります。' },
      ];
      const saved = okData(
        await put({ key: 'faq', en: JSON.stringify(faqEn), ja: JSON.stringify(faqJa) }),
      );
      assert.deepEqual(saved.langs.sort(), ['en', 'ja']);
      assert.equal(saved.updatedAt, server.clock.now().toISOString());
      okData(
        await put({
          key: 'partners',
          en: JSON.stringify([
            { name: 'Example Labs', url: 'https://example.org' },
            { name: 'No Link' },
          ]),
        }),
      );

      const ja = await config('ja');
      assert.deepEqual(ja.operatorContent.faq, {
        source: 'operator',
        lang: 'ja',
        updatedAt: saved.updatedAt,
        items: faqJa,
      });
      assert.deepEqual(ja.operatorContent.partners.lang, 'en');
      assert.deepEqual(ja.operatorContent.partners.items, [
        { name: 'Example Labs', url: 'https://example.org' },
        { name: 'No Link' },
      ]);
      assert.deepEqual(ja.operatorContent.features, empty);
      const es = await config('es');
      assert.deepEqual([es.operatorContent.faq.lang, es.operatorContent.faq.items], ['en', faqEn]);

      // Replacing drops the old languages; an empty list is the empty state again.
      okData(await put({ key: 'faq', en: '[]' }));
      const cleared = (await config('ja')).operatorContent.faq;
      assert.deepEqual([cleared.lang, cleared.items, cleared.source], ['en', [], 'operator']);
    });

    it('refuses bad content with 1001, non-admins with 1008, and changes nothing', async () => {
      const before = await contentRows();
      const item = { title: 'Audited', body: 'Open source' };
      const cases: [Record<string, string>, string][] = [
        [{ key: 'features', en: 'not json' }, 'en'],
        [{ key: 'features', en: JSON.stringify(item) }, 'en'],
        [{ key: 'features', en: JSON.stringify([{ ...item, extra: 1 }]) }, 'en'],
        [{ key: 'features', en: JSON.stringify([{ title: 'No body' }]) }, 'en'],
        [{ key: 'features', en: JSON.stringify([{ title: 1, body: 'x' }]) }, 'en'],
        [{ key: 'features', en: JSON.stringify(Array(51).fill(item)) }, 'en'],
        [{ key: 'features', en: JSON.stringify([item]), ja: '[{}]' }, 'ja'],
        [
          { key: 'partners', en: JSON.stringify([{ name: 'X', url: 'javascript:alert(1)' }]) },
          'en',
        ],
        [{ key: 'features', ja: JSON.stringify([item]) }, 'en'],
        [{ key: 'hack', en: '[]' }, 'key'],
        [{ key: "faq'; DROP TABLE operator_content; --", en: '[]' }, 'key'],
        [{ en: '[]' }, 'key'],
        [{ key: 'features', en: 'x'.repeat(20_001) }, 'en'],
      ];
      for (const [fields, field] of cases) {
        const res = await put(fields);
        assertError(res, 400, 1001);
        assert.match(res.body.msg, new RegExp(`${field}$`), JSON.stringify(fields).slice(0, 80));
      }
      const forbidden = await put({ key: 'features', en: JSON.stringify([item]) }, bobToken);
      assertError(forbidden, 403, 1008);
      assertError(
        await postForm(server.url, '/v1/admin/content', { key: 'faq', en: '[]' }),
        401,
        400,
      );
      assert.deepEqual(await contentRows(), before);
    });
  });
}

describe('config of a deployment without contracts', () => {
  it('gives null contracts, not invented addresses', async () => {
    const app = await appWithoutDb({ deployment: 'production' });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/index/config' });
      const data = (res.json() as { data: ConfigData }).data;
      assert.equal(data.deployment, 'production');
      for (const chain of data.chains) {
        assert.equal(chain.contracts, deployments.production[chain.id as 1 | 56] ?? null);
      }
      assert.deepEqual(data.operatorContent.faq, empty);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI document', () => {
  it('describes exactly the registered routes, from their schemas', async () => {
    const registered = new Set<string>();
    const app = await appWithoutDb({}, (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const m of methods) if (m !== 'HEAD') registered.add(`${m} ${route.url}`);
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
      assert.equal(res.statusCode, 200);
      const doc = res.json() as {
        openapi: string;
        paths: Record<string, Record<string, Record<string, unknown>>>;
      };
      assert.equal(doc.openapi, '3.1.0');
      const documented = new Set<string>();
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const method of Object.keys(ops)) {
          const url = path.replace(/\{(\w+)\}/g, ':$1');
          documented.add(`${method.toUpperCase()} ${url}`);
          assert.ok(
            app.hasRoute({ method: method.toUpperCase() as 'GET', url }),
            `${method} ${path}`,
          );
        }
      }
      assert.deepEqual([...documented].sort(), [...registered].sort());
      for (const expected of [
        'POST /v1/user/getcode',
        'POST /v1/user/metamasklogin',
        'POST /v1/index/register',
        'GET /v1/user/info',
        'POST /v1/user/logout',
        'GET /v1/health',
        'POST /rpc/:chainId',
        'GET /v1/notice/list',
        'GET /v1/notice/details',
        'GET /v1/notice/unread',
        'POST /v1/notice/read',
        'POST /v1/admin/notice',
        'POST /v1/admin/notice/delete',
        'POST /v1/admin/content',
        'GET /v1/index/config',
        'GET /v1/openapi.json',
      ]) {
        assert.ok(documented.has(expected), expected);
      }

      // Built from the validation schemas.
      const listOp = doc.paths['/v1/notice/list']!.get!;
      const params = listOp.parameters as {
        name: string;
        in: string;
        schema: { pattern?: string };
      }[];
      assert.deepEqual(
        params.map((p) => `${p.in}:${p.name}`),
        // `chain` (issue 24 §3): optional, leaves out the other network's chain notices.
        ['query:page', 'query:limit', 'query:chain', 'header:Lang'],
      );
      assert.ok(params[1]!.schema.pattern);
      // The Token header is a security scheme: optional here, required on the user's own pages.
      assert.deepEqual(listOp.security, [{}, { Token: [] }]);
      assert.deepEqual(doc.paths['/v1/notice/unread']!.get!.security, [{ Token: [] }]);
      assert.deepEqual(doc.paths['/v1/index/config']!.get!.security, []);
      const body = (
        doc.paths['/v1/user/getcode']!.post!.requestBody as {
          content: Record<string, { schema: { required: string[] } }>;
        }
      ).content['application/x-www-form-urlencoded']!.schema;
      assert.deepEqual(body.required, ['address']);
      // Mark read: `chain` (issue 24 §3) is optional, as for the list; old clients send none.
      const readBody = (
        doc.paths['/v1/notice/read']!.post!.requestBody as {
          content: Record<
            string,
            { schema: { properties: Record<string, unknown>; required?: string[] } }
          >;
        }
      ).content['application/x-www-form-urlencoded']!.schema;
      assert.deepEqual(Object.keys(readBody.properties), ['id', 'all', 'chain']);
      assert.deepEqual(readBody.required ?? [], []);
      const rpc = doc.paths['/rpc/{chainId}']!.post!;
      assert.deepEqual(
        (rpc.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`),
        ['path:chainId'],
      );
      assert.ok(
        Object.hasOwn((rpc.requestBody as { content: object }).content, 'application/json'),
      );
    } finally {
      await app.close();
    }
  });
});
