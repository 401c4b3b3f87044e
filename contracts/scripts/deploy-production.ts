/**
 * Deploys the Staking contract to Ethereum or BSC mainnet.
 *
 *   RPC_URL=https://... DEPLOYER_PRIVATE_KEY=0x... \
 *     npx tsx contracts/scripts/deploy-production.ts --network ETH|BSC [--check] [--force]
 *     [--config other.json --out other-deployments.json]
 *
 * Reads USDC, reward coin (WETH / WBNB) and DEX router from contracts/config/networks.json (real
 * mainnet addresses; contracts/config/README.md documents their sources), and the RPC URL and the
 * deployer's key from the environment only: nothing secret is ever read from or written to the
 * repository. Before sending anything it checks the chain against the config (chain id, token code,
 * decimals, permit domain, router.WETH(), router.factory(), an existing reward/USDC pool), then deploys
 * Staking, reads its configuration back, prints the addresses and records them in
 * contracts/deployments/production.json (per chain id; the shape of `ChainDeployment` plus extras),
 * which generate.ts can publish as `deployments.production`.
 *
 * `--check` runs the checks and prints the constructor arguments without sending a transaction.
 * `--config` replaces the config file (e.g. local addresses for a dry run against anvil); with it,
 * `--out` is required so a rehearsal can never overwrite the real production record.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createPublicClient,
  createWalletClient,
  domainSeparator,
  erc20Abi,
  formatEther,
  getAddress,
  http,
  isAddress,
  parseUnits,
  zeroAddress,
  type Abi,
  type AbiParameter,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networks, toViemChain, type NetworkKey } from '../src/chains.ts';
import type { ChainDeployment } from '../src/deployment.ts';
import { contractsDir, readArtifact } from './artifacts.ts';

export const defaultConfigFile = join(contractsDir, 'config', 'networks.json');
export const defaultOutFile = join(contractsDir, 'deployments', 'production.json');

// -------------------------------------------------------------------------------------------------
// config
// -------------------------------------------------------------------------------------------------

export interface TokenConfig {
  address: Address;
  symbol: string;
  decimals: number;
}

export interface NetworkConfig {
  chainId: number;
  usdc: TokenConfig & { permit: { name: string; version: string } | null };
  /** The mining reward coin: the router's wrapped native coin (WETH on Ethereum, WBNB on BSC). */
  rewardToken: TokenConfig;
  router: { name: string; address: Address; factory: Address };
}

export interface StakingParams {
  /** null = the deployer's address. */
  roles: { root: Address | null; owner: Address | null; treasury: Address | null };
  levelThresholdsUsdc: string[];
  feeBps: number;
  minWithdrawalUsdc: string;
  nodePriceUsdc: string;
  nodeLimit: number;
  founderPriceUsdc: string;
  founderLimit: number;
}

export interface ProductionConfig {
  networks: Partial<Record<NetworkKey, NetworkConfig>>;
  staking: StakingParams;
}

class ConfigError extends Error {}

function checkAddress(value: unknown, where: string): Address {
  // Strict: a mixed-case address must carry a valid EIP-55 checksum (catches typos).
  if (typeof value !== 'string' || !isAddress(value, { strict: true })) {
    throw new ConfigError(`${where}: ${String(value)} is not a valid (checksummed) address`);
  }
  return getAddress(value);
}

