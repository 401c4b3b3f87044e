import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MEMBERSHIP,
  purchaseBlocker,
  purchasePrice,
  remaining,
  type MembershipParams,
} from './membership/membership';

const usdc = (whole: bigint) => whole * 10n ** 6n;
const params: MembershipParams = {
  nodePrice: usdc(1000n),
  nodeLimit: 100n,
  nodeSold: 3n,
  founderPrice: usdc(5000n),
  founderLimit: 20n,
  founderSold: 20n,
  paused: false,
};

test('an upgrade costs what the contract charges this buyer, not founder minus the node price now', () => {
  assert.equal(purchasePrice('node', params), usdc(1000n));
  assert.equal(purchasePrice('founder', params), usdc(5000n));
  // The buyer paid 800 for its node before a price rise to 1000: the contract charges 4200.
  assert.equal(purchasePrice('upgrade', params, { upgradePrice: usdc(4200n) }), usdc(4200n));
  assert.equal(purchasePrice('upgrade', params, { upgradePrice: 0n }), 0n);
  // Without the account the most it can cost is shown.
  assert.equal(purchasePrice('upgrade', params), usdc(5000n));
});

test('remaining seats never go below zero', () => {
  assert.equal(remaining(100n, 3n), 97n);
  assert.equal(remaining(20n, 20n), 0n);
  assert.equal(remaining(10n, 12n), 0n);
});

test('the blockers mirror the contract: paused, membership, sold out', () => {
  assert.equal(purchaseBlocker('node', MEMBERSHIP.none, params), null);
  assert.equal(purchaseBlocker('founder', MEMBERSHIP.none, params), 'nodes.blocked.founderSoldOut');
  assert.equal(purchaseBlocker('node', MEMBERSHIP.node, params), 'nodes.blocked.alreadyMember');
  assert.equal(purchaseBlocker('upgrade', MEMBERSHIP.none, params), 'nodes.blocked.notNode');
  assert.equal(purchaseBlocker('upgrade', MEMBERSHIP.node, params), 'nodes.blocked.founderSoldOut');
  assert.equal(purchaseBlocker('upgrade', MEMBERSHIP.node, { ...params, founderSold: 19n }), null);
  assert.equal(
    purchaseBlocker('node', MEMBERSHIP.none, { ...params, nodeSold: 100n }),
    'nodes.blocked.nodeSoldOut',
  );
  assert.equal(
    purchaseBlocker('node', MEMBERSHIP.none, { ...params, paused: true }),
    'nodes.blocked.paused',
  );
});
