import { useLayoutEffect, useState, type MouseEvent } from 'react';
import { WalletIcon } from '../../../shared/ui/walletLogos';
import { useTranslation } from 'react-i18next';
import { useConfig, type Connector } from 'wagmi';
import { copyText } from '../../../shared/clipboard';
import { useSession } from '../../../shared/session';
import { useStore } from '../../../shared/store';
import { confirmOrCancel, OperationCancelledError } from '../../../shared/ui/confirm';
import { hideLoading, showLoading } from '../../../shared/ui/loading';
import { Modal } from '../../../shared/ui/Modal';
import { toast } from '../../../shared/ui/toast';
import { trustDetectionLeft, waitForTrust } from './injectedWatch';
import { absentWalletHref, knownIdFromFlags, type InjectedFlags } from './knownWallets';
import { loginWith, logout } from '../sign-in/session-actions';
import { GENERIC_ID, useWalletRows, type WalletOptionRow } from './useWalletOptions';
import { walletUiStore } from '../../../shared/ui/walletOverlay';
import { useReconnect } from '../reconnect/useReconnect';
import { useWalletLink } from '../reconnect/walletLink';
import { WalletConnectRow } from './WalletConnectRow';
import { WALLETCONNECT_ID } from './walletConnectOption';
import { walletLinkStore } from '../reconnect/walletLinkState';
import './wallet-list.css';

/**
 * The wallet side of the top-bar button once wagmi is loaded: publishes the wallet link for the
 * button (WalletButton.tsx) and shows the connect popup or the account sheet it asks for.
 */
export default function WalletOverlays() {
  const session = useSession();
  const open = useStore(walletUiStore);
  const link = useWalletLink();
  useLayoutEffect(() => walletLinkStore.set(link), [link]);

  return (
    <>
      {!session && open === 'connect' ? <ConnectPopup /> : null}
      {session && open === 'account' ? (
        <AccountSheet address={session.userAddress} connected={link === 'connected'} />
      ) : null}
    </>
  );
}

function ConnectPopup() {
  const { t } = useTranslation();
  const config = useConfig();
  const rows = useWalletRows(t('wallet.browserWallet'), t('wallet.localTestWallet'));
  const [busy, setBusy] = useState(false);
  const close = () => walletUiStore.set('none');
  // WalletConnect has its own row (WalletConnectRow), once its connector exists.
  const installed = rows.filter(
    (r): r is InstalledRow => r.kind === 'installed' && r.ref.id !== WALLETCONNECT_ID,
  );
  const absent = rows.filter((r) => r.kind === 'absent');

  const login = async (connector: Connector) => {
    setBusy(true);
    const ok = await loginWith(config, connector);
    setBusy(false);
    if (ok) close();
  };

  /**
   * A missing wallet's row is a link to its app. Trust Wallet injects late, so during its detection
   * window (spec §4: 3000 ms) the click waits for it and connects when it shows up.
   */
  const openAbsent = async (event: MouseEvent<HTMLAnchorElement>, row: AbsentRow) => {
    if (row.wallet.id !== 'trust' || trustDetectionLeft() === 0) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    setBusy(true);
    showLoading(t('loading.connecting'));
    const found = await waitForTrust(() => trustConnector(config.connectors) !== undefined);
    hideLoading();
    setBusy(false);
    const connector = trustConnector(config.connectors);
    if (found && connector) await login(connector);
    else window.location.assign(href);
  };

  const url = window.location.href;
  return (
    <Modal open onClose={close} title={t('wallet.chooseWallet')} closeLabel={t('common.close')}>
      {installed.length === 0 ? <p className="muted">{t('wallet.noWallet')}</p> : null}
      {installed.length > 0 ? (
        <ul className="wallet-list" data-testid="wallets-installed">
          {installed.map((row) => (
            <li key={row.key}>
              <button
                type="button"
                className="wallet-list__item"
                disabled={busy}
                onClick={() => void login(row.ref)}
              >
                <WalletIcon icon={row.icon} name={row.name} />
                <span>{row.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <WalletConnectRow busy={busy} setBusy={setBusy} login={login} />
      <p className="muted small" data-testid="sign-in-note">
        {t('wallet.signInNote')}
      </p>
      <h3 className="wallet-links__title">{t('wallet.openInApp')}</h3>
      <ul className="wallet-list" data-testid="wallets-absent">
        {absent.map((row) => {
          const install = row.wallet.open.kind === 'install';
          return (
            <li key={row.key}>
              <a
                className="wallet-list__item wallet-list__item--absent"
                href={absentWalletHref(row.wallet, url)}
                data-wallet={row.wallet.id}
                rel="noopener noreferrer"
                target={install ? '_blank' : undefined}
                aria-disabled={busy || undefined}
                onClick={(event) => void openAbsent(event, row)}
              >
                <WalletIcon name={row.name} />
                <span className="wallet-list__name">{row.name}</span>
                <span className="wallet-list__hint">
                  {install ? t('wallet.getApp') : t('wallet.openApp')}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}

type AbsentRow = Extract<WalletOptionRow, { kind: 'absent' }>;
type InstalledRow = Extract<WalletOptionRow, { kind: 'installed' }>;

/** The connector that reaches Trust Wallet now: its EIP-6963 announcement or a flagged window.ethereum. */
function trustConnector(connectors: readonly Connector[]): Connector | undefined {
  const announced = connectors.find((c) => {
    const rdns = Array.isArray(c.rdns) ? c.rdns : [c.rdns];
    return rdns.includes('com.trustwallet.app');
  });
  if (announced) return announced;
  const flags = (window as unknown as { ethereum?: InjectedFlags }).ethereum;
  return knownIdFromFlags(flags) === 'trust'
    ? connectors.find((c) => c.id === GENERIC_ID)
    : undefined;
}

function AccountSheet({ address, connected }: { address: string; connected: boolean }) {
  const { t } = useTranslation();
  const config = useConfig();
  const close = () => walletUiStore.set('none');
  const reconnect = useReconnect();
  return (
    <Modal
      open
      onClose={close}
      title={t('wallet.account')}
      variant="sheet"
      closeLabel={t('common.close')}
    >
      <p className="account-address mono" data-testid="account-address">
        {/* The account sheet is the full view of the user's own address, with its Copy button. */}
        {/* eslint-disable-next-line no-restricted-syntax */}
        {address}
      </p>
      <button
        type="button"
        className="button button--small button--secondary account-copy"
        data-testid="account-copy"
        onClick={async () =>
          toast((await copyText(address)) ? t('wallet.addressCopied') : t('wallet.copyFailed'))
        }
      >
        {t('wallet.copyAddress')}
      </button>
      {!connected ? (
        <>
          <p className="muted small" data-testid="account-not-connected">
            {t('wallet.notConnected')}
          </p>
          <button
            type="button"
            className="button button--block"
            onClick={async () => {
              if (await reconnect()) close();
            }}
          >
            {t('wallet.reconnect')}
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="button button--danger button--block"
        onClick={async () => {
          close();
          try {
            await confirmOrCancel({
              title: t('dialog.logout'),
              content: t('dialog.confirmLogout'),
              confirmText: t('common.confirm'),
              cancelText: t('common.cancel'),
            });
          } catch (error) {
            if (error instanceof OperationCancelledError) toast(t(error.messageKey));
            return;
          }
          await logout(config);
        }}
      >
        {t('wallet.disconnect')}
      </button>
    </Modal>
  );
}