function checkWhole(value: unknown, where: string): string {
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value)) {
    throw new ConfigError(
      `${where}: expected a decimal string such as "1000", got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function checkInt(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError(
      `${where}: expected a non-negative integer, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

type Json = Record<string, unknown>;

/** A JSON object at `where`, or a clear error. */
function obj(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError(`${where} is missing or not an object`);
  }
  return value as Json;
}

/** Reads and validates a config file (every address checksummed, every amount well-formed). */
export function loadProductionConfig(file: string = defaultConfigFile): ProductionConfig {
  let raw: Json;
  try {
    raw = obj(JSON.parse(readFileSync(file, 'utf8')), file);
  } catch (error) {
    throw new ConfigError(`cannot read config ${file}: ${(error as Error).message}`);
  }
  const parsed: Partial<Record<NetworkKey, NetworkConfig>> = {};
  for (const [key, value] of Object.entries(obj(raw.networks, `${file} networks`))) {
    if (key !== 'ETH' && key !== 'BSC') {
      throw new ConfigError(`${file}: unknown network ${key} (ETH or BSC)`);
    }
    const where = `${file} networks.${key}`;
    const n = obj(value, where);
    const token = (name: string): TokenConfig => {
      const t = obj(n[name], `${where}.${name}`);
      return {
        address: checkAddress(t.address, `${where}.${name}.address`),
        symbol: String(t.symbol ?? name),
        decimals: checkInt(t.decimals, `${where}.${name}.decimals`),
      };
    };
    const usdc = obj(n.usdc, `${where}.usdc`);
    const permit = usdc.permit == null ? null : obj(usdc.permit, `${where}.usdc.permit`);
    if (permit && (typeof permit.name !== 'string' || typeof permit.version !== 'string')) {
      throw new ConfigError(`${where}.usdc.permit needs a string name and version (or null)`);
    }
    const router = obj(n.router, `${where}.router`);
    const chainId = checkInt(n.chainId, `${where}.chainId`);
    if (chainId !== networks[key].chainId) {
      throw new ConfigError(
        `${where}.chainId is ${chainId}, but ${key} is chain ${networks[key].chainId}`,
      );
    }
    parsed[key] = {
      chainId,
      usdc: {
        ...token('usdc'),
        permit: permit ? { name: permit.name as string, version: permit.version as string } : null,
      },
      rewardToken: token('rewardToken'),
      router: {
        name: String(router.name ?? 'router'),
        address: checkAddress(router.address, `${where}.router.address`),
        factory: checkAddress(router.factory, `${where}.router.factory`),
      },
    };
  }
  const s = obj(raw.staking, `${file} staking`);
  const roles = s.roles == null ? {} : obj(s.roles, `${file} staking.roles`);
  const role = (name: 'root' | 'owner' | 'treasury') =>
    roles[name] == null ? null : checkAddress(roles[name], `${file} staking.roles.${name}`);
  const thresholds = s.levelThresholdsUsdc;
  if (!Array.isArray(thresholds)) {
    throw new ConfigError(`${file} staking.levelThresholdsUsdc must be an array`);
  }
  return {
    networks: parsed,
    staking: {
      roles: { root: role('root'), owner: role('owner'), treasury: role('treasury') },
      levelThresholdsUsdc: thresholds.map((t, i) =>
        checkWhole(t, `${file} staking.levelThresholdsUsdc[${i}]`),
      ),
      feeBps: checkInt(s.feeBps, `${file} staking.feeBps`),
      minWithdrawalUsdc: checkWhole(s.minWithdrawalUsdc, `${file} staking.minWithdrawalUsdc`),
      nodePriceUsdc: checkWhole(s.nodePriceUsdc, `${file} staking.nodePriceUsdc`),
      nodeLimit: checkInt(s.nodeLimit, `${file} staking.nodeLimit`),
      founderPriceUsdc: checkWhole(s.founderPriceUsdc, `${file} staking.founderPriceUsdc`),
      founderLimit: checkInt(s.founderLimit, `${file} staking.founderLimit`),
    },
  };
}

// -------------------------------------------------------------------------------------------------
// constructor arguments: the one place that knows Staking's constructor
// -------------------------------------------------------------------------------------------------

export interface ArgContext {
  network: NetworkConfig;
  staking: StakingParams;
  deployer: Address;
}

/** The role addresses after replacing null with the deployer. */
export function resolveRoles(ctx: ArgContext): {
  root: Address;
  owner: Address;
  treasury: Address;
} {
  const { roles } = ctx.staking;
  return {
    root: roles.root ?? ctx.deployer,
    owner: roles.owner ?? ctx.deployer,
    treasury: roles.treasury ?? ctx.deployer,
  };
}

/**
 * Builds Staking's constructor arguments from the config by reading the constructor in the compiled
 * ABI: every parameter (or field of a struct parameter such as `Config c`) is looked up by name, so
 * reordering is harmless and a new parameter fails loudly here instead of deploying a wrong value.
 */
export function stakingConstructorArgs(abi: Abi, ctx: ArgContext): unknown[] {
  const ctor = abi.find((item) => item.type === 'constructor');
  if (!ctor || ctor.type !== 'constructor') throw new Error('Staking ABI has no constructor');
  const usdc = (whole: string) => parseUnits(whole, ctx.network.usdc.decimals);
  const roles = resolveRoles(ctx);
  const p = ctx.staking;
  const known: Record<string, () => unknown> = {
    usdc: () => ctx.network.usdc.address,
    rewardtoken: () => ctx.network.rewardToken.address,
    rewardcoin: () => ctx.network.rewardToken.address,
    weth: () => ctx.network.rewardToken.address,
    router: () => ctx.network.router.address,
    root: () => roles.root,
    owner: () => roles.owner,
    treasury: () => roles.treasury,
    levelthresholds: () => p.levelThresholdsUsdc.map(usdc),
    feebps: () => BigInt(p.feeBps),
    minwithdrawal: () => usdc(p.minWithdrawalUsdc),
    nodeprice: () => usdc(p.nodePriceUsdc),
    nodelimit: () => BigInt(p.nodeLimit),
    founderprice: () => usdc(p.founderPriceUsdc),
    founderlimit: () => BigInt(p.founderLimit),
  };
  const valueFor = (param: AbiParameter, path: string): unknown => {
    if (param.type === 'tuple' && 'components' in param) {
      const fields: Record<string, unknown> = {};
      for (const component of param.components) {
        fields[component.name!] = valueFor(component, `${path}.${component.name}`);
      }
      return fields;
    }
    const key = (param.name ?? '').replace(/^_+|_+$/g, '').toLowerCase();
    const make = known[key];
    if (!make) {
      throw new Error(
        `Staking's constructor has a parameter ${path} (${param.type}) that deploy-production does ` +
          'not know: add it to stakingConstructorArgs and to config/networks.json',
      );
    }
    const value = make();
    const fixed = /^\w+\[(\d+)\]$/.exec(param.type);
    if (fixed && (!Array.isArray(value) || value.length !== Number(fixed[1]))) {
      throw new Error(
        `${path} needs ${fixed[1]} values, the config has ${(value as unknown[]).length}`,
      );
    }
    return value;
  };
  return ctor.inputs.map((input, i) => valueFor(input, input.name || `arg${i}`));
}

// -------------------------------------------------------------------------------------------------
// checks against the chain
// -------------------------------------------------------------------------------------------------

const routerAbi = [
  {
    type: 'function',
    name: 'WETH',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'address' }],
  },
  {
    type: 'function',
    name: 'factory',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'address' }],
  },
] as const satisfies Abi;
const factoryAbi = [
  {
    type: 'function',
    name: 'getPair',
    stateMutability: 'view',
    inputs: [{ type: 'address' }, { type: 'address' }],
    outputs: [{ type: 'address' }],
  },
] as const satisfies Abi;
const domainSeparatorAbi = [
  {
    type: 'function',
    name: 'DOMAIN_SEPARATOR',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'bytes32' }],
  },
] as const satisfies Abi;

