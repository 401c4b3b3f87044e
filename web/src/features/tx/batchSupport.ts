/** What decides whether a flow batches (its own module, without the chain code: unit-tested). */

/** The deployment setting's value: on unless it says 'off'. */
export function batchingSetting(value: string | undefined): boolean {
  return value?.trim().toLowerCase() !== 'off';
}

/**
 * What a wallet's capabilities for one chain say (EIP-5792 `atomic`): 'supported', or 'ready' (it
 * will upgrade the account first, as MetaMask does to EIP-7702) mean one atomic batch.
 */
export function batchesAtomically(capabilities: unknown): boolean {
  const status = (capabilities as { atomic?: { status?: unknown } } | null | undefined)?.atomic
    ?.status;
  return status === 'supported' || status === 'ready';
}
