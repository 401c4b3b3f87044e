/**
 * Spec §9 relative time: under 5 minutes 'just now', then minutes, hours, days (under 30 days),
 * then months and years, in the UI language (Intl.RelativeTimeFormat). Pure: the caller passes
 * the current time and the translated 'just now'.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(
  thenMs: number,
  nowMs: number,
  locale: string,
  justNow: string,
): string {
  const diff = nowMs - thenMs;
  const abs = Math.abs(diff);
  if (abs < 5 * MINUTE) return justNow;
  const sign = diff >= 0 ? -1 : 1;
  let format: Intl.RelativeTimeFormat;
  try {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  } catch {
    format = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  }
  const at = (value: number, unit: Intl.RelativeTimeFormatUnit) =>
    format.format(sign * Math.floor(value), unit);
  if (abs < HOUR) return at(abs / MINUTE, 'minute');
  if (abs < DAY) return at(abs / HOUR, 'hour');
  if (abs < 30 * DAY) return at(abs / DAY, 'day');
  if (abs < 365 * DAY) return at(abs / (30 * DAY), 'month');
  return at(abs / (365 * DAY), 'year');
}
