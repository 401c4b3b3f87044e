/**
 * Sign-In with Ethereum (EIP-4361). The server writes the exact message the wallet signs, stores it
 * with its nonce, and at login checks the signature over that stored text, then re-checks the text's
 * domain, URI, chain id, nonce, address and times against what it expects now.
 */
import { getAddress, isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage, validateSiweMessage } from 'viem/siwe';

export interface Origin {
  /** RFC 3986 authority, e.g. 'app.example.com' or '127.0.0.1:3000'. */
  domain: string;
  /** The origin URL, e.g. 'https://app.example.com'. */
  uri: string;
  scheme: string;
}

export function parseOrigin(appOrigin: string): Origin {
  const url = new URL(appOrigin);
  return { domain: url.host, uri: url.origin, scheme: url.protocol.replace(/:$/, '') };
}

export const statement = (appName: string): string =>
  `Sign in to ${appName}. This does not move funds or cost gas.`;

export function buildLoginMessage(p: {
  origin: Origin;
  appName: string;
  address: Address;
  chainId: number;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return createSiweMessage({
    scheme: p.origin.scheme,
    domain: p.origin.domain,
    uri: p.origin.uri,
    address: getAddress(p.address),
    statement: statement(p.appName),
    version: '1',
    chainId: p.chainId,
    nonce: p.nonce,
    issuedAt: p.issuedAt,
    expirationTime: p.expiresAt,
  });
}

/** Whether the stored message is (still) one this server would issue for this address/chain/nonce. */
export function messageIsCurrent(
  message: string,
  expect: { origin: Origin; address: Address; chainId: number; nonce: string; now: Date },
): boolean {
  const parsed = parseSiweMessage(message);
  return (
    validateSiweMessage({
      message: parsed,
      domain: expect.origin.domain,
      scheme: expect.origin.scheme,
      address: expect.address,
      nonce: expect.nonce,
      time: expect.now,
    }) &&
    parsed.uri === expect.origin.uri &&
    parsed.chainId === expect.chainId &&
    parsed.expirationTime !== undefined &&
    parsed.issuedAt !== undefined &&
    parsed.issuedAt <= expect.now
  );
}

/**
 * Whether `signature` is `address`'s own personal_sign signature of `message` (an externally owned
 * account, or one delegated with EIP-7702, whose key still signs): ecrecover, here, no RPC call.
 */
export async function signedByKey(address: Address, message: string, signature: Hex) {
  try {
    return isAddressEqual(await recoverMessageAddress({ message, signature }), address);
  } catch {
    return false;
  }
}
