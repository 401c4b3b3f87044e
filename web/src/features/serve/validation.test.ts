import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAmountText } from '../../shared/amount';
import { checkStakeAmount, outsideReferralTree, stakeAddressProblem, stakeMax } from './validation';

/** The checks on the field's text, as the form applies them to what is typed. */
const validateStakeAmount = (text: string, decimals: number, balance: bigint, min: bigint) =>
  checkStakeAmount(parseAmountText(text, decimals), balance, min);

const usdc6 = (whole: bigint) => whole * 10n ** 6n;

test('empty amount is required', () => {
  assert.deepEqual(validateStakeAmount('', 6, usdc6(1000n), usdc6(100n)), {
    ok: false,
    errorKey: 'serve.errors.amountRequired',
  });
  assert.deepEqual(validateStakeAmount('.', 6, usdc6(1000n), usdc6(100n)), {
    ok: false,
    errorKey: 'serve.errors.amountRequired',
  });
});

test('the contract minimum or less is rejected: a stake must be greater than it', () => {
  for (const text of ['0', '1', '100', '100.000000'])
    assert.deepEqual(validateStakeAmount(text, 6, usdc6(1000n), usdc6(100n)), {
      ok: false,
      errorKey: 'serve.errors.minAmount',
    });
  assert.deepEqual(validateStakeAmount('100.000001', 6, usdc6(1000n), usdc6(100n)), {
    ok: true,
    amount: 100_000_001n,
  });
});

test('more than the balance is rejected; exactly the balance is fine (18 decimals too)', () => {
  assert.deepEqual(validateStakeAmount('1000.000001', 6, usdc6(1000n), usdc6(100n)), {
    ok: false,
    errorKey: 'serve.errors.exceedsBalance',
  });
  assert.deepEqual(validateStakeAmount('1000', 6, usdc6(1000n), usdc6(100n)), {
    ok: true,
    amount: usdc6(1000n),
  });
  assert.deepEqual(validateStakeAmount('150.5', 18, 200n * 10n ** 18n, 100n * 10n ** 18n), {
    ok: true,
    amount: 1505n * 10n ** 17n,
  });
});

test('an empty or zero authorization (staking) or transfer (USDC) address stops the stake', () => {
  const staking = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const usdc = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
  assert.equal(stakeAddressProblem({ staking, usdc }), null);
  for (const empty of [undefined, null, '', '0x', '0x0000000000000000000000000000000000000000']) {
    assert.equal(stakeAddressProblem({ staking: empty, usdc }), 'toast.authAddressEmpty');
    assert.equal(stakeAddressProblem({ staking, usdc: empty }), 'toast.transferAddressEmpty');
  }
  assert.equal(stakeAddressProblem({}), 'toast.authAddressEmpty', 'the spender is checked first');
});

test("Max: the wallet's balance, or the plan's room left when smaller (both networks)", () => {
  const plan = (cap: bigint, totalStaked: bigint) => ({ cap, totalStaked });
  assert.equal(stakeMax(usdc6(1000n), undefined), usdc6(1000n));
  assert.equal(stakeMax(usdc6(1000n), plan(usdc6(100_000n), usdc6(10n))), usdc6(1000n));
  assert.equal(stakeMax(usdc6(1000n), plan(usdc6(250n), usdc6(101n))), usdc6(149n));
  const usdc18 = (whole: bigint) => whole * 10n ** 18n;
  assert.equal(stakeMax(usdc18(1000n), plan(usdc18(250n), usdc18(101n))), usdc18(149n));
  // A full (or over-full) plan leaves no room.
  assert.equal(stakeMax(usdc6(1000n), plan(usdc6(250n), usdc6(250n))), 0n);
});

test('the checks on an exact amount: an exact balance above the minimum passes', () => {
  // Max on 100.004 USDC shows "100" (not above the minimum) but stakes all 100.004.
  assert.deepEqual(checkStakeAmount(100_004_000n, 100_004_000n, usdc6(100n)), {
    ok: true,
    amount: 100_004_000n,
  });
  assert.deepEqual(checkStakeAmount(undefined, usdc6(1000n), usdc6(100n)), {
    ok: false,
    errorKey: 'serve.errors.amountRequired',
  });
});

const TREE_ROOT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TREE_USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

test('a stake needs an inviter first only from someone outside the referral tree', () => {
  assert.equal(outsideReferralTree(false, TREE_USER, TREE_ROOT), true);
  assert.equal(outsideReferralTree(true, TREE_USER, TREE_ROOT), false);
  // The founding address has no upline and stakes as it is, in any letter case.
  assert.equal(outsideReferralTree(false, TREE_ROOT.toLowerCase(), TREE_ROOT), false);
});
