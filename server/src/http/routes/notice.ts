/**
 * Notices (spec §2 Notify list and Notification details): list and details for everyone, the read
 * mark, unread count and marking read for a signed-in user. Texts are in the `Lang` language, else en.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import {
  countUnread,
  findNotice,
  listNotices,
  markAllRead,
  markRead,
  type LocalizedNotice,
} from '../../db/queries/notices.ts';
import { optionalSession, requireSession } from '../auth.ts';
import { sendOk } from '../envelope.ts';
import { AppError, ErrorCode, validationError } from '../errors.ts';
import { fields, pageQuery, parseId, parsePage, str, type PageQuery } from '../schemas.ts';
import type { WriteLimiter } from '../write-limit.ts';
import { ref } from '../openapi.ts';

/** A notice as the API returns it; `read` is null for an anonymous caller. */
export function noticeJson(n: LocalizedNotice, signedIn: boolean) {
  return {
    id: n.id,
    kind: n.kind,
    lang: n.lang,
    title: n.title,
    body: n.body,
    publishedAt: n.published_at.toISOString(),
    read: signedIn ? n.read : null,
  };
}

export async function noticeRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; limiter: WriteLimiter },
) {
  const { db, now, limiter } = opts;
  const optional = optionalSession(db, now);
  const required = requireSession(db, now);
  const tags = ['notice'];

  app.get<{ Querystring: PageQuery }>(
    '/notice/list',
    {
      preHandler: optional,
      config: { openapi: { auth: 'optional', data: ref('NoticePage') } },
      schema: {
        summary: 'Published notices, newest first',
        description:
          'Operator notices and timelock announcements. `read` is the caller’s read mark (null when anonymous).',
        tags,
        querystring: pageQuery(),
      },
    },
    async (request, reply) => {
      const { page, limit, offset } = parsePage(request.query);
      const session = request.session;
      const { total, items } = await listNotices(db, {
        lang: request.lang,
        userId: session?.user.id ?? null,
        now: now(),
        limit,
        offset,
      });
      return sendOk(request, reply, {
        items: items.map((n) => noticeJson(n, session !== null)),
        total,
        page,
        limit,
      });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/notice/details',
    {
      preHandler: optional,
      config: { openapi: { auth: 'optional', data: ref('Notice') } },
      schema: {
        summary: 'One notice',
        tags,
        querystring: { type: 'object', required: ['id'], properties: { id: fields.id } },
      },
    },
    async (request, reply) => {
      const session = request.session;
      const notice = await findNotice(db, {
        id: parseId(request.query.id),
        lang: request.lang,
        userId: session?.user.id ?? null,
        now: now(),
      });
      if (!notice) throw new AppError(ErrorCode.notFound);
      return sendOk(request, reply, noticeJson(notice, session !== null));
    },
  );

  app.get(
    '/notice/unread',
    {
      preHandler: required,
      config: { openapi: { auth: 'required', data: ref('UnreadCount') } },
      schema: { summary: 'Number of unread notices of the signed-in user', tags },
    },
    async (request, reply) => {
      const count = await countUnread(db, request.session!.user.id, now());
      return sendOk(request, reply, { count });
    },
  );

  app.post<{ Body: { id?: string; all?: string } }>(
    '/notice/read',
    {
      preHandler: [limiter.byIp, required, limiter.byAddress],
      config: { openapi: { auth: 'required', data: ref('ReadResult') } },
      schema: {
        summary: 'Mark one notice (id) or every notice (all=1) read',
        tags,
        body: {
          type: 'object',
          properties: { id: fields.id, all: str('^(1|true)$', 4) },
        },
      },
    },
    async (request, reply) => {
      const { id, all } = request.body;
      if ((id === undefined) === (all === undefined)) throw validationError('missingField', 'id');
      const userId = request.session!.user.id;
      const at = now();
      let marked: number;
      if (id !== undefined) {
        const newly = await markRead(db, userId, parseId(id), at);
        if (newly === null) throw new AppError(ErrorCode.notFound);
        marked = newly;
      } else {
        marked = await markAllRead(db, userId, at);
      }
      return sendOk(request, reply, { marked, unread: await countUnread(db, userId, at) });
    },
  );
}
