/**
 * The local DEX: a WETH9 wrapped coin, a Uniswap V2 factory and Router02, and a seeded
 * wrapped-coin/USDC pool, deployed from the compiled artifacts that `@uniswap/v2-core@1.0.1` and
 * `@uniswap/v2-periphery@1.1.0-beta.0` ship on npm (their `build/` folders; the exact bytecode
 * Uniswap deployed on mainnet, compiled with solc 0.5.16 / 0.6.6).
 *
 * The same WETH9 bytecode serves as 'WETH' on local chain 1 and in the WBNB role on local chain 56
 * (its name()/symbol() say "Wrapped Ether"/"WETH" on both; only the role matters locally: a
 * canonical wrap/unwrap ERC-20 of the native coin, like WBNB, which is a byte-for-byte WETH9 copy
 * with another name).
 *
 * Router02 does not ask the factory where a pair lives: its UniswapV2Library computes the CREATE2
 * address from a pair init-code hash compiled into the router. If that hash is not keccak256 of the
 * pair creation code the factory deploys, every router call reverts or hits the wrong address. So
 * `checkDexArtifacts` verifies it before anything is deployed, and `deployDex` checks the deployed
 * pair's address against the CREATE2 formula afterwards.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  erc20Abi,
  getAddress,
  getContractAddress,
  keccak256,
  parseEther,
  parseUnits,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { contractsDir } from './artifacts.ts';

// -------------------------------------------------------------------------------------------------
// artifacts
// -------------------------------------------------------------------------------------------------

export interface DexArtifact {
  /** npm package and file it was read from. */
  source: string;
  abi: Abi;
  /** Creation code (constructor arguments not included). */
  bytecode: Hex;
}

/** The init-code hash Uniswap's published Router02 (and UniswapV2Library) carries. */
export const officialUniswapV2InitCodeHash =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f' as const;

const artifactFiles = {
  weth: '@uniswap/v2-periphery/build/WETH9.json',
  factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  router: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
} as const;

export type DexContractName = keyof typeof artifactFiles;

const cache = new Map<DexContractName, DexArtifact>();