/** Checks the chain behind the RPC against the config; returns the pool's address. Throws on a mismatch. */
export async function preflight(
  client: PublicClient,
  key: NetworkKey,
  n: NetworkConfig,
): Promise<Address> {
  const problems: string[] = [];
  const chainId = await client.getChainId();
  if (chainId !== n.chainId)
    throw new Error(`RPC_URL is chain ${chainId}, but ${key} is chain ${n.chainId}`);
  const hasCode = async (address: Address, what: string) => {
    const code = await client.getCode({ address });
    if (!code || code === '0x') problems.push(`${what} ${address} has no code on chain ${chainId}`);
    return !!code && code !== '0x';
  };
  for (const [what, token] of [
    ['USDC', n.usdc],
    ['reward coin', n.rewardToken],
  ] as const) {
    if (!(await hasCode(token.address, what))) continue;
    const decimals = await client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'decimals',
    });
    if (decimals !== token.decimals) {
      problems.push(
        `${what} ${token.address} has ${decimals} decimals, the config says ${token.decimals}`,
      );
    }
  }
  if (n.usdc.permit) {
    const expected = domainSeparator({
      domain: {
        name: n.usdc.permit.name,
        version: n.usdc.permit.version,
        chainId,
        verifyingContract: n.usdc.address,
      },
    });
    const actual = await client
      .readContract({
        address: n.usdc.address,
        abi: domainSeparatorAbi,
        functionName: 'DOMAIN_SEPARATOR',
      })
      .catch(() => undefined);
    if (actual !== expected) {
      problems.push(
        `USDC permit domain ('${n.usdc.permit.name}', '${n.usdc.permit.version}') does not match ` +
          `DOMAIN_SEPARATOR() ${String(actual)}`,
      );
    }
  }
  let pair: Address = zeroAddress;
  if (await hasCode(n.router.address, n.router.name)) {
    const weth = getAddress(
      await client.readContract({
        address: n.router.address,
        abi: routerAbi,
        functionName: 'WETH',
      }),
    );
    if (weth !== n.rewardToken.address) {
      problems.push(
        `${n.router.name}.WETH() is ${weth}, the config's reward coin is ${n.rewardToken.address}`,
      );
    }
    const factory = getAddress(
      await client.readContract({
        address: n.router.address,
        abi: routerAbi,
        functionName: 'factory',
      }),
    );
    if (factory !== n.router.factory) {
      problems.push(
        `${n.router.name}.factory() is ${factory}, the config says ${n.router.factory}`,
      );
    } else {
      pair = getAddress(
        await client.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: 'getPair',
          args: [n.rewardToken.address, n.usdc.address],
        }),
      );
      if (pair === zeroAddress) {
        problems.push(
          `${n.router.name} has no ${n.rewardToken.symbol}/USDC pool: exchange could not work`,
        );
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(`the chain does not match the config:\n  - ${problems.join('\n  - ')}`);
  }
  return pair;
}

