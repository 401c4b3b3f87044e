import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressUrl, txLocation } from '../chain/explorer';
import { copyText } from '../clipboard';
import { deployment as deploymentKind } from '../deployment';
import { shortAddress } from '../format';
import { useNetwork } from '../network';
import { CopyIcon, ExternalIcon } from './icons';
import { toast } from './toast';
import './address.css';

/**
 * The one way a page shows an address or a transaction hash (issue 24 §1, as `<Amount>` is for
 * amounts; eslint.config.js keeps it so): the spec's 4...4 form; a tap shows the full
 * text under it (and a second tap hides it); a copy button; a link to the network's explorer (a
 * local chain has none). The full text is also in the page's text, off screen, so page search and
 * screen readers find it. `bare` leaves out the buttons (an address inside another control).
 * An address the server sends in lower case goes through `checksummed()` (./checksum.ts) first:
 * not here, so the first visit's Home page does not load viem's keccak.
 */
export function Address({
  address,
  kind = 'address',
  testId,
  fullTestId,
  chainId,
  bare = false,
}: {
  address: string;
  kind?: 'address' | 'tx';
  /** On the 4...4 button. */
  testId?: string;
  /** On the full text (off screen until the tap). */
  fullTestId?: string;
  /** The chain the address or transaction is on (default: the selected network). */
  chainId?: number;
  bare?: boolean;
}) {
  const { t } = useTranslation();
  const network = useNetwork();
  const [open, setOpen] = useState(false);
  const full = address;
  const chain = chainId ?? network.chainId;
  const link =
    kind === 'address'
      ? addressUrl(deploymentKind, chain, full)
      : (() => {
          const location = txLocation(deploymentKind, chain, full);
          return location.kind === 'explorer' ? location : undefined;
        })();
  return (
    <span className="address" data-address={full}>
      <bdi dir="ltr" className="address__line">
        <button
          type="button"
          className="address__short"
          aria-expanded={open}
          title={t('address.showFull')}
          onClick={() => setOpen(!open)}
          data-testid={testId}
        >
          {shortAddress(full)}
        </button>
        {bare ? null : (
          <button
            type="button"
            className="address__icon"
            aria-label={t('address.copy')}
            title={t('address.copy')}
            onClick={() =>
              void copyText(full).then((ok) =>
                toast(ok ? t('address.copied') : t('address.copyFailed')),
              )
            }
          >
            <CopyIcon />
          </button>
        )}
        {bare || !link ? null : (
          <a
            className="address__icon"
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('address.onExplorer', { explorer: link.name })}
            title={t('address.onExplorer', { explorer: link.name })}
          >
            <ExternalIcon />
          </a>
        )}
      </bdi>
      {open ? (
        <bdi dir="ltr" className="address__full mono" data-address-full="" data-testid={fullTestId}>
          {full}
        </bdi>
      ) : (
        <span className="visually-hidden" data-testid={fullTestId}>
          {full}
        </span>
      )}
    </span>
  );
}
