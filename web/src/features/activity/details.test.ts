import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ActivityItem } from '../../shared/data/types';
import { activityDetails, stakeEndMs } from './details';

const item = (
  type: ActivityItem['type'],
  detail: Record<string, unknown> | null,
): ActivityItem => ({
  id: '1-0',
  type,
  token: null,
  amount: null,
  detail,
  txHash: '0x',
  blockNumber: '1',
  time: '2026-01-01T00:00:00.000Z',
});

test('activityDetails names what each action did', () => {
  assert.deepEqual(activityDetails(item('bind', { superior: '0xabc' })), [
    { key: 'activity.detail.superior', values: {}, address: '0xabc' },
  ]);
  assert.deepEqual(
    activityDetails(item('release', { positionId: 2, early: true, paid: false })).map((l) => l.key),
    ['activity.detail.position', 'activity.detail.early', 'activity.detail.toBalance'],
  );
  assert.deepEqual(
    activityDetails(item('grant', { source: 'promotion' })).map((l) => l.key),
    ['activity.detail.grant.promotion'],
  );
});

test('a purchase is owed to the treasury until paid, then says when and to whom (not the treasury at purchase)', () => {
  const purchase = (amount: string, detail: Record<string, unknown>): ActivityItem => ({
    ...item('membership', { membership: 'node', upgrade: false, treasury: '0xold', ...detail }),
    token: 'usdc',
    amount,
  });
  assert.deepEqual(activityDetails(purchase('1000000000', {})), [
    { key: 'activity.detail.node', values: {} },
    { key: 'activity.detail.treasuryOwed', values: {} },
  ]);
  assert.deepEqual(
    activityDetails(
      purchase('1000000000', {
        treasuryPaidAt: '2026-01-02T03:04:05.000Z',
        treasuryPaidTo: '0xnew',
      }),
    ),
    [
      { key: 'activity.detail.node', values: {} },
      {
        key: 'activity.detail.treasuryPaid',
        values: {},
        address: '0xnew',
        dateMs: Date.UTC(2026, 0, 2, 3, 4, 5),
      },
    ],
  );
  // A payment time that is not a time is not guessed: still owed as far as the page can tell.
  assert.deepEqual(
    activityDetails(purchase('1', { treasuryPaidAt: 'soon', treasuryPaidTo: '0xnew' })).map(
      (l) => l.key,
    ),
    ['activity.detail.node', 'activity.detail.treasuryOwed'],
  );
  // An upgrade that cost nothing owes the treasury nothing.
  assert.deepEqual(
    activityDetails({
      ...purchase('0', {}),
      detail: { membership: 'founder', upgrade: true, treasury: '0xold' },
    }).map((l) => l.key),
    ['activity.detail.upgrade'],
  );
});

test('activityDetails leaves out fields of the wrong type instead of guessing', () => {
  assert.deepEqual(activityDetails(item('stake', { positionId: 'x', planId: null })), []);
  assert.deepEqual(activityDetails(item('grant', { source: 'lottery' })), []);
  assert.deepEqual(activityDetails(item('bind', null)), []);
});

test('stakeEndMs reads ISO text or unix seconds', () => {
  assert.equal(
    stakeEndMs(item('stake', { endTime: '2026-02-01T00:00:00.000Z' })),
    Date.UTC(2026, 1, 1),
  );
  assert.equal(stakeEndMs(item('stake', { endTime: 1_767_225_600 })), 1_767_225_600_000);
  assert.equal(stakeEndMs(item('stake', { endTime: 'soon' })), undefined);
  assert.equal(stakeEndMs(item('bind', { endTime: 1 })), undefined);
});

test('a stake shows its plan by its term (end minus block time), the plan number only as a fallback', () => {
  const stake = (endTime: unknown) =>
    activityDetails(item('stake', { positionId: 0, planId: 0, endTime }));
  assert.deepEqual(stake('2026-01-31T00:00:00.000Z'), [
    { key: 'activity.detail.position', values: { id: 0 } },
    { key: 'activity.detail.term', values: { days: 30 } },
  ]);
  // Unix seconds work too (2026-01-08 00:00 UTC).
  assert.deepEqual(stake(1767830400)[1], { key: 'activity.detail.term', values: { days: 7 } });
  // Not a whole number of days after the block: the plan number.
  assert.deepEqual(stake('2026-01-31T00:00:01.000Z')[1], {
    key: 'activity.detail.plan',
    values: { id: 0 },
  });
});
