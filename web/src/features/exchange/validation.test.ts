import assert from 'node:assert/strict';
import { test } from 'node:test';
import { feeRule, freeExchangesLeft, validateExchangeAmount } from './validation';

const coin = 10n ** 18n;

test('the exchange quantity is required', () => {
  for (const amount of [undefined, 0n])
    assert.deepEqual(validateExchangeAmount(amount, coin), {
      ok: false,
      errorKey: 'exchange.errors.quantityRequired',
    });
});

test('the exchange quantity must not exceed the exchangeable balance', () => {
  assert.deepEqual(validateExchangeAmount(coin + 1n, coin), {
    ok: false,
    errorKey: 'exchange.errors.exceedsBalance',
  });
  assert.deepEqual(validateExchangeAmount(coin, coin), { ok: true, amount: coin });
  assert.deepEqual(validateExchangeAmount(coin / 4n, coin), { ok: true, amount: coin / 4n });
});

test('free exchanges left never go below zero', () => {
  assert.equal(freeExchangesLeft(5n, 0n), 5n);
  assert.equal(freeExchangesLeft(5n, 3n), 2n);
  assert.equal(freeExchangesLeft(5n, 5n), 0n);
  assert.equal(freeExchangesLeft(5n, 9n), 0n);
});

test('the fee rule follows the contract: free exchanges, then level, then the current fee', () => {
  const base = { freeExchanges: 5n, feeFreeLevel: 5n, feeBps: 1500n, level: 0n };
  assert.equal(feeRule({ ...base, exchangeCount: 4n }), 'freeExchange');
  assert.equal(feeRule({ ...base, exchangeCount: 5n }), 'fee');
  assert.equal(feeRule({ ...base, exchangeCount: 5n, level: 5n }), 'level');
  assert.equal(feeRule({ ...base, exchangeCount: 5n, level: 4n, feeBps: 0n }), 'zeroFee');
});
