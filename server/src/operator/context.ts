/**
 * Which chain, deployment, RPC and key a command works with, and the clients and token facts it
 * reads from there. Chain settings come only from `@app/contracts/chains`, addresses only from
 * `@app/contracts/generated`; token decimals and symbols are read from the tokens themselves.
 */
import {
  createPublicClient,
  createWalletClient,
  http,
  type Address,
  type Chain,
  type PublicClient,
  type WalletClient,
  type Transport,
  type Account,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { localDeployerKey } from '@app/contracts/accounts';
import {
  defaultNetwork,
  localRpcUrl,
  networks,
  toViemChain,
  type Deployment,
  type NetworkInfo,
  type NetworkKey,
} from '@app/contracts/chains';
import { deployments, pairAbi, usdcAbi } from '@app/contracts/generated';
import type { ChainDeployment } from '@app/contracts/deployment';
import { useProductionDeploymentFile } from '@app/contracts/deployment-file';
import type { CoinPrice } from '@app/contracts/rates';
import type { OptionSpec, Options } from './args.ts';
import { ConfigError, OperatorError, UsageError } from './errors.ts';
import type { TokenInfo } from './format.ts';
import type { Io } from './io.ts';

/** Options every chain command takes. */
export const chainOptions: OptionSpec[] = [
  { name: 'network', value: 'ETH|BSC', help: `network (default ${defaultNetwork})` },
  { name: 'deployment', value: 'local|production', help: 'contract set (default local)' },
  {
    name: 'rpc',
    value: 'url',
    help: 'JSON-RPC URL (default RPC_URL_<chainId>, then RPC_URL, then the local anvil port)',
  },
];

export interface Target {
  network: NetworkInfo;
  deployment: Deployment;
}

/** --network and --deployment (checked before anything is read). */
export function targetFrom(options: Options): Target {
  const key = (options.optional('network') ?? defaultNetwork).toUpperCase();
  if (!(key in networks)) {
    throw new UsageError(`--network must be one of ${Object.keys(networks).join(', ')}`);
  }
  const deployment = options.optional('deployment') ?? 'local';
  if (deployment !== 'local' && deployment !== 'production') {
    throw new UsageError(`--deployment must be local or production`);
  }
  return { network: networks[key as NetworkKey], deployment };
}

/**
 * DEPLOYMENT_FILE (the file contracts/scripts/deploy-production.ts writes): with
 * --deployment production, the addresses come from it instead of the generated module.
 */
export function useDeploymentFile(target: Target, env: Io['env']): void {
  const file = env.DEPLOYMENT_FILE?.trim();
  if (!file) return;
  if (target.deployment !== 'production') {
    throw new ConfigError('DEPLOYMENT_FILE is only read with --deployment production');
  }
  try {
    useProductionDeploymentFile(deployments, file);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

/**
 * The RPC URL: --rpc, RPC_URL_<chainId> (the first of its list: the primary, as the servers use it),
 * RPC_URL, or (local deployment only) the anvil port of `npm start`.
 */
export function rpcUrlFor(target: Target, options: Options, env: Io['env']): string {
  const url =
    options.optional('rpc') ||
    env[`RPC_URL_${target.network.chainId}`]?.split(',')[0]?.trim() ||
    env.RPC_URL ||
    (target.deployment === 'local' ? localRpcUrl(target.network.localPort) : undefined);
  if (!url) {
    throw new ConfigError(
      `no RPC URL for ${target.network.key}: set RPC_URL_${target.network.chainId} or RPC_URL, or pass --rpc`,
    );
  }
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError('the RPC URL must be an http(s) URL');
  }
  return url;
}

/**
 * The operator's key: OPERATOR_PRIVATE_KEY; for the local deployment only, the local deployer
 * (anvil account 0 = owner = root). The key itself is never printed.
 */
export function operatorAccount(deployment: Deployment, env: Io['env']): PrivateKeyAccount {
  const raw = env.OPERATOR_PRIVATE_KEY?.trim();
  if (raw) {
    const key = raw.startsWith('0x') ? raw : `0x${raw}`;
    if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
      throw new ConfigError('OPERATOR_PRIVATE_KEY must be 32 bytes in hex (64 hex digits)');
    }
    return privateKeyToAccount(key as `0x${string}`);
  }
  if (deployment === 'local') return privateKeyToAccount(localDeployerKey);
  throw new ConfigError('OPERATOR_PRIVATE_KEY is not set (required for the production deployment)');
}

/** Host of the RPC URL only: a provider URL often carries an API key in its path. */
export function rpcHost(url: string): string {
  return new URL(url).host;
}

export interface ChainContext extends Target {
  rpcUrl: string;
  chain: Chain;
  client: PublicClient<Transport, Chain>;
  contracts: ChainDeployment;
  usdc: TokenInfo;
  reward: TokenInfo;
}

/**
 * Connects and checks before anything else: the RPC answers with this network's chain id, and the
 * deployment's Staking contract has code there.
 */
export async function connect(target: Target, rpcUrl: string): Promise<ChainContext> {
  const { network, deployment } = target;
  const contracts = deployments[deployment][network.chainId];
  if (!contracts) {
    throw new ConfigError(
      `the ${deployment} deployment has no contracts on ${network.key} (chain ${network.chainId}) in @app/contracts/generated`,
    );
  }
  const chain = toViemChain(network, rpcUrl);
  const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1 }) });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch {
    throw new OperatorError(
      `cannot reach the RPC at ${rpcHost(rpcUrl)}${deployment === 'local' ? ' (is `npm start` running?)' : ''}`,
    );
  }
  if (chainId !== network.chainId) {
    throw new OperatorError(
      `the RPC at ${rpcHost(rpcUrl)} is chain ${chainId}, not ${network.key} (chain ${network.chainId}): nothing was sent`,
    );
  }
  const code = await client.getCode({ address: contracts.staking });
  if (!code || code === '0x') {
    throw new OperatorError(
      `no Staking contract at ${contracts.staking} on ${network.key} (${deployment} deployment)`,
    );
  }
  const [usdc, reward] = await Promise.all([
    readToken(client, contracts.usdc),
    readToken(client, contracts.rewardToken),
  ]);
  return { ...target, rpcUrl, chain, client, contracts, usdc, reward };
}

