import type { SupportedChainId } from '@app/contracts/chains';
import { deployments, type ChainDeployment } from '@app/contracts/generated';
import { deployment } from './deployment';

export {
  pairAbi,
  stakingAbi,
  stakingLensAbi,
  usdcAbi,
  wethAbi,
  type ChainDeployment,
} from '@app/contracts/generated';

export { deployment } from './deployment';

/** Contract addresses and token facts of a network, or undefined if not deployed there. */
export function getDeployment(chainId: SupportedChainId): ChainDeployment | undefined {
  return deployments[deployment][chainId];
}
