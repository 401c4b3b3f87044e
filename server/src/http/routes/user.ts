/** Session endpoints: GET /v1/user/info, POST /v1/user/logout. */
import type { FastifyInstance } from 'fastify';
import { loginInfo } from '../../auth/login.ts';
import { endSession } from '../../auth/sessions.ts';
import type { Db } from '../../db/db.ts';
import { requireSession, tokenOf } from '../auth.ts';
import { sendOk } from '../envelope.ts';

export async function userRoutes(app: FastifyInstance, opts: { db: Db; now: () => Date }) {
  const preHandler = requireSession(opts.db, opts.now);

  app.get('/user/info', { preHandler }, async (request, reply) => {
    const { user, session } = request.session!;
    return sendOk(
      request,
      reply,
      loginInfo(user, { chainId: session.chain_id, expiresAt: session.expires_at }),
    );
  });

  app.post('/user/logout', { preHandler }, async (request, reply) => {
    await endSession(opts.db, tokenOf(request)!, opts.now());
    return sendOk(request, reply, null, 'loggedOut');
  });
}
