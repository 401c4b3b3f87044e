import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientKey, wideClientKey } from './client-key.ts';

test('an IPv4 address is its own client', () => {
  assert.equal(clientKey('192.0.2.1'), '192.0.2.1');
  assert.notEqual(clientKey('192.0.2.1'), clientKey('192.0.2.2'));
});

test('IPv6 addresses of one /64 are one client, whatever their spelling', () => {
  const key = clientKey('2001:db8:aa:bb::1');
  assert.equal(key, '2001:db8:aa:bb::/64');
  assert.equal(clientKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'), key);
  assert.equal(clientKey('2001:0DB8:00AA:00BB:1234:5678:9abc:def0'), key);
  // The neighbouring /64 is another client.
  assert.equal(clientKey('2001:db8:aa:bc::1'), '2001:db8:aa:bc::/64');
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
});

test('an IPv4-mapped IPv6 address is the IPv4 client', () => {
  assert.equal(clientKey('::ffff:192.0.2.1'), '192.0.2.1');
  assert.equal(clientKey('::ffff:c000:0201'), '192.0.2.1');
  assert.notEqual(clientKey('::ffff:192.0.2.2'), clientKey('::ffff:192.0.2.1'));
});

test('something that is not an address is counted as itself', () => {
  assert.equal(clientKey(''), '');
  assert.equal(clientKey('unknown'), 'unknown');
});

test('the 256 /64s of a /56 share one wider key; IPv4 has none', () => {
  const wide = wideClientKey('2001:db8:aa:bb00::1');
  assert.equal(wide, '2001:db8:aa:bb00::/56');
  assert.equal(wideClientKey('2001:db8:aa:bbff:1::2'), wide);
  assert.notEqual(clientKey('2001:db8:aa:bbff::1'), clientKey('2001:db8:aa:bb00::1'));
  assert.equal(wideClientKey('2001:db8:aa:bc00::1'), '2001:db8:aa:bc00::/56');
  assert.equal(wideClientKey('192.0.2.1'), undefined);
  assert.equal(wideClientKey('::ffff:192.0.2.1'), undefined);
});
