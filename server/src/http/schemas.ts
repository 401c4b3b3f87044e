/**
 * The parsers that turn validated request strings (form bodies and querystrings arrive as strings)
 * into typed values.
 */
import { networkByChainId, networks, type NetworkKey } from '@app/contracts/chains';
import type { Address, Hex } from 'viem';
import { checksumAddress } from 'viem';
import { DEFAULT_PAGE_SIZE, type PageQuery } from '../api-schema/fields.ts';
import { validationError } from './errors.ts';

// The fields' schemas are part of the API's shapes, defined once in api-schema.
export { DEFAULT_PAGE_SIZE, fields, MAX_PAGE_SIZE, str } from '../api-schema/fields.ts';

export type { PageQuery } from '../api-schema/fields.ts';

/** Validated `page`/`limit` → numbers, with defaults. */
export function parsePage(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page === undefined ? 1 : Number(query.page);
  const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  return { page, limit, offset: (page - 1) * limit };
}

/** Querystring of a chain-derived list: `limit` and the keyset cursor `before`. */
export interface ListQuery {
  limit?: string;
  before?: string;
}

/** Validated `limit`/`before` (the previous page's `next`, `block-logIndex`) → a list place. */
export function parseList(query: ListQuery): {
  limit: number;
  before?: [block: string, logIndex: number];
} {
  const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  if (query.before === undefined) return { limit };
  const [block, log] = query.before.split('-');
  const logIndex = Number(log);
  if (logIndex > 2_147_483_647 || BigInt(block!) > 9_223_372_036_854_775_807n) {
    throw validationError('invalidField', 'before');
  }
  return { limit, before: [block!, logIndex] };
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
