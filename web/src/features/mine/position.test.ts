import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PositionView } from '../serve';
import { nextRelease } from './position';

const position = (id: number, endTime: number, withdrawn = false): PositionView => ({
  id,
  planId: 0,
  termDays: 30,
  amount: BigInt(id) * 1_000_000n,
  startTime: 0,
  endTime,
  withdrawn,
});

test('nextRelease: the earliest end among positions still running', () => {
  const rows = [position(1, 500), position(2, 300), position(3, 900)];
  assert.equal(nextRelease(rows, 100)?.id, 2);
});

test('nextRelease skips finished and withdrawn positions, and is undefined without any', () => {
  const rows = [position(1, 50), position(2, 300, true), position(3, 900)];
  assert.equal(nextRelease(rows, 100)?.id, 3);
  assert.equal(nextRelease([position(1, 50)], 100), undefined);
  assert.equal(nextRelease([], 100), undefined);
});
