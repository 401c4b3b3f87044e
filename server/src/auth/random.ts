import { createHash, randomBytes } from 'node:crypto';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters from `alphabet`, uniformly (rejection sampling), from the OS CSPRNG. */
export function randomString(length: number, alphabet = ALNUM): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new Error('bad alphabet');
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** SIWE nonce: 20 alphanumerics (~119 bits); EIP-4361 needs at least 8. */
export const newNonce = (): string => randomString(20);

/** Invite code: 8 characters without look-alikes (0/O, 1/I/L). */
export const newInviteCode = (): string => randomString(8, 'ABCDEFGHJKMNPQRSTUVWXYZ23456789');

/** Session token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const sessionTokenPattern = /^[A-Za-z0-9_-]{43}$/;
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
