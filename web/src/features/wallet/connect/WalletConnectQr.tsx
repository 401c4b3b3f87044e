import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/clipboard';
import { QrCode } from '../../../shared/qr/QrCode';

/**
 * The WalletConnect pairing link, for the phone's wallet to scan (or to paste into it), in our own
 * translated words (walletConnect.ts says why not WalletConnect's modal). Its own chunk: the QR
 * encoder comes only when there is a link to show.
 */
export default function WalletConnectQr({ uri, onCancel }: { uri: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <div className="walletconnect-qr" data-testid="walletconnect-qr">
      <p className="small">{t('walletConnect.scan')}</p>
      <QrCode text={uri} label={t('walletConnect.qrLabel')} size={220} />
      <div className="walletconnect-qr__actions">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={async () => setCopied(await copyText(uri))}
        >
          {copied ? t('walletConnect.linkCopied') : t('walletConnect.copyLink')}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
      {copied === false ? <p className="muted small">{t('wallet.copyFailed')}</p> : null}
    </div>
  );
}