/** Reads one of the npm artifacts (abi + creation code). */
export function readDexArtifact(name: DexContractName): DexArtifact {
  const cached = cache.get(name);
  if (cached) return cached;
  const source = artifactFiles[name];
  let file: string;
  try {
    file = createRequire(join(contractsDir, 'package.json')).resolve(source);
  } catch {
    throw new Error(`${source} not found: run npm install at the repository root`);
  }
  const json = JSON.parse(readFileSync(file, 'utf8')) as {
    abi: Abi;
    bytecode?: string;
    evm?: { bytecode?: { object?: string } };
  };
  const raw = json.bytecode || json.evm?.bytecode?.object || '';
  const bytecode = (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex;
  if (bytecode.length <= 2) throw new Error(`${source} has no bytecode`);
  if (/__/.test(bytecode)) throw new Error(`${source} has unlinked library placeholders`);
  const artifact = { source, abi: json.abi, bytecode };
  cache.set(name, artifact);
  return artifact;
}

/** ABIs of the DEX contracts, for scripts and the generated module. */
export function dexAbis(): Record<DexContractName, Abi> {
  return {
    weth: readDexArtifact('weth').abi,
    factory: readDexArtifact('factory').abi,
    pair: readDexArtifact('pair').abi,
    router: readDexArtifact('router').abi,
  };
}

/** Every PUSH32 operand in a piece of EVM code (walks the opcodes, so data is never misread). */
export function push32Operands(code: Hex): Hex[] {
  const bytes = code.slice(2);
  const found: Hex[] = [];
  for (let i = 0; i < bytes.length;) {
    const op = parseInt(bytes.slice(i, i + 2), 16);
    i += 2;
    if (op >= 0x60 && op <= 0x7f) {
      const size = op - 0x5f;
      if (op === 0x7f && i + 64 <= bytes.length) found.push(`0x${bytes.slice(i, i + 64)}`);
      i += size * 2;
    }
  }
  return found;
}

/**
 * Checks that the three artifacts belong together and returns the pair init-code hash:
 * keccak256(pair creation code) must be (1) compiled into the factory (the factory deploys exactly
 * that code with CREATE2) and (2) the hash Router02's UniswapV2Library uses (a PUSH32 operand of
 * the router's code). Throws a clear error otherwise.
 */
export function checkDexArtifacts(): Hex {
  const pair = readDexArtifact('pair');
  const factory = readDexArtifact('factory');
  const router = readDexArtifact('router');
  const initCodeHash = keccak256(pair.bytecode);
  if (!factory.bytecode.includes(pair.bytecode.slice(2))) {
    throw new Error(
      `${factory.source} does not contain the creation code of ${pair.source}: ` +
        'the factory would deploy different pairs than the ones checked here',
    );
  }
  const pushed = push32Operands(router.bytecode);
  if (!pushed.includes(initCodeHash)) {
    const known = pushed.includes(officialUniswapV2InitCodeHash)
      ? ` (the router carries Uniswap's official hash ${officialUniswapV2InitCodeHash})`
      : '';
    throw new Error(
      `pair init-code hash mismatch: keccak256(${pair.source} creation code) = ${initCodeHash}, ` +
        `but ${router.source} does not use it${known}. The router would compute wrong pair ` +
        'addresses; rebuild the pair and router from the same sources or patch the router hash.',
    );
  }
  return initCodeHash;
}

// -------------------------------------------------------------------------------------------------
// deployment
// -------------------------------------------------------------------------------------------------

export interface DexSeed {
  /** Native coin (wrapped into the pool), in whole coins. Default '1000'. */
  native?: string;
  /** USDC, in whole USDC. Default '3000000' (so 1 coin ≈ 3000 USDC). */
  usdc?: string;
  /**
   * Mint the seed USDC to the deployer first (default true; the local USDC stand-ins let their
   * owner, account 0, mint). With false the deployer must already hold it.
   */
  mintUsdc?: boolean;
}

export interface DeployDexOptions {
  publicClient: PublicClient;
  /** Must carry an account (the deployer: anvil account 0 locally); its nonce fixes the addresses. */
  walletClient: WalletClient<Transport, Chain | undefined, Account>;
  /** The chain's USDC (already deployed). */
  usdc: Address;
  /** Its `decimals()`: 6 on chain 1, 18 on chain 56. */
  usdcDecimals: number;
  /** Liquidity for the wrapped-coin/USDC pool; false creates the pool empty. */
  seed?: DexSeed | false;
}

export interface LocalDex {
  /** WETH9: 'WETH' on chain 1, the WBNB role on chain 56. The Staking reward coin. */
  weth: Address;
  factory: Address;
  router: Address;
  /** The wrapped-coin/USDC pair. */
  pair: Address;
  /** keccak256 of the pair creation code (the one the router uses). */
  initCodeHash: Hex;
}

/** Default pool: 1,000 coins against 3,000,000 USDC (about 3000 USDC per coin). */
export const defaultDexSeed = { native: '1000', usdc: '3000000', mintUsdc: true } as const;

/** Transactions `deployDex` sends with a seed (minting included), without one, and with mintUsdc false. */
export const dexTransactionCount = { seeded: 6, seededNoMint: 5, unseeded: 4 } as const;

/** `mint(to, amount)` of the local USDC stand-ins (owner only; real USDC has no such function). */
export const localMintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const satisfies Abi;

/** The addresses `deployDex` gives its contracts when the deployer starts at `nonce`. */
export function expectedDexAddresses(
  from: Address,
  nonce: number | bigint,
): { weth: Address; factory: Address; router: Address } {
  const n = BigInt(nonce);
  return {
    weth: getContractAddress({ from, nonce: n }),
    factory: getContractAddress({ from, nonce: n + 1n }),
    router: getContractAddress({ from, nonce: n + 2n }),
  };
}

/** CREATE2 address of the factory's pair for two tokens, as UniswapV2Library.pairFor computes it. */
export function pairAddress(factory: Address, tokenA: Address, tokenB: Address, initCodeHash: Hex) {
  const [t0, t1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA];
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(`0x${t0.slice(2)}${t1.slice(2)}`),
    bytecodeHash: initCodeHash,
  });
}

