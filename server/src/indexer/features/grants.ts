/**
 * Grants: the operator's activity and promotion rewards arrive as income (IncomeCredited, sources
 * 5 and 6, reduced with the other income in positions.ts); each also shows in the activity record.
 */
import { incomeSources, tokenOfSource } from '@app/contracts/enums';
import { lower, type Reducers } from './reduce.ts';

const grantSources = new Set([5, 6]);

export const grantReducers: Reducers = {
  IncomeCredited(s, log, _e, place) {
    const source = Number(log.args.source);
    if (!grantSources.has(source)) return;
    s.w.activity.push({
      ...place,
      address: lower(log.args.user),
      type: 'grant',
      token: tokenOfSource(source),
      amount: log.args.amount,
      detail: { source: incomeSources[source] },
    });
  },
};
