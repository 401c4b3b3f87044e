/** The account page: the signed-in address's level, membership and team, and live balances. */
export { accountRoutes } from './pages.ts';
export { accountFigures } from './reads.ts';
