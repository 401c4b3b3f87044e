import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig, type Connector } from 'wagmi';
import { WalletIcon } from '../../../shared/ui/walletLogos';
import { toast } from '../../../shared/ui/toast';
import { loadWalletConnect, walletConnectProjectId } from './walletConnectOption';
import type { WalletConnectAttempt } from './walletConnect';

const WalletConnectQr = lazy(() => import('./WalletConnectQr'));

/**
 * The connect popup's WalletConnect row (only in builds with a project id): picking it loads the
 * WalletConnect chunk, shows the pairing link as a QR code, and signs in once the phone's wallet
 * approved (`login`: the same sign-in as any other wallet's).
 */
export function WalletConnectRow({
  busy,
  setBusy,
  login,
}: {
  busy: boolean;
  setBusy: (busy: boolean) => void;
  login: (connector: Connector) => Promise<void>;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const [phase, setPhase] = useState<'idle' | 'starting' | { uri: string }>('idle');
  const attempt = useRef<WalletConnectAttempt | null>(null);
  // Closing the popup mid-way stops waiting for the phone.
  useEffect(() => () => attempt.current?.cancel(), []);
  if (!loadWalletConnect || !walletConnectProjectId) return null;
  const projectId = walletConnectProjectId;
  const load = loadWalletConnect;

  const start = async () => {
    setBusy(true);
    setPhase('starting');
    let failure: string | null = null;
    try {
      const { connectWalletConnect, WalletConnectCancelledError, WalletConnectUnreachableError } =
        await load();
      const current = connectWalletConnect(config, projectId, (uri) => setPhase({ uri }));
      attempt.current = current;
      try {
        const connector = await current.connected;
        attempt.current = null;
        setPhase('idle');
        await login(connector);
      } catch (error) {
        attempt.current = null;
        if (error instanceof WalletConnectUnreachableError) failure = 'walletConnect.unreachable';
        else if (!(error instanceof WalletConnectCancelledError)) failure = 'toast.connectFailed';
      }
    } catch {
      // The chunk did not load (offline, a new deploy).
      failure = 'toast.connectFailed';
    }
    setPhase('idle');
    setBusy(false);
    if (failure) toast(t(failure));
  };

  return (
    <div data-testid="walletconnect">
      <button
        type="button"
        className="wallet-list__item"
        data-testid="walletconnect-option"
        disabled={busy}
        aria-busy={phase === 'starting' || undefined}
        onClick={() => void start()}
      >
        <WalletIcon name={t('walletConnect.name')} />
        <span className="wallet-list__name">{t('walletConnect.name')}</span>
        <span className="wallet-list__hint">
          {phase === 'starting' ? t('walletConnect.starting') : t('walletConnect.hint')}
        </span>
      </button>
      {typeof phase === 'object' ? (
        <Suspense fallback={null}>
          <WalletConnectQr uri={phase.uri} onCancel={() => attempt.current?.cancel()} />
        </Suspense>
      ) : null}
    </div>
  );
}
