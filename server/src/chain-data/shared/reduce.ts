/**
 * What every feature's reducer shares: the Staking event a reducer reduces, where the event is,
 * the chunk's context, and small helpers. A reducer turns one decoded event into rows and sums; it
 * is pure (all it needs from the database is in the chunk's state).
 *
 * The chunk's state is put together from the features' parts (indexer/chunk.ts): each feature
 * declares its part (its rows of the chunk, and what it carries from event to event) and types its
 * reducers by the parts it writes, so this module names no feature.
 */
import type { ChainEvent, StakingLog } from '../../indexer/events.ts';
import type { Place } from './table.ts';

export type { Place, Token } from './table.ts';

export interface ChunkContext {
  /** USDC decimals: team performance counts whole hundredths of a USDC, as the contract does. */
  usdcDecimals: number;
  /** Whether USDC is token0 of the pair (the lower address). */
  usdcIsToken0: boolean;
}

/** The part of the chunk's state every reducer may read. */
export interface ContextPart {
  ctx: ChunkContext;
}

export type EventName = StakingLog['eventName'];
export type LogOf<N extends EventName> = Extract<StakingLog, { eventName: N }>;
/** Reduces one event into the chunk's state `S` (the parts of it the feature writes). */
export type Reducer<S, N extends EventName> = (
  s: S,
  log: LogOf<N>,
  e: ChainEvent,
  place: Place,
) => void;
/** A feature's reducers, by the Staking event each reduces. */
export type Reducers<S> = { [N in EventName]?: Reducer<S, N> };

/** UTC day of a time, 'YYYY-MM-DD'. */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

export const lower = (a: string) => a.toLowerCase();

export const add = <K>(map: Map<K, bigint>, key: K, amount: bigint) =>
  map.set(key, (map.get(key) ?? 0n) + amount);

/** JSON-safe arguments (bigints as decimal strings, addresses lower-case). */
export function plainArgs(
  args: Record<string, unknown> | readonly unknown[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) {
    out[k] =
      typeof v === 'bigint'
        ? v.toString()
        : typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)
          ? v.toLowerCase()
          : v;
  }
  return out;
}
