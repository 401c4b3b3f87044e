import { createStore } from '../store';

/**
 * Which wallet overlay is open: the connect popup or the account sheet (drawn by
 * features/wallet/connect/WalletMenus.tsx). Here in shared/ because shared UI opens it too: the
 * 'Please connect the wallet' prompt (DataViews.tsx) has a button for the same popup.
 */
export const walletUiStore = createStore<'none' | 'connect' | 'account'>('none');

export function openConnectPopup(): void {
  walletUiStore.set('connect');
}
