import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { getPublicClient } from 'wagmi/actions';
import { shortAddress } from '../shared/format';
import { readPendingTx, writePendingTx, type PendingTx } from '../shared/pendingTx';
import { RECEIPT_TIMEOUT_MS } from '../shared/tx';
import { toast } from '../shared/ui/toast';

/**
 * A transaction sent before a reload is still watched: a banner says so until its receipt arrives,
 * then the result is toasted and the chain reads refresh.
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
          if (cancelled) return;
          toast(t(receipt.status === 'success' ? 'toast.txSucceeded' : 'toast.txFailed'));
          void queryClient.invalidateQueries();
        },
        () => {
          if (!cancelled) toast(t('toast.txTimeout'));
        },
      )
      .finally(() => {
        if (!cancelled) setPending(null);
      });
    return () => {
      cancelled = true;
    };
  }, [pending, config, queryClient, t]);

  if (!pending) return null;
  return (
    <div className="pending-banner" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{t('tx.pending', { hash: shortAddress(pending.hash) })}</span>
    </div>
  );
}
