/**
 * Income: each credit (IncomeCredited) is a row of its source, summed at index time per address,
 * per address and day, and per pool day, so the pages read sums instead of adding up credits.
 */
import { tokenOfSource } from '@app/contracts/enums';
import { add, lower, utcDay, type Reducers } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import {
  income,
  incomeDaily,
  incomeTotals,
  platformIncomeDaily,
  type IncomeRow,
} from './tables.ts';

export interface IncomeWrites {
  income: IncomeRow[];
  /** key `${address}|${source}` */
  incomeTotals: Map<string, bigint>;
  /** key `${address}|${day}|${source}` */
  incomeDaily: Map<string, bigint>;
  /** key `${day}|${source}` */
  platformDaily: Map<string, bigint>;
}

/** Income's part of the chunk's state. */
export interface IncomePart {
  w: IncomeWrites;
}

export const incomeReducers: Reducers<IncomePart> = {
  IncomeCredited(s, log, e, place) {
    const { w } = s;
    const a = log.args;
    const user = lower(a.user);
    const source = Number(a.source);
    const from = lower(a.from);
    w.income.push({
      ...place,
      address: user,
      source,
      from: from === '0x0000000000000000000000000000000000000000' ? null : from,
      token: tokenOfSource(source),
      amount: a.amount,
    });
    const day = utcDay(e.time);
    add(w.incomeTotals, `${user}|${source}`, a.amount);
    add(w.incomeDaily, `${user}|${day}|${source}`, a.amount);
    add(w.platformDaily, `${day}|${source}`, a.amount);
  },
};

/** The income credits of the chunk. */
export async function writeIncome({ insert }: ChunkWriter, w: IncomeWrites): Promise<void> {
  await insert(income, w.income);
}

/** The running sums: income per address, per address and day, per pool day. */
export async function writeIncomeSums({ upsert }: ChunkWriter, w: IncomeWrites): Promise<void> {
  // income_totals also counts the credits (the income list's total without a COUNT).
  const credits = new Map<string, number>();
  for (const r of w.income) {
    const key = `${r.address}|${r.source}`;
    credits.set(key, (credits.get(key) ?? 0) + 1);
  }
  const parts = (key: string) => key.split('|') as [string, string, string];
  const totals = [...w.incomeTotals].map(([key, amount]) => {
    const [address, source] = parts(key);
    return { address, source: Number(source), amount, credits: credits.get(key) ?? 0 };
  });
  await upsert(incomeTotals, totals, { amount: 'add', credits: 'add' });
  const daily = [...w.incomeDaily].map(([key, amount]) => {
    const [address, day, source] = parts(key);
    return { address, day, source: Number(source), amount };
  });
  await upsert(incomeDaily, daily, { amount: 'add' });
  const pool = [...w.platformDaily].map(([key, amount]) => {
    const [day, source] = parts(key);
    return { day, source: Number(source), amount };
  });
  await upsert(platformIncomeDaily, pool, { amount: 'add' });
}
