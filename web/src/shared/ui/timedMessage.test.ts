import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import { notifications, notify, NOTIFY_MS } from './notify';
import { createTimedMessages } from './timedMessage';
import { toast, toasts, TOAST_MS } from './toast';

beforeEach(() => mock.timers.enable({ apis: ['setTimeout'] }));
afterEach(() => mock.timers.reset());

test('spec §9: a toast lasts 2000 ms, a notify banner 3000 ms', () => {
  assert.equal(TOAST_MS, 2000);
  assert.equal(NOTIFY_MS, 3000);

  toast('Copied');
  notify({ text: 'New notification: Maintenance' });
  assert.equal(toasts.store.get()?.value, 'Copied');
  assert.equal(notifications.store.get()?.value.text, 'New notification: Maintenance');

  mock.timers.tick(1999);
  assert.equal(toasts.store.get()?.value, 'Copied', 'the toast is still there at 1999 ms');
  mock.timers.tick(1);
  assert.equal(toasts.store.get(), null, 'the toast is gone at 2000 ms');
  assert.ok(notifications.store.get(), 'the banner outlives the toast');

  mock.timers.tick(999);
  assert.ok(notifications.store.get(), 'the banner is still there at 2999 ms');
  mock.timers.tick(1);
  assert.equal(notifications.store.get(), null, 'the banner is gone at 3000 ms');
});

test('a new message replaces the old one and gets its full lifetime', () => {
  const slot = createTimedMessages<string>(2000);
  slot.show('first');
  mock.timers.tick(1500);
  slot.show('second');
  mock.timers.tick(1500);
  assert.equal(slot.store.get()?.value, 'second', "the first one's timer does not end the second");
  mock.timers.tick(500);
  assert.equal(slot.store.get(), null);
});

test('dismissing takes only that message away', () => {
  const slot = createTimedMessages<string>(3000);
  const first = slot.show('first');
  const second = slot.show('second');
  slot.dismiss(first);
  assert.equal(slot.store.get()?.value, 'second', 'an older id leaves the newer message');
  slot.dismiss(second);
  assert.equal(slot.store.get(), null);
});

test('the lifetime counts from when the message reaches the screen', () => {
  const slot = createTimedMessages<string>(2000);
  const id = slot.show('late');
  mock.timers.tick(300); // a busy page renders it 300 ms after show
  slot.onScreen(id);
  mock.timers.tick(1999);
  assert.equal(slot.store.get()?.value, 'late', 'still there 1999 ms after it was on screen');
  mock.timers.tick(1);
  assert.equal(slot.store.get(), null);
  slot.onScreen(id); // a stale id starts nothing
  assert.equal(slot.store.get(), null);
});
