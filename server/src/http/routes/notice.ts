/**
 * Notices (spec §2 Notify list and Notification details): list and details for everyone, the read
 * mark, unread count and marking read for a signed-in user. Texts are in the `Lang` language, else en.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { networkByChainId } from '@app/contracts/chains';
import { timelockNoticeTitle } from '../../chain-data/governance/index.ts';
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
import { parseChain, parseId, parsePage } from '../schemas.ts';
import type { WriteLimiter } from '../write-limit.ts';
import {
  languages,
  routeSchema,
  type Lang,
  type Notice,
  type NoticePage,
  type ReadResult,
  type UnreadCount,
} from '../../api-schema/index.ts';

/**
 * A timelock notice's title in today's wording, from the event it announces: the stored one is the
 * wording of the release that indexed the event (before issue 24 §3 without the network), kept
 * until its chain is re-indexed. The stored title when the event is not in the index now.
 */
function currentTitle(n: LocalizedNotice): string {
  const network = n.chain_id === null ? undefined : networkByChainId(n.chain_id)?.label;
  const lang = languages.find((l) => l === n.lang);
  if (!n.announces || !network || !lang) return n.title;
  return timelockNoticeTitle({ ...n.announces, network, lang }) ?? n.title;
}

/** A notice as the API returns it; `read` is null for an anonymous caller. */
export function noticeJson(n: LocalizedNotice, signedIn: boolean): Notice {
  return {
    id: n.id,
    kind: n.kind,
    lang: n.lang as Lang,
    title: currentTitle(n),
    body: n.body,
    publishedAt: n.published_at.toISOString(),
    read: signedIn ? n.read : null,
    chainId: n.chain_id,
    change: n.change && { status: n.change.status, at: n.change.at?.toISOString() ?? null },
  };
}

export async function noticeRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; now: () => Date; limiter: WriteLimiter },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, limiter } = opts;
  const optional = optionalSession(db, now);
  const required = requireSession(db, now);
  const tags = ['notice'];

  app.get(
    '/notice/list',
    {
      preHandler: optional,
      schema: {
        ...routeSchema('GET /v1/notice/list'),
        summary: 'Published notices, newest first',
        description:
          'Operator notices and timelock announcements. `read` is the caller’s read mark (null when anonymous). With `chain`, the other network’s chain notices are left out.',
        tags,
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
        chainId: request.query.chain ? parseChain(request.query.chain) : null,
      });
      return sendOk(request, reply, {
        items: items.map((n) => noticeJson(n, session !== null)),
        total,
        page,
        limit,
      } satisfies NoticePage);
    },
  );

  app.get(
    '/notice/details',
    {
      preHandler: optional,
      schema: { ...routeSchema('GET /v1/notice/details'), summary: 'One notice', tags },
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
      schema: {
        ...routeSchema('GET /v1/notice/unread'),
        summary: 'Number of unread notices of the signed-in user (of `chain` and operator notices)',
        tags,
      },
    },
    async (request, reply) => {
      const { chain } = request.query;
      const chainId = chain ? parseChain(chain) : null;
      const count = await countUnread(db, request.session!.user.id, now(), chainId);
      return sendOk(request, reply, { count } satisfies UnreadCount);
    },
  );

  app.post(
    '/notice/read',
    {
      preHandler: [limiter.byIp, required, limiter.byAddress],
      schema: {
        ...routeSchema('POST /v1/notice/read'),
        summary:
          'Mark one notice (id) or every notice (all=1; with `chain`, of that network and the operator) read',
        tags,
      },
    },
    async (request, reply) => {
      const { id, all, chain } = request.body;
      if ((id === undefined) === (all === undefined)) throw validationError('missingField', 'id');
      const userId = request.session!.user.id;
      const at = now();
      // The network the app shows: the other network's chain notices stay as they are, and the
      // unread count is the one its bell shows.
      const chainId = chain ? parseChain(chain) : null;
      let marked: number;
      if (id !== undefined) {
        const newly = await markRead(db, userId, parseId(id), at);
        if (newly === null) throw new AppError(ErrorCode.notFound);
        marked = newly;
      } else {
        marked = await markAllRead(db, userId, at, chainId);
      }
      const unread = await countUnread(db, userId, at, chainId);
      return sendOk(request, reply, { marked, unread } satisfies ReadResult);
    },
  );
}
