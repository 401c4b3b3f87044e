import { getAddress, isAddress, type Address } from 'viem';

/** An InviteCode as the server issues and accepts it (4..32 letters or digits). */
const INVITE_CODE = /^[A-Za-z0-9]{4,32}$/;

export type InvitationValue =
  { kind: 'address'; address: Address } | { kind: 'code'; code: string };

/** Reads `?code=`'s value: an address, an invite code (upper-cased, as issued), or nothing usable. */
export function parseInvitation(raw: string | null | undefined): InvitationValue | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (isAddress(value)) return { kind: 'address', address: getAddress(value) };
  if (INVITE_CODE.test(value)) return { kind: 'code', code: value.toUpperCase() };
  return undefined;
}
