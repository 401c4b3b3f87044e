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

/** The build's DEPLOYMENT_FILE contracts (production only; see vite.config.ts), if any. */
const fromFile: Partial<Record<SupportedChainId, ChainDeployment>> | undefined = import.meta.env
  .VITE_DEPLOYMENT_CONTRACTS
  ? (JSON.parse(import.meta.env.VITE_DEPLOYMENT_CONTRACTS) as Partial<
      Record<SupportedChainId, ChainDeployment>
    >)
  : undefined;

/** Contract addresses and token facts of a network, or undefined if not deployed there. */
export function getDeployment(chainId: SupportedChainId): ChainDeployment | undefined {
  return (fromFile ?? deployments[deployment])[chainId];
}
