/**
 * Names of the Staking contract's enums, in their code order (the contract emits the codes):
 * `IncomeSource` of `IncomeCredited` and `Param` of the timelock events. Server, operator CLI and
 * web name them from here.
 */

/** IncomeSource: 0 mining ("static rewards"), 1 referral (depth 1), 2 team (depths 2-3), ... */
export const incomeSources = [
  'mining',
  'referral',
  'team',
  'shareholder',
  'ecological',
  'activity',
  'promotion',
] as const;
export type IncomeSourceName = (typeof incomeSources)[number];

/** Mining, referral and team pay in the reward coin; dividends and grants in USDC. */
export const tokenOfSource = (source: number): 'reward' | 'usdc' =>
  source <= 2 ? 'reward' : 'usdc';

/** Param: the parameters that change only through the timelock. */
export const timelockParams = [
  'feeBps',
  'minWithdrawal',
  'nodePrice',
  'nodeLimit',
  'founderPrice',
  'founderLimit',
  'treasury',
] as const;
export type TimelockParamName = (typeof timelockParams)[number];
