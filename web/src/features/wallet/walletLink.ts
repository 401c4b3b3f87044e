import type { Config } from 'wagmi';
import { useConnection } from 'wagmi';
import { useSession } from '../../shared/session';
import { createStore, useStore } from '../../shared/store';
import { walletLinkOf, type WalletLink } from './walletLinkState';

export type { WalletLink } from './walletLinkState';

/** True once the first silent reconnect after this page load has finished (connected or not). */
const settledStore = createStore(false);

/**
 * Watches wagmi's status from boot: its reconnect on mount goes 'reconnecting' → 'connected' or
 * 'disconnected'. Until that has happened once, a 'disconnected' status means "not tried yet".
 * With no session nothing is reconnected, so there is nothing to wait for.
 */
export function watchFirstReconnect(config: Config, hasSession: boolean): void {
  if (!hasSession) {
    settledStore.set(true);
    return;
  }
  let seenAttempt = false;
  const unsubscribe = config.subscribe(
    (state) => state.status,
    (status) => {
      if (status === 'reconnecting' || status === 'connecting') seenAttempt = true;
      else if (seenAttempt || status === 'connected') {
        settledStore.set(true);
        unsubscribe();
      }
    },
  );
  // A wallet that never answers must not leave the header waiting forever.
  setTimeout(() => settledStore.set(true), 5_000);
}

export function useWalletLink(): WalletLink {
  const session = useSession();
  const { status, address } = useConnection();
  const settled = useStore(settledStore);
  return walletLinkOf({ session, status, address, settled });
}
