import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useConfig } from 'wagmi';
import { refreshAfterTransaction } from '../../shared/data/userDataSync';
import { runTx, type TxRequest } from './flow';

/**
 * `runTx` bound to the app's wagmi config; after any flow (a half-finished one can have changed
 * something too, e.g. an approval) every query reads the chain and the server again, in this tab
 * and in the app's other tabs.
 */
export function useTx() {
  const config = useConfig();
  const queryClient = useQueryClient();
  return useCallback(
    async (request: Omit<TxRequest, 'config'>): Promise<boolean> => {
      const done = await runTx({ ...request, config });
      await refreshAfterTransaction(queryClient, {
        chainId: request.network.chainId,
        account: request.user,
      });
      return done;
    },
    [config, queryClient],
  );
}
