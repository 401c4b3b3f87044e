/**
 * Reads the boot script (vite.config.ts, `bootPreload`) started from index.html before the app's
 * code arrived: `window[PREFETCH_GLOBAL][key] = { at, response }`, the key being a GET's URL or
 * `symbolReadKey(...)`. The app's first read of the same key takes the response instead of asking
 * again; each is taken once, and only while fresh.
 */
export const PREFETCH_GLOBAL = '__bootReads';

/** Older than this, a boot read is not used (the page asks again). */
const FRESH_MS = 10_000;

interface BootRead {
  at: number;
  response: Promise<Response>;
}

export function takePrefetched(url: string, now = Date.now()): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined;
  const reads = (window as unknown as Record<string, Record<string, BootRead> | undefined>)[
    PREFETCH_GLOBAL
  ];
  const read = reads?.[url];
  if (!read) return undefined;
  delete reads[url];
  return now - read.at <= FRESH_MS ? read.response : undefined;
}

/** The reward coin's `symbol()` read (shared/tokenSymbol.ts) of a chain and token. */
export function symbolReadKey(chainId: number, token: string): string {
  return `symbol ${chainId} ${token.toLowerCase()}`;
}

/** keccak256('symbol()')[0..4]. */
export const SYMBOL_SELECTOR = '0x95d89b41';

/** The JSON-RPC body of that read (one eth_call; the boot script sends the same text). */
export function symbolCallBody(token: string): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'eth_call',
    params: [{ to: token, data: SYMBOL_SELECTOR }, 'latest'],
  });
}
