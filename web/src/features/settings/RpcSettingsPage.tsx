import { networkList, type NetworkInfo } from '@app/contracts/chains';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './settings.css';
import { exitGuideHref, standalone } from '../../shared/deployment';
import { Card } from '../../shared/ui/Card';
import { toast } from '../../shared/ui/toast';
import {
  addUserRpcUrl,
  MAX_RPC_URLS,
  removeUserRpcUrl,
  RpcCheckFailed,
  useUserRpcUrls,
} from '../../shared/chain/rpcSettings';

/**
 * Issue 18 §2: the user's own RPC URLs per network. A URL is saved only after it answered
 * eth_chainId with the network's id; reads then go our /rpc → these → the wallet
 * (shared/chain/readTransport.ts).
 */
export default function RpcSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="rpc-settings">
      {networkList.map((network) => (
        <NetworkRpcCard key={network.chainId} network={network} />
      ))}
      <section className="card">
        <p className="small muted">{t('rpc.exitHelp')}</p>
        <p>
          <a href={exitGuideHref} target="_blank" rel="noreferrer" data-testid="exit-guide-link">
            {t('rpc.exitGuide')}
          </a>
        </p>
      </section>
    </div>
  );
}

function NetworkRpcCard({ network }: { network: NetworkInfo }) {
  const { t } = useTranslation();
  const urls = useUserRpcUrls(network.chainId);
  const [draft, setDraft] = useState('');
  const [checking, setChecking] = useState(false);
  const inputId = `rpc-url-${network.chainId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecking(true);
    try {
      await addUserRpcUrl(network.chainId, draft);
      setDraft('');
      toast(t('rpc.saved', { network: network.label }));
    } catch (error) {
      if (!(error instanceof RpcCheckFailed)) throw error;
      toast(
        t(`rpc.error.${error.reason}`, {
          network: network.label,
          answered: error.answered,
          max: MAX_RPC_URLS,
          schemes: 'https:// · http://',
        }),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <Card title={network.label} testId={`rpc-settings-${network.chainId}`}>
      <p className="small muted">
        {t(standalone ? 'rpc.introStandalone' : 'rpc.intro', { network: network.label })}
      </p>
      {urls.length === 0 ? (
        <p className="small" data-testid="rpc-none">
          {t('rpc.none')}
        </p>
      ) : (
        <ol className="rpc-settings__list">
          {urls.map((url) => (
            <li key={url} className="rpc-settings__item">
              <span className="mono" data-testid="rpc-url">
                {url}
              </span>
              <button
                type="button"
                className="button button--small button--secondary"
                onClick={() => removeUserRpcUrl(network.chainId, url)}
              >
                {t('rpc.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <form className="field" onSubmit={(e) => void submit(e)}>
        <label className="field__label" htmlFor={inputId}>
          {t('rpc.urlLabel', { network: network.label })}
        </label>
        <input
          id={inputId}
          className="field__input"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--small" disabled={checking || !draft}>
          {checking ? t('rpc.checking') : t('rpc.add')}
        </button>
      </form>
    </Card>
  );
}
