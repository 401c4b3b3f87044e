/** Operator output: exact amounts with their token, times in UTC, simple aligned tables. */
import { formatUnits } from 'viem';
import { dailyShareOf, type CoinPrice } from '@app/contracts/rates';

export interface TokenInfo {
  address: `0x${string}`;
  symbol: string;
  decimals: number;
}

/** Exact: every base unit shown (trailing zeros trimmed), so the figure can be typed back in. */
export function amount(value: bigint, token: TokenInfo): string {
  return `${formatUnits(value, token.decimals)} ${token.symbol}`;
}

/** Rounded down to `places` decimals, for derived figures marked with ≈. */
export function approx(value: bigint, decimals: number, places = 2): string {
  if (decimals <= places) return formatUnits(value, decimals);
  const step = 10n ** BigInt(decimals - places);
  return formatUnits((value / step) * step, decimals);
}

/** USDC base units a reward-coin amount is worth at `price` (rounded down). */
export function usdcValue(rewardAmount: bigint, price: CoinPrice): bigint {
  return (rewardAmount * price.usdcReserve) / price.rewardReserve;
}

/** USDC base units of one whole reward coin at `price`. */
export function coinPrice(price: CoinPrice, reward: TokenInfo): bigint {
  return usdcValue(10n ** BigInt(reward.decimals), price);
}

/** A plan rate's daily value yield, e.g. "0.5%" (to 6 decimals of a percent, rounded half up). */
export function dailyPercent(dailyRate: bigint, price: CoinPrice): string {
  const tenMillionths = dailyShareOf(dailyRate, price, 10n ** 9n);
  return `${formatUnits((tenMillionths + 5n) / 10n, 6)}%`;
}

export function isoTime(unixSeconds: bigint | number): string {
  return new Date(Number(unixSeconds) * 1000).toISOString().replace('.000Z', 'Z');
}

/** "1d 2h 3m" for a positive number of seconds. */
export function duration(seconds: bigint): string {
  let s = seconds < 0n ? -seconds : seconds;
  const d = s / 86_400n;
  s %= 86_400n;
  const h = s / 3_600n;
  s %= 3_600n;
  const m = s / 60n;
  const parts = [d ? `${d}d` : '', h ? `${h}h` : '', m ? `${m}m` : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : `${s % 60n}s`;
}

/** Label/value lines with the values aligned. */
export function fields(rows: readonly (readonly [string, string])[], indent = '  '): string {
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `${indent}${label.padEnd(width)}  ${value}`).join('\n');
}

/** A table with a header row, columns padded to their widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** JSON with bigints as decimal strings (base units), for --json output. */
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2);
}
