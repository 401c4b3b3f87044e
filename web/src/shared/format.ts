/** Spec §9: 4 characters, ellipsis, 4 characters. */
export function shortAddress(address: string | null | undefined): string {
  return shortHex(address);
}

/** A transaction hash the same way (4...4): hashes are not addresses, so they have their own name. */
export function shortHash(hash: string | null | undefined): string {
  return shortHex(hash);
}

function shortHex(value: string | null | undefined): string {
  if (!value) return '';
  if (value.length <= 8) return value;
  return `${value.slice(0, 4)}...${value.slice(-4)}`;
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
  // Integer arithmetic: a basis-point count has at most two decimals as a percent.
  const cents = Math.round(bps);
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100)
    .toString()
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${cents < 0 && whole === 0 ? '-' : ''}${whole}${rest ? `.${rest}` : ''}`;
}
