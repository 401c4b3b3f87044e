import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeState } from './timelockState';

test('a timelocked change is queued before its eta, executable for the grace, then expired', () => {
  const eta = 1_000_000;
  const grace = 7 * 86_400;
  assert.equal(changeState(eta, grace, eta - 1), 'queued');
  assert.equal(changeState(eta, grace, eta), 'executable');
  assert.equal(changeState(eta, grace, eta + grace), 'executable');
  // Staking.executeParam reverts with ChangeExpired past eta + TIMELOCK_GRACE: never "applies from".
  assert.equal(changeState(eta, grace, eta + grace + 1), 'expired');
});
