/**
 * Governance: timelocked parameter changes, pausing, and the notice every queued and cancelled
 * change produces.
 */
export { timelockChanges, type TimelockRow } from './tables.ts';
export {
  dropForeignTimelockNotices,
  governanceReducers,
  writeTimelock,
  type GovernancePart,
  type TimelockSettle,
} from './reducer.ts';
export { timelockNoticeTitle, type AnnouncedEvent } from './timelock-notice.ts';
