/**
 * The reward coin's `symbol()`, read with one raw eth_call through the server's /rpc proxy. Done by
 * hand (a selector and an ABI string decoder) because the Home page shows it on the first visit,
 * and viem's contract-read machinery would add ~70 KB gzip to that visit.
 */
import { networkByChainId } from '@app/contracts/chains';
import { userRpcUrls } from './chain/rpcSettings';
import { reportReachable } from './connectivity';
import { deployment, standalone } from './deployment';
import { symbolCallBody, symbolReadKey, takePrefetched } from './prefetch';
import { rpcProxyUrl } from './chain/rpcUrl';

const publicRpcUrlOf = (chainId: number) => networkByChainId(chainId)?.publicRpcUrl;

/**
 * Decodes the return data of `symbol()`: an ABI `string` (offset, length, UTF-8 bytes), or the
 * `bytes32` some old tokens return (NUL-padded). Undefined for anything else.
 */
export function decodeSymbol(data: string): string | undefined {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(data)) return undefined;
  const hex = data.slice(2);
  const bytes = (from: number, length: number) => {
    const slice = hex.slice(from * 2, (from + length) * 2);
    if (slice.length !== length * 2) return undefined;
    return Uint8Array.from(slice.match(/../g) ?? [], (b) => parseInt(b, 16));
  };
  const word = (at: number) => {
    const slice = hex.slice(at * 2, (at + 32) * 2);
    return slice.length === 64 ? BigInt(`0x${slice}`) : undefined;
  };
  let raw: Uint8Array | undefined;
  if (hex.length === 64) {
    raw = bytes(0, 32);
    const end = raw?.indexOf(0) ?? -1;
    if (raw && end >= 0) raw = raw.slice(0, end);
  } else {
    const offset = word(0);
    if (offset === undefined || offset > 1_000_000n) return undefined;
    const length = word(Number(offset));
    if (length === undefined || length > 256n) return undefined;
    raw = bytes(Number(offset) + 32, Number(length));
  }
  if (!raw || raw.length === 0) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * One eth_call of `symbol()` at `url`; undefined when the source did not answer (transport error,
 * a 5xx) so the next one is tried, like the chain reads' fallback (chain/readTransport.ts).
 */
async function callSymbol(
  url: string,
  token: string,
  signal: AbortSignal | undefined,
  prefetched?: Promise<Response>,
): Promise<{ result?: string } | undefined> {
  try {
    const response = await (prefetched ??
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: symbolCallBody(token),
        signal,
      }));
    if (response.status >= 500) return undefined;
    return (await response.json()) as { result?: string };
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}

export async function readTokenSymbol(
  chainId: number,
  token: string,
  signal?: AbortSignal,
): Promise<string> {
  // Our /rpc first (on Home's first visit the boot script may have sent it already:
  // shared/prefetch.ts), then the user's own RPC URLs (features/settings).
  const sources = [
    ...(standalone ? [] : [rpcProxyUrl(chainId)]),
    ...userRpcUrls(chainId),
    ...(standalone && deployment === 'production' ? [publicRpcUrlOf(chainId)] : []),
  ].filter((url): url is string => Boolean(url));
  let body: { result?: string } | undefined;
  for (const [i, url] of sources.entries()) {
    const prefetched = i === 0 ? takePrefetched(symbolReadKey(chainId, token)) : undefined;
    body = await callSymbol(url, token, signal, prefetched);
    if (body) break;
  }
  // Only an answer says something about the network. No answer here is not "offline": the pages'
  // own chain reads also ask the wallet (shared/chain/readTransport.ts) and report for themselves.
  if (body) reportReachable();
  const symbol = body?.result ? decodeSymbol(body.result) : undefined;
  if (!symbol) throw new Error(`no symbol() at ${token} on chain ${chainId}`);
  return symbol;
}
