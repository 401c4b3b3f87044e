/**
 * The JSON-RPC providers of each chain: the one source of RPC URLs for the /rpc proxy, the indexer
 * and the API's own chain reads (sign-in checks of smart accounts, live balances).
 *
 * - `RPC_URL_<chainId>` is a comma-separated list, the first the primary: a call goes to the first
 *   provider and, when that one fails, to the next. The server's own clients use viem's `fallback`
 *   transport (the next is asked on any error but a revert or a refusal by the user, viem's rule);
 *   the /rpc proxy asks the next when a provider does not answer at all (connection refused,
 *   timeout, HTTP error, no JSON-RPC answer) and passes a JSON-RPC error on as the answer (it is
 *   the answer to the app's call). For `dependency_up` and the failover log, a JSON-RPC error is an
 *   answer too: only a transport failure counts against a provider.
 * - A provider that lies (a stale or wrong head, a wrong block) answers, so no automatic failover
 *   can see it; the operator switches without a restart: edit the list in the file named by
 *   `RPC_URLS_FILE` (the env file itself is fine: only its `RPC_URL_<chainId>=` lines are read) and
 *   reload the process (SIGHUP, or POST /-/reload on its metrics port). A reload that would leave a
 *   served chain without a provider, or names a URL that is not http(s), is refused as a whole and
 *   the current providers stay.
 * - Every switch is a JSON log line: a reload (`rpc chain N: providers switched`), and a failover or
 *   failback (`rpc chain N: <provider> answers now`). `rpc_provider_in_use` says which provider
 *   answered last, `dependency_up{dependency="rpc"}` whether the last call found one that answers.
 *
 * - The /rpc proxy keeps its own count of failed providers (`order(chainId, 'proxy')`,
 *   `reportProxy`): a provider that refuses the public's load through /rpc (HTTP 429, a timeout
 *   under abuse) is asked last by /rpc only, never taken out of rotation for the indexer and the
 *   sign-in checks; and /rpc's failures neither log a switch nor move `dependency_up`.
 *
 * Logs and metrics name a provider by its host only: a provider's URL usually holds its API key.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSupportedChainId, type SupportedChainId } from '@app/contracts/chains';
import {
  BaseError,
  createPublicClient,
  fallback,
  http,
  HttpRequestError,
  TimeoutError,
  type PublicClient,
} from 'viem';

/** RPC URLs per chain as configured: one URL, a comma-separated list, or a list. */
export type RpcUrlConfig = Partial<Record<SupportedChainId, string | readonly string[]>>;
export type RpcUrlLists = Partial<Record<SupportedChainId, string[]>>;

export type RpcLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** A configuration the operator must fix; the message names the variable. */
export class RpcConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RpcConfigError';
  }
}

/** The URLs of one `RPC_URL_<chainId>` value: comma-separated, each http(s), none twice. */
export function parseRpcUrlList(name: string, value: string | readonly string[]): string[] {
  const urls = (typeof value === 'string' ? value.split(',') : [...value])
    .map((u) => u.trim())
    .filter((u) => u !== '');
  for (const url of urls) {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new RpcConfigError(`${name}: not a URL: '${providerLabel(url)}'`);
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      // The scheme is what is wrong: name it (the host alone, e.g. 'x' of ftp://x, says nothing).
      throw new RpcConfigError(
        `${name}: an RPC URL must be http:// or https://, not ${protocol.replace(/:$/, '')}:// ('${providerLabel(url)}')`,
      );
    }
  }
  if (new Set(urls).size !== urls.length)
    throw new RpcConfigError(`${name}: a URL is listed twice`);
  return urls;
}

/** The `RPC_URL_<chainId>` entries of an environment (or of an env file's lines). */
export function rpcUrlsFromEnv(env: Record<string, string | undefined>): RpcUrlLists {
  const lists: RpcUrlLists = {};
  for (const [key, value] of Object.entries(env)) {
    const m = /^RPC_URL_(\d+)$/.exec(key);
    if (!m || !value) continue;
    const chainId = Number(m[1]);
    if (!isSupportedChainId(chainId)) {
      throw new RpcConfigError(`${key}: chain ${chainId} is not supported`);
    }
    const urls = parseRpcUrlList(key, value);
    if (urls.length > 0) lists[chainId] = urls;
  }
  return lists;
}

/**
 * The `RPC_URL_<chainId>=` lines of an env file (`export`, comments and quotes as sh reads them in
 * deploy/env.example; every other line is ignored). A relative path is read from `baseDir`.
 */
