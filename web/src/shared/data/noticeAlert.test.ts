import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newNoticeCount, noticeTarget } from './noticeAlert';

const a = '0xaaaa';
const b = '0xbbbb';

test('the first reading after sign-in is the starting point, not news', () => {
  assert.equal(newNoticeCount(null, { address: a, count: 3 }), 0);
});

test('a rise of the unread count is the number of notices that arrived', () => {
  assert.equal(newNoticeCount({ address: a, count: 3 }, { address: a, count: 4 }), 1);
  assert.equal(newNoticeCount({ address: a, count: 0 }, { address: a, count: 2 }), 2);
});

test('no change or a fall (read elsewhere) is no news', () => {
  assert.equal(newNoticeCount({ address: a, count: 2 }, { address: a, count: 2 }), 0);
  assert.equal(newNoticeCount({ address: a, count: 2 }, { address: a, count: 0 }), 0);
});

test('another account is a new starting point', () => {
  assert.equal(newNoticeCount({ address: a, count: 0 }, { address: b, count: 5 }), 0);
});

test('another network is a new starting point: its count holds other chain notices', () => {
  assert.equal(
    newNoticeCount({ address: a, chainId: 56, count: 1 }, { address: a, chainId: 1, count: 3 }),
    0,
  );
  assert.equal(
    newNoticeCount({ address: a, chainId: 1, count: 1 }, { address: a, chainId: 1, count: 2 }),
    1,
  );
});

test('one new notice opens itself; several open the list', () => {
  assert.equal(noticeTarget(1, 17), '/pages/notice/details?id=17');
  assert.equal(noticeTarget(2, 17), '/pages/notice/notice');
  assert.equal(noticeTarget(1, undefined), '/pages/notice/notice');
});
