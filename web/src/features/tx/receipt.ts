import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Address,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { writePendingTx } from '../../shared/pendingTx';
import type { AppWalletClient } from '../wallet/connected';

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

/** A batch the wallet did not report done within RECEIPT_TIMEOUT_MS (it may still be pending). */
export class BatchTimeoutError extends Error {
  constructor(readonly callsId: string) {
    super(`Batch ${callsId} not confirmed in time`);
    this.name = 'BatchTimeoutError';
  }
}

/**
 * Waits for an EIP-5792 batch until the wallet reports it done (wallet_getCallsStatus), however
 * long the wallet takes (a smart account's bundler, a Safe's other owners); a failed batch throws
 * TxRevertedError with its transaction's hash. The id is remembered meanwhile, so a reload keeps
 * following it (app/PendingTxWatcher). Resolves the receipt of the batch's last transaction.
 */
export async function waitForBatchSuccess(
  wallet: AppWalletClient,
  callsId: string,
): Promise<{ transactionHash: Hash }> {
  writePendingTx({ callsId, chainId: wallet.chain.id });
  const result = await wallet
    .waitForCallsStatus({ id: callsId, timeout: RECEIPT_TIMEOUT_MS })
    .catch((error: unknown) => {
      // Still remembered: the wallet may finish it later (the reload banner keeps asking).
      if ((error as { name?: string }).name === 'WaitForCallsStatusTimeoutError')
        throw new BatchTimeoutError(callsId);
      writePendingTx(null);
      throw error;
    });
  writePendingTx(null);
  const last = result.receipts?.at(-1);
  if (result.status !== 'success' || !last) {
    if (last) throw new TxRevertedError(last.transactionHash);
    throw new Error(`batch ${callsId} failed (status ${String(result.statusCode)})`);
  }
  return last;
}

/**
 * What became of a transaction whose receipt did not come in time: 'dropped' when the node no longer
 * knows it (it will never be mined; nothing happened), 'pending' when it is still waiting in the
 * mempool (the user can speed it up or cancel it in the wallet), or its result if it just got in.
 */
export type TimeoutOutcome = 'dropped' | 'pending' | 'succeeded' | 'reverted';

export async function timeoutOutcome(
  client: PublicClient,
  hash: Hash,
  sender?: Address,
): Promise<TimeoutOutcome> {
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
    if (!(error instanceof TransactionNotFoundError)) return 'pending';
  }
  // Issue 18 §4: the hash a contract account's wallet returns need not be a transaction yet (a
  // Safe's transaction waits for its other owners; an ERC-4337 account's user operation for a
  // bundler), so the node not knowing it says nothing: still pending, in the wallet.
  return sender && (await isContractAccount(client, sender)) ? 'pending' : 'dropped';
}

/**
 * Whether `address` is a contract account (a Safe, a smart wallet). An EOA delegated with
 * EIP-7702 (code 0xef0100 + address) still sends its own transactions: not one.
 */
export async function isContractAccount(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address }).catch(() => '0x1');
  return !!code && code !== '0x' && !code.toLowerCase().startsWith('0xef0100');
}

/**
 * The translation key telling the user how a timed-out transaction ended; a dropped one is
 * forgotten (a reload stops watching it), a still-pending one stays remembered.
 */
export async function settleTimeout(
  client: PublicClient,
  hash: Hash,
  sender?: Address,
): Promise<string> {
  const outcome = await timeoutOutcome(client, hash, sender).catch((): TimeoutOutcome => 'pending');
  if (outcome === 'pending') return 'toast.txTimeout';
  writePendingTx(null);
  if (outcome === 'dropped') return 'tx.dropped';
  return outcome === 'succeeded' ? 'toast.txSucceeded' : 'toast.txFailed';
}
