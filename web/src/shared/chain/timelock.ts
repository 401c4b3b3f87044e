import type { NetworkInfo } from '@app/contracts/chains';
import { timelockParams, type TimelockParamName } from '@app/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import { useConfig } from 'wagmi';
import { contractCall, type ChainDeployment } from '../contracts';
import { publicClientFor } from './client';
import { chainKeys } from './reads';

export { changeState, type ChangeState } from './timelockState';

export interface QueuedChange {
  value: bigint;
  eta: number;
  graceSeconds: number;
}

/** The change queued for one parameter (undefined when none), for pages that show its effect. */
export function useQueuedChange(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  param: TimelockParamName,
) {
  const config = useConfig();
  return useQuery({
    queryKey: [...chainKeys.values(network.chainId, ['pendingChanges', param])],
    enabled: Boolean(deployment),
    refetchInterval: 60_000,
    queryFn: async (): Promise<QueuedChange | null> => {
      const client = publicClientFor(config, network.chainId);
      const [[value, eta], grace] = await Promise.all([
        client.readContract(
          contractCall(deployment!, {
            contract: 'staking',
            functionName: 'pendingChanges',
            args: [timelockParams.indexOf(param)],
          }),
        ),
        client.readContract(
          contractCall(deployment!, { contract: 'staking', functionName: 'TIMELOCK_GRACE' }),
        ),
      ]);
      return eta === 0n ? null : { value, eta: Number(eta), graceSeconds: Number(grace) };
    },
  });
}
