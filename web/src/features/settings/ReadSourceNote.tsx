import { useTranslation } from 'react-i18next';
import './settings.css';
import { useReadSource } from '../../shared/chain/readSource';
import { useNetwork } from '../../shared/network';

/** The host of a URL, for a short note (the settings page shows it in full). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Says which source answered this network's latest chain read (issue 18 §2): the operator's
 * server, the user's own RPC, a public RPC or the wallet; links to the RPC settings.
 */
export function ReadSourceNote() {
  const { t } = useTranslation();
  const network = useNetwork();
  const source = useReadSource(network.chainId);
  if (!source) return null;
  // (A URL's host is shown; 'none' means there was nothing to ask: the link is the way out.)
  const text =
    source.kind === 'user' || source.kind === 'public'
      ? t(`readSource.${source.kind}`, { host: hostOf(source.url) })
      : t(`readSource.${source.kind}`);
  return (
    <p className="read-source small muted" data-testid="read-source" data-source={source.kind}>
      {text} · <a href="#/pages/settings/rpc">{t('readSource.settings')}</a>
    </p>
  );
}
