import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Address } from 'viem';
import { usdcRefusal, type UsdcParties } from './usdcRefusal';

const user = '0x1111111111111111111111111111111111111111' as Address;
const parties: UsdcParties = {
  token: '0x2222222222222222222222222222222222222222',
  contract: '0x3333333333333333333333333333333333333333',
};

/** A token whose issuer state is `state`; `undefined` fields are functions the token lacks. */
function token(state: { paused?: boolean; frozen?: Address[] }) {
  return {
    async readContract({
      functionName,
      args,
    }: {
      functionName: string;
      args?: readonly unknown[];
    }) {
      if (functionName === 'paused') {
        if (state.paused === undefined) throw new Error('execution reverted');
        return state.paused;
      }
      if (state.frozen === undefined) throw new Error('execution reverted');
      return state.frozen.includes(args?.[0] as Address);
    },
  } as never;
}

test('a paused USDC is named as the reason, before any freeze', async () => {
  assert.equal(
    await usdcRefusal(token({ paused: true, frozen: [user] }), parties, user),
    'tx.usdc.paused',
  );
});

test("the user's frozen address and the contract's are told apart", async () => {
  assert.equal(
    await usdcRefusal(token({ paused: false, frozen: [user] }), parties, user),
    'tx.usdc.frozenYou',
  );
  assert.equal(
    await usdcRefusal(token({ paused: false, frozen: [parties.contract] }), parties, user),
    'tx.usdc.frozenContract',
  );
});

test('no refusal when the issuer allows it, or when the token cannot say (Binance-Peg USDC)', async () => {
  assert.equal(await usdcRefusal(token({ paused: false, frozen: [] }), parties, user), undefined);
  assert.equal(await usdcRefusal(token({}), parties, user), undefined);
});
