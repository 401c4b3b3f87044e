import type { PositionView } from '../serve';

/** The position whose principal is released next: the earliest end among those still running. */
export function nextRelease(
  positions: readonly PositionView[],
  nowSeconds: number,
): PositionView | undefined {
  return positions
    .filter((p) => !p.withdrawn && p.endTime > nowSeconds)
    .reduce<PositionView | undefined>(
      (next, p) => (!next || p.endTime < next.endTime ? p : next),
      undefined,
    );
}
