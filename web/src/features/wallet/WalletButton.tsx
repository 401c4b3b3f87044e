import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadWalletRuntime, useWalletConfig } from '../../app/walletRuntime';
import { useSession } from '../../shared/session';
import { useStore } from '../../shared/store';
import { toast } from '../../shared/ui/toast';
import { walletUiStore } from './walletUi';

// The button's wallet side (connect popup, account sheet, sign-in) comes with the wallet code.
const ConnectedWalletButton = lazy(() => import('./WalletMenus'));

/**
 * Top-bar wallet button. Until the wallet code is loaded (an anonymous first visit) a plain button
 * that loads it when pressed; then the full one, whose state follows the wallet connection.
 */
export function WalletButton() {
  return useWalletConfig() ? (
    <Suspense fallback={<WalletButtonBeforeLoad />}>
      <ConnectedWalletButton />
    </Suspense>
  ) : (
    <WalletButtonBeforeLoad />
  );
}

function WalletButtonBeforeLoad() {
  const { t } = useTranslation();
  const session = useSession();
  const open = useStore(walletUiStore);
  // Anything that asks for the popup or the sheet (here or elsewhere) loads the wallet code.
  useEffect(() => {
    if (open !== 'none') void loadWalletRuntime().catch(() => toast(t('toast.connectFailed')));
  }, [open, t]);
  return (
    <button
      type="button"
      className={session ? 'wallet-button' : 'wallet-button wallet-button--connect'}
      data-testid="wallet-button"
      aria-busy={session ? true : undefined}
      // Pressing starts the load a little earlier than the click.
      onPointerDown={() => void loadWalletRuntime().catch(() => undefined)}
      onClick={() => walletUiStore.set(session ? 'account' : 'connect')}
    >
      {session ? t('loading.connecting') : t('wallet.connect')}
    </button>
  );
}
