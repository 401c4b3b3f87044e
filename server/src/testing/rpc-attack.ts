/**
 * The /rpc attack of issue 25 §1, for the attack test (chain/rpc-proxy-attack.test.ts) and
 * bench/rpc-attack.ts: batches of 50 `eth_call`s that each make the node answer hundreds of KB,
 * sent to a real API process in front of a real anvil, while the API's peak memory (VmHWM) and
 * /v1/health's latency are read. Two kinds: 'override' (the code returning the bytes passed as a
 * state override, as in the issue) and 'deployed' (the same code deployed at that address, as an
 * attacker can deploy it on a real chain for a few cents: no override, what the size cap alone
 * must hold).
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { toHex } from 'viem';
import { freshPgliteDir } from './harness.ts';
import { runServerScript, type ServerProcess } from './server-process.ts';

export type AttackKind = 'override' | 'deployed';

/** EVM code that returns `bytes` zero bytes: PUSH3 bytes, PUSH1 0, RETURN. */
export function returnsZeros(bytes: number): `0x${string}` {
  return `0x62${bytes.toString(16).padStart(6, '0')}6000f3`;
}

/** Where the attack's code runs (as an override, or deployed there by `deployAttackCode`). */
export const attackTarget = '0x00000000000000000000000000000000000a77ac';

/** Puts code returning `bytes` zero bytes at `attackTarget` on the anvil at `rpcUrl` (anvil_setCode). */
export async function deployAttackCode(rpcUrl: string, bytes: number): Promise<void> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setCode',
      params: [attackTarget, returnsZeros(bytes)],
    }),
  });
  const body = (await res.json()) as { error?: unknown };
  if (body.error) throw new Error(`anvil_setCode: ${JSON.stringify(body.error)}`);
}

/** One batch of `calls` eth_calls answering `bytesPerCall` bytes each (twice that in hex). */
export function attackBatch(kind: AttackKind, bytesPerCall: number, calls = 50): unknown[] {
  const code = returnsZeros(bytesPerCall);
  return Array.from({ length: calls }, (_, id) => ({
    jsonrpc: '2.0',
    id,
    method: 'eth_call',
    params:
      kind === 'override'
        ? [{ to: attackTarget, data: toHex(id) }, 'latest', { [attackTarget]: { code } }]
        : [{ to: attackTarget, data: toHex(id) }, 'latest'],
  }));
}

/** The process's peak resident memory since start or the last `resetPeak` (VmHWM) and now (VmRSS), bytes. */
export function memoryOf(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/**
 * Starts the peak over from the current resident size (Linux: `5` into /proc/<pid>/clear_refs), so
 * the start-up's peak (migrations, PGlite) does not hide what the attack adds. False when the
 * kernel refuses it; the sampled peak still counts then.
 */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds of one GET /v1/health. */
export async function healthLatency(apiUrl: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${apiUrl}/v1/health`);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`/v1/health answered ${res.status}`);
  return performance.now() - start;
}

export interface ApiProcess {
  url: string;
  pid: number;
  proc: ServerProcess;
  stop(): Promise<void>;
}

/** The API (src/main.ts) as its own process, on a fresh PGlite, reading chain 56 from `rpcUrl`. */
export async function startApiProcess(
  rpcUrl: string,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const dir = await freshPgliteDir();
  const proc = runServerScript('src/main.ts', {
    PORT: '0',
    PGLITE_DIR: dir,
    DEPLOYMENT: 'local',
    RPC_URL_56: rpcUrl,
    RPC_URL_1: '',
    RPC_URLS_FILE: '',
    INDEXER: 'off',
    REDIS_URL: '',
    METRICS_PORT: '',
    LOG_LEVEL: 'info',
    ...env,
  });
  const line = await proc.waitFor(/server listening on/);
  const url = /(http:\/\/[^\s,)"]+)/.exec(line)![1]!;
  return {
    url,
    pid: proc.child.pid!,
    proc,
    async stop() {
      if (proc.child.exitCode === null) {
        proc.child.kill('SIGTERM');
        await proc.exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AttackResult {
  /**
   * Resident memory when the attack started (after warm-up and idle measurements), and its peak
   * while the attack ran (VmHWM from that moment, and VmRSS sampled every 10 ms), bytes.
   */
  peakBefore: number;
  peakAfter: number;
  /** Health latencies (ms) while idle, and while the attack ran. */
  idle: number[];
  during: number[];
  /** What the attack's requests got: HTTP status and the first call's error code (or 'result'). */
  answers: string[];
  /** Milliseconds the attack took. */
  attackMs: number;
}

/**
 * Warms the API up (health, a few proxied calls), measures `idleSamples` health latencies, then
 * sends `rounds` rounds of `concurrency` attack batches at once, asking /v1/health one request
 * after another while they run.
 */
export async function runAttack(
  api: ApiProcess,
  options: {
    kind: AttackKind;
    bytesPerCall: number;
    concurrency: number;
    rounds: number;
    idleSamples?: number;
    /** Each attack request as this client (X-Forwarded-For; the API must trust the proxy). */
    clientIp?: (i: number) => string;
  },
): Promise<AttackResult> {
  const post = (body: unknown, i: number) =>
    fetch(`${api.url}/rpc/56`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.clientIp ? { 'x-forwarded-for': options.clientIp(i) } : {}),
      },
      body: JSON.stringify(body),
    });
  for (let i = 0; i < 5; i++) {
    await healthLatency(api.url);
    await (await post({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }, 0)).text();
  }
  const idle: number[] = [];
  for (let i = 0; i < (options.idleSamples ?? 30); i++) idle.push(await healthLatency(api.url));
  const peakReset = resetPeak(api.pid);
  const peakBefore = memoryOf(api.pid).now;
  let sampled = peakBefore;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, memoryOf(api.pid).now);
  }, 10);

  const batch = attackBatch(options.kind, options.bytesPerCall);
  const answers: string[] = [];
  const during: number[] = [];
  let running = true;
  const started = performance.now();
  const attack = (async () => {
    for (let round = 0; round < options.rounds; round++) {
      await Promise.all(
        Array.from({ length: options.concurrency }, async (_, i) => {
          const res = await post(batch, round * options.concurrency + i);
          const text = await res.text();
          let first = 'unparsed';
          try {
            const body = JSON.parse(text) as
              { error?: { code: number } }[] | { error?: { code: number } };
            const one = Array.isArray(body) ? body[0] : body;
            first = one?.error ? String(one.error.code) : 'result';
          } catch {
            // kept as 'unparsed'
          }
          answers.push(`${res.status} ${first}`);
        }),
      );
    }
  })().finally(() => {
    running = false;
  });
  while (running || during.length < 5) during.push(await healthLatency(api.url));
  await attack;
  const attackMs = performance.now() - started;
  clearInterval(sampler);
  const peakAfter = Math.max(sampled, peakReset ? memoryOf(api.pid).peak : 0);
  return { peakBefore, peakAfter, idle, during, answers, attackMs };
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor(s.length / 2)]!;
};
export const maxOf = (xs: readonly number[]): number => Math.max(...xs);
/** The value below which `share` (0..1) of the samples fall (nearest rank). */
export const percentile = (xs: readonly number[], share: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(share * s.length) - 1)]!;
};
