import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAddress, isAddress } from 'viem';
import { copyText } from '../clipboard';
import { deployment as deploymentKind } from '../deployment';
import { shortAddress } from '../format';
import { useNetwork } from '../network';
import { addressUrl } from '../chain/explorer';
import { CopyIcon, ExternalIcon } from './icons';
import { toast } from './toast';
import './address.css';

// Its own module: viem's checksum (keccak) is not needed by the first visit's Home page.

/** The checksummed form (the server may send lower case); anything else as given. */
export function checksummed(address: string): string {
  return isAddress(address, { strict: false }) ? getAddress(address) : address;
}

/**
 * The one way a page shows an address (issue 24 §1), as <Amount> is for amounts: 4…4
 * ("0x12…abcd"), tap for the full value (tap again to shorten), a Copy button, and a link to the
 * selected network's explorer (a local build has no public explorer, so no link). `plain` is for an
 * address inside another control (a button's text), where more buttons are not allowed: the full
 * value is then its title.
 */
export function Address({
  address,
  testId,
  plain = false,
}: {
  address: string;
  testId?: string;
  plain?: boolean;
}) {
  const { t } = useTranslation();
  const network = useNetwork();
  const [full, setFull] = useState(false);
  const value = checksummed(address);
  if (plain)
    return (
      <bdi dir="ltr" className="address mono" title={value} data-testid={testId}>
        {shortAddress(value)}
      </bdi>
    );
  const link = addressUrl(deploymentKind, network.chainId, value);
  return (
    <bdi dir="ltr" className="address" data-testid={testId} data-full={full || undefined}>
      <button
        type="button"
        className="address__value mono"
        aria-expanded={full}
        title={t('address.label', { address: value })}
        onClick={() => setFull(!full)}
      >
        {full ? value : shortAddress(value)}
      </button>
      <button
        type="button"
        className="address__icon"
        aria-label={t('address.copy')}
        title={t('address.copy')}
        onClick={() =>
          void copyText(value).then((ok) =>
            toast(ok ? t('wallet.addressCopied') : t('invite.copyFailed')),
          )
        }
      >
        <CopyIcon />
      </button>
      {link ? (
        <a
          className="address__icon"
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('transparency.onExplorer', { explorer: link.name })}
          title={t('transparency.onExplorer', { explorer: link.name })}
        >
          <ExternalIcon />
        </a>
      ) : null}
    </bdi>
  );
}
