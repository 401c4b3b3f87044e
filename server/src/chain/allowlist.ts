/**
 * What the /rpc proxy forwards: the JSON-RPC methods this app's web client reads the chain with,
 * plus broadcasting a transaction the user signed, each with its parameters held to what the app
 * asks (rpc-proxy.ts applies these; rpc-proxy-send.ts decides on a signed transaction).
 */
export const allowedMethods: ReadonlySet<string> = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getLogs',
  'net_version',
  'eth_sendRawTransaction',
]);

export const MAX_BATCH = 50;
export const RPC_BODY_LIMIT = 256 * 1024;

/**
 * Most positional parameters per method where more would change what the node computes: eth_call
 * and eth_estimateGas take (call, block); a third (state overrides: any code or balance at any
 * address) and a fourth (block overrides) let one small request make the node compute and answer
 * anything, so they are refused rather than forwarded. One exception, `estimateOverrideRefusal`.
 */
const maxParams: Readonly<Record<string, number>> = {
  eth_call: 2,
  eth_estimateGas: 2,
};

/** Most storage slots one eth_estimateGas may set (the web sets 32: allowanceOverride.ts). */
export const MAX_OVERRIDE_SLOTS = 64;
const word = /^0x[0-9a-fA-F]{64}$/;

/**
 * The web shows a payment's network fee before the wallet opens, also when the exact approval that
 * precedes it is not given yet: it estimates the payment as if the allowance were set
 * (web/src/shared/chain/allowanceOverride.ts). So eth_estimateGas may take a third parameter that
 * only sets storage slots (`stateDiff`) of this deployment's contracts: its answer is one number,
 * and what it computes is bounded by the gas cap like any estimate; no code, balance or nonce.
 */
function estimateOverrideRefusal(override: unknown, limits: ParamLimits): string | undefined {
  const refused = `eth_estimateGas: state overrides may only set storage slots of this app's contracts (at most ${MAX_OVERRIDE_SLOTS})`;
  if (typeof override !== 'object' || override === null || Array.isArray(override)) return refused;
  let slots = 0;
  for (const [address, change] of Object.entries(override)) {
    if (!limits.ours.has(address.toLowerCase())) return refused;
    if (typeof change !== 'object' || change === null || Array.isArray(change)) return refused;
    const keys = Object.keys(change);
    if (keys.length !== 1 || keys[0] !== 'stateDiff') return refused;
    const diff: unknown = (change as { stateDiff: unknown }).stateDiff;
    if (typeof diff !== 'object' || diff === null || Array.isArray(diff)) return refused;
    for (const [slot, value] of Object.entries(diff)) {
      if (!word.test(slot) || typeof value !== 'string' || !word.test(value)) return refused;
      if (++slots > MAX_OVERRIDE_SLOTS) return refused;
    }
  }
  return undefined;
}

export interface ParamLimits {
  /** The deployment's contracts on this chain, lower-case (eth_getLogs must name one of them). */
  ours: ReadonlySet<string>;
  /** Most blocks one eth_getLogs may span (toBlock - fromBlock + 1). */
  logsMaxBlocks: number;
}

/** Why the parameters of an allowed call are refused, or undefined when they may go upstream. */
export function paramsRefusal(
  method: string,
  params: readonly unknown[],
  limits: ParamLimits,
): string | undefined {
  if (method === 'eth_estimateGas' && params.length === 3) {
    return estimateOverrideRefusal(params[2], limits);
  }
  const max = maxParams[method];
  if (max !== undefined && params.length > max) {
    return `${method}: state and block overrides are not accepted (at most ${max} parameters)`;
  }
  if (method === 'eth_getLogs') return logsRefusal(params[0], limits);
  if (method === 'eth_sendRawTransaction' && !isHex(params[0])) {
    return 'eth_sendRawTransaction: the parameter must be a signed transaction (hex)';
  }
  return undefined;
}

const isHex = (v: unknown): v is `0x${string}` =>
  typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v);

/**
 * eth_getLogs asks the node to scan a range for logs: unbounded, one call can cost the provider
 * (and our quota) more than a day of the app's reads. Only logs of this deployment's contracts, by
 * block hash (one block) or by a numeric range of at most `logsMaxBlocks`.
 */
function logsRefusal(filter: unknown, limits: ParamLimits): string | undefined {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    return 'eth_getLogs: the parameter must be a filter object';
  }
  const f = filter as Record<string, unknown>;
  const addresses = Array.isArray(f.address) ? (f.address as unknown[]) : [f.address];
  if (
    addresses.length === 0 ||
    !addresses.every((a) => typeof a === 'string' && limits.ours.has(a.toLowerCase()))
  ) {
    return "eth_getLogs: address must name this app's contracts on this chain";
  }
  if (f.blockHash !== undefined) {
    return isHex(f.blockHash) && f.fromBlock === undefined && f.toBlock === undefined
      ? undefined
      : 'eth_getLogs: blockHash goes without fromBlock and toBlock';
  }
  if (!isHex(f.fromBlock) || !isHex(f.toBlock) || f.fromBlock === '0x' || f.toBlock === '0x') {
    return 'eth_getLogs: fromBlock and toBlock must be block numbers (hex), or give blockHash';
  }
  const span = BigInt(f.toBlock) - BigInt(f.fromBlock) + 1n;
  if (span < 1n || span > BigInt(limits.logsMaxBlocks)) {
    return `eth_getLogs: the range must span 1 to ${limits.logsMaxBlocks} blocks`;
  }
  return undefined;
}
