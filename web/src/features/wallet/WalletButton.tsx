import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadWalletRuntime, useWalletConfig } from './runtime/loadRuntime';
// The button's own label: <Address> brings buttons (not allowed inside a button) and viem's
// checksum into the first visit's bundle; the account sheet behind it shows the full address.
// eslint-disable-next-line no-restricted-imports
import { shortAddress } from '../../shared/format';
import { useSession } from '../../shared/session';
import { takeShellTap } from '../../shared/shellTap';
import { useStore } from '../../shared/store';
import { toast } from '../../shared/ui/toast';
import { walletLinkStore, type WalletLink } from './reconnect/walletLinkState';
import { walletUiStore } from '../../shared/ui/walletOverlay';

// The connect popup and the account sheet come with the wallet code.
const WalletOverlays = lazy(() => import('./connect/WalletMenus'));

/**
 * Top-bar wallet button. One element from the first paint on: the wallet code, loaded when the
 * button is pressed (or at boot with a session), changes its text but never replaces it. Replacing
 * it between the press and the release (the load is fast once cached) would swallow that tap.
 */
export function WalletButton() {
  const { t } = useTranslation();
  const session = useSession();
  const open = useStore(walletUiStore);
  const loaded = useWalletConfig() !== null;
  const published = useStore(walletLinkStore);
  // Before the wallet code has said otherwise, a session's wallet is still being reconnected.
  const link: WalletLink = !session ? 'none' : loaded && published ? published : 'checking';
  // A tap on index.html's shell button before this one existed is answered now (shellTap.ts).
  useEffect(() => {
    if (takeShellTap()) walletUiStore.set(session ? 'account' : 'connect');
    // Once, when the app's button replaces the shell's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Anything that asks for the popup or the sheet (here or elsewhere) loads the wallet code.
  useEffect(() => {
    if (open !== 'none') void loadWalletRuntime().catch(() => toast(t('toast.connectFailed')));
  }, [open, t]);
  return (
    <>
      <button
        type="button"
        className={
          link === 'none' || link === 'lost'
            ? 'wallet-button wallet-button--connect'
            : 'wallet-button'
        }
        data-testid="wallet-button"
        aria-busy={link === 'checking' ? true : undefined}
        title={link === 'connected' ? t('wallet.account') : undefined}
        // Pressing starts the load a little earlier than the click.
        onPointerDown={() => void loadWalletRuntime().catch(() => undefined)}
        onClick={() => walletUiStore.set(session ? 'account' : 'connect')}
      >
        {link === 'none' ? (
          t('wallet.connect')
        ) : link === 'checking' ? (
          t('loading.connecting')
        ) : link === 'lost' ? (
          t('wallet.reconnect')
        ) : (
          <span className="wallet-button__address">{shortAddress(session!.userAddress)}</span>
        )}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <WalletOverlays />
        </Suspense>
      ) : null}
    </>
  );
}
