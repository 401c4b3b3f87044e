/** Grants: the operator's activity and promotion rewards, shown in the activity record. */
export { grantReducers } from './reducer.ts';
