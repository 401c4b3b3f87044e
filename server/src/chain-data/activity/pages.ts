/** GET /v1/activity/list: the signed-in address's activity record, from the chain index. */
import type { FastifyInstance } from 'fastify';
import type { PageOptions } from '../shared/pages.ts';
import { recordListRoute } from '../shared/record-list.ts';
import { activityListRead } from './reads.ts';

export async function activityRoutes(fastify: FastifyInstance, opts: PageOptions) {
  recordListRoute(
    fastify,
    opts,
    'GET /v1/activity/list',
    'Every on-chain action of the signed-in address (activity record)',
    activityListRead,
  );
}
