/**
 * The one rule for writing a token amount (issue 19 §1). Everything is computed on bigint base
 * units, so no binary-float artefact (0.1 + 0.2) can appear, and the text depends on the value and
 * the token, never on the token's decimals: 22.5 USDC reads "22.50" whether it arrives as 22500000
 * (6 decimals, ETH) or 22499999999999991000 (18 decimals, BSC, after the pool's rounding).
 *
 * - USDC (a dollar): cents. 1,000 → "1,000"; 22.499999999991 → "22.50"; below one dollar four
 *   significant digits (0.001234 → "0.001234"), never more than 6 decimals.
 * - The reward coin (priced in dollars, e.g. WETH): 4 decimals from 1 up (1,999.99752308 →
 *   "1,999.9975"), four significant digits below 1 (0.007499999999997 → "0.0075"), at most 8
 *   decimals; trailing zeros dropped.
 * - Rounded half up at the shown digit (so 4.998 USDC reads "5", not a truncated "4.99"); a
 *   non-zero amount too small for the shown digits reads "< 0.000001" (never a misleading "0").
 * - Grouped and punctuated the way the language writes numbers (Intl.NumberFormat on the exact
 *   decimal string). The exact value is `fullAmount` (shown on tap and copied by `<Amount>`).
 *
 * This module and `ui/Amount.tsx` are the only places allowed to format an amount
 * (eslint.config.js, the `amount-format` rule).
 */
import { formatUnits } from 'viem';

export type AmountToken = 'usdc' | 'reward';

const SIGNIFICANT_BELOW_ONE = 4;
const rules: Record<AmountToken, { fromOne: number; maxFraction: number; padCents: boolean }> = {
  usdc: { fromOne: 2, maxFraction: 6, padCents: true },
  reward: { fromOne: 4, maxFraction: 8, padCents: false },
};

function localeNumber(plain: string, fractionDigits: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(plain as unknown as number);
  } catch {
    return plain;
  }
}

/** `units` (non-negative) as a decimal string with exactly `fraction` digits after the point. */
function decimalText(units: bigint, fraction: number): string {
  if (fraction === 0) return units.toString();
  const digits = units.toString().padStart(fraction + 1, '0');
  return `${digits.slice(0, -fraction)}.${digits.slice(-fraction)}`;
}

/** The amount as people should read it (see the module comment). */
export function displayAmount(
  value: bigint,
  decimals: number,
  token: AmountToken,
  locale = 'en',
): string {
  const negative = value < 0n;
  const size = negative ? -value : value;
  if (size === 0n) return localeNumber('0', 0, locale);
  const rule = rules[token];
  const fraction = fractionDigits(size, decimals, token);
  const step = 10n ** BigInt(decimals - fraction);
  const rounded = (size + step / 2n) / step;
  if (rounded === 0n) {
    const smallest = localeNumber(decimalText(1n, rule.maxFraction), rule.maxFraction, locale);
    return `< ${smallest}`;
  }
  // Trailing zeros go, except a dollar amount with cents keeps two digits ("22.50", "1,000").
  let text = decimalText(rounded, fraction);
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  let shownFraction = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  if (rule.padCents && shownFraction > 0 && shownFraction < 2) shownFraction = 2;
  const formatted = localeNumber(text, shownFraction, locale);
  return negative ? `-${formatted}` : formatted;
}

/** How many decimals the rounded text of a (non-negative) amount shows. */
function fractionDigits(size: bigint, decimals: number, token: AmountToken): number {
  const rule = rules[token];
  if (size >= 10n ** BigInt(decimals)) return Math.min(rule.fromOne, decimals);
  const leadingZeros = decimals - size.toString().length;
  return Math.min(leadingZeros + SIGNIFICANT_BELOW_ONE, rule.maxFraction, decimals);
}

/**
 * What Max puts in an amount input (issue 24 §1): the balance with the digits `displayAmount`
 * shows, as a plain decimal the input accepts ("0.00075", not "0.000750202546295996" cut off by
 * the field). Rounded down, so it never reads more than the balance; a balance too small for those
 * digits keeps every decimal. The form exchanges the exact balance while this text is untouched.
 */
export function toReadableInput(value: bigint, decimals: number, token: AmountToken): string {
  if (value <= 0n) return toInputAmount(value, decimals);
  const step = 10n ** BigInt(decimals - fractionDigits(value, decimals, token));
  const rounded = (value / step) * step;
  return rounded === 0n ? toInputAmount(value, decimals) : toInputAmount(rounded, decimals);
}

/** The exact amount: every significant decimal, grouped the language's way (shown on tap). */
export function fullAmount(value: bigint, decimals: number, locale = 'en'): string {
  const plain = toInputAmount(value, decimals);
  const fraction = plain.includes('.') ? plain.length - plain.indexOf('.') - 1 : 0;
  return localeNumber(plain, Math.min(fraction, 20), locale);
}

/** Plain decimal string of an amount (for filling an input or copying), no separators. */
export function toInputAmount(value: bigint, decimals: number): string {
  const text = formatUnits(value, decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A whole count (positions, members, blocks) grouped the language's way. */
export function displayCount(value: bigint | number, locale = 'en'): string {
  return localeNumber(value.toString(), 0, locale);
}

/** `displayCount` bound to a language (for a page with several counts). */
export const countFormat = (locale: string) => ({
  format: (value: bigint | number) => displayCount(value, locale),
});
