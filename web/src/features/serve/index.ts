/** What other features may use of Serve: the user's positions as the Serve page reads them. */
export { usePositions, type PlanView, type PositionView } from './useServeData';
