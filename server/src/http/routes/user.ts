/** Session endpoints: GET /v1/user/info, POST /v1/user/logout. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { loginInfo } from '../../auth/login.ts';
import { endSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { requireSession, tokenOf } from '../auth.ts';
import { sendOk } from '../envelope.ts';
import { routeSchema, type LoginInfo } from '../../api-schema/index.ts';

export async function userRoutes(fastify: FastifyInstance, opts: { db: Db; now: () => Date }) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const preHandler = requireSession(opts.db, opts.now);

  app.get(
    '/user/info',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/user/info'),
        summary: 'The signed-in user (the login data without Token)',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const { user, session } = request.session!;
      return sendOk(
        request,
        reply,
        loginInfo(user, {
          chainId: session.chain_id,
          expiresAt: session.expires_at,
        }) satisfies LoginInfo,
      );
    },
  );

  app.post(
    '/user/logout',
    {
      preHandler,
      schema: {
        ...routeSchema('POST /v1/user/logout'),
        summary: 'End the session of the Token header',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      await endSession(opts.db, tokenOf(request)!, opts.now());
      return sendOk(request, reply, null, 'loggedOut');
    },
  );
}
