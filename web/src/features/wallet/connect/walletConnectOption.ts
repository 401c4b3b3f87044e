import type { Config } from 'wagmi';
import { recentConnectorId } from '../reconnect/reconnectWallet';

/**
 * WalletConnect (issue 18 §6): a wallet on the user's phone signs for this page on a computer,
 * through WalletConnect's relay. Offered only when the build has a WalletConnect Cloud project id
 * (VITE_WALLETCONNECT_PROJECT_ID; vite.config.ts makes it a literal, '' when unset, so a build
 * without one keeps no WalletConnect code at all). Its code is a chunk of its own, loaded when the
 * user picks it (or, after a reload, for a signed-in user who connected through it): it is the
 * largest wallet code there is, and no first visit needs it.
 */
export const walletConnectProjectId: string | undefined =
  import.meta.env.VITE_WALLETCONNECT_PROJECT_ID || undefined;

/** wagmi's id of the WalletConnect connector (what wagmi stores as the recent connector). */
export const WALLETCONNECT_ID = 'walletConnect';

/** The WalletConnect chunk, or null in a build without a project id. */
export const loadWalletConnect = import.meta.env.VITE_WALLETCONNECT_PROJECT_ID
  ? () => import('./walletConnect')
  : null;

/**
 * After a reload, a signed-in user who connected through WalletConnect gets its connector back
 * before the reconnect (runtime/runtimeChunk.ts), so the session WalletConnect's provider kept is
 * resumed and "Reconnect wallet" works; anyone else loads nothing.
 */
export async function resumeWalletConnect(config: Config): Promise<void> {
  if (!loadWalletConnect || !walletConnectProjectId) return;
  if ((await recentConnectorId(config)) !== WALLETCONNECT_ID) return;
  try {
    (await loadWalletConnect()).walletConnectConnector(config, walletConnectProjectId);
  } catch {
    // The chunk did not load: the header offers "Reconnect wallet", as for a wallet gone.
  }
}
