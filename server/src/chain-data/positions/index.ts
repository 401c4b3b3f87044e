/** Plans and positions: stakes, their releases, and the principal staked per day. */
export { plans, positions, stakeDaily, type PlanRow, type PositionRow } from './tables.ts';
export {
  positionReducers,
  writePositions,
  writeStakeDaily,
  type PositionsPart,
  type PositionsWrites,
} from './reducer.ts';
export { todayStakedColumn } from './reads.ts';
