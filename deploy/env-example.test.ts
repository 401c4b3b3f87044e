/**
 * deploy/env.example lists every variable the server, the indexer and the nginx template read, so
 * an operator never has to read the source to find one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { repoDir } from './topology/services.ts';

const read = (file: string) => fs.readFileSync(path.join(repoDir, file), 'utf8');

it('env.example lists every environment variable that is read', () => {
  const listed = new Set(
    [...read('deploy/env.example').matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!),
  );
  const config = read('server/src/config.ts');
  const used = new Set([
    ...[...config.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!),
    ...[...config.matchAll(/int\('([A-Z][A-Z0-9_]+)'\)/g)].map((m) => m[1]!),
    ...[...read('deploy/render.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]!),
  ]);
  // RPC_URL_<chainId> is one variable per chain.
  used.delete('RPC_URL_');
  for (const chain of ['RPC_URL_1', 'RPC_URL_56']) used.add(chain);
  const unlisted = [...used].filter((name) => !listed.has(name));
  assert.ok(used.size > 25, `found the variables (${used.size})`);
  assert.deepEqual(unlisted, []);
});
