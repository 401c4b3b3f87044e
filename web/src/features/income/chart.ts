import type { IncomeDay, TokenKind } from '../../shared/data/types';

export interface Bar {
  day: string;
  /** Base units of the chosen token that day. */
  value: bigint;
  /** Height as a share of the tallest day, 0..1 (0 for a day without income). */
  ratio: number;
}

/**
 * One bar per day for one token (the two tokens are charted apart, never added). Heights are
 * computed in bigint against the largest day, so 18-decimal amounts keep their proportions.
 */
export function chartBars(days: readonly IncomeDay[], token: TokenKind): Bar[] {
  const values = days.map((d) => {
    const text = token === 'usdc' ? d.usdc : d.reward;
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
  });
  const max = values.reduce((m, v) => (v > m ? v : m), 0n);
  return days.map((d, i) => {
    const value = values[i] ?? 0n;
    // Parts per million of the maximum: exact enough for a bar, and within Number's range.
    const ratio = max > 0n ? Number((value * 1_000_000n) / max) / 1_000_000 : 0;
    return { day: d.day, value, ratio };
  });
}
