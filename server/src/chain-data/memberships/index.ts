/** Memberships: node and founder purchases, and the payments of their proceeds to the treasury. */
export {
  memberships,
  treasuryPayments,
  type MembershipRow,
  type TreasuryPaymentRow,
} from './tables.ts';
export {
  buyersPaidBy,
  membershipReducers,
  writeMemberships,
  writeTreasuryPayments,
  type MembershipsPart,
} from './reducer.ts';
export { treasuryPaidDetail } from './reads.ts';
