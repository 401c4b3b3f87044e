import { useTranslation } from 'react-i18next';
import { useReconnect } from './useReconnect';
import { useWalletLink } from './walletLink';

/**
 * Where the user is, on every page: the session's wallet is not connected (it forgot this site
 * after a reload), with the one action that fixes it.
 */
export function ReconnectBanner() {
  const { t } = useTranslation();
  const link = useWalletLink();
  const reconnect = useReconnect();
  if (link !== 'lost') return null;
  return (
    <section className="card banner" role="status" data-testid="reconnect-banner">
      <p>{t('wallet.lostBanner')}</p>
      <button type="button" className="button button--small" onClick={() => void reconnect()}>
        {t('wallet.reconnect')}
      </button>
    </section>
  );
}
