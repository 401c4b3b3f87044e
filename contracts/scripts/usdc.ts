/**
 * The local USDC: a stand-in that behaves like the mainnet token of its chain, deployed the way the
 * issuers deploy theirs (an implementation, then a proxy that delegates to it; holders only ever
 * talk to the proxy).
 *
 * - chain 1, like USDC on Ethereum (FiatTokenV2_2): `LocalFiatToken` behind `LocalTokenProxy`;
 *   6 decimals, EIP-2612 permit with the EIP-712 domain from contracts/config/networks.json
 *   ("USD Coin", version "2"), no `eip712Domain()`, blacklist, pause, minters.
 * - chain 56, like Binance-Peg USDC: `LocalPeggedToken` behind `LocalTokenProxy`; 18 decimals, no
 *   permit.
 *
 * The issuer (`localUsdcIssuer`, standing in for Circle / Binance) sends every transaction here and
 * keeps every token role; the proxy's admin is another account (`localUsdcProxyAdmin`); the minter it appoints (our local deployer) funds test accounts with
 * `mint(to, amount)`, which real USDC only allows its own minters.
 */
import {
  createWalletClient,
  custom,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  keccak256,
  maxUint256,
  numberToHex,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { localUsdcIssuer, localUsdcProxyAdmin } from '../src/local-accounts.ts';
import { usdcConfig } from '../src/permit.ts';
import { readArtifact } from './artifacts.ts';

/** ABI of what the local tooling does with a local USDC beyond ERC-20 (both chains' stand-ins). */
export const localUsdcAdminAbi = [
  {
    type: 'function',
    name: 'blacklist',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'unBlacklist',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [],
  },
  { type: 'function', name: 'pause', stateMutability: 'nonpayable', inputs: [], outputs: [] },
  { type: 'function', name: 'unpause', stateMutability: 'nonpayable', inputs: [], outputs: [] },
] as const satisfies Abi;

/** The storage slots USDC's proxy on Ethereum (and `LocalTokenProxy`) keeps its implementation and admin in. */
export const usdcProxySlots = {
  implementation: keccak256(toHex('org.zeppelinos.proxy.implementation')),
  admin: keccak256(toHex('org.zeppelinos.proxy.admin')),
} as const;

/** Transactions `deployLocalUsdc` sends from the issuer: implementation, proxy, minter. */
export const localUsdcTransactionCount = 3;

/** Where `deployLocalUsdc` puts the token (the proxy) when the issuer starts at nonce 0. */
export function expectedLocalUsdcAddress(issuer: Address): Address {
  return getContractAddress({ from: issuer, nonce: 1n });
}

export interface DeployLocalUsdcOptions {
  /** The anvil chain's client (with its chain); the local issuer account signs through it. */
  publicClient: PublicClient;
  chainId: 1 | 56;
  /** Appointed minter (unlimited allowance), so it can fund test accounts. */
  minter: Address;
}

export interface LocalUsdc {
  /** The proxy: the token's address. */
  usdc: Address;
  implementation: Address;
  decimals: number;
}

/** Gives the issuer native coin for gas on an anvil chain (no transaction, no nonce used). */
async function fundIssuer(publicClient: PublicClient, issuer: Address): Promise<void> {
  await publicClient.request({
    method: 'anvil_setBalance',
    params: [issuer, numberToHex(parseEther('100'))],
  } as never);
}

/**
 * Funds the local issuer account for gas and deploys the chain's USDC stand-in from it:
 * implementation (nonce n), proxy with the initializer (n+1, the token's address), then appoints
 * `minter` (n+2). Name, symbol, decimals and the permit domain come from networks.json, so the local
 * token and the config cannot disagree.
 */
export async function deployLocalUsdc({
  publicClient,
  chainId,
  minter,
}: DeployLocalUsdcOptions): Promise<LocalUsdc> {
  const config = usdcConfig(chainId);
  if (!publicClient.chain) throw new Error('deployLocalUsdc: the public client has no chain');
  const issuerWallet = createWalletClient({
    account: localUsdcIssuer,
    chain: publicClient.chain,
    transport: custom(publicClient),
  });
  const issuer = localUsdcIssuer.address;
  await fundIssuer(publicClient, issuer);
  const confirm = async (hash: Hash, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success')
      throw new Error(`deployLocalUsdc: ${what} reverted (${hash})`);
    return receipt;
  };
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[], what: string) => {
    const receipt = await confirm(
      await issuerWallet.deployContract({ abi, bytecode, args }),
      `deployment of ${what}`,
    );
    if (!receipt.contractAddress) throw new Error(`deployLocalUsdc: ${what} created no contract`);
    return getAddress(receipt.contractAddress);
  };

  const implementationArtifact = readArtifact(
    chainId === 1 ? 'LocalFiatToken' : 'LocalPeggedToken',
  );
  const proxyArtifact = readArtifact('LocalTokenProxy');
  // On chain 1 the token's name is the permit domain's name: FiatToken signs with name() as domain name.
  const name = config.permit?.name ?? 'USD Coin';
  const initializer =
    chainId === 1
      ? encodeFunctionData({
          abi: implementationArtifact.abi,
          functionName: 'initialize',
          args: [name, config.symbol, 'USD', config.decimals, issuer, issuer, issuer, issuer],
        })
      : encodeFunctionData({
          abi: implementationArtifact.abi,
          functionName: 'initialize',
          args: [name, config.symbol, config.decimals, issuer],
        });

  const implementation = await deploy(
    implementationArtifact.abi,
    implementationArtifact.bytecode,
    [],
    implementationArtifact.contractName,
  );
  const usdc = await deploy(
    proxyArtifact.abi,
    proxyArtifact.bytecode,
    // The proxy's admin is not the issuer: a transparent proxy never lets its admin use the token.
    [implementation, localUsdcProxyAdmin.address, initializer],
    'LocalTokenProxy',
  );
  await confirm(
    await issuerWallet.writeContract({
      address: usdc,
      abi: implementationArtifact.abi,
      functionName: chainId === 1 ? 'configureMinter' : 'setMinter',
      args: chainId === 1 ? [minter, maxUint256] : [minter, true],
    }),
    'appointing the minter',
  );
  return { usdc, implementation, decimals: config.decimals };
}
