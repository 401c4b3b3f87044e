/**
 * Operator input in human units → the exact integers the contract takes. Amounts are decimal
 * strings checked against the token's real `decimals()` (more decimal places than the token has is
 * an error, never rounded); nothing here guesses a unit.
 */
import { getAddress, isAddress, type Address } from 'viem';
import type { Share } from '@app/contracts/rates';
import { UsageError } from './errors.ts';

/** A non-negative decimal number as typed, before the token's decimals are known. */
export interface Decimal {
  text: string;
  whole: string;
  fraction: string;
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/;

/** Syntax of a decimal amount (no sign, no exponent, no separators). */
export function parseDecimal(text: string, what: string): Decimal {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw new UsageError(`${what} must not be negative: '${text}'`);
  const m = decimalPattern.exec(trimmed);
  if (!m) throw new UsageError(`${what} must be a decimal number like 100 or 0.25: '${text}'`);
  return { text: trimmed, whole: m[1]!, fraction: m[2] ?? '' };
}

/** The decimal in base units of a token with `decimals`; too many decimal places is an error. */
export function toBaseUnits(
  value: Decimal,
  decimals: number,
  what: string,
  { allowZero = false }: { allowZero?: boolean } = {},
): bigint {
  const fraction = value.fraction.replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw new UsageError(
      `${what} has more decimal places than the token's ${decimals}: '${value.text}'`,
    );
  }
  const units = BigInt(value.whole + fraction.padEnd(decimals, '0'));
  if (units === 0n && !allowZero) throw new UsageError(`${what} must be greater than 0`);
  return units;
}

/** An amount in whole tokens (e.g. "100.5") in base units. */
export function parseAmount(text: string, decimals: number, what: string): bigint {
  return toBaseUnits(parseDecimal(text, what), decimals, what);
}

/** A percentage ("0.5" or "0.5%") as an exact fraction of 1, greater than 0. */
export function parsePercent(text: string, what: string): Share {
  const share = percentShare(text, what);
  if (share.numerator === 0n) throw new UsageError(`${what} must be greater than 0`);
  return share;
}

function percentShare(text: string, what: string): Share {
  const value = parseDecimal(text.trim().replace(/%$/, ''), what);
  const fraction = value.fraction.replace(/0+$/, '');
  if (fraction.length > 12) throw new UsageError(`${what}: at most 12 decimal places`);
  return {
    numerator: BigInt(value.whole + fraction),
    denominator: 100n * 10n ** BigInt(fraction.length),
  };
}

/** Basis points: "150" (bps) or "1.5%" (percent; must be a whole number of bps). */
export function parseBps(text: string, what: string): bigint {
  const trimmed = text.trim();
  if (trimmed.endsWith('%')) {
    const share = percentShare(trimmed, what);
    const bps = (share.numerator * 10_000n) / share.denominator;
    if ((share.numerator * 10_000n) % share.denominator !== 0n) {
      throw new UsageError(`${what} must be a whole number of basis points (0.01%): '${text}'`);
    }
    return bps;
  }
  return parseCount(trimmed, what);
}

/** A whole number ≥ 0 (a count, an id, days). */
export function parseCount(text: string, what: string): bigint {
  const trimmed = text.trim();
  if (trimmed.startsWith('-')) throw new UsageError(`${what} must not be negative: '${text}'`);
  if (!/^\d+$/.test(trimmed)) throw new UsageError(`${what} must be a whole number: '${text}'`);
  return BigInt(trimmed);
}

/**
 * An address: 0x and 40 hex digits; mixed case must be a valid EIP-55 checksum (a typo then shows
 * up instead of sending to a wrong address). The zero address is refused.
 */
export function parseAddress(text: string, what: string): Address {
  const trimmed = text.trim();
  if (!isAddress(trimmed, { strict: true })) {
    throw new UsageError(
      `${what} is not an address (0x and 40 hex digits, valid checksum): '${text}'`,
    );
  }
  if (/^0x0{40}$/i.test(trimmed)) throw new UsageError(`${what} must not be the zero address`);
  return getAddress(trimmed);
}

const isoPattern =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;
const relativePattern = /^\+(\d+)([dhm])$/;
const unitSeconds = { d: 86_400n, h: 3_600n, m: 60n } as const;

/**
 * A moment as unix seconds: `now` (the chain's latest block time), an ISO date (UTC midnight) or
 * date-time with a zone (Z or ±hh:mm; a time without a zone is ambiguous and refused), or a time
 * after `base` such as +30d, +12h, +90m.
 */
export function parseTime(
  text: string,
  what: string,
  { now, base }: { now: bigint; base?: bigint },
): bigint {
  const trimmed = text.trim();
  if (trimmed === 'now') return now;
  const rel = relativePattern.exec(trimmed);
  if (rel) return (base ?? now) + BigInt(rel[1]!) * unitSeconds[rel[2] as keyof typeof unitSeconds];
  if (!isoPattern.test(trimmed)) {
    throw new UsageError(
      `${what} must be 'now', a date like 2030-01-31, a date-time with a zone like 2030-01-31T12:00Z, or +30d / +12h: '${text}'`,
    );
  }
  // Date.parse rolls 2030-02-31 over into March: check the calendar fields first.
  const [y, mo, d, h = 0, mi = 0, sec = 0] = (trimmed.match(/\d+/g) ?? []).map(Number);
  const daysInMonth = new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
  const ms = Date.parse(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed);
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > daysInMonth || h > 23 || mi > 59 || sec > 59) {
    throw new UsageError(`${what} is not a valid date: '${text}'`);
  }
  if (Number.isNaN(ms)) throw new UsageError(`${what} is not a valid date: '${text}'`);
  return BigInt(Math.floor(ms / 1000));
}
