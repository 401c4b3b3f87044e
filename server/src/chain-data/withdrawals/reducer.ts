/**
 * Withdrawals: USDC (Withdrawn) and reward coin (RewardCoinWithdrawn) leave as withdrawals, and
 * show in the activity record; a paid principal release is one too (written by positions).
 */
import { addRecordTotals, type LedgerPart } from '../ledger/index.ts';
import { lower, type Place, type Reducer, type Reducers, type Token } from '../shared/reduce.ts';
import type { ChunkWriter } from '../shared/write.ts';
import { withdrawals, type WithdrawalRow } from './tables.ts';

/** The withdrawals' part of the chunk's state. */
export interface WithdrawalsPart {
  w: { withdrawals: WithdrawalRow[] };
}

type State = WithdrawalsPart & LedgerPart;

const withdrawal = (
  s: State,
  log: Parameters<Reducer<State, 'Withdrawn' | 'RewardCoinWithdrawn'>>[1],
  _e: unknown,
  place: Place,
) => {
  const { w } = s;
  const user = lower(log.args.user);
  const usdc = log.eventName === 'Withdrawn';
  const token: Token = usdc ? 'usdc' : 'reward';
  w.withdrawals.push({
    ...place,
    address: user,
    kind: usdc ? 'usdc' : 'rewardCoin',
    token,
    amount: log.args.amount,
  });
  w.activity.push({
    ...place,
    address: user,
    type: usdc ? 'withdraw' : 'withdrawRewardCoin',
    token,
    amount: log.args.amount,
    detail: {},
  });
};

export const withdrawalReducers: Reducers<State> = {
  Withdrawn: withdrawal,
  RewardCoinWithdrawn: withdrawal,
};

export async function writeWithdrawals(writer: ChunkWriter, rows: readonly WithdrawalRow[]) {
  await writer.insert(withdrawals, rows);
  await addRecordTotals(writer, rows, 'withdrawals');
}
