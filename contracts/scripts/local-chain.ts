/**
 * Local development chains: start an anvil node and deploy the contracts to it.
 * Imported by the server's and e2e's tests and by `npm start` as `@app/contracts/local`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  domainSeparator,
  getAddress,
  getContractAddress,
  http,
  parseUnits,
  type Abi,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  networkByChainId,
  localRpcUrl,
  toViemChain,
  type SupportedChainId,
} from '../src/chains.ts';
import { localAccounts, localDeployerKey, localUsdcIssuerKey } from '../src/local-accounts.ts';
import { usdcPermitDomain } from '../src/permit.ts';
import { dailyRateFor, priceOfWholeCoin } from '../src/rates.ts';
import type { ChainDeployment } from '../src/deployment.ts';
import { artifactsHash, contractsDir, generatedFile, readArtifact } from './artifacts.ts';
import { deployDex, dexAbis, dexTransactionCount, expectedDexAddresses } from './dex.ts';
import { deployLocalUsdc, expectedLocalUsdcAddress } from './usdc.ts';

import { localMintAbi } from './dex.ts';

export { localMintAbi } from './dex.ts';
export { localUsdcAdminAbi } from './usdc.ts';

export type { ChainDeployment } from '../src/deployment.ts';

// -------------------------------------------------------------------------------------------------
// anvil
// -------------------------------------------------------------------------------------------------

export interface LocalChain {
  chainId: SupportedChainId;
  rpcUrl: string;
  port: number;
  /** Stops the node (its state is lost). Safe to call more than once. */
  stop(): Promise<void>;
}

export interface StartAnvilOptions {
  chainId: SupportedChainId;
  /** Port to listen on; 0 or undefined picks a free one. */
  port?: number;
  /** How long to wait for the node to answer, in ms (default 20 s). */
  timeoutMs?: number;
  /**
   * Keep the chain's state in this file: loaded at start, saved every few seconds and on stop, so
   * `npm start` finds its chains as it left them. Tests leave it unset (a fresh chain each time).
   */
  stateFile?: string;
}

/**
 * The anvil executable. The @foundry-rs/anvil npm package's `bin` is a Node wrapper that spawns the
 * native binary; running the native binary directly means `stop()` can never leave an orphan behind.
 */
function anvilCommand(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    const require = createRequire(join(contractsDir, 'package.json'));
    const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
    const native = join(dirname(pkg), 'bin', binary);
    if (existsSync(native)) return native;
  } catch {
    // fall through to the wrapper
  }
  for (let dir = contractsDir; ; dir = dirname(dir)) {
    const wrapper = join(dir, 'node_modules', '.bin', 'anvil');
    if (existsSync(wrapper)) return wrapper;
    if (dirname(dir) === dir) break;
  }
  throw new Error('anvil not found: run npm install at the repository root');
}

/** A TCP port that was free a moment ago (probe: listen on port 0, read it, close). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not find a free port'))));
    });
  });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function killAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result ? Number(body.result) : undefined;
  } catch {
    return undefined;
  }
}

async function startOnce(
  chainId: SupportedChainId,
  port: number,
  timeoutMs: number,
  stateFile: string | undefined,
): Promise<LocalChain> {
  const args = ['--chain-id', String(chainId), '--port', String(port), '--host', '127.0.0.1'];
  if (stateFile) args.push('--state', stateFile, '--state-interval', '5');
  const child = spawn(anvilCommand(), [...args, '--silent'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  killAllOnExit();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      running.delete(child);
      resolve();
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async (): Promise<void> => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(timer);
  };

  const rpcUrl = localRpcUrl(port);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited) {
      throw new Error(
        `anvil exited before answering on port ${port}: ${stderr.trim() || 'no output'}`,
      );
    }
    const answered = await rpcChainId(rpcUrl);
    if (answered === chainId) return { chainId, rpcUrl, port, stop };
    if (answered !== undefined) {
      await stop();
      throw new Error(`port ${port} answers with chain id ${answered}, not ${chainId}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`anvil did not answer on port ${port} within ${timeoutMs} ms`);
}

/**
 * Starts an anvil node with the given chain id on 127.0.0.1 and waits until it answers
 * `eth_chainId`. With port 0/undefined a free port is picked (and retried if it is taken meanwhile).
 */
