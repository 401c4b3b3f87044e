/**
 * The contracts a server process works with. Every entry point (the API, the separate indexer and
 * its standby, index:reset) calls this once at start-up, before anything reads an address, so they
 * all see the same contracts for the same environment.
 */
import { networkByChainId, supportedChainIds } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import { resolveDeploymentFile, useProductionDeploymentFile } from '@app/contracts/deployment-file';
import type { ResolvedConfig, ServerConfig } from '../config.ts';

/**
 * With DEPLOYMENT=production and DEPLOYMENT_FILE, the production contracts are the file's (a
 * relative path is read from the repository root). DEPLOYMENT_FILE with another deployment is a
 * configuration error: the file would silently not be used.
 */
export function useConfiguredDeployment(
  config: Pick<ServerConfig, 'deployment' | 'deploymentFile'>,
): void {
  if (!config.deploymentFile) return;
  if (config.deployment !== 'production') {
    throw new Error('DEPLOYMENT_FILE is only read with DEPLOYMENT=production');
  }
  useProductionDeploymentFile(deployments, config.deploymentFile);
}

/**
 * What is wrong with the contracts this process was given, one sentence each (none: nothing): a
 * chain with an RPC URL (so served: /rpc, the indexer, the API's chain reads) but no contracts in
 * the deployment, or a production deployment without any chain's contracts (the empty `{}` a
 * placeholder file holds). The sentence names the file to fix. An instance with a problem is not
 * ready (readiness.ts); the indexer refuses to start with it.
 */
export function deploymentProblems(
  config: Pick<ResolvedConfig, 'deployment' | 'deploymentFile' | 'rpc'>,
): string[] {
  const contracts = deployments[config.deployment];
  const source = config.deploymentFile
    ? `the deployment file ${resolveDeploymentFile(config.deploymentFile)} (DEPLOYMENT_FILE)`
    : `the ${config.deployment} deployment built into contracts/generated`;
  const problems: string[] = [];
  for (const chainId of supportedChainIds) {
    if (config.rpc.has(chainId) && !contracts[chainId]) {
      const label = networkByChainId(chainId)?.label ?? String(chainId);
      problems.push(
        `${source} has no contracts for chain ${chainId} (${label}), which RPC_URL_${chainId} serves`,
      );
    }
  }
  if (
    config.deployment === 'production' &&
    problems.length === 0 &&
    Object.keys(contracts).length === 0
  ) {
    problems.push(
      `${source} has no chain's contracts: contracts/scripts/deploy-production.ts writes them`,
    );
  }
  return problems;
}
