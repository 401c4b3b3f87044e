/** GET /v1/exchange/list: the signed-in address's exchange record and its sums. */
import type { FastifyInstance } from 'fastify';
import type { PageOptions } from '../shared/pages.ts';
import { recordListRoute } from '../shared/record-list.ts';
import { exchangeListRead } from './reads.ts';

export async function exchangeRoutes(fastify: FastifyInstance, opts: PageOptions) {
  recordListRoute(
    fastify,
    opts,
    'GET /v1/exchange/list',
    'Exchanges of the signed-in address (reward coin → USDC)',
    exchangeListRead,
  );
}
