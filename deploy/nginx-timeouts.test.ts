/**
 * nginx, not the API instance, must close idle upstream connections: otherwise a request sent on a
 * connection the instance is closing is reset and nginx takes the instance out for fail_timeout —
 * with the other instance draining, users get 502 (seen in the topology test before this rule).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { IDLE_CONNECTION_TIMEOUT_MS } from '../server/src/http/app.ts';
import { repoDir } from './topology/services.ts';

it('the upstream keepalive_timeout is shorter than the API’s idle connection timeout', () => {
  const template = fs.readFileSync(path.join(repoDir, 'deploy/nginx.conf.template'), 'utf8');
  const upstream = /upstream api \{([\s\S]*?)\n {2}\}/.exec(template)?.[1] ?? '';
  const seconds = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1];
  assert.ok(seconds, 'the upstream block sets keepalive_timeout (nginx’s default is 60 s)');
  assert.ok(
    Number(seconds) * 1000 + 1000 <= IDLE_CONNECTION_TIMEOUT_MS,
    `nginx ${seconds} s vs API ${IDLE_CONNECTION_TIMEOUT_MS} ms`,
  );
});
