import {
  WaitForTransactionReceiptTimeoutError,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { t } from '../i18n';
import { writePendingTx } from './pendingTx';
import { hideLoading, showLoading } from './ui/loading';
import { toast } from './ui/toast';
import { isUserRejection } from './wallet/errors';

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
 * is remembered so a reload keeps watching it (app/PendingTxWatcher); a timeout leaves it there.
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
    if (!(error instanceof WaitForTransactionReceiptTimeoutError)) writePendingTx(null);
    throw error;
  }
  writePendingTx(null);
  if (receipt.status !== 'success') throw new TxRevertedError(hash);
  return receipt;
}

/** One named stage of a wallet flow: shows its loading text ('Authorizing', 'Paying', ...). */
export async function stage<T>(loadingKey: string, run: () => Promise<T>): Promise<T> {
  showLoading(t(loadingKey));
  return run();
}

/**
 * Runs a whole write flow: on success toasts `successKey`; on failure (including a rejection in
 * the wallet) hides the loading modal at once and toasts `failureKey`. Resolves true on success.
 */
export async function runTxFlow(
  flow: () => Promise<void>,
  keys: { success: string; failure: string },
): Promise<boolean> {
  try {
    await flow();
    hideLoading();
    toast(t(keys.success));
    return true;
  } catch (error) {
    hideLoading();
    if (!isUserRejection(error)) console.error(error);
    toast(
      t(error instanceof WaitForTransactionReceiptTimeoutError ? 'toast.txTimeout' : keys.failure),
    );
    return false;
  }
}
