import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import {
  ASYNC_PAGE_DELAY_MS,
  ASYNC_PAGE_TIMEOUT_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  LoadTimeoutError,
  withTimeout,
} from './chunks';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

/** Settles the microtasks queued so far (promise callbacks after a timer fired). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

test('spec §8/§9: async page delay 200 ms and timeout 60000 ms; other chunks 120 s', () => {
  assert.equal(ASYNC_PAGE_DELAY_MS, 200);
  assert.equal(ASYNC_PAGE_TIMEOUT_MS, 60_000);
  assert.equal(CHUNK_LOAD_TIMEOUT_MS, 120_000);
});

test('a page that never loads fails at 60000 ms, not before', async () => {
  const seen = { outcome: 'pending' as unknown };
  withTimeout(new Promise(() => {}), ASYNC_PAGE_TIMEOUT_MS).catch((e: unknown) => {
    seen.outcome = e;
  });
  mock.timers.tick(ASYNC_PAGE_TIMEOUT_MS - 1);
  await flush();
  assert.equal(String(seen.outcome), 'pending');
  mock.timers.tick(1);
  await flush();
  assert.ok(seen.outcome instanceof LoadTimeoutError);
});

test('a page that loads in time is unaffected, and a failed load keeps its own error', async () => {
  assert.equal(await withTimeout(Promise.resolve('page'), ASYNC_PAGE_TIMEOUT_MS), 'page');
  const offline = new TypeError('Failed to fetch dynamically imported module');
  await assert.rejects(withTimeout(Promise.reject(offline), ASYNC_PAGE_TIMEOUT_MS), offline);
});
