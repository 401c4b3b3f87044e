import { useCallback } from 'react';
import { useConfig } from 'wagmi';
import { t } from '../../../i18n';
import { hideLoading, showLoading } from '../../../shared/ui/loading';
import { toast } from '../../../shared/ui/toast';
import { reconnectWallet } from './reconnectWallet';

/**
 * The "Reconnect wallet" action: asks the wallet the user connected with (a prompt if it forgot this
 * site). No new signature: the session stays when the wallet answers with its address.
 */
export function useReconnect(): () => Promise<boolean> {
  const config = useConfig();
  return useCallback(async () => {
    showLoading(t('loading.connecting'));
    const ok = await reconnectWallet(config, true);
    hideLoading();
    if (!ok) toast(t('toast.connectFailed'));
    return ok;
  }, [config]);
}