export async function startAnvil({
  chainId,
  port,
  timeoutMs = 20_000,
  stateFile,
}: StartAnvilOptions): Promise<LocalChain> {
  if (!networkByChainId(chainId)) throw new Error(`unsupported chain id ${chainId}`);
  if (port) return startOnce(chainId, port, timeoutMs, stateFile);
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return await startOnce(chainId, await findFreePort(), timeoutMs, stateFile);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

// -------------------------------------------------------------------------------------------------
// deployment
// -------------------------------------------------------------------------------------------------

const localUsdcDomainAbi = [
  {
    type: 'function',
    name: 'DOMAIN_SEPARATOR',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'bytes32' }],
  },
] as const satisfies Abi;

/**
 * Plans every local chain opens. `dailyBps` is the daily reward as a share of the principal's value
 * at the seeded pool price (`localCoinPriceUsdc`); the contract's rate unit is reward-coin base units
 * per USDC base unit per day, scaled by 1e18 (`localDailyRate`), fixed when the plan is created.
 */
export const localPlans = [
  { termDays: 30, dailyBps: 50 },
  { termDays: 90, dailyBps: 80 },
] as const;
/** Cap of each local plan, in whole USDC. */
export const localPlanCapUsdc = '100000000';
/** How long the local plans stay open for subscription. */
export const localPlanWindowSeconds = 365 * 24 * 60 * 60;
/** USDC minted to each of the 10 anvil accounts, in whole USDC. */
export const localMintUsdc = '1000000';
/** Price of the reward coin in the seeded local pool (1,000 coins : 3,000,000 USDC). */
export const localCoinPriceUsdc = 3000n;
/** Reward budget the deployer wraps and funds, in whole coins (thousands of 150 USDC stakes). */
export const localRewardBudget = '2000';
/** Level thresholds (team performance for levels 1..6), in whole USDC. */
export const localLevelThresholdsUsdc = [
  '1000',
  '5000',
  '20000',
  '50000',
  '100000',
  '500000',
] as const;
/** Initial timelocked parameters of the local deployments. */
export const localParams = {
  feeBps: 0n,
  minWithdrawalUsdc: '1',
  nodePriceUsdc: '1000',
  nodeLimit: 100n,
  founderPriceUsdc: '5000',
  founderLimit: 20n,
} as const;

/** `dailyRate` for a daily reward of `dailyBps` of the principal's value at `coinPriceUsdc`. */
export function localDailyRate(
  dailyBps: number,
  usdcDecimals: number,
  rewardDecimals = 18,
  coinPriceUsdc = localCoinPriceUsdc,
): bigint {
  return dailyRateFor(
    { numerator: BigInt(dailyBps), denominator: 10_000n },
    priceOfWholeCoin(coinPriceUsdc * 10n ** BigInt(usdcDecimals), rewardDecimals),
  );
}

export interface DeployLocalOptions {
  rpcUrl: string;
  chainId: SupportedChainId;
  /**
   * Check the result against the generated module when it exists (default true). Only
   * `generate.ts` turns this off, since it is about to rewrite that module.
   */
  verifyGenerated?: boolean;
}

interface GeneratedModule {
  deployments: { local: Partial<Record<number, ChainDeployment>> };
  artifactsHash?: string;
}

