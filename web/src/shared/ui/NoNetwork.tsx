import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './offline.css';

/**
 * Spec §8: the no-network view says the network signal is lost; Retry checks again (it also goes
 * away by itself when the connection comes back).
 */
export function NoNetwork({ onRetry }: { onRetry: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <section className="offline" role="alert" data-testid="no-network">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" fill="none">
        <path
          d="M2 8.8a15 15 0 0 1 20 0M5 12.3a10 10 0 0 1 14 0M8.5 15.8a5 5 0 0 1 7 0M12 19.5h.01M3 3l18 18"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        />
      </svg>
      <h2 className="offline__title">{t('offline.title')}</h2>
      <p>{t('offline.body')}</p>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onRetry();
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('common.retry')}
      </button>
    </section>
  );
}
