import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseInvitation } from './invitationParam';

test('parseInvitation takes an address (checksummed) or an invite code (upper-cased)', () => {
  assert.deepEqual(parseInvitation('0x70997970c51812dc3a010c7d01b50e0d17dc79c8'), {
    kind: 'address',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  });
  assert.deepEqual(parseInvitation('ab12cd34'), { kind: 'code', code: 'AB12CD34' });
  assert.deepEqual(parseInvitation(' AB12CD34 '), { kind: 'code', code: 'AB12CD34' });
});

test('parseInvitation ignores what is neither', () => {
  for (const bad of [
    null,
    undefined,
    '',
    'abc',
    'x'.repeat(33),
    'AB-12',
    // An address with a broken checksum is neither an address nor a code.
    '0x70997970C51812dc3A010C7d01b50e0d17dc79c8',
    '<b>hi</b>',
  ])
    assert.equal(parseInvitation(bad), undefined, String(bad));
});