// -------------------------------------------------------------------------------------------------
// deploy
// -------------------------------------------------------------------------------------------------

/** What a production deployment records: every `ChainDeployment` field (so generate.ts can publish it
 *  as `deployments.production`) plus who deployed it, how, and when. */
export interface ProductionDeployment extends ChainDeployment {
  owner: Address;
  treasury: Address;
  deployer: Address;
  transactionHash: Hex;
  deployedAt: string;
}

export interface CliOptions {
  network: NetworkKey;
  configFile: string;
  outFile: string;
  check: boolean;
  force: boolean;
}

export function parseArgs(argv: string[]): CliOptions {
  let network: string | undefined;
  let configFile: string | undefined;
  let outFile: string | undefined;
  let check = false;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (!v) throw new ConfigError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--network') network = value().toUpperCase();
    else if (flag === '--config') configFile = resolve(value());
    else if (flag === '--out') outFile = resolve(value());
    else if (flag === '--check') check = true;
    else if (flag === '--force') force = true;
    else throw new ConfigError(`unknown argument ${arg}`);
  }
  if (network !== 'ETH' && network !== 'BSC') {
    throw new ConfigError('--network ETH or --network BSC is required');
  }
  if (configFile && !outFile) {
    throw new ConfigError(
      '--config replaces the production config, so --out is required too (the real record ' +
        `${defaultOutFile} is only written from the default config)`,
    );
  }
  return {
    network,
    configFile: configFile ?? defaultConfigFile,
    outFile: outFile ?? defaultOutFile,
    check,
    force,
  };
}

/** RPC_URL and DEPLOYER_PRIVATE_KEY, or a clear refusal. The key is never printed. */
export function readEnv(env: NodeJS.ProcessEnv): { rpcUrl: string; privateKey: Hex } {
  const missing = ['RPC_URL', 'DEPLOYER_PRIVATE_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new ConfigError(
      `refusing to run: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set. ` +
        "Export RPC_URL (the network's JSON-RPC endpoint) and DEPLOYER_PRIVATE_KEY (0x + 64 hex " +
        'digits) in the shell; they are never read from the repository.',
    );
  }
  const rpcUrl = env.RPC_URL!.trim();
  if (!/^https?:\/\//.test(rpcUrl))
    throw new ConfigError('refusing to run: RPC_URL must be an http(s) URL');
  let key = env.DEPLOYER_PRIVATE_KEY!.trim();
  if (!key.startsWith('0x')) key = `0x${key}`;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new ConfigError(
      'refusing to run: DEPLOYER_PRIVATE_KEY is not 32 bytes of hex (value not shown)',
    );
  }
  return { rpcUrl, privateKey: key as Hex };
}

type Log = (line: string) => void;

