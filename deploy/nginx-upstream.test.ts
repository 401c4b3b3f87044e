/**
 * The nginx upstream settings the topology (deploy/topology.test.ts) relies on, checked on the
 * template itself: the topology test would catch their loss only now and then, as a 502 under load.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { IDLE_CONNECTION_TIMEOUT_MS } from '../server/src/http/app.ts';
import { repoDir } from './topology/services.ts';

const template = fs.readFileSync(path.join(repoDir, 'deploy/nginx.conf.template'), 'utf8');
/** The body of the `upstream api { … }` block. */
const upstream = /upstream api \{([\s\S]*?)\n {2}\}/.exec(template)?.[1] ?? '';

it('the upstream keepalive_timeout is shorter than the API’s idle connection timeout', () => {
  // Else nginx may send a request on a connection the instance is closing: reset, and the
  // instance is taken out for fail_timeout.
  const seconds = /^\s*keepalive_timeout (\d+)s;/m.exec(upstream)?.[1];
  assert.ok(seconds, 'the upstream block sets keepalive_timeout (nginx’s default is 60 s)');
  assert.ok(
    Number(seconds) * 1000 + 1000 <= IDLE_CONNECTION_TIMEOUT_MS,
    `nginx ${seconds} s vs API ${IDLE_CONNECTION_TIMEOUT_MS} ms`,
  );
});

it('the upstream state is shared by nginx’s workers (zone)', () => {
  // Without it each worker keeps its own idea of which instance is down: one that has not yet seen
  // a restarted instance answer still skips it, and answers 502 while the other one drains.
  assert.match(upstream, /^\s*zone api \d+k;/m);
});
