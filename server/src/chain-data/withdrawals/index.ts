/** Withdrawals: USDC, principal and reward coin leaving the pool, and their list page. */
export { withdrawals, type WithdrawalRow } from './tables.ts';
export { withdrawalReducers, writeWithdrawals, type WithdrawalsPart } from './reducer.ts';
export { withdrawalListRead } from './reads.ts';
export { withdrawalRoutes } from './pages.ts';
