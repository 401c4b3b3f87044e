/**
 * Production rehearsal, first step: a fresh pair of anvil chains (ids 1 and 56) holding only what
 * mainnet holds before we arrive, and `deploy-production.ts --check` run against them with
 * config/networks.local-rehearsal.json (the same format as config/networks.json).
 *
 * "What mainnet holds" is, per chain: the USDC as its issuer deployed it (scripts/usdc.ts: behind a
 * proxy; like USDC on Ethereum on chain 1, like Binance-Peg USDC on chain 56), a WETH9 (the WBNB
 * role on chain 56), a Uniswap V2 factory and Router02, and a funded reward-coin/USDC pool. The DEX
 * and the pool come from a third party (`marketKey`, an anvil account that is also the USDC
 * issuer's appointed minter, so it can fund the pool); our deployer (anvil account 0) has sent
 * nothing, exactly as on mainnet. All addresses are deterministic, so the rehearsal config can name
 * them; `deployMainnetLike` checks that they match it. Safe's contracts (v1.4.1) are there too, at
 * their canonical addresses, so the owner can be a Safe as on mainnet (scripts/safe.ts).
 *
 *   npm run rehearsal:check -w contracts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '../src/chains.ts';
import { localDeployerKey, localPrivateKeys } from '../src/local-accounts.ts';
import { contractsDir } from './artifacts.ts';
import { deployDex } from './dex.ts';
import { deploySafeContracts } from './safe.ts';
import { startAnvil, type LocalChain } from './local-chain.ts';
import { deployLocalUsdc } from './usdc.ts';

export const rehearsalConfigFile = join(contractsDir, 'config', 'networks.local-rehearsal.json');

/** The third party that deployed the DEX and funds the pool (anvil account 9). */
export const marketKey = localPrivateKeys[9];

export interface MainnetLike {
  usdc: Address;
  rewardToken: Address;
  router: Address;
  factory: Address;
  pair: Address;
}

const networkKey = { 1: 'ETH', 56: 'BSC' } as const;

interface RehearsalConfig {
  networks: Record<
    'ETH' | 'BSC',
    {
      chainId: number;
      usdc: { address: string };
      rewardToken: { address: string };
      router: { address: string; factory: string };
    }
  >;
}

/** Deploys what mainnet holds onto a fresh anvil chain, and checks it is where the config says. */
export async function deployMainnetLike(
  rpcUrl: string,
  chainId: SupportedChainId,
): Promise<MainnetLike> {
  const chain = toViemChain(networkByChainId(chainId)!, rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const market = privateKeyToAccount(marketKey);
  const deployer = privateKeyToAccount(localDeployerKey).address;
  const { usdc, decimals } = await deployLocalUsdc({
    publicClient,
    chainId,
    minter: market.address,
  });
  const dex = await deployDex({
    publicClient,
    walletClient: createWalletClient({ account: market, chain, transport: http(rpcUrl) }),
    usdc,
    usdcDecimals: decimals,
  });
  // Safe's contracts at their canonical addresses, as on mainnet: the owner can be a Safe (§3).
  await deploySafeContracts({
    publicClient,
    walletClient: createWalletClient({ account: market, chain, transport: http(rpcUrl) }),
  });
  if ((await publicClient.getTransactionCount({ address: deployer })) !== 0) {
    throw new Error('the rehearsal chain must not have seen our deployer yet');
  }
  const deployed = { usdc, rewardToken: dex.weth, router: dex.router, factory: dex.factory };
  const config = (JSON.parse(readFileSync(rehearsalConfigFile, 'utf8')) as RehearsalConfig)
    .networks[networkKey[chainId]];
  const configured = {
    usdc: config.usdc.address,
    rewardToken: config.rewardToken.address,
    router: config.router.address,
    factory: config.router.factory,
  };
  for (const key of Object.keys(deployed) as (keyof typeof deployed)[]) {
    if (getAddress(configured[key]) !== deployed[key]) {
      throw new Error(
        `${rehearsalConfigFile}: ${networkKey[chainId]} ${key} is ${configured[key]}, but the ` +
          `rehearsal chain has it at ${deployed[key]}`,
      );
    }
  }
  return { ...deployed, pair: dex.pair };
}

/** The networks config key of a chain id. */
export const networkKeyOf = (chainId: SupportedChainId): 'ETH' | 'BSC' => networkKey[chainId];

export interface DeployProductionRun {
  rpcUrl: string;
  chainId: SupportedChainId;
  /** The deployment file deploy-production writes (`--out`; required with the rehearsal config). */
  outFile: string;
  /** --check: the checks only, nothing sent. */
  check: boolean;
  /** The deployer's key (DEPLOYER_PRIVATE_KEY); default anvil account 0. */
  deployerKey?: Hex;
}

/**
 * `deploy-production.ts --network <key> --config <rehearsal config> --out <file> [--check]` as an
 * operator runs it: a child process, the environment as the only source of RPC_URL and the key.
 * Resolves with its output; rejects when it fails.
 */
export function runDeployProduction(run: DeployProductionRun): Promise<string> {
  const args = [
    '--import',
    'tsx',
    join(contractsDir, 'scripts', 'deploy-production.ts'),
    '--network',
    networkKey[run.chainId],
    '--config',
    rehearsalConfigFile,
    '--out',
    run.outFile,
    ...(run.check ? ['--check'] : []),
  ];
  const env = {
    ...process.env,
    RPC_URL: run.rpcUrl,
    DEPLOYER_PRIVATE_KEY: run.deployerKey ?? localDeployerKey,
  };
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd: contractsDir, encoding: 'utf8', env, timeout: 120_000 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error) {
          const what = run.check ? 'deploy-production --check' : 'deploy-production';
          reject(new Error(`${what} failed on chain ${run.chainId}:\n${output}`));
        } else resolvePromise(output);
      },
    );
  });
}

/** `deploy-production.ts --check` against `rpcUrl` (nothing is written or sent); its output. */
export async function checkProduction(rpcUrl: string, chainId: SupportedChainId): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'rehearsal-'));
  try {
    // --config needs --out; with --check nothing is written to it.
    return await runDeployProduction({
      rpcUrl,
      chainId,
      outFile: join(dir, 'deployments.json'),
      check: true,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole step: fresh chains, mainnet's contracts, the production check on each. */
export async function rehearseCheck(log: (line: string) => void = console.log): Promise<void> {
  const chains: LocalChain[] = [];
  try {
    for (const chainId of [1, 56] as const) {
      const chain = await startAnvil({ chainId });
      chains.push(chain);
      const held = await deployMainnetLike(chain.rpcUrl, chainId);
      log(`chain ${chainId}: USDC ${held.usdc}, pool ${held.pair} (as in the rehearsal config)`);
      log((await checkProduction(chain.rpcUrl, chainId)).trimEnd());
    }
  } finally {
    await Promise.all(chains.map((chain) => chain.stop()));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await rehearseCheck().catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
}
