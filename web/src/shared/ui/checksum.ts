import { getAddress, isAddress } from 'viem';

/** An address in its EIP-55 mixed case (the server may send lower case); anything else as given. */
export function checksummed(address: string): string {
  return isAddress(address, { strict: false }) ? getAddress(address) : address;
}