/**
 * Deploys the chain's USDC as its issuer would (scripts/usdc.ts: behind a proxy, like USDC on
 * Ethereum on chain 1 and Binance-Peg USDC on chain 56; the issuer account holds the token's roles
 * and appoints account 0 as a minter), the local DEX (WETH9 as the reward coin, Uniswap V2 factory and router, a seeded coin/USDC pool), and
 * the Staking contract (root, owner and treasury = account 0); opens the local plans, wraps and funds
 * the reward budget and mints USDC to every anvil account. Needs a fresh chain: the addresses then
 * are the same every time.
 */
export async function deployLocal({
  rpcUrl,
  chainId,
  verifyGenerated = true,
}: DeployLocalOptions): Promise<ChainDeployment> {
  const network = networkByChainId(chainId);
  if (!network) throw new Error(`unsupported chain id ${chainId}`);
  const chain = toViemChain(network, rpcUrl);
  const account = privateKeyToAccount(localDeployerKey);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });

  const actualChainId = await publicClient.getChainId();
  if (actualChainId !== chainId) {
    throw new Error(`${rpcUrl} is chain ${actualChainId}, not ${chainId}`);
  }
  const startNonce = await publicClient.getTransactionCount({ address: account.address });
  if (startNonce !== 0) {
    throw new Error(
      `deployLocal needs a fresh chain: account 0 on ${rpcUrl} has already sent ${startNonce} transactions`,
    );
  }

  // The permit domain comes from the one config (networks.json), never from the token.
  const permit = usdcPermitDomain(chainId);
  const staking = readArtifact('Staking');
  const lens = readArtifact('StakingLens');

  const confirm = async (hash: Hash) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]) => {
    const hash = await walletClient.deployContract({ abi, bytecode, args });
    const receipt = await confirm(hash);
    if (!receipt.contractAddress) throw new Error(`deployment ${hash} created no contract`);
    return receipt;
  };
  const write = async (
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
  ) => confirm(await walletClient.writeContract({ address, abi, functionName, args }));

  // The issuer's USDC first (its own nonces), then ours in a fixed order, so the addresses depend
  // only on the two accounts' nonces.
  const { usdc, decimals } = await deployLocalUsdc({
    publicClient,
    chainId,
    minter: account.address,
  });
  if (permit) {
    // The config's domain must be the one the token signs with, or every permit would fail.
    const actual = await publicClient.readContract({
      address: usdc,
      abi: localUsdcDomainAbi,
      functionName: 'DOMAIN_SEPARATOR',
    });
    const expected = domainSeparator({ domain: { ...permit, chainId, verifyingContract: usdc } });
    if (actual !== expected) {
      throw new Error(
        `the local USDC's DOMAIN_SEPARATOR() is not the permit domain of networks.json ('${permit.name}', '${permit.version}')`,
      );
    }
  }
  const dex = await deployDex({ publicClient, walletClient, usdc, usdcDecimals: decimals });
  const usd = (whole: string) => parseUnits(whole, decimals);
  const stakingReceipt = await deploy(staking.abi, staking.bytecode, [
    {
      usdc,
      rewardToken: dex.weth,
      router: dex.router,
      root: account.address,
      owner: account.address,
      treasury: account.address,
      levelThresholds: localLevelThresholdsUsdc.map(usd),
      feeBps: localParams.feeBps,
      minWithdrawal: usd(localParams.minWithdrawalUsdc),
      nodePrice: usd(localParams.nodePriceUsdc),
      nodeLimit: localParams.nodeLimit,
      founderPrice: usd(localParams.founderPriceUsdc),
      founderLimit: localParams.founderLimit,
    },
  ]);
  const stakingAddress = getAddress(stakingReceipt.contractAddress as Address);
  // The lens right after Staking, so every address before it stays where it was.
  const lensReceipt = await deploy(lens.abi, lens.bytecode, [stakingAddress]);
  const stakingLens = getAddress(lensReceipt.contractAddress as Address);

  const now = (await publicClient.getBlock()).timestamp;
  for (const plan of localPlans) {
    await write(stakingAddress, staking.abi, 'createPlan', [
      plan.termDays,
      localDailyRate(plan.dailyBps, decimals),
      usd(localPlanCapUsdc),
      now,
      now + BigInt(localPlanWindowSeconds),
    ]);
  }
  const weth = dexAbis().weth;
  const budget = parseUnits(localRewardBudget, 18);
  await confirm(
    await walletClient.writeContract({
      address: dex.weth,
      abi: weth,
      functionName: 'deposit',
      args: [],
      value: budget,
    }),
  );
  await write(dex.weth, weth, 'approve', [stakingAddress, budget]);
  await write(stakingAddress, staking.abi, 'fundRewards', [budget]);
  for (const holder of localAccounts) {
    await write(usdc, localMintAbi, 'mint', [holder.address, parseUnits(localMintUsdc, decimals)]);
  }

  const deployment: ChainDeployment = {
    staking: stakingAddress,
    stakingLens,
    usdc,
    usdcDecimals: decimals,
    usdcHasPermit: permit !== null,
    usdcPermitName: permit?.name ?? null,
    usdcPermitVersion: permit?.version ?? null,
    root: account.address,
    startBlock: Number(stakingReceipt.blockNumber),
    rewardToken: dex.weth,
    rewardTokenDecimals: 18,
    router: dex.router,
    factory: dex.factory,
    pair: dex.pair,
  };

  if (verifyGenerated) await verifyAgainstGenerated(chainId, deployment);
  return deployment;
}

