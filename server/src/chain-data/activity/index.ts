/**
 * The activity record's page (the record itself is the ledger's table, which every feature adds
 * its lines to; a purchase's line shows the memberships' payment to the treasury).
 */
export { activityRoutes } from './pages.ts';
export { activityListRead } from './reads.ts';
