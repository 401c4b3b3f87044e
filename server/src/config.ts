/**
 * Server configuration. `startServer` takes a `ServerConfig`; `configFromEnv` builds one from the
 * environment for `main.ts`. Chain ids come from `@app/contracts/chains`, never from literals here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deployment } from '@app/contracts/chains';
import {
  RpcProviders,
  rpcUrlsFromEnv,
  rpcUrlsFromFile,
  type RpcUrlConfig,
} from './chain/rpc-providers.ts';

export interface RateLimitConfig {
  /** Requests allowed per IP in one window. */
  max: number;
  timeWindowMs: number;
}

export interface ServerConfig {
  /** 0 = a free port. */
  port: number;
  /** Listening address; default 127.0.0.1. */
  host?: string;
  /** PostgreSQL URL. Unset = embedded PGlite in `pgliteDir`. */
  databaseUrl?: string;
  /** PGlite data directory; default `<repo>/.data/pglite`. */
  pgliteDir?: string;
  /**
   * JSON-RPC providers per chain id (the /rpc proxy, the indexer, the API's chain reads): one URL,
   * or several in order (a comma-separated string or a list), the first the primary; the next is
   * asked when one fails (chain/rpc-providers.ts).
   */
  rpcUrls: RpcUrlConfig;
  /**
   * RPC_URLS_FILE: the file whose `RPC_URL_<chainId>=` lines hold the providers (the env file
   * itself is fine); read at start instead of the environment's, and again on SIGHUP or POST
   * /-/reload on the metrics port, to switch providers without a restart. A relative path is read
   * from the repository root.
   */
  rpcUrlsFile?: string;
  deployment: Deployment;
  /**
   * The production deployment file (what contracts/scripts/deploy-production.ts writes): with
   * `deployment: 'production'`, the contract addresses come from it instead of the generated
   * module's `deployments.production`. DEPLOYMENT_FILE in the environment.
   */
  deploymentFile?: string;
  /** Built web app to serve at `/`. */
  webDist?: string;
  /** Origin the web app is served from (SIWE domain and URI); default derived from the listening address. */
  appOrigin?: string;

