/**
 * Building blocks of the /v1 shapes: the `{code, msg, data}` envelope, amounts, the indexed block
 * and pages. Plain TypeBox schemas: JSON Schema that Fastify validates and serializes with, and
 * `Static` types the server returns and the web app reads.
 */
import { Type, type Static, type TSchema, type TUnknown } from 'typebox';
import { ErrorCode, httpStatusOf } from './errors.ts';

export const Int = Type.Integer();
export const Str = Type.String();
export const Bool = Type.Boolean();
export const DateTime = Type.String({ format: 'date-time' });
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A token amount in base units, as a decimal string (beyond what a JSON number holds). */
export const Amount = Type.String({ pattern: '^[0-9]+$', description: 'Base units' });
/** Two sums that are never added up: reward coin and USDC. */
export const TokenPair = Type.Object({ reward: Amount, usdc: Amount });
export type TokenPair = Static<typeof TokenPair>;
export const Sums = Type.Object({ total: TokenPair, today: TokenPair });
export const TokenKind = Type.Union([Type.Literal('reward'), Type.Literal('usdc')]);
export type TokenKind = Static<typeof TokenKind>;
export const Membership = Type.Union([
  Type.Literal('none'),
  Type.Literal('node'),
  Type.Literal('founder'),
]);
export type Membership = Static<typeof Membership>;

/** The last block the server's indexer has read on that chain (null before the first). */
export const Indexed = Type.Union(
  [Type.Object({ block: Str, blockTime: Nullable(DateTime) }), Type.Null()],
  { description: 'Last indexed block of the chain; null before the first' },
);
export type Indexed = Static<typeof Indexed>;

/** One page of a list (`page` is 1-based). */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Int, page: Int, limit: Int });

/**
 * A page of chain-derived rows, newest first, with the block the index has reached. `total` is
 * the count the indexer keeps; `next` is the `before` that asks for the following page (null on
 * the last one).
 */
export const IndexedPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Int,
    limit: Int,
    next: Nullable(
      Type.String({ description: 'The `before` of the next page; null when this is the last' }),
    ),
    indexed: Indexed,
  });

/** Where a chain-derived row comes from: `id` is `<block>-<log index>`. */
export const Place = { id: Str, txHash: Str, blockNumber: Str, time: DateTime };

/** A success response: code 0 and the route's data. */
export const Ok = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Literal(0), msg: Str, data });

/** Every refusal and failure: a non-zero code, a translated msg, no data. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Enum(Object.values(ErrorCode), {
      description: Object.entries(httpStatusOf)
        .map(([code, status]) => `${code} (HTTP ${status})`)
        .join(', '),
    }),
    msg: Str,
    data: Type.Null(),
  },
  { description: 'Refused or failed: code ≠ 0 with a translated msg, nothing changed' },
);

/** Base units (decimal string) of one token. */
export type BaseUnits = Static<typeof Amount>;
type PageMeta = Omit<Static<ReturnType<typeof Page<TUnknown>>>, 'items'>;
export type Page<T> = PageMeta & { items: T[] };
type IndexedPageMeta = Omit<Static<ReturnType<typeof IndexedPage<TUnknown>>>, 'items'>;
export type IndexedPage<T> = IndexedPageMeta & { items: T[] };
