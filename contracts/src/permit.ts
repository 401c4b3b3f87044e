/**
 * The EIP-2612 permit a user signs to let the Staking contract pull exactly `value` USDC. One
 * definition for the web app, scripts, tests and benchmarks, so the signed data cannot drift apart.
 */
import type { Address } from 'viem';
import networksConfig from '../config/networks.json' with { type: 'json' };

export const permitTypes = {
  Permit: [
    { name: 'owner', type: 'address' },
    { name: 'spender', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface PermitRequest {
  /** The token and its EIP-712 domain (name and version, as the deployment records them). */
  token: Address;
  name: string;
  version: string;
  chainId: number;
  owner: Address;
  spender: Address;
  value: bigint;
  nonce: bigint;
  deadline: bigint;
}

/** Typed data for viem's `signTypedData` (EIP-712). */
export function permitTypedData(request: PermitRequest) {
  const { token, name, version, chainId, owner, spender, value, nonce, deadline } = request;
  return {
    domain: { name, version, chainId, verifyingContract: token },
    types: permitTypes,
    primaryType: 'Permit' as const,
    message: { owner, spender, value, nonce, deadline },
  };
}

/**
 * The EIP-712 domain (name and version) of each network's USDC permit, or null where the USDC has
 * no permit. Read from contracts/config/networks.json, the file the production deploy uses, and used
 * as-is for the local chains too (their USDC mimics the mainnet one). Nothing may ask the token for
 * its domain instead: USDC on Ethereum has no `eip712Domain()` (EIP-5267), and a guessed version
 * (OpenZeppelin's default is "1"; USDC's is "2") makes every permit fail with an invalid signature.
 */
export interface PermitDomainConfig {
  name: string;
  version: string;
}

/** What the app knows of a network's USDC, as networks.json describes it. */
export interface UsdcConfig {
  symbol: string;
  decimals: number;
  permit: PermitDomainConfig | null;
}

const usdcByChainId = new Map<number, UsdcConfig>(
  Object.values(networksConfig.networks).map((n) => [
    n.chainId,
    { symbol: n.usdc.symbol, decimals: n.usdc.decimals, permit: n.usdc.permit },
  ]),
);

/** The USDC config of chain `chainId` (1 or 56); throws for a chain networks.json does not list. */
export function usdcConfig(chainId: number): UsdcConfig {
  const config = usdcByChainId.get(chainId);
  if (!config)
    throw new Error(`contracts/config/networks.json has no network with chain id ${chainId}`);
  return config;
}

/** The permit domain of chain `chainId`'s USDC, or null when that USDC has no permit. */
export function usdcPermitDomain(chainId: number): PermitDomainConfig | null {
  return usdcConfig(chainId).permit;
}
