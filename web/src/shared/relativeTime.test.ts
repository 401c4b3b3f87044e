import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relativeTime } from './relativeTime';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);
const min = 60_000;
const ago = (ms: number, locale = 'en') => relativeTime(now - ms, now, locale, 'just now');

test("under 5 minutes is 'just now'", () => {
  assert.equal(ago(0), 'just now');
  assert.equal(ago(4 * min + 59_000), 'just now');
  assert.equal(relativeTime(now + 2 * min, now, 'en', 'just now'), 'just now');
});

test('then minutes, hours, days under 30 days, then months and years', () => {
  assert.equal(ago(5 * min), '5 minutes ago');
  assert.equal(ago(59 * min), '59 minutes ago');
  assert.equal(ago(60 * min), '1 hour ago');
  assert.equal(ago(23 * 60 * min + 59 * min), '23 hours ago');
  assert.equal(ago(24 * 60 * min), '1 day ago');
  assert.equal(ago(29 * 24 * 60 * min), '29 days ago');
  assert.equal(ago(30 * 24 * 60 * min), '1 month ago');
  assert.equal(ago(400 * 24 * 60 * min), '1 year ago');
});

test('future times read forward', () => {
  assert.equal(relativeTime(now + 3 * 60 * min, now, 'en', 'just now'), 'in 3 hours');
});

test('in the active locale', () => {
  assert.equal(ago(2 * 60 * min, 'fr'), 'il y a 2 heures');
  assert.equal(ago(3 * 24 * 60 * min, 'ja'), '3 日前');
  assert.equal(ago(10 * min, 'zh-TW'), '10 分鐘前');
  assert.equal(ago(10 * min, 'xx-invalid-'), '10 minutes ago');
});
