import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { fieldAmount, maxChoice } from './amountField';

describe('an amount field with Max (issue 24 §1)', () => {
  test('Ethereum (6-decimal USDC): Max shows cents, rounded down, and stands for every unit', () => {
    const balance = parseUnits('1000.123456', 6);
    const max = maxChoice(balance, 6, 'usdc');
    assert.equal(max.text, '1000.12');
    assert.equal(fieldAmount(max.text, 6, max), balance);
  });

  test('BSC (18-decimal USDC): the same, never more than the balance', () => {
    const balance = parseUnits('999.999999999999999999', 18);
    const max = maxChoice(balance, 18, 'usdc');
    assert.equal(max.text, '999.99');
    assert.equal(fieldAmount(max.text, 18, max), balance);
    assert.ok(parseUnits(max.text, 18) <= balance);
  });

  test('the coin keeps 4 significant digits', () => {
    const earned = parseUnits('0.000750202546295996', 18);
    const max = maxChoice(earned, 18, 'reward');
    assert.equal(max.text, '0.0007502');
    assert.equal(fieldAmount(max.text, 18, max), earned);
  });

  test('once the text differs from what Max put there, the field stands for the text', () => {
    const max = maxChoice(parseUnits('1000.123456', 6), 6, 'usdc');
    assert.equal(fieldAmount('1000.1', 6, max), parseUnits('1000.1', 6));
    assert.equal(fieldAmount('', 6, max), undefined);
    assert.equal(fieldAmount('150', 6, undefined), parseUnits('150', 6));
  });
});
