import { createStore } from '../../../shared/store';

/**
 * Whether the wallet behind the session is reachable (issue 11 §4): after a reload (network or
 * language change) wagmi reconnects silently when the wallet still allows this site; a wallet that
 * forgot the connection leaves the app with a session but no wallet. The header then offers
 * "Reconnect wallet" instead of showing an address the app cannot sign with.
 *
 * - 'none': no session (the header shows "Connect wallet");
 * - 'checking': the wallet has not answered yet (it may not even be there yet: some inject late);
 * - 'connected': the wallet is connected with the session's address;
 * - 'lost': a session, but the wallet is not connected (or on another account, which the session
 *   guard ends).
 */
export type WalletLink = 'none' | 'checking' | 'connected' | 'lost';

export function walletLinkOf(args: {
  session: { userAddress: string } | null;
  status: string;
  address: string | undefined;
  /** The session's wallet has answered that it is not connected (walletAnswer.ts). */
  answered: boolean;
}): WalletLink {
  const { session, status, address, answered } = args;
  if (!session) return 'none';
  if (status === 'connected' && address?.toLowerCase() === session.userAddress.toLowerCase())
    return 'connected';
  if (!answered || status === 'reconnecting' || status === 'connecting') return 'checking';
  return 'lost';
}

/**
 * The link as the wallet code last computed it (features/wallet/connect/WalletMenus.tsx publishes it), for
 * the top-bar button, which is part of the first-visit bundle; null until the wallet code runs.
 */
export const walletLinkStore = createStore<WalletLink | null>(null);
