import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { writePendingTx } from '../pendingTx';

/** A transaction was mined but reverted. */
export class TxRevertedError extends Error {
  constructor(readonly hash: Hash) {
    super(`Transaction ${hash} reverted`);
    this.name = 'TxRevertedError';
  }
}

/** How long we wait for a receipt before telling the user it timed out (not spinning forever). */
export const RECEIPT_TIMEOUT_MS = 5 * 60_000;

/**
 * Waits for a sent transaction's receipt; a revert throws TxRevertedError. While waiting, the hash
 * is remembered so a reload keeps watching it (app/PendingTxWatcher). A wallet "speed up" (the same
 * nonce sent again) is followed by viem to the replacement's receipt.
 */
export async function waitForSuccess(
  client: PublicClient,
  hash: Hash,
): Promise<TransactionReceipt> {
  writePendingTx({ hash, chainId: client.chain?.id ?? 0 });
  let receipt: TransactionReceipt;
  try {
    receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  } catch (error) {
    // A timeout keeps it remembered only if the network still has it (see settleTimeout).
    if (!(error instanceof WaitForTransactionReceiptTimeoutError)) writePendingTx(null);
    throw error;
  }
  writePendingTx(null);
  if (receipt.status !== 'success') throw new TxRevertedError(hash);
  return receipt;
}

/**
 * What became of a transaction whose receipt did not come in time: 'dropped' when the node no longer
 * knows it (it will never be mined; nothing happened), 'pending' when it is still waiting in the
 * mempool (the user can speed it up or cancel it in the wallet), or its result if it just got in.
 */
export type TimeoutOutcome = 'dropped' | 'pending' | 'succeeded' | 'reverted';

export async function timeoutOutcome(client: PublicClient, hash: Hash): Promise<TimeoutOutcome> {
  try {
    const receipt = await client.getTransactionReceipt({ hash });
    return receipt.status === 'success' ? 'succeeded' : 'reverted';
  } catch (error) {
    if (!(error instanceof TransactionReceiptNotFoundError)) return 'pending';
  }
  try {
    await client.getTransaction({ hash });
    return 'pending';
  } catch (error) {
    return error instanceof TransactionNotFoundError ? 'dropped' : 'pending';
  }
}

/**
 * The translation key telling the user how a timed-out transaction ended; a dropped one is
 * forgotten (a reload stops watching it), a still-pending one stays remembered.
 */
export async function settleTimeout(client: PublicClient, hash: Hash): Promise<string> {
  const outcome = await timeoutOutcome(client, hash).catch((): TimeoutOutcome => 'pending');
  if (outcome === 'pending') return 'toast.txTimeout';
  writePendingTx(null);
  if (outcome === 'dropped') return 'tx.dropped';
  return outcome === 'succeeded' ? 'toast.txSucceeded' : 'toast.txFailed';
}