async function readToken(client: PublicClient, address: Address): Promise<TokenInfo> {
  const [decimals, symbol] = await Promise.all([
    client.readContract({ address, abi: usdcAbi, functionName: 'decimals' }),
    client.readContract({ address, abi: usdcAbi, functionName: 'symbol' }),
  ]);
  return { address, decimals: Number(decimals), symbol };
}

export function walletFor(ctx: ChainContext, account: Account): WalletClient<Transport, Chain> {
  return createWalletClient({ account, chain: ctx.chain, transport: http(ctx.rpcUrl) });
}

/** The reward-coin/USDC pool's reserves (the market price), or undefined for an empty pool. */
export async function poolPrice(ctx: ChainContext): Promise<CoinPrice | undefined> {
  const [token0, reserves] = await Promise.all([
    ctx.client.readContract({ address: ctx.contracts.pair, abi: pairAbi, functionName: 'token0' }),
    ctx.client.readContract({
      address: ctx.contracts.pair,
      abi: pairAbi,
      functionName: 'getReserves',
    }),
  ]);
  const usdcFirst = token0.toLowerCase() === ctx.contracts.usdc.toLowerCase();
  const price = {
    usdcReserve: usdcFirst ? reserves[0] : reserves[1],
    rewardReserve: usdcFirst ? reserves[1] : reserves[0],
  };
  return price.usdcReserve > 0n && price.rewardReserve > 0n ? price : undefined;
}

/** The chain's latest block time: what the contract compares times with. */
export async function chainTime(ctx: ChainContext): Promise<bigint> {
  return (await ctx.client.getBlock()).timestamp;
}
