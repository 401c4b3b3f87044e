import assert from 'node:assert/strict';
import { test } from 'node:test';
import { walletLinkOf } from './walletLinkState';

const session = { userAddress: '0xAbC0000000000000000000000000000000000001' };

test('no session: none, whatever the wallet says', () => {
  assert.equal(
    walletLinkOf({ session: null, status: 'connected', address: '0x1', answered: true }),
    'none',
  );
});

test('connected with the session address (any letter case): connected', () => {
  assert.equal(
    walletLinkOf({
      session,
      status: 'connected',
      address: session.userAddress.toLowerCase(),
      answered: false,
    }),
    'connected',
  );
});

test('before the wallet has answered, or while a reconnect runs: checking, never the address', () => {
  assert.equal(
    walletLinkOf({ session, status: 'disconnected', address: undefined, answered: false }),
    'checking',
  );
  assert.equal(
    walletLinkOf({ session, status: 'reconnecting', address: undefined, answered: true }),
    'checking',
  );
});

test('a session whose wallet answered that it is not connected: lost', () => {
  assert.equal(
    walletLinkOf({ session, status: 'disconnected', address: undefined, answered: true }),
    'lost',
  );
  // Another account in the wallet is not this session's connection either.
  assert.equal(
    walletLinkOf({
      session,
      status: 'connected',
      address: '0x0000000000000000000000000000000000000002',
      answered: true,
    }),
    'lost',
  );
});
