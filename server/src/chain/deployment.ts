/**
 * The contracts a server process works with. Every entry point (the API, the separate indexer and
 * its standby, index:reset) calls this once at start-up, before anything reads an address, so they
 * all see the same contracts for the same environment.
 */
import { deployments } from '@app/contracts/generated';
import { useProductionDeploymentFile } from '@app/contracts/deployment-file';
import type { ServerConfig } from '../config.ts';

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