export async function deployProduction(
  options: CliOptions,
  env: NodeJS.ProcessEnv,
  log: Log = console.log,
): Promise<ProductionDeployment | null> {
  const { rpcUrl, privateKey } = readEnv(env);
  const config = loadProductionConfig(options.configFile);
  const n = config.networks[options.network];
  if (!n) throw new ConfigError(`${options.configFile} has no network ${options.network}`);
  const account = privateKeyToAccount(privateKey);
  const chain = toViemChain(networks[options.network], rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) });
  const walletClient = createWalletClient({ account, chain, transport: http(rpcUrl) });

  const existing = existsSync(options.outFile)
    ? (JSON.parse(readFileSync(options.outFile, 'utf8')) as Record<string, ProductionDeployment>)
    : {};
  if (existing[n.chainId] && !options.force && !options.check) {
    throw new ConfigError(
      `${options.outFile} already records a Staking on chain ${n.chainId} (${existing[n.chainId]!.staking}); ` +
        'pass --force to deploy another one and replace the record',
    );
  }

  log(`network      ${options.network} (chain ${n.chainId}) via ${new URL(rpcUrl).host}`);
  log(`config       ${options.configFile}`);
  log(
    `deployer     ${account.address} (${formatEther(await publicClient.getBalance({ address: account.address }))} ${networks[options.network].nativeSymbol})`,
  );
  const pair = await preflight(publicClient, options.network, n);
  log(
    `USDC         ${n.usdc.address} (${n.usdc.decimals} decimals, ${n.usdc.permit ? `permit '${n.usdc.permit.name}' v${n.usdc.permit.version}` : 'no permit'})`,
  );
  log(`reward coin  ${n.rewardToken.address} (${n.rewardToken.symbol})`);
  log(`router       ${n.router.address} (${n.router.name}; factory ${n.router.factory})`);
  log(`pool         ${pair}`);

  const staking = readArtifact('Staking');
  const ctx: ArgContext = { network: n, staking: config.staking, deployer: account.address };
  const args = stakingConstructorArgs(staking.abi, ctx);
  const roles = resolveRoles(ctx);
  for (const name of ['root', 'owner', 'treasury'] as const) {
    if (!config.staking.roles[name])
      log(`warning      ${name} is not set in the config: using the deployer ${account.address}`);
  }
  log(`constructor  ${JSON.stringify(args, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
  if (options.check) {
    log('check only: nothing was sent');
    return null;
  }

  const hash = await walletClient.deployContract({
    abi: staking.abi,
    bytecode: staking.bytecode,
    args,
  });
  log(`transaction  ${hash}`);
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`the deployment transaction ${hash} failed`);
  }
  const address = getAddress(receipt.contractAddress);

  // Read the deployed configuration back: what users will trust is what the chain says.
  const read = (functionName: string) =>
    publicClient.readContract({ address, abi: staking.abi, functionName }) as Promise<unknown>;
  const has = (name: string) => staking.abi.some((i) => i.type === 'function' && i.name === name);
  const expectations: [string, unknown][] = [
    ['usdc', n.usdc.address],
    ['root', roles.root],
    ['owner', roles.owner],
    ['rewardToken', n.rewardToken.address],
    ['router', n.router.address],
  ];
  for (const [name, expected] of expectations) {
    if (!has(name)) continue;
    const actual = await read(name);
    if (String(actual).toLowerCase() !== String(expected).toLowerCase()) {
      throw new Error(
        `deployed Staking ${address}: ${name}() is ${String(actual)}, expected ${String(expected)}`,
      );
    }
  }

  // The read-only lens the app reads pages through; it holds nothing and has no owner.
  const lens = readArtifact('StakingLens');
  const lensHash = await walletClient.deployContract({
    abi: lens.abi,
    bytecode: lens.bytecode,
    args: [address],
  });
  log(`transaction  ${lensHash} (StakingLens)`);
  const lensReceipt = await publicClient.waitForTransactionReceipt({ hash: lensHash });
  if (lensReceipt.status !== 'success' || !lensReceipt.contractAddress) {
    throw new Error(`the StakingLens deployment transaction ${lensHash} failed`);
  }
  const stakingLens = getAddress(lensReceipt.contractAddress);
  const lensTarget = await publicClient.readContract({
    address: stakingLens,
    abi: lens.abi,
    functionName: 'staking',
  });
  if (String(lensTarget).toLowerCase() !== address.toLowerCase()) {
    throw new Error(
      `deployed StakingLens ${stakingLens} reads ${String(lensTarget)}, not ${address}`,
    );
  }

  const record: ProductionDeployment = {
    staking: address,
    stakingLens,
    usdc: n.usdc.address,
    usdcDecimals: n.usdc.decimals,
    usdcHasPermit: n.usdc.permit !== null,
    usdcPermitName: n.usdc.permit?.name ?? null,
    usdcPermitVersion: n.usdc.permit?.version ?? null,
    root: roles.root,
    startBlock: Number(receipt.blockNumber),
    rewardToken: n.rewardToken.address,
    rewardTokenDecimals: n.rewardToken.decimals,
    router: n.router.address,
    factory: n.router.factory,
    pair,
    owner: roles.owner,
    treasury: roles.treasury,
    deployer: account.address,
    transactionHash: hash,
    deployedAt: new Date().toISOString(),
  };
  const merged = { ...existing, [n.chainId]: record };
  mkdirSync(dirname(options.outFile), { recursive: true });
  writeFileSync(options.outFile, `${JSON.stringify(merged, null, 2)}\n`);
  log(`Staking      ${address} (block ${record.startBlock})`);
  log(`StakingLens  ${stakingLens}`);
  log(`recorded in  ${options.outFile}`);
  return record;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    await deployProduction(parseArgs(argv), env);
    return 0;
  } catch (error) {
    console.error(`deploy-production: ${(error as Error).message}`);
    return error instanceof ConfigError ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
