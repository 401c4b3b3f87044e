import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  announceUserDataChanged,
  onUserDataChangedElsewhere,
  parseUserDataChange,
  type UserDataChange,
} from './userDataSync';

const change = { chainId: 56, account: '0x00000000000000000000000000000000000000a1' };

test('a change sent by another tab is read back; anything else is ignored', () => {
  assert.deepEqual(parseUserDataChange(change), change);
  assert.deepEqual(parseUserDataChange(JSON.stringify({ ...change, at: 1 })), change);
  assert.equal(parseUserDataChange('not json'), null);
  assert.equal(parseUserDataChange({ chainId: '56', account: change.account }), null);
  assert.equal(parseUserDataChange(null), null);
});

test('another tab hears the change over BroadcastChannel; the sending tab does not', async () => {
  // Node has BroadcastChannel: a second channel of the same name stands for the other tab.
  const otherTab = new BroadcastChannel('honest-stake:user-data-changed');
  const heardThere = new Promise<unknown>((resolve) => {
    otherTab.onmessage = (event) => resolve((event as MessageEvent).data);
  });
  const heardHere: UserDataChange[] = [];
  const stop = onUserDataChangedElsewhere((c) => heardHere.push(c));
  announceUserDataChanged(change);
  assert.deepEqual(await heardThere, change);
  stop();
  otherTab.close();
  assert.deepEqual(heardHere, [], 'a tab does not refresh twice on its own message');
});
