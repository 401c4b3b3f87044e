/**
 * Grants: the operator's activity and promotion rewards arrive as income (IncomeCredited, sources
 * 5 and 6, reduced with the other income by the income feature); each also shows in the activity
 * record.
 */
import { incomeSources, tokenOfSource } from '@app/contracts/enums';
import type { LedgerPart } from '../ledger/index.ts';
import { lower, type Reducers } from '../shared/reduce.ts';

const grantSources = new Set([5, 6]);

export const grantReducers: Reducers<LedgerPart> = {
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
