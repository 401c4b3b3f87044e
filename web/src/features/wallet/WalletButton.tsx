import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from 'wagmi';
import { shortAddress } from '../../shared/format';
import { useSession } from '../../shared/session';
import { useStore } from '../../shared/store';
import { confirmDialog } from '../../shared/ui/confirm';
import { Modal } from '../../shared/ui/Modal';
import { isMobileBrowser, walletDeepLinks } from './deepLinks';
import { loginWith, logout } from './session-actions';
import { useWalletOptions } from './useWalletOptions';
import { walletUiStore } from './walletUi';

/** Top-bar wallet button with its connect popup (logged out) and account sheet (logged in). */
export function WalletButton() {
  const { t } = useTranslation();
  const session = useSession();
  const open = useStore(walletUiStore);

  return (
    <>
      {session ? (
        <button
          type="button"
          className="wallet-button"
          data-testid="wallet-button"
          title={t('wallet.account')}
          onClick={() => walletUiStore.set('account')}
        >
          {shortAddress(session.userAddress)}
        </button>
      ) : (
        <button
          type="button"
          className="wallet-button wallet-button--connect"
          data-testid="wallet-button"
          onClick={() => walletUiStore.set('connect')}
        >
          {t('wallet.connect')}
        </button>
      )}
      {!session && open === 'connect' ? <ConnectPopup /> : null}
      {session && open === 'account' ? <AccountSheet address={session.userAddress} /> : null}
    </>
  );
}

function ConnectPopup() {
  const { t } = useTranslation();
  const config = useConfig();
  const options = useWalletOptions(t('wallet.browserWallet'));
  const [busy, setBusy] = useState(false);
  const close = () => walletUiStore.set('none');

  return (
    <Modal open onClose={close} title={t('wallet.chooseWallet')} closeLabel={t('common.close')}>
      {options.length === 0 ? (
        <p className="muted">{t('wallet.noWallet')}</p>
      ) : (
        <ul className="wallet-list">
          {options.map((option) => (
            <li key={option.connector.uid}>
              <button
                type="button"
                className="wallet-list__item"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  const ok = await loginWith(config, option.connector);
                  setBusy(false);
                  if (ok) close();
                }}
              >
                {option.icon ? (
                  <img src={option.icon} alt="" width={28} height={28} />
                ) : (
                  <span className="wallet-list__placeholder" aria-hidden="true" />
                )}
                <span>
                  {option.connector.id === 'localTestWallet'
                    ? t('wallet.localTestWallet')
                    : option.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {options.length === 0 || isMobileBrowser() ? (
        <OpenInWallet installed={options.map((o) => o.name)} />
      ) : null}
    </Modal>
  );
}

/** Links that open this page inside a wallet app that is not installed in this browser. */
function OpenInWallet({ installed }: { installed: string[] }) {
  const { t } = useTranslation();
  const names = installed.map((n) => n.toLowerCase());
  const links = walletDeepLinks.filter((w) => !w.matches.some((m) => names.includes(m)));
  if (links.length === 0) return null;
  const url = window.location.href;
  return (
    <div className="wallet-links">
      <h3 className="wallet-links__title">{t('wallet.openInApp')}</h3>
      <ul className="wallet-links__list">
        {links.map((link) => (
          <li key={link.name}>
            <a className="wallet-links__item" href={link.href(url)} rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AccountSheet({ address }: { address: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const close = () => walletUiStore.set('none');
  return (
    <Modal
      open
      onClose={close}
      title={t('wallet.account')}
      variant="sheet"
      closeLabel={t('common.close')}
    >
      <p className="account-address" data-testid="account-address">
        {address}
      </p>
      <button
        type="button"
        className="button button--danger button--block"
        onClick={async () => {
          close();
          const ok = await confirmDialog({
            title: t('dialog.logout'),
            content: t('dialog.confirmLogout'),
            confirmText: t('common.confirm'),
            cancelText: t('common.cancel'),
          });
          if (ok) await logout(config);
        }}
      >
        {t('wallet.disconnect')}
      </button>
    </Modal>
  );
}
