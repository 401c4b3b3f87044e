/**
 * Request fields. Form bodies and querystrings arrive as strings, so each field is a string with
 * a pattern; the handlers parse validated strings into typed values (http/schemas.ts).
 */
import { Type, type Static } from 'typebox';

export const str = (pattern: string, maxLength: number) => Type.String({ pattern, maxLength });

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 20;

export const fields = {
  address: str('^0x[0-9a-fA-F]{40}$', 42),
  /**
   * A key's 65-byte signature (or a 64-byte EIP-2098 compact one), or a contract account's: a
   * Safe's owners' signatures one after another, an ERC-6492 wrapper with its factory call; up to
   * 6,000 bytes.
   */
  signature: str('^0x([0-9a-fA-F]{2}){64,}$', 2 + 2 * 6000),
  /** A sign-in nonce (getcode's `Code`): 8 to 64 letters and digits. */
  nonce: str('^[A-Za-z0-9]{8,64}$', 64),
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
  /** A list's `next` (`block-logIndex` of its last item): the page starts after it (keyset). */
  before: str('^[0-9]{1,19}-[0-9]{1,10}$', 30),
};

/** Querystring of a list that is the same on every chain. */
export const PageQuery = Type.Object({
  page: Type.Optional(fields.page),
  limit: Type.Optional(fields.limit),
});

/** Querystring of a chain-derived page: `chain` (default ETH). */
export const ChainQuery = Type.Object({ chain: Type.Optional(fields.chain) });

/**
 * Querystring of a chain-derived list (newest first): `before` (the previous page's `next`)
 * continues after that item with one index range read, however deep; no page numbers, so no
 * OFFSET that reads and skips every earlier row.
 */
export const ChainListQuery = Type.Object({
  chain: Type.Optional(fields.chain),
  limit: Type.Optional(fields.limit),
  before: Type.Optional(fields.before),
});

export type PageQuery = Static<typeof PageQuery>;
export type ChainQuery = Static<typeof ChainQuery>;