export function rpcUrlsFromFile(file: string, baseDir: string): RpcUrlLists {
  const text = fs.readFileSync(path.resolve(baseDir, file), 'utf8');
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const m = /^\s*(?:export\s+)?(RPC_URL_\d+)=(.*)$/.exec(raw);
    if (!m) continue;
    let value = m[2]!.trim();
    const quoted = /^(["'])(.*)\1$/.exec(value);
    value = quoted ? quoted[2]! : value.replace(/\s+#.*$/, '');
    env[m[1]!] = value;
  }
  return rpcUrlsFromEnv(env);
}

/** How logs and metrics name a provider: its host (and port), never its path, query or user. */
export function providerLabel(url: string): string {
  try {
    return new URL(url).host || 'invalid';
  } catch {
    return 'invalid';
  }
}

/** What a client is for: the indexer's (batched, large log bodies) or a short read. */
export interface ClientOptions {
  timeoutMs: number;
  /** Batched JSON-RPC and a response cap for busy eth_getLogs ranges (the indexer). */
  bulk?: boolean;
}

interface ChainState {
  urls: string[];
  /** Providers that failed (transport), asked after the others until this time (ms). */
  resting: Map<string, number>;
  /** The same for the /rpc proxy's calls only (its own failure count). */
  proxyResting: Map<string, number>;
  /** The URL that answered the last call (failover: not the first). */
  answering?: string;
  /** Whether the last call found a provider that answers. */
  up?: boolean;
}

/** The providers of every configured chain, switchable while the process runs. */
export class RpcProviders {
  private readonly chainsById = new Map<SupportedChainId, ChainState>();
  private readonly clients = new Map<string, PublicClient>();
  private readonly listeners = new Set<(chainId: SupportedChainId) => void>();
  private log: RpcLog = () => {};

  /**
   * `retryAfterMs`: a provider that failed is asked after the others for this long, then first
   * again (its place in the list): a provider that hangs costs one timeout, not one per call.
   */
  constructor(
    config: RpcUrlConfig,
    private readonly retryAfterMs = 30_000,
  ) {
    for (const [key, value] of Object.entries(config)) {
      const chainId = Number(key);
      if (!isSupportedChainId(chainId) || value === undefined) continue;
      const urls = parseRpcUrlList(`RPC_URL_${chainId}`, value);
      if (urls.length > 0) {
        this.chainsById.set(chainId, { urls, resting: new Map(), proxyResting: new Map() });
      }
    }
  }

  /** Where switches are written (the process's JSON logger). */
  setLog(log: RpcLog): void {
    this.log = log;
  }

  /** Called after a reload changed a chain's providers (a stopped indexer tries again). */
  onSwitch(listener: (chainId: SupportedChainId) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  chains(): SupportedChainId[] {
    return [...this.chainsById.keys()];
  }

  has(chainId: number): boolean {
    return this.chainsById.has(chainId as SupportedChainId);
  }

  urls(chainId: number): readonly string[] {
    return this.chainsById.get(chainId as SupportedChainId)?.urls ?? [];
  }

  /**
   * The order to ask the providers in now: the list's, with those resting after a failure last;
   * `lane` 'proxy' reads the /rpc proxy's own failures instead of the server's.
   */
  order(chainId: number, lane: 'server' | 'proxy' = 'server'): string[] {
    const state = this.chainsById.get(chainId as SupportedChainId);
    if (!state) return [];
    const resting = lane === 'proxy' ? state.proxyResting : state.resting;
    const now = Date.now();
    for (const [url, until] of resting) if (until <= now) resting.delete(url);
    return [
      ...state.urls.filter((u) => !resting.has(u)),
      ...state.urls.filter((u) => resting.has(u)),
    ];
  }

  /** The outcome of one /rpc proxy call to `url`: counted for the proxy's order only. */
  reportProxy(chainId: number, url: string, ok: boolean): void {
    const state = this.chainsById.get(chainId as SupportedChainId);
    if (!state || !state.urls.includes(url)) return;
    if (ok) state.proxyResting.delete(url);
    else state.proxyResting.set(url, Date.now() + this.retryAfterMs);
  }

  /**
   * A read client of the chain over its providers in order (viem `fallback`), or undefined for a
   * chain without one. Made again after a switch: take it per use, do not keep it.
   */
  client(chainId: number, options: ClientOptions): PublicClient | undefined {
    const state = this.chainsById.get(chainId as SupportedChainId);
    if (!state) return undefined;
    const urls = this.order(chainId);
    const key = `${chainId}|${options.timeoutMs}|${options.bulk ? 'bulk' : 'read'}|${urls.join(',')}`;
    let client = this.clients.get(key);
    if (client) return client;
    const transports = urls.map((url) =>
      http(url, {
        timeout: options.timeoutMs,
        retryCount: 0,
        ...(options.bulk
          ? {
              batch: { batchSize: 100, wait: 0 },
              // A busy chunk's logs can be tens of MB (viem's default cap is 10 MB); a node that
              // will not answer a range that large gets it halved (indexer.fetchLogs).
              maxResponseBodySize: 128 * 1024 * 1024,
            }
          : {}),
      }),
    );
    const transport = fallback(transports, { retryCount: 0 });
    client = createPublicClient({ transport }) as PublicClient;
    (
      client.transport as unknown as { onResponse(fn: (r: FallbackResponse) => void): void }
    ).onResponse((r) => {
      const index = r.transport.value?.url === undefined ? -1 : urls.indexOf(r.transport.value.url);
      // A JSON-RPC error (a revert, an unknown block) is the provider's answer; only a transport
      // failure (refused, timeout, HTTP error status, not JSON) counts against it.
      const answered = r.status === 'success' || !isTransportFailure(r.error);
      if (index >= 0) this.report(chainId, urls[index]!, answered, urls.length - 1 === index);
    });
    this.clients.set(key, client);
    return client;
  }

  /**
   * The outcome of one call to `url` (the clients report theirs; the proxy calls this). `last`:
   * no provider after this one was tried, so a failure means the chain's call failed.
   */
  report(chainId: number, url: string, ok: boolean, last = true): void {
    const state = this.chainsById.get(chainId as SupportedChainId);
    if (!state || !state.urls.includes(url)) return; // a call from before a switch
    if (ok) {
      state.up = true;
      state.resting.delete(url);
      if (state.answering !== url) {
        const position = state.urls.indexOf(url);
        if (state.answering !== undefined || position !== 0) {
          this.log(
            position === 0 ? 'info' : 'warn',
            `rpc chain ${chainId}: ${providerLabel(url)} answers now`,
            {
              chain: chainId,
              provider: providerLabel(url),
              position,
              was: state.answering === undefined ? null : providerLabel(state.answering),
            },
          );
        }
        state.answering = url;
      }
    } else {
      // Logged when it starts; with one provider there is no other to ask first.
      if (!state.resting.has(url) && state.urls.length > 1) {
        this.log(
          'warn',
          `rpc chain ${chainId}: ${providerLabel(url)} fails; asked last for ${this.retryAfterMs / 1000} s`,
          {
            chain: chainId,
            provider: providerLabel(url),
            position: state.urls.indexOf(url),
          },
        );
      }
      state.resting.set(url, Date.now() + this.retryAfterMs);
      if (last) state.up = false;
    }
  }

  /** Per chain: the provider that answered last (its host and place in the list), and if one answers. */
  status(): {
    chainId: SupportedChainId;
    provider: string | null;
    position: number;
    up: boolean | null;
  }[] {
    return [...this.chainsById].map(([chainId, s]) => ({
      chainId,
      provider: s.answering === undefined ? null : providerLabel(s.answering),
      position: s.answering === undefined ? -1 : s.urls.indexOf(s.answering),
      up: s.up ?? null,
    }));
  }

  /**
   * Replaces the providers of the served chains with `next`. Refused as a whole (RpcConfigError,
   * nothing changed) when a served chain would have none; a chain not served since start needs a
   * restart (its indexer does not exist) and is left out with a warning. Returns the chains that
   * changed.
   */
  replace(next: RpcUrlLists): SupportedChainId[] {
    const missing = this.chains().filter((id) => !next[id]?.length);
    if (missing.length > 0) {
      throw new RpcConfigError(
        `no RPC URL for chain ${missing.join(', ')} (RPC_URL_${missing[0]}): keeping the current providers`,
      );
    }
    for (const key of Object.keys(next)) {
      if (!this.has(Number(key))) {
        this.log(
          'warn',
          `rpc chain ${key}: not served since start; restart the process to add it`,
          {
            chain: Number(key),
          },
        );
      }
    }
    const changed: SupportedChainId[] = [];
    for (const [chainId, state] of this.chainsById) {
      const urls = next[chainId]!;
      if (urls.join(',') === state.urls.join(',')) continue;
      const from = state.urls.map(providerLabel);
      state.urls = [...urls];
      state.resting.clear();
      state.proxyResting.clear();
      if (state.answering !== undefined && !urls.includes(state.answering))
        state.answering = undefined;
      state.up = undefined;
      changed.push(chainId);
      this.log('warn', `rpc chain ${chainId}: providers switched`, {
        chain: chainId,
        from,
        to: urls.map(providerLabel),
      });
    }
    for (const key of [...this.clients.keys()]) {
      if (changed.some((id) => key.startsWith(`${id}|`))) this.clients.delete(key);
    }
    for (const chainId of changed) for (const listener of this.listeners) listener(chainId);
    return changed;
  }
}

interface FallbackResponse {
  status: 'success' | 'error';
  error?: Error;
  transport: { value?: { url?: string } };
}

const isTransportFailure = (error: Error | undefined): boolean =>
  error instanceof HttpRequestError ||
  error instanceof TimeoutError ||
  !(error instanceof BaseError);

/**
 * Re-reads `file`'s RPC URLs into `providers` (SIGHUP, POST /-/reload). Returns what a caller can
 * show: the chains switched, or the reason it was refused (also logged).
 */
export function reloadRpcUrls(
  providers: RpcProviders,
  file: string | undefined,
  baseDir: string,
  log: RpcLog,
): { ok: true; switched: number[] } | { ok: false; error: string } {
  if (!file) {
    const error =
      'RPC_URLS_FILE is not set: nothing to re-read (the RPC URLs change with a restart)';
    log('warn', `rpc reload: ${error}`);
    return { ok: false, error };
  }
  try {
    const switched = providers.replace(rpcUrlsFromFile(file, baseDir));
    log(
      'info',
      `rpc reload: ${switched.length ? `chain ${switched.join(', ')} switched` : 'no change'}`,
      {
        switched,
      },
    );
    return { ok: true, switched };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log('error', `rpc reload refused: ${error}`);
    return { ok: false, error };
  }
}
