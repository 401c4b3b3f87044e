import { useConnection } from 'wagmi';
import { useSession } from '../../../shared/session';
import { useWalletAnswered } from './walletAnswer';
import { walletLinkOf, type WalletLink } from './walletLinkState';

export type { WalletLink } from './walletLinkState';

export function useWalletLink(): WalletLink {
  const session = useSession();
  const { status, address } = useConnection();
  const answered = useWalletAnswered();
  return walletLinkOf({ session, status, address, answered });
}
