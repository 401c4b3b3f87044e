import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import type { ContractFunctionReturnType } from 'viem';
import { useConfig } from 'wagmi';
import { publicClientFor } from '../chain/client';
import {
  contractCall,
  type CallSpec,
  type ChainDeployment,
  type ContractAbi,
  type DeployedContractName,
  type FunctionArgsOf,
  type FunctionNameOf,
} from '.';

/** Query key of one read: it starts with 'chain', so a finished transaction refreshes it. */
export function contractReadKey(
  chainId: number,
  spec: { contract: string; functionName: string; args?: readonly unknown[] },
) {
  return [
    'chain',
    chainId,
    spec.contract,
    spec.functionName,
    // bigints are not JSON: the key holds them as decimal text.
    ...(spec.args ?? []).map((arg) => (typeof arg === 'bigint' ? arg.toString() : arg)),
  ] as const;
}

/**
 * One view of a contract of the network's deployment, by name (Scaffold-ETH's
 * useScaffoldReadContract, on our React Query and read client): disabled while the network has
 * no deployment or `enabled` is false, read again every `refetchInterval` ms.
 */
export function useContractRead<
  N extends DeployedContractName,
  F extends FunctionNameOf<N, 'view' | 'pure'>,
  const A extends FunctionArgsOf<N, F>,
>(
  params: {
    network: NetworkInfo;
    deployment: ChainDeployment | undefined;
    enabled?: boolean;
    refetchInterval?: number;
  } & CallSpec<N, F, A>,
) {
  const { network, deployment, enabled = true, refetchInterval, ...spec } = params;
  const config = useConfig();
  type Result = ContractFunctionReturnType<ContractAbi<N>, 'view' | 'pure', F>;
  return useQuery({
    queryKey: contractReadKey(
      network.chainId,
      spec as { contract: string; functionName: string; args?: readonly unknown[] },
    ),
    enabled: Boolean(deployment) && enabled,
    refetchInterval,
    queryFn: () => {
      const client = publicClientFor(config, network.chainId);
      // The call is typed by CallSpec above; readContract's own overloads cannot follow N.
      const read = client.readContract as (call: unknown) => Promise<Result>;
      return read(contractCall(deployment!, spec as CallSpec<N, F, A>));
    },
  });
}
