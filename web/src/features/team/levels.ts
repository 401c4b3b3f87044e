/**
 * Levels (grades) from team performance: level n needs `thresholds[n-1]` USDC of active stake at
 * depths 1-3 (thresholds ascending, as the contract keeps them). All in USDC base units.
 */
export interface NextLevel {
  level: number;
  threshold: bigint;
  /** USDC base units of team performance still missing for it. */
  missing: bigint;
}

/** The level after `level` and how far away it is; null at the top level or without thresholds. */
export function nextLevel(
  level: number,
  performance: bigint,
  thresholds: readonly bigint[],
): NextLevel | null {
  const threshold = thresholds[level];
  if (threshold === undefined) return null;
  const missing = threshold > performance ? threshold - performance : 0n;
  return { level: level + 1, threshold, missing };
}
