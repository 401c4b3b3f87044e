/**
 * The EIP-2612 permit a user signs to let the Staking contract pull exactly `value` USDC. One
 * definition for the web app, scripts, tests and benchmarks, so the signed data cannot drift apart.
 */
import type { Address } from 'viem';

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