/**
 * Deploys WETH9, UniswapV2Factory (feeToSetter = deployer, protocol fee off) and UniswapV2Router02,
 * then creates and seeds the WETH/USDC pool through the router (`addLiquidityETH`, exact USDC
 * approval). Fixed transaction order from the deployer, so on a fresh chain the addresses are
 * always the same: WETH at nonce n, factory n+1, router n+2, then [mint n+3], approve, addLiquidityETH
 * (without a seed: createPair at n+3). The pair's address is CREATE2 and depends only on the
 * factory, the two tokens and the init-code hash.
 */
export async function deployDex({
  publicClient,
  walletClient,
  usdc,
  usdcDecimals,
  seed = {},
}: DeployDexOptions): Promise<LocalDex> {
  const initCodeHash = checkDexArtifacts();
  const account = walletClient.account;
  if (!account) throw new Error('deployDex: the wallet client needs an account');
  const weth9 = readDexArtifact('weth');
  const factoryArtifact = readDexArtifact('factory');
  const routerArtifact = readDexArtifact('router');
  usdc = getAddress(usdc);

  const confirm = async (hash: Hash, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`deployDex: ${what} reverted (${hash})`);
    return receipt;
  };
  const deploy = async (artifact: DexArtifact, args: readonly unknown[]) => {
    const hash = await walletClient.deployContract({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      account,
      chain: walletClient.chain,
    });
    const receipt = await confirm(hash, `deployment of ${artifact.source}`);
    if (!receipt.contractAddress)
      throw new Error(`deployDex: ${artifact.source} created no contract`);
    return getAddress(receipt.contractAddress);
  };
  const write = async (
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    value?: bigint,
  ) =>
    confirm(
      await walletClient.writeContract({
        address,
        abi,
        functionName,
        args,
        value,
        account,
        chain: walletClient.chain,
      }),
      functionName,
    );

  const weth = await deploy(weth9, []);
  const factory = await deploy(factoryArtifact, [account.address]);
  const router = await deploy(routerArtifact, [factory, weth]);

  if (seed === false) {
    await write(factory, factoryArtifact.abi, 'createPair', [weth, usdc]);
  } else {
    const nativeAmount = parseEther(seed.native ?? defaultDexSeed.native);
    const usdcAmount = parseUnits(seed.usdc ?? defaultDexSeed.usdc, usdcDecimals);
    if (seed.mintUsdc ?? defaultDexSeed.mintUsdc) {
      await write(usdc, localMintAbi, 'mint', [account.address, usdcAmount]);
    }
    await write(usdc, erc20Abi, 'approve', [router, usdcAmount]); // the exact amount
    const deadline = (await publicClient.getBlock()).timestamp + 3600n;
    await write(
      router,
      routerArtifact.abi,
      'addLiquidityETH',
      [usdc, usdcAmount, usdcAmount, nativeAmount, account.address, deadline],
      nativeAmount,
    );
  }

  const pair = getAddress(
    (await publicClient.readContract({
      address: factory,
      abi: factoryArtifact.abi,
      functionName: 'getPair',
      args: [weth, usdc],
    })) as Address,
  );
  const computed = pairAddress(factory, weth, usdc, initCodeHash);
  if (pair !== computed) {
    throw new Error(
      `deployDex: the factory created the pair at ${pair}, but the router's init-code hash ` +
        `${initCodeHash} points at ${computed}`,
    );
  }
  return { weth, factory, router, pair, initCodeHash };
}