  // Optional knobs (defaults below); tests use them.
  /** Name in the sign-in statement. */
  appName?: string;
  /** Clock; injected by tests. */
  now?: () => Date;
  /** Lifetime of a sign-in nonce; default 5 minutes. */
  nonceTtlMs?: number;
  /** Lifetime of a session; default 7 days. */
  sessionTtlMs?: number;
  /**
   * Per-client limit on the sign-in attempts (metamasklogin, register). There is no limit per
   * address: anyone can name any address, so it would let anyone lock that address out.
   * LOGIN_RATE_LIMIT.
   */
  loginRateLimit?: RateLimitConfig;
  /**
   * Per-client limit on getcode, counted apart from the sign-in attempts so that one user asking
   * for many codes does not use up the sign-ins of the others behind the same address.
   * LOGIN_CODE_RATE_LIMIT.
   */
  loginCodeRateLimit?: RateLimitConfig;
  /**
   * Open sign-in codes one client may hold for one address; one more is refused (never an older
   * one pushed out). LOGIN_OPEN_CODES_PER_ADDRESS.
   */
  loginOpenCodesPerAddress?: number;
  /**
   * The /rpc proxy's limit in JSON-RPC calls (a batch counts each call) per client (IPv4 address,
   * IPv6 /64) per window: RPC_RATE_LIMIT, RPC_RATE_LIMIT_WINDOW_MS.
   */
  rpcRateLimit?: RateLimitConfig;
  /** The same, for all the /64s of one IPv6 /56 together: RPC_RATE_LIMIT_WIDE. */
  rpcRateLimitWide?: number;
  /** Largest upstream answer the /rpc proxy reads, in bytes: RPC_MAX_RESPONSE_BYTES. */
  rpcMaxResponseBytes?: number;
  /** Most blocks one eth_getLogs through /rpc may span: RPC_LOGS_MAX_BLOCKS. */
  rpcLogsMaxBlocks?: number;
  /**
   * Limit on writes by a signed-in user (mark read, admin writes), counted separately per IP and
   * per address: either reaching `max` in the window gets 1006.
   */
  writeRateLimit?: RateLimitConfig;
  /** Addresses allowed to use the /v1/admin routes (signed in with SIWE); default none. */
  adminAddresses?: string[];
  /** Timeout of one upstream JSON-RPC call. */
  rpcTimeoutMs?: number;
  /**
   * A provider that failed is asked after the others of its list for this long (default 30 s),
   * then first again: a hung provider costs one timeout, not one per call. RPC_RETRY_AFTER_MS.
   */
  rpcRetryAfterMs?: number;
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  /**
   * Run the chain indexers in this process (default true). With PostgreSQL, API-only instances set
   * it false (INDEXER=off); when several do run one, an advisory lock lets one index per chain.
   */
  indexer?: boolean;
  /**
   * Keep page responses until the index moves (default true; PAGE_CACHE=off turns it off).
   * See http/page-cache.ts.
   */
  pageCache?: boolean;
  /** Chains whose index is deleted at start (`npm start` after it deployed a fresh local chain). */
  resetIndexOf?: number[];
  /** Wait between polls of the chain once the indexer caught up (default 1000 ms). */
  indexerPollMs?: number;
  /** Most blocks per chunk (one eth_getLogs, one transaction); default 2000. */
  indexerChunkBlocks?: number;
  /**
   * Fault tests only: hold each chunk's transaction open this long before COMMIT, after printing
   * 'indexer: chunk written', so a test can kill the process with the transaction half done.
   */
  indexerFaultDelayMs?: number;
  /**
   * Redis for state shared by several API instances (rate-limit counters, logouts): unset = this
   * process's memory (the embedded default, one instance).
   */
  redisUrl?: string;
  /** Prefix of every Redis key and channel; default 'honest-stake:'. */
  redisPrefix?: string;
  /** Port of GET /metrics (Prometheus); unset = no metrics endpoint. 0 = a free port. */
  metricsPort?: number;
  /** Address the metrics port listens on; default 127.0.0.1 (never the public interface). */
  metricsHost?: string;
  /**
   * Bearer token POST /-/reload on the metrics port requires; without it a reload is refused on
   * any METRICS_HOST but loopback (observability/metrics-server.ts).
   */
  metricsReloadToken?: string;
  /** /v1/health/ready is false while an indexer of this process is further behind; default 50. */
  maxIndexerLagBlocks?: number;
  /** On SIGTERM, how long in-flight requests may take before their connections are cut. */
  shutdownTimeoutMs?: number;
  /** Pino log level, or false for no logs (default). */
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | false;
}

/** A config with every default filled in. */
type OptionalKeys =
  | 'databaseUrl'
  | 'webDist'
  | 'appOrigin'
  | 'redisUrl'
  | 'metricsPort'
  | 'metricsReloadToken'
  | 'deploymentFile'
  | 'rpcUrlsFile';
export type ResolvedConfig = Required<Omit<ServerConfig, OptionalKeys>> &
  Pick<ServerConfig, OptionalKeys> & {
    /** The providers of `rpcUrls`, switchable while the process runs: read RPC through these. */
    rpc: RpcProviders;
  };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const defaults = {
  host: '127.0.0.1',
  pgliteDir: path.join(repoRoot, '.data', 'pglite'),
  appName: 'Honest Stake',
  nonceTtlMs: 5 * 60 * 1000,
  sessionTtlMs: 7 * 24 * 60 * 60 * 1000,
  loginRateLimit: { max: 120, timeWindowMs: 60 * 1000 },
  loginCodeRateLimit: { max: 600, timeWindowMs: 60 * 1000 },
  loginOpenCodesPerAddress: 10,
  rpcRateLimit: { max: 1200, timeWindowMs: 60 * 1000 },
  rpcRateLimitWide: 4800,
  rpcMaxResponseBytes: 1024 * 1024,
  rpcLogsMaxBlocks: 5000,
  writeRateLimit: { max: 60, timeWindowMs: 60 * 1000 },
  rpcTimeoutMs: 30 * 1000,
  rpcRetryAfterMs: 30 * 1000,
  indexerPollMs: 1000,
  indexerChunkBlocks: 2000,
  redisPrefix: 'honest-stake:',
  metricsHost: '127.0.0.1',
  maxIndexerLagBlocks: 50,
  shutdownTimeoutMs: 8000,
} as const;

