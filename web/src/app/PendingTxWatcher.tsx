import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WaitForTransactionReceiptTimeoutError } from 'viem';
import { useConfig } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { shortAddress } from '../shared/format';
import { readPendingTx, writePendingTx, type PendingTx } from '../shared/pendingTx';
import { RECEIPT_TIMEOUT_MS, settleTimeout } from '../shared/tx/receipt';
import { TxHashLine } from '../shared/tx/TxProgress';
import { toast } from '../shared/ui/toast';

/**
 * A transaction sent before a reload is still watched: a banner with its hash says so until its
 * receipt arrives, then the result is toasted and every query reads again. One that never comes
 * ends after RECEIPT_TIMEOUT_MS with a clear message (dropped, or still pending in the wallet).
 */
export default function PendingTxWatcher() {
  const { t } = useTranslation();
  const config = useConfig();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingTx | null>(() => readPendingTx());

  useEffect(() => {
    if (!pending) return;
    const client = getPublicClient(config, { chainId: pending.chainId });
    if (!client) {
      writePendingTx(null);
      return;
    }
    let cancelled = false;
    client
      .waitForTransactionReceipt({ hash: pending.hash, timeout: RECEIPT_TIMEOUT_MS })
      .then(
        (receipt) => {
          writePendingTx(null);
          return receipt.status === 'success' ? 'toast.txSucceeded' : 'toast.txFailed';
        },
        (error: unknown) =>
          error instanceof WaitForTransactionReceiptTimeoutError
            ? settleTimeout(client, pending.hash)
            : 'toast.txTimeout',
      )
      .then((key) => {
        if (cancelled) return;
        toast(t(key));
        setPending(null);
        void queryClient.invalidateQueries();
      });
    return () => {
      cancelled = true;
    };
  }, [pending, config, queryClient, t]);

  if (!pending) return null;
  return (
    <div className="pending-banner" role="status" data-testid="pending-tx">
      <span className="spinner spinner--small" aria-hidden="true" />
      <div>
        <span>{t('tx.pending', { hash: shortAddress(pending.hash) })}</span>
        <TxHashLine chainId={pending.chainId} hash={pending.hash} />
      </div>
    </div>
  );
}
