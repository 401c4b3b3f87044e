/**
 * The user's own RPC URLs per network (issue 18 §2): chain reads try our /rpc proxy first, then
 * these, then the connected wallet (shared/chain/readTransport.ts). Kept in localStorage on this
 * device only; a URL is saved only after it answered `eth_chainId` with the network's id. No viem
 * here: the first visit's raw reads (shared/tokenSymbol.ts) use the list too.
 */
import { createStore, useStore } from '../store';
import { readStorage, storageKeys, writeStorage } from '../storage';

export type RpcUrlsByChain = Readonly<Record<string, readonly string[]>>;

/** At most this many URLs per network: each failed one costs a request before the next. */
export const MAX_RPC_URLS = 3;
const CHECK_TIMEOUT_MS = 10_000;

function load(): RpcUrlsByChain {
  try {
    const parsed = JSON.parse(readStorage(storageKeys.rpcUrls) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const result: Record<string, string[]> = {};
    for (const [chainId, urls] of Object.entries(parsed))
      if (Array.isArray(urls))
        result[chainId] = urls.filter((u): u is string => typeof u === 'string' && isRpcUrl(u));
    return result;
  } catch {
    return {};
  }
}

const rpcUrlsStore = createStore<RpcUrlsByChain>(load());

/** The user's RPC URLs for `chainId`, in the order they are tried. */
export function userRpcUrls(chainId: number): readonly string[] {
  return rpcUrlsStore.get()[String(chainId)] ?? [];
}

export function useUserRpcUrls(chainId: number): readonly string[] {
  return useStore(rpcUrlsStore)[String(chainId)] ?? [];
}

function save(next: RpcUrlsByChain): void {
  writeStorage(storageKeys.rpcUrls, JSON.stringify(next));
  rpcUrlsStore.set(next);
}

/**
 * http(s) only, no credentials in the URL. Plain http is accepted (a node on the user's own
 * machine or network is the most trustworthy source there is); the browser's CSP decides where
 * the app may connect (server/src/http/security-headers.ts).
 */
export function isRpcUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    );
  } catch {
    return false;
  }
}

export type RpcCheckError = 'invalid' | 'duplicate' | 'tooMany' | 'unreachable' | 'wrongChain';

export class RpcCheckFailed extends Error {
  constructor(
    readonly reason: RpcCheckError,
    /** The chain id the URL answered with (wrongChain only). */
    readonly answered?: number,
  ) {
    super(`RPC check failed: ${reason}`);
    this.name = 'RpcCheckFailed';
  }
}

/** Asks `url` for eth_chainId; resolves with the id, or fails with 'unreachable'. */
async function askChainId(url: string, fetchFn: typeof fetch): Promise<number> {
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
    const body = (await response.json()) as { result?: unknown };
    if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.result))
      throw new Error('no chain id');
    return Number(BigInt(body.result));
  } catch {
    throw new RpcCheckFailed('unreachable');
  }
}

/**
 * Adds `url` for `chainId` after it answered eth_chainId with that id; anything else changes
 * nothing and fails with the reason (the settings screen translates it).
 */
export async function addUserRpcUrl(
  chainId: number,
  rawUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<void> {
  const url = rawUrl.trim();
  if (!isRpcUrl(url)) throw new RpcCheckFailed('invalid');
  const current = userRpcUrls(chainId);
  if (current.includes(url)) throw new RpcCheckFailed('duplicate');
  if (current.length >= MAX_RPC_URLS) throw new RpcCheckFailed('tooMany');
  const answered = await askChainId(url, fetchFn);
  if (answered !== chainId) throw new RpcCheckFailed('wrongChain', answered);
  const latest = rpcUrlsStore.get();
  save({ ...latest, [String(chainId)]: [...(latest[String(chainId)] ?? []), url] });
}

export function removeUserRpcUrl(chainId: number, url: string): void {
  const latest = rpcUrlsStore.get();
  save({
    ...latest,
    [String(chainId)]: (latest[String(chainId)] ?? []).filter((u) => u !== url),
  });
}
