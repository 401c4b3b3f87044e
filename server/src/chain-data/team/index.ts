/**
 * The team: the referral tree (who bound under whom, three uplines deep), and the team and
 * invitation pages.
 */
export { referrals, type ReferralRow, type Uplines } from './tables.ts';
export {
  addressesNeedingUplines,
  loadUplines,
  referralReducers,
  writeReferrals,
  type TeamPart,
} from './reducer.ts';
export {
  accountRead,
  superiorColumn,
  teamMembersRead,
  type AccountFigures,
  type AccountRead,
} from './reads.ts';
export { teamRoutes } from './pages.ts';
