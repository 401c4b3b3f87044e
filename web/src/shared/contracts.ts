/**
 * ABIs and addresses for wallet and chain code. Pages that need only addresses import ./addresses,
 * which does not pull in the ABIs.
 */
export {
  pairAbi,
  stakingAbi,
  stakingLensAbi,
  usdcAbi,
  wethAbi,
  type ChainDeployment,
} from '@app/contracts/generated';

export { deployment } from './deployment';
export { getDeployment } from './addresses';
