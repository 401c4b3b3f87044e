import { networkByChainId, type NetworkInfo } from '@app/contracts/chains';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { switchToSelected } from '../wallet/connected';

/** The wallet is on another network than the one chosen in the top bar: say which, offer a switch. */
export function WrongNetworkBanner(props: {
  network: NetworkInfo;
  walletChainId: number;
  onSwitched: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const { network, walletChainId, onSwitched } = props;
  return (
    <section className="card banner" role="alert">
      <p data-testid="wrong-network">
        {t('serve.wrongNetworkNamed', {
          network: network.label,
          // The wallet's network by name when it is one of ours, else its chain id.
          wallet:
            networkByChainId(walletChainId)?.label ?? t('serve.chainNumber', { id: walletChainId }),
        })}
      </p>
      <button
        type="button"
        className="button button--small"
        onClick={async () => {
          if (await switchToSelected(config)) await onSwitched();
        }}
      >
        {t('serve.switchTo', { network: network.label })}
      </button>
    </section>
  );
}
