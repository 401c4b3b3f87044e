import type { SupportedChainId } from '@app/contracts/chains';
// Addresses only: the ABIs (generated from the same build) load with wallet and chain code, via ./contracts.
import {
  localDeployments,
  productionDeployments,
  type ChainDeployment,
} from '@app/contracts/generated/deployments';
import { deployment } from './deployment';

export type { ChainDeployment } from '@app/contracts/generated/deployments';

/** The build's DEPLOYMENT_FILE contracts (production only; see vite.config.ts), if any. */
// `?.`: unit tests load this module under Node (tsx), where `import.meta.env` is undefined.
const fromFileJson: string | undefined = import.meta.env?.VITE_DEPLOYMENT_CONTRACTS;
const fromFile: Partial<Record<SupportedChainId, ChainDeployment>> | undefined = fromFileJson
  ? (JSON.parse(fromFileJson) as Partial<Record<SupportedChainId, ChainDeployment>>)
  : undefined;

// `deployment` is a build-time constant: the other deployment's table is left out of the bundle.
const table = deployment === 'production' ? productionDeployments : localDeployments;

/** Contract addresses and token facts of a network, or undefined if not deployed there. */
export function getDeployment(chainId: SupportedChainId): ChainDeployment | undefined {
  return (fromFile ?? table)[chainId];
}
