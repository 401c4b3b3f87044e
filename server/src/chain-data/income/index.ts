/** Income: credits per source, their running sums, and the income pages. */
export {
  income,
  incomeDaily,
  incomeTotals,
  platformIncomeDaily,
  type IncomeRow,
} from './tables.ts';
export {
  incomeReducers,
  writeIncome,
  writeIncomeSums,
  type IncomePart,
  type IncomeWrites,
} from './reducer.ts';
export {
  incomeByDay,
  incomeListRead,
  parseSums,
  platformColumn,
  sumsColumn,
  type SumRow,
} from './reads.ts';
export { incomeRoutes } from './pages.ts';
