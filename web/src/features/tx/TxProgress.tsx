import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../shared/clipboard';
import { CopyIcon } from '../../shared/ui/icons';
import { toast } from '../../shared/ui/toast';
import { deployment } from '../../shared/deployment';
import { formatDateTime, shortHash } from '../../shared/format';
import { isSamePage, useRoute } from '../../app/router';
import { receiptStore, useTxProgress, useTxReceipt } from './progress';
import { txLocation } from '../../shared/chain/explorer';
import '../../shared/ui/address.css';
import '../../shared/ui/tx.css';

/**
 * A transaction's hash and where to look it up (the explorer, or "local chain"). Short ("0x54bf…3484"),
 * as `<Address>` shows addresses (issue 24 §1): a tap shows the whole hash (a tap again shortens
 * it), a button copies it, and where there is a public explorer a link opens it there. On a local
 * chain too, the 66 characters never sit on the screen unasked.
 */
export function TxHashLine({ chainId, hash }: { chainId: number; hash: string }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const location = txLocation(deployment, chainId, hash);
  return (
    <div className="tx-hash" data-testid="tx-hash">
      <span className="muted">{t('tx.hash')}</span>{' '}
      <bdi dir="ltr" className="address" data-full={full || undefined}>
        <button
          type="button"
          className="address__value mono"
          data-testid="tx-hash-value"
          aria-expanded={full}
          title={hash}
          onClick={() => setFull(!full)}
        >
          {full ? hash : shortHash(hash)}
        </button>
        <button
          type="button"
          className="address__icon"
          aria-label={t('tx.copyHash')}
          title={t('tx.copyHash')}
          onClick={() =>
            void copyText(hash).then((ok) =>
              toast(ok ? t('tx.hashCopied') : t('invite.copyFailed')),
            )
          }
        >
          <CopyIcon />
        </button>
      </bdi>
      <div data-testid="tx-explorer">
        {location.kind === 'explorer' ? (
          <a href={location.url} target="_blank" rel="noopener noreferrer">
            {t('tx.viewOn', { explorer: location.name })}
          </a>
        ) : (
          <span className="muted small">{t('tx.localChain')}</span>
        )}
      </div>
    </div>
  );
}

/** The blocking view of a running write flow: its stages so far, then 'Confirmed'. */
export function TxProgressModal() {
  const { t } = useTranslation();
  const progress = useTxProgress();
  if (!progress) return null;
  const current = progress.stages.at(-1);
  const title = current ? t(current.labelKey) : t('loading.loading');
  return (
    <div className="overlay overlay--loading">
      <div
        className="loading tx-progress"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        aria-busy="true"
        data-testid="tx-progress"
      >
        <span className="spinner" aria-hidden="true" />
        <p className="tx-progress__title">{title}</p>
        <ol className="tx-steps">
          {progress.stages.map((stage, index) => (
            <li key={index} className={`tx-step tx-step--${stage.phase}`}>
              <span aria-hidden="true" className="tx-step__mark">
                {stage.phase === 'done' ? '✓' : '•'}
              </span>
              <span>{t(stage.labelKey)}</span>
              <span className="muted small">
                {stage.phase === 'wallet'
                  ? t('tx.inWallet')
                  : stage.phase === 'confirming'
                    ? t(stage.batch ? 'tx.batchConfirming' : 'tx.confirming')
                    : t('tx.done')}
              </span>
            </li>
          ))}
          <li className="tx-step tx-step--next">
            <span aria-hidden="true" className="tx-step__mark">
              •
            </span>
            <span>{t('tx.confirmed')}</span>
          </li>
        </ol>
        {current?.hash ? <TxHashLine chainId={progress.chainId} hash={current.hash} /> : null}
      </div>
    </div>
  );
}

/** After a confirmed flow: 'Confirmed' with the hash and where to look it up, until closed. */
export function TxReceiptBanner() {
  const { t, i18n } = useTranslation();
  const receipt = useTxReceipt();
  const route = useRoute();
  if (!receipt || !isSamePage(receipt.page, `#${route.path}?${route.query.toString()}`))
    return null;
  return (
    <section className="tx-receipt" role="status" data-testid="tx-receipt">
      <div className="tx-receipt__head">
        <strong>
          ✓ {t('tx.confirmed')} · {t(receipt.labelKey)}
        </strong>
        <button
          type="button"
          className="icon-button"
          aria-label={t('common.close')}
          onClick={() => receiptStore.set(null)}
        >
          ×
        </button>
      </div>
      {receipt.fact ? (
        <p className="small" data-testid="tx-receipt-fact">
          {t(receipt.fact.labelKey)}: {formatDateTime(receipt.fact.unixSeconds, i18n.language)}
        </p>
      ) : null}
      <TxHashLine chainId={receipt.chainId} hash={receipt.hash} />
    </section>
  );
}
