/**
 * The /rpc proxy's rate limit counts JSON-RPC calls, not HTTP requests: a batch of 50 is 50 calls
 * upstream, so it costs 50. Per client (an IPv4 address, an IPv6 /64: http/client-key.ts), and for
 * IPv6 also per /56 with a coarser budget, so one home holding a /56 (256 /64s) gets `perWideClient`
 * calls, not 256 times `perClient`. Counted in this process's memory, or in Redis when the API
 * instances share state. RPC_RATE_LIMIT, RPC_RATE_LIMIT_WIDE, RPC_RATE_LIMIT_WINDOW_MS.
 */
import { clientKey, wideClientKey } from '../http/client-key.ts';
import type { CounterStore } from '../http/shared-state/counters.ts';

export interface RpcCallLimit {
  /** Calls one client (IPv4 address, IPv6 /64) may send upstream per window. */
  perClient: number;
  /** Calls all the /64s of one IPv6 /56 may send together per window. */
  perWideClient: number;
  windowMs: number;
}

/** Counts `calls` for the client at `ip`; false when that goes over one of its budgets. */
export function rpcCallLimiter(
  limit: RpcCallLimit,
  store: CounterStore,
): (ip: string, calls: number) => Promise<boolean> {
  return async (ip, calls) => {
    const narrow = await store.hit(`rpc:${clientKey(ip)}`, limit.windowMs, calls);
    if (narrow > limit.perClient) return false;
    const wide = wideClientKey(ip);
    if (wide === undefined) return true;
    return (await store.hit(`rpc:${wide}`, limit.windowMs, calls)) <= limit.perWideClient;
  };
}
