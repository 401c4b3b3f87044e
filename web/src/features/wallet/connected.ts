/**
 * The wallet's public face for code that runs once the wallet runtime is loaded (see ./index.ts):
 * kept apart from index.ts so that importing the light part never pulls wagmi and viem's wallet
 * code into the first visit's chunks.
 */
export {
  getConnectedWallet,
  walletClientOn,
  WalletNotConnectedError,
  type AppWalletClient,
  type ConnectedWallet,
} from './runtime/client';
export { isUserRejection } from './runtime/errors';
export { switchToSelected } from './sign-in/session-actions';
