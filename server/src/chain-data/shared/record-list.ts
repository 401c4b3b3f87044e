/** The route of a record list page (activity, withdrawals, exchanges), the same for each. */
import type { FastifyInstance } from 'fastify';
import { routeSchema, type ApiRoute, type DataOf } from '../../api-schema/index.ts';
import type { Queryable } from '../../db/db.ts';
import { ownerOf, pageSession } from '../../http/auth.ts';
import { parseList, type ListQuery } from '../../http/schemas.ts';
import { chainOf, type ChainQuery, type PageOptions } from './pages.ts';
import type { ListPlace, ListRead } from './reads.ts';

/** One page of a record list (its total from record_totals), with the figures it shows above. */
export type RecordListRead = (
  q: Queryable,
  filter: { chainId: number; address: string },
  page: ListPlace,
) => Promise<ListRead & { totals?: object }>;

/**
 * A record list of the signed-in address (activity, withdrawals, exchanges), newest first: `read`
 * is the feature's one statement (cursor, total, page).
 */
export function recordListRoute<R extends ApiRoute & `GET /v1/${string}/list`>(
  fastify: FastifyInstance,
  opts: PageOptions,
  key: R,
  summary: string,
  read: RecordListRead,
) {
  const { db, now } = opts;
  // Typed by hand: the route key is generic here, too open for the type provider to resolve.
  fastify.get<{ Querystring: ChainQuery & ListQuery }>(
    key.slice('GET /v1'.length),
    {
      preHandler: pageSession(db, now),
      schema: { ...routeSchema(key), summary, tags: ['records'] },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async () => {
        const place = parseList(request.query);
        const { q, address } = ownerOf(request, db, now());
        // One statement: cursor, total (record_totals), page.
        const list = await read(q, { chainId, address }, place);
        return {
          items: list.items,
          total: list.row.total as number,
          limit: place.limit,
          next: list.next,
          ...(list.totals ? { totals: list.totals } : {}),
          indexed: list.indexed,
        } as DataOf<R>;
      });
    },
  );
}
