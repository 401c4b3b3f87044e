import type { NetworkInfo } from '@app/contracts/chains';
import { countFormat } from '../displayAmount';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Indexed } from '../data/types';
import { shortHash } from '../format';
import { relativeTime } from '../relativeTime';
// The top bar's wallet popup state: the prompt's button opens the same popup (no second way in).
import { walletUiStore } from './walletOverlay';
import { Spinner } from './loading';
import './data.css';
import './tx.css';

/** 'Please connect the wallet' (the top bar's wallet button signs in; pages add no second one). */
/**
 * 'Please connect the wallet', with a button that opens the top bar's wallet popup. Home leaves the
 * button out (`action={false}`): there the top bar's 'Connect wallet' sits right above the card,
 * and the top bar's menus open over it.
 */
export function ConnectPrompt({ action = true }: { action?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card state connect-prompt" data-testid="connect-prompt">
      <p>{t('toast.connectWallet')}</p>
      <p className="muted small">{t('list.connectHint')}</p>
      {action ? (
        <button
          type="button"
          className="button button--small"
          onClick={() => walletUiStore.set('connect')}
        >
          {t('list.connectAction')}
        </button>
      ) : null}
    </section>
  );
}

export function LoadingState() {
  const { t } = useTranslation();
  return <Spinner label={t('loading.loading')} />;
}

/** A read failed: say so and offer Retry (the data is never replaced by made-up figures). */
export function ErrorState({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div className="state" role="alert" data-testid="load-error">
      <p>{t('list.loadFailed')}</p>
      <button type="button" className="button button--small" onClick={() => void onRetry()}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="state muted" data-testid="empty-state">
      {children}
    </p>
  );
}

/** The current time, refreshed every `intervalMs` (relative times move on without a reload). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Spec §9 relative time, with the exact date and time as its tooltip. */
export function RelativeTime({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return <span>--</span>;
  let exact: string;
  try {
    exact = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(ms);
  } catch {
    exact = iso;
  }
  return (
    <time dateTime={iso} title={exact}>
      {/* A block time ahead of this device's clock is clock skew: it happened just now. */}
      {relativeTime(Math.min(ms, now), now, i18n.language, t('time.justNow'))}
    </time>
  );
}

/**
 * A transaction hash: a link to the network's explorer in production; locally (no public
 * explorer knows the local chains) the hash as text.
 */
export function TxHash({ hash, network }: { hash: string; network: NetworkInfo }) {
  const { t } = useTranslation();
  const short = shortHash(hash);
  const label = t('list.txHash');
  if (import.meta.env.VITE_DEPLOYMENT !== 'production')
    return (
      <span className="small muted" title={hash} data-testid="tx-hash">
        {label} <span className="mono">{short}</span>
      </span>
    );
  return (
    <a
      className="small"
      href={`${network.explorer.url}/tx/${hash}`}
      target="_blank"
      rel="noopener noreferrer"
      title={hash}
      data-testid="tx-hash"
    >
      {label} <span className="mono">{short}</span>
    </a>
  );
}

/** Where the figures come from: the chain, as far as the server's indexer has read it. */
export function IndexedNote({ indexed }: { indexed: Indexed | undefined }) {
  const { t, i18n } = useTranslation();
  if (indexed === undefined) return null;
  return (
    <p className="muted small indexed-note" data-testid="indexed-note">
      {indexed
        ? t('list.indexedAt', {
            block: countFormat(i18n.language).format(BigInt(indexed.block)),
          })
        : t('list.notIndexed')}
    </p>
  );
}
