import {
  encodeAbiParameters,
  keccak256,
  numberToHex,
  type Address,
  type Hex,
  type StateOverride,
} from 'viem';

/**
 * Storage positions tried for an ERC-20's allowance mapping: solc gives a contract's state
 * variables slots 0, 1, 2, … in order, and the tokens this app pays with keep `allowance` among
 * their first variables (OpenZeppelin's ERC20 at 1, Circle's FiatToken at 10). A token that keeps
 * it elsewhere (namespaced storage) simply gets no fee figure before its approval.
 */
export const ALLOWANCE_BASE_SLOTS = 16;

const slotOf = (key: Address, mappingSlot: Hex) =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'bytes32' }], [key, mappingSlot]));

/**
 * A state override that makes `token` report an allowance of exactly `amount` from `owner` to
 * `spender`, so a payment that follows an approval can be estimated before the approval is given
 * (issue 24 §2). It writes the amount at the allowance's place for every candidate mapping slot,
 * in both key orders (`allowance[owner][spender]` as solc lays it out, and the reverse): the other
 * candidates are unrelated hashes no contract reads. Exactly `amount`, not "unlimited": a token
 * that skips the allowance's update for an unlimited one would estimate less than it charges.
 * When no candidate is the token's, the payment still reverts and the form says the fee is not
 * known: never a figure for a transaction that was not simulated.
 */
export function allowanceOverride(
  token: Address,
  owner: Address,
  spender: Address,
  amount: bigint,
): StateOverride {
  const value = numberToHex(amount, { size: 32 });
  const stateDiff: { slot: Hex; value: Hex }[] = [];
  for (let base = 0; base < ALLOWANCE_BASE_SLOTS; base++) {
    const mappingSlot = numberToHex(base, { size: 32 });
    stateDiff.push({ slot: slotOf(spender, slotOf(owner, mappingSlot)), value });
    stateDiff.push({ slot: slotOf(owner, slotOf(spender, mappingSlot)), value });
  }
  return [{ address: token, stateDiff }];
}
