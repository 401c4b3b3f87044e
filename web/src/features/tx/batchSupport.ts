/** What decides whether a flow batches (its own module, without the chain code: unit-tested). */

/** The deployment setting's value: on unless it says 'off'. */
export function batchingSetting(value: string | undefined): boolean {
  return value?.trim().toLowerCase() !== 'off';
}

/**
 * The `wallet_sendCalls` version to use with a wallet whose capabilities for one chain are
 * `capabilities`, or undefined when it does not batch atomically:
 * - EIP-5792 as final: `atomic` 'supported', or 'ready' (it will upgrade the account first, as
 *   MetaMask does to EIP-7702) → '2.0.0';
 * - the draft before it, still spoken by older wallets (e.g. older Coinbase Wallet releases):
 *   `atomicBatch: {supported: true}`, which that draft defined as "executes the calls of a batch
 *   atomically" → '1.0', the request version those wallets expect.
 */
export function atomicBatchVersion(capabilities: unknown): '2.0.0' | '1.0' | undefined {
  const said = capabilities as
    { atomic?: { status?: unknown }; atomicBatch?: { supported?: unknown } } | null | undefined;
  const status = said?.atomic?.status;
  if (status === 'supported' || status === 'ready') return '2.0.0';
  // A wallet that states the final capability is taken at its word, even when it says no.
  if (status === undefined && said?.atomicBatch?.supported === true) return '1.0';
  return undefined;
}

/** Whether a wallet with these capabilities (for one chain) executes a batch atomically. */
export function batchesAtomically(capabilities: unknown): boolean {
  return atomicBatchVersion(capabilities) !== undefined;
}
