import { useEffect } from 'react';
import { useConfig, useConnection } from 'wagmi';
import { useSession } from '../../../shared/session';
import { logout } from './session-actions';

/**
 * The session belongs to one address. If the connected wallet switches to another account, the
 * session is ended (cleared and reloaded) instead of showing one address and signing with another.
 */
export function useSessionGuard(): void {
  const config = useConfig();
  const session = useSession();
  const { status, address } = useConnection();
  useEffect(() => {
    if (!session || status !== 'connected' || !address) return;
    if (address.toLowerCase() !== session.userAddress.toLowerCase()) void logout(config);
  }, [config, session, status, address]);
}
