import { ReconnectBanner } from './reconnect/ReconnectBanner';
import { useSessionGuard } from './sign-in/useSessionGuard';

/**
 * The wallet's part of every page, loaded with the wallet code: the session guard (the session
 * belongs to one account) and the "Reconnect wallet" banner.
 */
export default function WalletShell() {
  useSessionGuard();
  return <ReconnectBanner />;
}
