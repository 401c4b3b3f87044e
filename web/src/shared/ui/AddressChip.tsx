import { useTranslation } from 'react-i18next';
import { copyText } from '../clipboard';
import { deployment as deploymentKind } from '../deployment';
import { shortAddress } from '../format';
import { useNetwork } from '../network';
import { addressUrl } from '../chain/explorer';
import { toast } from './toast';
import './address-chip.css';

/**
 * A contract or owner address where people check it (issue 19 §2): 4…4 (the full address as its
 * title and in a hidden text for screen readers and page search), Copy, and a link to the
 * network's explorer; a local build says there is no public explorer instead.
 */
export function AddressChip({ address, testId }: { address: string; testId?: string }) {
  const { t } = useTranslation();
  const network = useNetwork();
  const link = addressUrl(deploymentKind, network.chainId, address);
  return (
    <span className="address-chip" data-testid={testId}>
      <bdi dir="ltr" className="mono" title={address}>
        <span aria-hidden="true">{shortAddress(address)}</span>
        <span className="visually-hidden">{address}</span>
      </bdi>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() =>
          void copyText(address).then((ok) =>
            toast(ok ? t('wallet.addressCopied') : t('invite.copyFailed')),
          )
        }
      >
        {t('invite.copy')}
      </button>
      {link ? (
        <a href={link.url} target="_blank" rel="noopener noreferrer">
          {t('transparency.onExplorer', { explorer: link.name })}
        </a>
      ) : (
        <span className="muted small">{t('transparency.localChain')}</span>
      )}
    </span>
  );
}
