import { getAddress, isAddress } from 'viem';
import { shortAddress } from '../format';

// Its own module: viem's checksum (keccak) is not needed by the first visit's Home page.

/** An address as spec §9 shows it (4...4), checksummed (the server may send lower case). */
export function AddressText({ address, testId }: { address: string; testId?: string }) {
  const full = isAddress(address, { strict: false }) ? getAddress(address) : address;
  return (
    <span className="mono" title={full} data-testid={testId}>
      {shortAddress(full)}
    </span>
  );
}
