/**
 * The wallet: everything about connecting one, in this folder, and this file is what the rest of
 * the app may use.
 *
 * - Loading: the wallet and chain code (wagmi's config, connectors, viem's clients) is not part of
 *   the first visit; `loadWalletRuntime` brings it (walletRuntime.ts), `useWalletConfig` is its
 *   config once there (null before).
 * - Top bar: `WalletButton` opens the connect list or the account sheet (WalletMenus.tsx); the
 *   session guard and the Reconnect banner come in `WalletShell.tsx`, loaded with the runtime.
 * - Writing: `walletClientOn` gives a wallet client on the chosen network for the signed-in user
 *   (the transaction flow, features/tx, uses it), `isUserRejection` tells a "no" in the wallet.
 * - Wagmi's config itself is made in wagmi.ts (reads through shared/chain/readTransport.ts); the
 *   local test wallet (localTestWallet.ts) exists only in local builds.
 */
export {
  loadWalletRuntime,
  useWalletConfig,
  useWalletParts,
  walletConfig,
  type WalletParts,
} from './walletRuntime';
export {
  getConnectedWallet,
  walletClientOn,
  WalletNotConnectedError,
  type AppWalletClient,
  type ConnectedWallet,
} from './client';
export { isUserRejection } from './errors';
export { switchToSelected } from './session-actions';
