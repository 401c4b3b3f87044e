import {
  createTransport,
  custom,
  fallback,
  http,
  HttpRequestError,
  TimeoutError,
  type EIP1193Provider,
  type Transport,
} from 'viem';
import { API_TIMEOUT_MS } from '../api';
import { userRpcUrls } from './rpcSettings';
import { reportReachable, reportUnreachable } from '../connectivity';
import { reportReadSource, type ReadSource } from './readSource';

/** Network timeouts are the spec's 60000 ms (§9; viem's own default is 10 s), like the API's. */
const READ_TIMEOUT_MS = API_TIMEOUT_MS;

export interface ReadSources {
  /** Our /rpc proxy for this chain; absent in the standalone build (no operator server). */
  serverUrl?: string;
  /** A public RPC of the network, tried after the user's own (standalone production builds). */
  publicUrl?: string;
  /** The connected wallet's provider when the wallet is on this chain, else undefined. */
  walletOn: (chainId: number) => Promise<Pick<EIP1193Provider, 'request'> | undefined>;
}

/** The wallet is not connected or on another chain: the fallback moves past it. */
class WalletNotOnChainError extends Error {
  constructor() {
    super('The connected wallet is not on this chain');
    this.name = 'WalletNotOnChainError';
  }
}

/** Reads only: a wallet is never asked to sign or send through the read path. */
const WALLET_READ_METHODS = new Set([
  'eth_call',
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBalance',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getTransactionCount',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
]);

/** A fetch that only tells the no-network view about answers (a failure moves to the next source). */
const answeredFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.ok) reportReachable();
  return response;
};

/** True when nothing answered at all (transport failures, not a node's JSON-RPC error). */
function nothingAnswered(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    if (
      current instanceof HttpRequestError ||
      current instanceof TimeoutError ||
      current instanceof WalletNotOnChainError
    )
      return true;
    current = current.cause;
  }
  return false;
}

/**
 * The read transport of one network (issue 18 §2): viem's `fallback` over our /rpc proxy, the
 * user's own RPC URLs (settings screen), the network's public RPC (standalone only) and the
 * connected wallet when it is on this chain, tried in that order. The user's list is read at
 * each request, so a URL saved in the settings is used at once. The source that answered is
 * reported (readSource.ts); the no-network view shows only when none answered.
 */
export function readTransport(chainId: number, sources: ReadSources): Transport {
  return (params) => {
    let built: { key: string; transport: ReturnType<Transport>; kinds: ReadSource[] } | undefined;
    const current = () => {
      const urls = userRpcUrls(chainId);
      const key = urls.join(' ');
      if (built?.key === key) return built;
      const options = { batch: false, timeout: READ_TIMEOUT_MS, retryCount: 0 } as const;
      const members: { kind: ReadSource; transport: Transport }[] = [
        ...(sources.serverUrl
          ? [
              {
                kind: { kind: 'server' } as const,
                transport: http(sources.serverUrl, { ...options, fetchFn: answeredFetch }),
              },
            ]
          : []),
        ...urls.map((url) => ({
          kind: { kind: 'user', url } as const,
          transport: http(url, { ...options, key: `user:${url}` }),
        })),
        ...(sources.publicUrl
          ? [
              {
                kind: { kind: 'public', url: sources.publicUrl } as const,
                transport: http(sources.publicUrl, { ...options, key: 'public' }),
              },
            ]
          : []),
        {
          kind: { kind: 'wallet' } as const,
          transport: custom(
            {
              async request({ method, params: args }) {
                const provider = await sources.walletOn(chainId);
                if (!provider || !WALLET_READ_METHODS.has(method))
                  throw new WalletNotOnChainError();
                return provider.request({ method, params: args } as never);
              },
            },
            { key: 'wallet', retryCount: 0 },
          ),
        },
      ];
      const transport = fallback(
        members.map((m) => m.transport),
        { retryCount: 0 },
      )({ ...params, retryCount: 0 });
      const kinds = members.map((m) => m.kind);
      const instances = (transport.value as { transports: ReturnType<Transport>[] }).transports;
      (
        transport.value as {
          onResponse: (fn: (a: { status: string; transport: unknown }) => void) => void;
        }
      ).onResponse(({ status, transport: answered }) => {
        if (status !== 'success') return;
        reportReachable();
        // fallback() hands back a new instance per request: match by the transport's key.
        const index = instances.findIndex(
          (t) => t.config.key === (answered as ReturnType<Transport>).config.key,
        );
        const kind = kinds[index];
        if (kind) reportReadSource(chainId, kind);
      });
      built = { key, transport, kinds };
      return built;
    };
    return createTransport({
      key: 'reads',
      name: 'Reads (fallback)',
      type: 'reads',
      retryCount: params.retryCount,
      timeout: READ_TIMEOUT_MS,
      async request(args, options) {
        try {
          return (await current().transport.request(args as never, options)) as never;
        } catch (error) {
          if (nothingAnswered(error)) {
            // No node to ask at all (standalone, no URL saved, wallet elsewhere): the note says
            // so and links the settings, instead of a no-network view over the settings link.
            if (current().kinds.length === 1) reportReadSource(chainId, { kind: 'none' });
            else reportUnreachable();
          }
          throw error;
        }
      },
    });
  };
}