export function resolveConfig(config: ServerConfig): ResolvedConfig {
  return {
    ...config,
    rpc: new RpcProviders(config.rpcUrls, config.rpcRetryAfterMs ?? defaults.rpcRetryAfterMs),
    host: config.host ?? defaults.host,
    pgliteDir: config.pgliteDir ?? defaults.pgliteDir,
    appName: config.appName ?? defaults.appName,
    now: config.now ?? (() => new Date()),
    nonceTtlMs: config.nonceTtlMs ?? defaults.nonceTtlMs,
    sessionTtlMs: config.sessionTtlMs ?? defaults.sessionTtlMs,
    loginRateLimit: config.loginRateLimit ?? defaults.loginRateLimit,
    loginCodeRateLimit: config.loginCodeRateLimit ?? defaults.loginCodeRateLimit,
    loginOpenCodesPerAddress: config.loginOpenCodesPerAddress ?? defaults.loginOpenCodesPerAddress,
    rpcRateLimit: config.rpcRateLimit ?? defaults.rpcRateLimit,
    rpcRateLimitWide: config.rpcRateLimitWide ?? defaults.rpcRateLimitWide,
    rpcMaxResponseBytes: config.rpcMaxResponseBytes ?? defaults.rpcMaxResponseBytes,
    rpcLogsMaxBlocks: config.rpcLogsMaxBlocks ?? defaults.rpcLogsMaxBlocks,
    writeRateLimit: config.writeRateLimit ?? defaults.writeRateLimit,
    adminAddresses: normalizeAdminAddresses(config.adminAddresses ?? []),
    rpcTimeoutMs: config.rpcTimeoutMs ?? defaults.rpcTimeoutMs,
    rpcRetryAfterMs: config.rpcRetryAfterMs ?? defaults.rpcRetryAfterMs,
    trustProxy: config.trustProxy ?? false,
    indexer: config.indexer ?? true,
    resetIndexOf: config.resetIndexOf ?? [],
    pageCache: config.pageCache ?? true,
    indexerPollMs: config.indexerPollMs ?? defaults.indexerPollMs,
    indexerChunkBlocks: config.indexerChunkBlocks ?? defaults.indexerChunkBlocks,
    indexerFaultDelayMs: config.indexerFaultDelayMs ?? 0,
    logLevel: config.logLevel ?? false,
    redisPrefix: config.redisPrefix ?? defaults.redisPrefix,
    metricsHost: config.metricsHost ?? defaults.metricsHost,
    maxIndexerLagBlocks: config.maxIndexerLagBlocks ?? defaults.maxIndexerLagBlocks,
    shutdownTimeoutMs: config.shutdownTimeoutMs ?? defaults.shutdownTimeoutMs,
  };
}

/** Admin addresses, lower-case; an entry that is not an address is a configuration error. */
export function normalizeAdminAddresses(list: readonly string[]): string[] {
  return [
    ...new Set(
      list.map((a) => {
        const v = a.trim();
        if (!/^0x[0-9a-fA-F]{40}$/.test(v))
          throw new Error(`ADMIN_ADDRESSES: not an address: '${v}'`);
        return v.toLowerCase();
      }),
    ),
  ];
}

/**
 * The origin the SIWE message is bound to when `appOrigin` is not configured: the listening
 * address. An unspecified or loopback host becomes 127.0.0.1 (the URL `startServer` returns).
 */