/**
 * The addresses a fresh local chain gets: USDC at the issuer's nonce 1 (its proxy), the DEX from
 * account 0's nonce 0 (`deployDex`'s fixed order), Staking right after the DEX's transactions, then
 * its lens.
 */
export function expectedLocalAddresses(): {
  usdc: Address;
  staking: Address;
  stakingLens: Address;
  rewardToken: Address;
  factory: Address;
  router: Address;
} {
  const from = privateKeyToAccount(localDeployerKey).address;
  const dex = expectedDexAddresses(from, 0);
  return {
    usdc: expectedLocalUsdcAddress(privateKeyToAccount(localUsdcIssuerKey).address),
    staking: getContractAddress({ from, nonce: BigInt(dexTransactionCount.seeded) }),
    stakingLens: getContractAddress({ from, nonce: BigInt(1 + dexTransactionCount.seeded) }),
    rewardToken: dex.weth,
    factory: dex.factory,
    router: dex.router,
  };
}

async function verifyAgainstGenerated(
  chainId: SupportedChainId,
  deployed: ChainDeployment,
): Promise<void> {
  if (!existsSync(generatedFile)) return;
  const generated = (await import(pathToFileURL(generatedFile).href)) as GeneratedModule;
  const expected = generated.deployments.local[chainId];
  const problems: string[] = [];
  if (!expected) problems.push(`it has no local deployment for chain ${chainId}`);
  else {
    for (const key of Object.keys(deployed) as (keyof ChainDeployment)[]) {
      if (String(expected[key]).toLowerCase() !== String(deployed[key]).toLowerCase()) {
        problems.push(
          `${key}: generated ${String(expected[key])}, deployed ${String(deployed[key])}`,
        );
      }
    }
  }
  if (generated.artifactsHash !== artifactsHash()) {
    problems.push(
      'the compiled contracts (ABI or bytecode) differ from the ones it was generated from',
    );
  }
  if (problems.length > 0) {
    throw new Error(
      `contracts changed: run npm run generate -w contracts (chain ${chainId}; ${problems.join('; ')})`,
    );
  }
}

/** Convenience for scripts: the RPC URL of the fixed local port of a chain (as `npm start` uses). */
export function fixedLocalRpcUrl(chainId: SupportedChainId): string {
  const network = networkByChainId(chainId);
  if (!network) throw new Error(`unsupported chain id ${chainId}`);
  return localRpcUrl(network.localPort);
}
