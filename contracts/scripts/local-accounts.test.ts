/** The local accounts are anvil's own: each key derives the address anvil funds at that index. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { mnemonicToAccount } from 'viem/accounts';
import { localAccounts } from '../src/local-accounts.ts';

it('every local key is the one anvil derives from its default mnemonic', () => {
  localAccounts.forEach((account, index) => {
    const anvil = mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: index,
    });
    assert.equal(account.address, anvil.address, `account ${index}`);
  });
});
