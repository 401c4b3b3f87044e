import { formatUnits } from 'viem';

/** Spec §9: 4 characters, ellipsis, 4 characters. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  if (address.length <= 8) return address;
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/**
 * A token amount for display: all significant decimals up to `maxFractionDigits`, truncated (never
 * rounded up, so a balance is never shown larger than it is), grouped and punctuated the way
 * `locale` writes numbers (en: 1,234.5; fr: 1 234,5; es: 1.234,5). The digits are exact: the
 * decimal string is formatted, never a float.
 */
export function formatAmount(
  value: bigint,
  decimals: number,
  maxFractionDigits = 6,
  locale = 'en',
): string {
  const text = formatUnits(value, decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  const cut = fraction.slice(0, maxFractionDigits).replace(/0+$/, '');
  const plain = `${whole}${cut ? `.${cut}` : ''}`;
  try {
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: 0,
      maximumFractionDigits: cut.length,
    }).format(plain as unknown as number);
  } catch {
    const negative = whole.startsWith('-');
    const digits = negative ? whole.slice(1) : whole;
    const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${negative ? '-' : ''}${grouped}${cut ? `.${cut}` : ''}`;
  }
}

/** Plain decimal string of a token amount (for filling an input), no separators. */
export function toInputAmount(value: bigint, decimals: number): string {
  const text = formatUnits(value, decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Unix seconds → local date and time, in the UI language. */
export function formatDateTime(unixSeconds: number | bigint, locale: string): string {
  const ms = Number(unixSeconds) * 1000;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  } catch {
    return new Date(ms).toISOString();
  }
}

/** Basis points → percent text, e.g. 50 → "0.5". */
export function bpsToPercent(bps: number): string {
  return (bps / 100).toFixed(2).replace(/\.?0+$/, '');
}
