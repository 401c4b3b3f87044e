import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WaitForTransactionReceiptTimeoutError, type Address } from 'viem';
import { useConfig } from 'wagmi';
import type { Config } from 'wagmi';
import { getConnection, getPublicClient, waitForCallsStatus } from 'wagmi/actions';
import { shortHash } from '../shared/format';
import { readPendingTx, writePendingTx, type PendingTx } from '../shared/pendingTx';
import { refreshAfterTransaction, refreshUserData } from '../shared/data/userDataSync';
import { sessionStore } from '../shared/session';
import { RECEIPT_TIMEOUT_MS, settleTimeout } from '../features/tx/receipt';
import { TxHashLine } from '../features/tx/TxProgress';
import { toast } from '../shared/ui/toast';

/** Resolves once the wallet is connected again after the reload (it may appear late). */
function connected(config: Config): Promise<void> {
  if (getConnection(config).status === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (status !== 'connected') return;
        unsubscribe();
        resolve();
      },
    );
  });
}

/**
 * An EIP-5792 batch sent before the reload: the wallet alone knows its status
 * (wallet_getCallsStatus), so it is asked once it is connected again.
 */
async function batchOutcome(config: Config, callsId: string): Promise<string> {
  await connected(config);
  try {
    const result = await waitForCallsStatus(config, { id: callsId, timeout: RECEIPT_TIMEOUT_MS });
    writePendingTx(null);
    return result.status === 'success' ? 'toast.txSucceeded' : 'toast.txFailed';
  } catch {
    return 'toast.txTimeout';
  }
}

/**
 * A transaction sent before a reload is still watched: a banner with its hash says so until its
 * receipt arrives, then the result is toasted and every query reads again. One that never comes
 * ends after RECEIPT_TIMEOUT_MS with a clear message (dropped, or still pending in the wallet). A
 * batch (issue 18 §5) is followed the same way through the wallet.
 */
export default function PendingTxWatcher() {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingTx | null>(() => readPendingTx());

  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    const done = (key: string) => {
      if (cancelled) return;
      toast(t(key));
      setPending(null);
      // Every figure reads again, here and (for the signed-in account) in the app's other tabs.
      const account = sessionStore.get()?.userAddress;
      if (account) void refreshAfterTransaction(queryClient, { chainId: pending.chainId, account });
      else void refreshUserData(queryClient);
    };
    if ('callsId' in pending) {
      void batchOutcome(config, pending.callsId).then(done);
      return () => {
        cancelled = true;
      };
    }
    const client = getPublicClient(config, { chainId: pending.chainId });
    if (!client) {
      writePendingTx(null);
      return;
    }
    client
      .waitForTransactionReceipt({ hash: pending.hash, timeout: RECEIPT_TIMEOUT_MS })
      .then(
        (receipt) => {
          writePendingTx(null);
          return receipt.status === 'success' ? 'toast.txSucceeded' : 'toast.txFailed';
        },
        (error: unknown) =>
          error instanceof WaitForTransactionReceiptTimeoutError
            ? settleTimeout(client, pending.hash, sessionStore.get()?.userAddress as Address)
            : 'toast.txTimeout',
      )
      .then(done);
    return () => {
      cancelled = true;
    };
  }, [pending, config, queryClient, t]);

  if (!pending) return null;
  return (
    <div className="pending-banner" role="status" data-testid="pending-tx">
      <span className="spinner spinner--small" aria-hidden="true" />
      {'callsId' in pending ? (
        <span>{t('tx.pendingBatch')}</span>
      ) : (
        <div>
          <span>{t('tx.pending', { hash: shortHash(pending.hash) })}</span>
          <TxHashLine chainId={pending.chainId} hash={pending.hash} />
        </div>
      )}
    </div>
  );
}
