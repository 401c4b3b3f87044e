import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseUnits } from 'viem';
import { languages } from '../i18n/languages';
import { displayAmount, fullAmount, toInputAmount, toReadableInput } from './displayAmount';

const usdc6 = (text: string) => parseUnits(text, 6);
const usdc18 = (text: string) => parseUnits(text, 18);
const coin = (text: string) => parseUnits(text, 18);

describe('displayAmount: the one rule for amounts (issue 19 §1)', () => {
  test('the amounts of the issue read calmly', () => {
    assert.equal(displayAmount(coin('0.007499999999997'), 18, 'reward'), '0.0075');
    assert.equal(displayAmount(coin('0.007499999999999999'), 18, 'reward'), '0.0075');
    assert.equal(displayAmount(usdc18('22.499999999991'), 18, 'usdc'), '22.50');
    assert.equal(displayAmount(coin('1999.99752308072916667'), 18, 'reward'), '1,999.9975');
    assert.equal(displayAmount(usdc6('4.998'), 6, 'usdc'), '5');
  });

  test('the same value gives the same text on a 6- and an 18-decimal USDC', () => {
    for (const text of ['0', '1', '22.5', '1000', '0.000001', '0.5', '1234567.891234', '4.998']) {
      assert.equal(
        displayAmount(usdc6(text), 6, 'usdc'),
        displayAmount(usdc18(text), 18, 'usdc'),
        text,
      );
    }
    // The pool's rounding on BSC leaves dust below a cent: it does not show.
    assert.equal(displayAmount(usdc18('22.499999999991'), 18, 'usdc'), '22.50');
    assert.equal(displayAmount(usdc6('22.5'), 6, 'usdc'), '22.50');
  });

  test('dollars show cents, or none when whole', () => {
    assert.equal(displayAmount(usdc6('1000'), 6, 'usdc'), '1,000');
    assert.equal(displayAmount(usdc6('1000.1'), 6, 'usdc'), '1,000.10');
    assert.equal(displayAmount(usdc6('0.5'), 6, 'usdc'), '0.50');
    assert.equal(displayAmount(usdc6('1.004'), 6, 'usdc'), '1');
    assert.equal(displayAmount(usdc6('1.005'), 6, 'usdc'), '1.01');
  });

  test('below one: four significant digits; tiny amounts never read "0"', () => {
    assert.equal(displayAmount(usdc6('0.001234'), 6, 'usdc'), '0.001234');
    assert.equal(displayAmount(usdc6('0.000001'), 6, 'usdc'), '0.000001');
    assert.equal(displayAmount(usdc18('0.000000000001'), 18, 'usdc'), '< 0.000001');
    assert.equal(displayAmount(coin('0.12345678'), 18, 'reward'), '0.1235');
    assert.equal(displayAmount(coin('0.00000001'), 18, 'reward'), '0.00000001');
    assert.equal(displayAmount(1n, 18, 'reward'), '< 0.00000001');
    assert.equal(displayAmount(coin('0.99999'), 18, 'reward'), '1');
  });

  test('huge amounts keep every whole digit, grouped, no exponent', () => {
    assert.equal(displayAmount(10n ** 36n, 18, 'reward'), '1,000,000,000,000,000,000');
    assert.equal(displayAmount(usdc6('123456789012345.678'), 6, 'usdc'), '123,456,789,012,345.68');
    assert.equal(displayAmount(-usdc6('1.5'), 6, 'usdc'), '-1.50');
  });

  test('every interface language: its own separators, the same digits', () => {
    const value = coin('1234.56789');
    for (const { code } of languages) {
      const text = displayAmount(value, 18, 'reward', code);
      const expected = new Intl.NumberFormat(code, {
        minimumFractionDigits: 4,
        maximumFractionDigits: 4,
      }).format(1234.5679);
      assert.equal(text, expected, code);
      assert.doesNotMatch(text, /e|E|NaN|undefined/, code);
      const tiny = displayAmount(1n, 18, 'reward', code);
      assert.match(tiny, /^< /, code);
      assert.equal(
        displayAmount(usdc6('22.5'), 6, 'usdc', code),
        displayAmount(usdc18('22.499999999999'), 18, 'usdc', code),
        code,
      );
    }
    assert.equal(displayAmount(coin('1234.56789'), 18, 'reward', 'fr'), '1\u202f234,5679');
    assert.equal(displayAmount(usdc6('1234.5'), 6, 'usdc', 'es'), '1234,50');
    assert.equal(displayAmount(usdc6('12345.5'), 6, 'usdc', 'vi'), '12.345,50');
  });

  test('the exact value (tap) keeps every decimal', () => {
    assert.equal(fullAmount(coin('1999.99752308072916667'), 18), '1,999.99752308072916667');
    assert.equal(fullAmount(1n, 18), '0.000000000000000001');
    assert.equal(fullAmount(usdc6('1000'), 6, 'fr'), '1\u202f000');
    assert.equal(toInputAmount(usdc18('22.5'), 18), '22.5');
  });
});

describe('toReadableInput: what Max puts in an amount field (issue 24 §1)', () => {
  test("the issue's balance fills the field with the digits the page shows, rounded down", () => {
    assert.equal(toReadableInput(coin('0.000750202546295996'), 18, 'reward'), '0.0007502');
    assert.equal(toReadableInput(coin('1999.99752308'), 18, 'reward'), '1999.9975');
    assert.equal(toReadableInput(usdc18('2.243854137676271697'), 18, 'usdc'), '2.24');
    assert.equal(toReadableInput(usdc6('2.243854'), 6, 'usdc'), '2.24');
  });

  test('never more than the balance, never an empty field', () => {
    assert.equal(toReadableInput(usdc6('4.999999'), 6, 'usdc'), '4.99');
    assert.equal(
      toReadableInput(coin('0.000000000000000123'), 18, 'reward'),
      '0.000000000000000123',
    );
    assert.equal(toReadableInput(usdc6('150'), 6, 'usdc'), '150');
    assert.equal(toReadableInput(0n, 18, 'reward'), '0');
  });
});
