import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { openApiDocument } from '../http/openapi-file.ts';
import { assertMatchesSchema } from '../testing/response-check.ts';
import { apiRoutes } from './index.ts';

type Operation = {
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};

describe('api-schema', () => {
  it('defines every /v1 route the server registers, and the document gives each its shapes', async () => {
    const doc = (await openApiDocument()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const documented: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/v1/') || path === '/v1/openapi.json') continue;
      for (const [method, op] of Object.entries(ops)) {
        const key = `${method.toUpperCase()} ${path}`;
        documented.push(key);
        const ok = op.responses['200']!.content!['application/json']!.schema;
        assert.deepEqual(ok.required, ['code', 'msg', 'data'], key);
        const errors = Object.keys(op.responses).filter((s) => s !== '200');
        assert.ok(errors.some((s) => s.startsWith('4')) && errors.includes('500'), key);
        for (const status of errors) {
          const schema = op.responses[status]!.content!['application/json']!.schema;
          const downShapes: Record<string, string> = {
            'GET /v1/health': 'HealthDown',
            'GET /v1/health/ready': 'ReadinessDown',
          };
          const expected = (status === '503' && downShapes[key]) || 'ErrorEnvelope';
          assert.equal(schema.$ref, `#/components/schemas/${expected}`, `${key} ${status}`);
        }
        assert.ok(Array.isArray(op.security), `${key} declares its security`);
      }
    }
    assert.deepEqual(documented.sort(), Object.keys(apiRoutes).sort());
  });

  it('serves the committed document (server/openapi.json): an API change is a visible diff', async () => {
    // Compared in the served key order, so a change of order is caught too; the committed file is
    // prettier's layout of the same JSON. After a deliberate API change:
    // `npm run openapi -w server -- openapi.json && npx prettier --write server/openapi.json`.
    const committed: unknown = JSON.parse(
      readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'),
    );
    assert.equal(
      JSON.stringify(await openApiDocument(), null, 2),
      JSON.stringify(committed, null, 2),
    );
  });

  it('catches a response that drifted from its schema', () => {
    const indexed = { block: '12', blockTime: '2026-01-01T00:00:00.000Z' };
    const data = {
      days: [{ day: '2026-01-01', reward: '0', usdc: '5' }],
      indexed,
    };
    assertMatchesSchema('GET', '/v1/income/daily?days=1', 200, { code: 0, msg: 'ok', data });
    assert.throws(() =>
      assertMatchesSchema('GET', '/v1/income/daily', 200, {
        code: 0,
        msg: 'ok',
        data: { ...data, indexed: { ...indexed, block: 12 } },
      }),
    );
    assert.throws(() =>
      assertMatchesSchema('GET', '/v1/income/daily', 200, {
        code: 0,
        msg: 'ok',
        data: { days: data.days },
      }),
    );
    // The error envelope: a known code, a message, no data.
    assertMatchesSchema('GET', '/v1/income/daily', 401, { code: 400, msg: 'expired', data: null });
    assert.throws(() =>
      assertMatchesSchema('GET', '/v1/income/daily', 401, { code: 400, msg: 'x', data: {} }),
    );
    assert.throws(() =>
      assertMatchesSchema('GET', '/v1/income/daily', 400, { code: 42, msg: 'x', data: null }),
    );
  });
});
