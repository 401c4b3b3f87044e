/**
 * The wallet: everything about connecting one sits in this folder. Other features use it through
 * this file and ./connected.ts only (checked by .dependency-cruiser.cjs).
 *
 * - This file is light, safe for the first visit: the wallet and chain code (wagmi's config,
 *   connectors, viem's clients) is not part of it. `loadWalletRuntime` brings that code
 *   (walletRuntime.ts → wagmiRuntime.ts, wagmi.ts), `useWalletConfig` is its config once there
 *   (null before), `useWalletParts` the chain-reading parts Home shows with it.
 * - ./connected.ts is for code that runs once the runtime is there (pages that read the chain,
 *   the transaction flow): the wallet client for the signed-in user, its errors, a network switch.
 * - Inside: WalletButton and WalletMenus (the top bar's connect list and account sheet),
 *   WalletShell (session guard and Reconnect banner, loaded with the runtime), session-actions.ts
 *   (sign in, sign out, switch network), walletAnswer.ts (late wallets), and the local test
 *   wallet (localTestWallet.ts, local builds only).
 */
export {
  loadWalletRuntime,
  useWalletConfig,
  useWalletParts,
  walletConfig,
  type WalletParts,
} from './walletRuntime';
