/**
 * Reads of the ledger's rows as parts of a page's one statement: an address's account row and the
 * pool's figures, as JSON columns (`$1` the chain id, `$2` the address), and their parsers.
 */
import { parseRow, rowJson } from '../shared/rows.ts';
import { defaultRow } from '../shared/table.ts';
import { accounts, chainStats, type Account, type PoolStats } from './tables.ts';

/** The account row a statement read as JSON, all defaults for an address the chain never saw. */
export const accountOf = (json: unknown, address: string): Account =>
  json ? parseRow(accounts, json as Record<string, unknown>) : defaultRow(accounts, { address });

/** An address's accounts row as JSON (null when it has none); the address is `$2`. */
export const accountColumn = `(SELECT ${rowJson(accounts)} FROM accounts
  WHERE chain_id = $1 AND address = $2) AS account`;

/** chain_stats' row as JSON (null before the indexer has written it). */
export const poolColumn = `(SELECT ${rowJson(chainStats)} FROM chain_stats WHERE chain_id = $1) AS pool`;

/** The pool row a statement read as JSON, null when there is none. */
export const poolOf = (json: unknown): PoolStats | null =>
  json ? parseRow(chainStats, json as Record<string, unknown>) : null;
