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

it('sourcing env.example as the runbook does runs nothing and sets each value as written', async () => {
  // docs/OPERATIONS.md: `set -a; . /etc/honest-stake/env; set +a`. An unquoted value with a space
  // (APP_NAME=Honest Stake) would run `Stake` with APP_NAME=Honest in its environment.
  const { spawnSync } = await import('node:child_process');
  const file = path.join(repoDir, 'deploy/env.example');
  const shell = spawnSync('sh', ['-c', `set -a; . "$0"; set +a; env -0`, file], {
    env: { PATH: process.env.PATH },
    encoding: 'utf8',
  });
  assert.equal(shell.stderr, '', 'sourcing wrote to stderr (a command ran or failed)');
  assert.equal(shell.status, 0);
  const sourced = new Map(
    shell.stdout
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)] as const),
  );
  assert.equal(sourced.get('APP_NAME'), 'Honest Stake');
  // Every variable set in the file has the value a reader sees, quotes removed.
  for (const m of read('deploy/env.example').matchAll(/^([A-Z][A-Z0-9_]+)=(.*)$/gm)) {
    const written = m[2]!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
    assert.equal(sourced.get(m[1]!), written, m[1]);
  }
});
