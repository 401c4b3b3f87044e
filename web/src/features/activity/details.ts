import type { ActivityItem } from '../../shared/data/types';

/**
 * What an activity row says besides its amount, as translation keys with values: the server's
 * `detail` is read defensively (a field of the wrong type is left out, never guessed).
 */
export interface DetailLine {
  key: string;
  values: Record<string, string | number>;
  /** Values that are addresses (shortened for display, full in the tooltip). */
  address?: string;
  /** A time (milliseconds) the page formats in the reader's locale as the `date` value. */
  dateMs?: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && /^\d+$/.test(v)
      ? Number(v)
      : undefined;

export function activityDetails(item: ActivityItem): DetailLine[] {
  const d = item.detail ?? {};
  const lines: DetailLine[] = [];
  switch (item.type) {
    case 'bind': {
      const superior = str(d.superior);
      if (superior) lines.push({ key: 'activity.detail.superior', values: {}, address: superior });
      break;
    }
    case 'stake': {
      const position = num(d.positionId);
      const plan = num(d.planId);
      if (position !== undefined)
        lines.push({ key: 'activity.detail.position', values: { id: position } });
      // The plan as the user chose it, by its term: a stake ends exactly termDays × 1 day after the
      // block it landed in. The plan number only when the term cannot be told.
      const days = termDaysOf(item);
      if (days !== undefined) lines.push({ key: 'activity.detail.term', values: { days } });
      else if (plan !== undefined)
        lines.push({ key: 'activity.detail.plan', values: { id: plan } });
      break;
    }
    case 'release': {
      const position = num(d.positionId);
      if (position !== undefined)
        lines.push({ key: 'activity.detail.position', values: { id: position } });
      if (d.early === true) lines.push({ key: 'activity.detail.early', values: {} });
      if (d.paid === true) lines.push({ key: 'activity.detail.paid', values: {} });
      if (d.paid === false) lines.push({ key: 'activity.detail.toBalance', values: {} });
      break;
    }
    case 'membership': {
      const membership = str(d.membership);
      if (membership === 'node' || membership === 'founder')
        lines.push({
          key: d.upgrade === true ? 'activity.detail.upgrade' : `activity.detail.${membership}`,
          values: {},
        });
      // The price is owed to the treasury until `payTreasury` sends it, to the treasury of that day
      // (not necessarily `d.treasury`, the one at purchase). A free upgrade owes nothing.
      if (item.amount === null || item.amount === '0') break;
      const paidTo = str(d.treasuryPaidTo);
      const paidAt = str(d.treasuryPaidAt) ? Date.parse(str(d.treasuryPaidAt)!) : NaN;
      if (paidTo && !Number.isNaN(paidAt))
        lines.push({
          key: 'activity.detail.treasuryPaid',
          values: {},
          address: paidTo,
          dateMs: paidAt,
        });
      else lines.push({ key: 'activity.detail.treasuryOwed', values: {} });
      break;
    }
    case 'grant': {
      const source = str(d.source);
      if (source === 'activity' || source === 'promotion')
        lines.push({ key: `activity.detail.grant.${source}`, values: {} });
      break;
    }
    default:
      break;
  }
  return lines;
}

/** The end time of a stake (ISO text or unix seconds), in milliseconds; undefined if absent. */
export function stakeEndMs(item: ActivityItem): number | undefined {
  if (item.type !== 'stake') return undefined;
  const end = item.detail?.endTime;
  if (typeof end === 'string' && !/^\d+$/.test(end)) {
    const ms = Date.parse(end);
    return Number.isNaN(ms) ? undefined : ms;
  }
  const seconds = num(end);
  return seconds === undefined ? undefined : seconds * 1000;
}

/** A stake's term in whole days (its end minus its block time), or undefined if not whole. */
export function termDaysOf(item: ActivityItem): number | undefined {
  const end = stakeEndMs(item);
  const start = Date.parse(item.time);
  if (end === undefined || Number.isNaN(start)) return undefined;
  const days = (end - start) / 86_400_000;
  return Number.isInteger(days) && days > 0 ? days : undefined;
}
