import type { Deployment, SupportedChainId } from '@app/contracts/chains';
import { deployments, type ChainDeployment } from '@app/contracts/generated';

export { pairAbi, stakingAbi, usdcAbi, type ChainDeployment } from '@app/contracts/generated';

/** Which deployment this build talks to (VITE_DEPLOYMENT, default local). */
export const deployment: Deployment = import.meta.env.VITE_DEPLOYMENT;

/** Contract addresses and token facts of a network, or undefined if not deployed there. */
export function getDeployment(chainId: SupportedChainId): ChainDeployment | undefined {
  return deployments[deployment][chainId];
}
