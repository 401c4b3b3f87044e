/**
 * Operator tools, for signed-in addresses on the admin allowlist (else 1008): post and delete
 * notices, replace operator content (FAQ, project features, partners). Writes are rate-limited per IP
 * and per address. Texts are stored as given and must be shown as plain text.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { parseItems } from '../../content/items.ts';
import type { Db } from '../../db/db.ts';
import { putContent } from '../../db/queries/content.ts';
import { deleteNotice, insertNotice, type NoticeTexts } from '../../db/queries/notices.ts';
import { languages } from '../../i18n/index.ts';
import { requireAdmin } from '../auth.ts';
import { sendOk } from '../envelope.ts';
import { AppError, ErrorCode, validationError } from '../errors.ts';
import { parseId } from '../schemas.ts';
import { routeSchema, type AdminNotice, type ContentSaved } from '../../api-schema/index.ts';
import type { WriteLimiter } from '../write-limit.ts';

/** Admin bodies carry every language at once: larger than the API default. */
export const ADMIN_BODY_LIMIT = 256 * 1024;
export { CONTENT_JSON_MAX, NOTICE_BODY_MAX, NOTICE_TITLE_MAX } from '../../api-schema/index.ts';

export async function adminRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; now: () => Date; adminAddresses: readonly string[]; limiter: WriteLimiter },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now, limiter } = opts;
  const preHandler = [limiter.byIp, requireAdmin(db, now, opts.adminAddresses), limiter.byAddress];
  const tags = ['admin'];

  app.post(
    '/admin/notice',
    {
      preHandler,
      bodyLimit: ADMIN_BODY_LIMIT,
      schema: {
        ...routeSchema('POST /v1/admin/notice'),
        summary: 'Publish an operator notice',
        description:
          'title_<lang> and body_<lang> per language (en required; a language needs both or neither). Published at once.',
        tags,
      },
    },
    async (request, reply) => {
      const texts: NoticeTexts = {};
      for (const lang of languages) {
        const title = request.body[`title_${lang}`]?.trim() ?? '';
        const body = request.body[`body_${lang}`]?.trim() ?? '';
        if (title === '' && body === '') {
          if (lang === 'en') throw validationError('missingField', 'title_en');
          continue;
        }
        if (title === '') throw validationError('missingField', `title_${lang}`);
        if (body === '') throw validationError('missingField', `body_${lang}`);
        texts[lang] = { title, body };
      }
      const at = now();
      const row = await insertNotice(db, {
        kind: 'operator',
        texts,
        created_at: at,
        published_at: at,
        created_by: request.session!.user.address,
      });
      return sendOk(request, reply, {
        id: row.id,
        kind: row.kind,
        publishedAt: row.published_at.toISOString(),
        texts: row.texts,
      } satisfies AdminNotice);
    },
  );

  app.post(
    '/admin/notice/delete',
    {
      preHandler,
      schema: {
        ...routeSchema('POST /v1/admin/notice/delete'),
        summary: 'Delete (hide) an operator notice',
        description:
          'Timelock notices announce on-chain changes and cannot be deleted (code 1008).',
        tags,
      },
    },
    async (request, reply) => {
      const id = parseId(request.body.id);
      const result = await db.transaction((tx) => deleteNotice(tx, id, now()));
      if (result === 'missing') throw new AppError(ErrorCode.notFound);
      if (result === 'locked') throw new AppError(ErrorCode.forbidden);
      return sendOk(request, reply, { id, deleted: true as const });
    },
  );

  app.post(
    '/admin/content',
    {
      preHandler,
      bodyLimit: ADMIN_BODY_LIMIT,
      schema: {
        ...routeSchema('POST /v1/admin/content'),
        summary: 'Replace operator content (FAQ, project features or partners)',
        description:
          'key = faq | features | partners; one field per language (en required) holding a JSON array: faq [{question, answer}], features [{title, body}], partners [{name, url?, logo?}] (at most 50 items; url/logo http(s)). An empty array clears it.',
        tags,
      },
    },
    async (request, reply) => {
      const key = request.body.key;
      const texts: Record<string, unknown[]> = {};
      for (const lang of languages) {
        const json = request.body[lang];
        if (json === undefined || json.trim() === '') {
          if (lang === 'en') throw validationError('missingField', 'en');
          continue;
        }
        const items = parseItems(key, json);
        if (!items) throw validationError('invalidField', lang);
        texts[lang] = items;
      }
      const row = await putContent(db, {
        key,
        texts,
        updated_at: now(),
        updated_by: request.session!.user.address,
      });
      return sendOk(request, reply, {
        key: row.key,
        langs: Object.keys(row.texts) as ContentSaved['langs'],
        updatedAt: row.updated_at.toISOString(),
      } satisfies ContentSaved);
    },
  );
}
