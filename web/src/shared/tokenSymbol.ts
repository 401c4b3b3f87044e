/**
 * The reward coin's `symbol()`, read with one raw eth_call through the server's /rpc proxy. Done by
 * hand (a selector and an ABI string decoder) because the Home page shows it on the first visit,
 * and viem's contract-read machinery would add ~70 KB gzip to that visit.
 */
import { watchedFetch } from './connectivity';
import { symbolCallBody, symbolReadKey, takePrefetched } from './prefetch';
import { rpcProxyUrl } from './wallet/rpcUrl';

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

export async function readTokenSymbol(
  chainId: number,
  token: string,
  signal?: AbortSignal,
): Promise<string> {
  // Home's first visit: the boot script may have sent this read already (shared/prefetch.ts).
  const response = await (takePrefetched(symbolReadKey(chainId, token)) ??
    watchedFetch(rpcProxyUrl(chainId), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: symbolCallBody(token),
      signal,
    }));
  const body = (await response.json()) as { result?: string };
  const symbol = body.result ? decodeSymbol(body.result) : undefined;
  if (!symbol) throw new Error(`no symbol() at ${token} on chain ${chainId}`);
  return symbol;
}
