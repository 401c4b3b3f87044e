import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { debounce, THROTTLE_MS } from './useDebounced';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('spec §9: the throttle default is 500 ms', () => {
  assert.equal(THROTTLE_MS, 500);
  const calls: string[] = [];
  const typed = debounce((text: string) => calls.push(text));
  typed.call('1');
  mock.timers.tick(499);
  assert.deepEqual(calls, []);
  mock.timers.tick(1);
  assert.deepEqual(calls, ['1']);
});

test('calls within the window collapse into the last one', () => {
  const calls: string[] = [];
  const typed = debounce((text: string) => calls.push(text));
  typed.call('1');
  mock.timers.tick(300);
  typed.call('12');
  mock.timers.tick(300);
  typed.call('125');
  mock.timers.tick(499);
  assert.deepEqual(calls, [], 'still typing');
  mock.timers.tick(1);
  assert.deepEqual(calls, ['125']);
});

test('cancel drops the pending call', () => {
  const calls: number[] = [];
  const d = debounce((n: number) => calls.push(n), 100);
  d.call(1);
  d.cancel();
  mock.timers.tick(1000);
  assert.deepEqual(calls, []);
});
