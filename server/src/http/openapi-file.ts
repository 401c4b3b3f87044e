/**
 * `npm run openapi -w server -- out.json`: writes the OpenAPI document the server serves at
 * /v1/openapi.json, without a database or chain (the document depends on the routes only), so
 * `npm test` can lint it with Redocly.
 */
import { writeFileSync } from 'node:fs';
import { parseOrigin } from '../auth/siwe.ts';
import { resolveConfig } from '../config.ts';
import type { Db } from '../db/db.ts';
import { buildApp } from './app.ts';

/** The document of a local deployment's app, as the running server serves it. */
export async function openApiDocument(): Promise<unknown> {
  const config = resolveConfig({ port: 0, rpcUrls: {}, deployment: 'local' });
  const db: Db = {
    engine: 'pglite',
    query: () => Promise.reject(new Error('no database')),
    exec: () => Promise.reject(new Error('no database')),
    transaction: () => Promise.reject(new Error('no database')),
    tryAdvisoryLock: async () => null,
    close: async () => {},
  };
  const app = await buildApp(config, db, { db, config, origin: parseOrigin('http://127.0.0.1') });
  try {
    return (await app.inject({ url: '/v1/openapi.json' })).json();
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? 'openapi.json';
  writeFileSync(out, JSON.stringify(await openApiDocument(), null, 2) + '\n');
  console.log(`wrote ${out}`);
}
