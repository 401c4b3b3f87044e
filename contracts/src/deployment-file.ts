/**
 * The production deployment file: what `scripts/deploy-production.ts` writes (per chain id, every
 * `ChainDeployment` field plus who deployed it, how and when). Node only.
 *
 * The server (`DEPLOYMENT_FILE`), the operator CLI (`DEPLOYMENT_FILE`) and the web build
 * (`DEPLOYMENT_FILE` at `vite build`) take the production addresses from such a file when it is
 * set, instead of the generated module's `deployments.production`; the production rehearsal
 * (e2e/tests/rehearsal.e2e.test.ts) points all three at the file its deployment wrote.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChainDeployment } from './deployment.ts';

export type DeploymentSet = Partial<Record<1 | 56, ChainDeployment>>;

const addressFields = [
  'staking',
  'stakingLens',
  'usdc',
  'root',
  'rewardToken',
  'router',
  'factory',
  'pair',
] as const;

/** The repository root: the one base of a relative DEPLOYMENT_FILE. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * A DEPLOYMENT_FILE as given: a relative path is read from the repository root, not from the
 * working directory (`npm run build -w web` and `npm start -w server` run in their workspace
 * folder, the operator CLI in the root; the runbook writes `contracts/deployments/production.json`).
 */
export function resolveDeploymentFile(file: string): string {
  return resolve(repoRoot, file);
}

/** Reads a deployment file, keeping exactly the `ChainDeployment` fields; a malformed one throws. */
export function readDeploymentFile(given: string): DeploymentSet {
  const file = resolveDeploymentFile(given);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the deployment file ${file}: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${file}: expected an object keyed by chain id`);
  }
  const set: DeploymentSet = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key !== '1' && key !== '56') throw new Error(`${file}: unknown chain id ${key}`);
    const d = value as Record<string, unknown>;
    for (const field of addressFields) {
      if (typeof d[field] !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(d[field])) {
        throw new Error(`${file}: chain ${key} ${field} is not an address`);
      }
    }
    const permitName = d.usdcPermitName;
    const permitVersion = d.usdcPermitVersion;
    const record: ChainDeployment = {
      staking: d.staking as ChainDeployment['staking'],
      stakingLens: d.stakingLens as ChainDeployment['stakingLens'],
      usdc: d.usdc as ChainDeployment['usdc'],
      usdcDecimals: Number(d.usdcDecimals),
      usdcHasPermit: d.usdcHasPermit === true,
      usdcPermitName: typeof permitName === 'string' ? permitName : null,
      usdcPermitVersion: typeof permitVersion === 'string' ? permitVersion : null,
      root: d.root as ChainDeployment['root'],
      startBlock: Number(d.startBlock),
      rewardToken: d.rewardToken as ChainDeployment['rewardToken'],
      rewardTokenDecimals: Number(d.rewardTokenDecimals),
      router: d.router as ChainDeployment['router'],
      factory: d.factory as ChainDeployment['factory'],
      pair: d.pair as ChainDeployment['pair'],
    };
    for (const n of ['usdcDecimals', 'startBlock', 'rewardTokenDecimals'] as const) {
      if (!Number.isSafeInteger(record[n]) || record[n] < 0) {
        throw new Error(`${file}: chain ${key} ${n} is not a non-negative integer`);
      }
    }
    set[Number(key) as 1 | 56] = record;
  }
  return set;
}

/**
 * Replaces the production entries of a `deployments` object (the generated module's) with the
 * file's, in this process. Called once at start-up, before anything reads them.
 */
export function useProductionDeploymentFile(
  deployments: Record<'local' | 'production', DeploymentSet>,
  file: string,
): DeploymentSet {
  const set = readDeploymentFile(file);
  for (const key of Object.keys(deployments.production)) {
    delete deployments.production[Number(key) as 1 | 56];
  }
  Object.assign(deployments.production, set);
  return set;
}
