/** Session endpoints: GET /v1/user/info, POST /v1/user/logout. */
import type { FastifyInstance } from 'fastify';
import { loginInfo } from '../../auth/login.ts';
import { endSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { requireSession, tokenOf } from '../auth.ts';
import { sendOk } from '../envelope.ts';
import { ref } from '../openapi.ts';

export async function userRoutes(app: FastifyInstance, opts: { db: Db; now: () => Date }) {
  const preHandler = requireSession(opts.db, opts.now);

  app.get(
    '/user/info',
    {
      preHandler,
      config: { openapi: { auth: 'required', data: ref('LoginInfo') } },
      schema: { summary: 'The signed-in user (the login data without Token)', tags: ['user'] },
    },
    async (request, reply) => {
      const { user, session } = request.session!;
      return sendOk(
        request,
        reply,
        loginInfo(user, { chainId: session.chain_id, expiresAt: session.expires_at }),
      );
    },
  );

  app.post(
    '/user/logout',
    {
      preHandler,
      config: { openapi: { auth: 'required', data: { type: 'null' } } },
      schema: {
        summary: 'End the session of the Token header',
        tags: ['user'],
        body: { type: 'object', properties: {} },
      },
    },
    async (request, reply) => {
      await endSession(opts.db, tokenOf(request)!, opts.now());
      return sendOk(request, reply, null, 'loggedOut');
    },
  );
}
