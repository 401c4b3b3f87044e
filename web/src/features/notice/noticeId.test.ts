import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseNoticeId } from './noticeId';

test('parseNoticeId takes the server range of ids and nothing else', () => {
  assert.equal(parseNoticeId('1'), 1);
  assert.equal(parseNoticeId('2147483647'), 2_147_483_647);
  for (const bad of [null, '', '0', '-1', '01', '1.5', '2147483648', '1e3', ' 1', 'abc'])
    assert.equal(parseNoticeId(bad), undefined, String(bad));
});
