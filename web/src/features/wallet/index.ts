/**
 * The wallet: everything about connecting one sits in this folder. Other features use it through
 * this file and ./connected.ts only (checked by .dependency-cruiser.cjs).
 *
 * - This file is light, safe for the first visit: the wallet and chain code (wagmi's config,
 *   connectors, viem's clients) is not part of it. `loadWalletRuntime` brings that code
 *   (runtime/loadRuntime.ts → runtime/runtimeChunk.ts, runtime/wagmiConfig.ts), `useWalletConfig`
 *   is its config once there (null before), `useWalletParts` the chain-reading parts Home shows.
 * - ./connected.ts is for code that runs once the runtime is there (pages that read the chain,
 *   the transaction flow): the wallet client for the signed-in user, its errors, a network switch.
 * - WalletButton (the top bar's button) and WalletShell (session guard and Reconnect banner,
 *   loaded with the runtime) are what the app shell mounts. Inside, by what it does:
 *   - connect/: the connect list and account sheet (WalletMenus), the wallets the app knows and
 *     those a page announces (EIP-6963), WalletConnect's row and QR;
 *   - reconnect/: after a reload, whether the session's wallet answered (walletAnswer.ts, late
 *     wallets), the header's link state and the Reconnect banner;
 *   - sign-in/: sign in, sign out, switch network (session-actions.ts), the session guard, what a
 *     failed sign-in says;
 *   - runtime/: wagmi's config and connectors, viem's wallet client, chain switching and its
 *     errors, and the local test wallet (local builds only).
 */
export {
  loadWalletRuntime,
  useWalletConfig,
  useWalletParts,
  walletConfig,
  type WalletParts,
} from './runtime/loadRuntime';
