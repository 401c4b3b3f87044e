/** GET /v1/withdraw/list: the signed-in address's withdrawals, from the chain index. */
import type { FastifyInstance } from 'fastify';
import type { PageOptions } from '../shared/pages.ts';
import { recordListRoute } from '../shared/record-list.ts';
import { withdrawalListRead } from './reads.ts';

export async function withdrawalRoutes(fastify: FastifyInstance, opts: PageOptions) {
  recordListRoute(
    fastify,
    opts,
    'GET /v1/withdraw/list',
    'Withdrawals of the signed-in address (USDC, principal, reward coin)',
    withdrawalListRead,
  );
}
