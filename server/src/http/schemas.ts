/**
 * JSON-schema pieces for form bodies (every value arrives as a string) and the parsers that turn
 * validated strings into typed values.
 */
import { networkByChainId, networks, type NetworkKey } from '@app/contracts/chains';
import type { Address, Hex } from 'viem';
import { checksumAddress } from 'viem';
import { validationError } from './errors.ts';

export const str = (pattern: string, maxLength: number) =>
  ({ type: 'string', pattern, maxLength }) as const;

export const fields = {
  address: str('^0x[0-9a-fA-F]{40}$', 42),
  /** 65-byte signature, or a 64-byte EIP-2098 compact one. */
  signature: str('^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$', 132),
  /** 'ETH' / 'BSC', a decimal chain id, or a hex one ('0x38'); checked by parseChain. */
  chain: str('^([A-Za-z]{2,10}|[0-9]{1,10}|0[xX][0-9a-fA-F]{1,8})$', 10),
  /** Wallet kind: metamask, tokenpocket, okx, trust, wallacy, ... */
  wallet: str('^[A-Za-z0-9 ._-]{0,32}$', 32),
  /** An inviter's invite code or address; empty = none. */
  inviteCode: str('^(|0x[0-9a-fA-F]{40}|[A-Za-z0-9]{4,32})$', 42),
  /** A row id: 1 .. 2147483647 (checked by parseId). */
  id: str('^[1-9][0-9]{0,9}$', 10),
  /** 1-based page number, 1 .. 999999. */
  page: str('^[1-9][0-9]{0,5}$', 6),
  /** Page size, 1 .. MAX_PAGE_SIZE (50). */
  limit: str('^([1-9]|[1-4][0-9]|50)$', 2),
};

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 20;

/** Querystring schema of a paginated list (`page`, `limit`), plus extra properties. */
export const pageQuery = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { page: fields.page, limit: fields.limit, ...extra },
});

export interface PageQuery {
  page?: string;
  limit?: string;
}

/** Validated `page`/`limit` → numbers, with defaults. */
export function parsePage(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  return { page, limit, offset: (page - 1) * limit };
}

/** A validated id string → number; beyond int4 is invalid (no row can have it). */
export function parseId(value: string, field = 'id'): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw validationError('invalidField', field);
  }
  return id;
}

/** Lower-case, all-caps or correctly EIP-55-checksummed; a wrong checksum is a typo. */
export function parseAddress(value: string, field = 'address'): Address {
  const body = value.slice(2);
  const ok =
    body === body.toLowerCase() ||
    body === body.toUpperCase() ||
    checksumAddress(value as Address) === value;
  if (!ok) throw validationError('invalidAddress', field);
  return checksumAddress(value.toLowerCase() as Address);
}

/** A supported chain id from 'ETH' | 'BSC' | '56' | '0x38'. */
export function parseChain(value: string, field = 'chain'): number {
  const key = value.toUpperCase();
  const byKey = Object.hasOwn(networks, key) ? networks[key as NetworkKey] : undefined;
  const chainId = byKey ? byKey.chainId : Number(value);
  const network = Number.isSafeInteger(chainId) ? networkByChainId(chainId) : undefined;
  if (!network) throw validationError('unsupportedChain', field);
  return network.chainId;
}

export const asHex = (value: string): Hex => value.toLowerCase() as Hex;

/** '' and whitespace-only count as absent (clients send empty optional fields). */
export const optional = (value: string | undefined): string | null =>
  value === undefined || value.trim() === '' ? null : value.trim();
