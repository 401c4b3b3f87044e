import { createStore } from '../store';

/** Which wallet overlay is open: the connect popup or the account sheet. */
export const walletUiStore = createStore<'none' | 'connect' | 'account'>('none');

export function openConnectPopup(): void {
  walletUiStore.set('connect');
}