export function deriveOrigin(host: string, port: number): string {
  const loopback = ['0.0.0.0', '::', '::1', 'localhost', '127.0.0.1', ''];
  const h = loopback.includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

/**
 * Reads PORT, HOST, DATABASE_URL, PGLITE_DIR, RPC_URL_<chainId>, RPC_URLS_FILE, DEPLOYMENT, DEPLOYMENT_FILE,
 * WEB_DIST, APP_ORIGIN, ADMIN_ADDRESSES (comma-separated), LOGIN_RATE_LIMIT, LOGIN_CODE_RATE_LIMIT,
 * LOGIN_OPEN_CODES_PER_ADDRESS, RPC_RATE_LIMIT, RPC_RATE_LIMIT_WIDE, RPC_RATE_LIMIT_WINDOW_MS,
 * RPC_MAX_RESPONSE_BYTES, RPC_LOGS_MAX_BLOCKS, WRITE_RATE_LIMIT,
 * REDIS_URL, REDIS_PREFIX,
 * METRICS_PORT, METRICS_HOST, MAX_INDEXER_LAG_BLOCKS, SHUTDOWN_TIMEOUT_MS, ... (every one is listed
 * with its meaning in deploy/env.example and docs/OPERATIONS.md)
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // With RPC_URLS_FILE the file is the one source of the RPC URLs, at start as on a reload.
  const rpcUrlsFile = env.RPC_URLS_FILE || undefined;
  const rpcUrls = rpcUrlsFile ? rpcUrlsFromFile(rpcUrlsFile, repoRoot) : rpcUrlsFromEnv(env);
  const deployment = env.DEPLOYMENT ?? 'local';
  if (deployment !== 'local' && deployment !== 'production') {
    throw new Error(`DEPLOYMENT must be 'local' or 'production', not '${deployment}'`);
  }
  const int = (name: string): number | undefined => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
    return n;
  };
  const loginMax = int('LOGIN_RATE_LIMIT');
  const loginCodeMax = int('LOGIN_CODE_RATE_LIMIT');
  const writeMax = int('WRITE_RATE_LIMIT');
  const rpcMax = int('RPC_RATE_LIMIT');
  const rpcWindow = int('RPC_RATE_LIMIT_WINDOW_MS');
  const admins = (env.ADMIN_ADDRESSES ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const logLevel = env.LOG_LEVEL ?? 'info';
  return {
    port: int('PORT') ?? 3000,
    host: env.HOST || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDir: env.PGLITE_DIR || undefined,
    rpcUrls,
    rpcUrlsFile,
    deployment,
    deploymentFile: env.DEPLOYMENT_FILE || undefined,
    webDist: env.WEB_DIST || undefined,
    appOrigin: env.APP_ORIGIN || undefined,
    appName: env.APP_NAME || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    loginRateLimit:
      loginMax === undefined ? undefined : { ...defaults.loginRateLimit, max: loginMax },
    loginCodeRateLimit:
      loginCodeMax === undefined
        ? undefined
        : { ...defaults.loginCodeRateLimit, max: loginCodeMax },
    loginOpenCodesPerAddress: int('LOGIN_OPEN_CODES_PER_ADDRESS'),
    writeRateLimit:
      writeMax === undefined ? undefined : { ...defaults.writeRateLimit, max: writeMax },
    rpcRateLimit:
      rpcMax === undefined && rpcWindow === undefined
        ? undefined
        : {
            max: rpcMax ?? defaults.rpcRateLimit.max,
            timeWindowMs: rpcWindow ?? defaults.rpcRateLimit.timeWindowMs,
          },
    rpcRateLimitWide: int('RPC_RATE_LIMIT_WIDE'),
    rpcMaxResponseBytes: int('RPC_MAX_RESPONSE_BYTES'),
    rpcLogsMaxBlocks: int('RPC_LOGS_MAX_BLOCKS'),
    adminAddresses: normalizeAdminAddresses(admins),
    indexer: env.INDEXER !== 'off' && env.INDEXER !== '0' && env.INDEXER !== 'false',
    indexerPollMs: int('INDEXER_POLL_MS'),
    pageCache: env.PAGE_CACHE !== 'off' && env.PAGE_CACHE !== '0' && env.PAGE_CACHE !== 'false',
    indexerChunkBlocks: int('INDEXER_CHUNK_BLOCKS'),
    indexerFaultDelayMs: int('INDEXER_FAULT_DELAY_MS'),
    logLevel: logLevel === 'silent' ? false : (logLevel as ServerConfig['logLevel']),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    metricsPort: int('METRICS_PORT'),
    metricsHost: env.METRICS_HOST || undefined,
    metricsReloadToken: env.METRICS_RELOAD_TOKEN || undefined,
    maxIndexerLagBlocks: int('MAX_INDEXER_LAG_BLOCKS'),
    rpcRetryAfterMs: int('RPC_RETRY_AFTER_MS'),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS'),
  };
}
