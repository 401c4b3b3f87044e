import { parseUnits } from 'viem';

/**
 * The amount an input's text stands for, in base units of a token with `decimals`, or undefined
 * when the text is empty or not a plain decimal number. The input already refuses more fraction
 * digits than the token has (ui/AmountInput); this is the one parser behind every form's checks.
 */
export function parseAmountText(text: string, decimals: number): bigint | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === '.') return undefined;
  if (!/^\d*(\.\d*)?$/.test(trimmed)) return undefined;
  const fraction = trimmed.split('.')[1] ?? '';
  if (fraction.length > decimals) return undefined;
  try {
    return parseUnits(trimmed, decimals);
  } catch {
    return undefined;
  }
}

/** `amount` minus `toleranceBps` basis points, rounded down (the least a guarded trade accepts). */
export function minusTolerance(amount: bigint, toleranceBps: number): bigint {
  if (!Number.isInteger(toleranceBps) || toleranceBps < 0 || toleranceBps > 10_000)
    throw new RangeError(`tolerance ${toleranceBps} bps out of range`);
  return (amount * BigInt(10_000 - toleranceBps)) / 10_000n;
}
