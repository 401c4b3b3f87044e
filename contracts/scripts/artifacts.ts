/**
 * Reads forge's build output (contracts/out/<File>.sol/<Contract>.json) for the contracts that
 * scripts deploy, and fingerprints it so a stale generated module can be detected.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keccak256, toHex, type Abi, type Hex } from 'viem';

export const contractsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const outDir = join(contractsDir, 'out');
export const generatedFile = join(contractsDir, 'generated', 'contracts.ts');
/** The addresses-only part of the generated module (no ABIs), re-exported by `generatedFile`. */
export const generatedDeploymentsFile = join(contractsDir, 'generated', 'deployments.ts');

export interface Artifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
}

/** The contracts scripts deploy, by contract name → source file name. */
export const deployedContracts = {
  Staking: 'Staking.sol',
  StakingLens: 'StakingLens.sol',
  LocalFiatToken: 'LocalFiatToken.sol',
  LocalPeggedToken: 'LocalPeggedToken.sol',
  LocalTokenProxy: 'LocalTokenProxy.sol',
} as const;

export type DeployedContractName = keyof typeof deployedContracts;

export function readArtifact(contractName: DeployedContractName): Artifact {
  return readBuildArtifact(deployedContracts[contractName], contractName);
}

/** Any contract of the forge build, e.g. a test-only one: `readBuildArtifact('X.sol', 'X')`. */
export function readBuildArtifact(sourceFile: string, contractName: string): Artifact {
  const file = join(outDir, sourceFile, `${contractName}.json`);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: run npm run build -w contracts (or npm run generate -w contracts)`,
    );
  }
  const json = JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: { object: string } };
  const object = json.bytecode.object;
  const bytecode = (object.startsWith('0x') ? object : `0x${object}`) as Hex;
  if (bytecode === '0x') throw new Error(`${file} has no bytecode (abstract contract?)`);
  return { contractName, abi: json.abi, bytecode };
}

/** A hash over the ABI and creation code of every deployed contract. */
export function artifactsHash(): Hex {
  const parts = (Object.keys(deployedContracts) as DeployedContractName[]).map((name) => {
    const { abi, bytecode } = readArtifact(name);
    return `${name}:${JSON.stringify(abi)}:${bytecode}`;
  });
  return keccak256(toHex(parts.join('\n')));
}
