/**
 * GET /v1/index/config: the networks, the contract addresses of this server's deployment (from the
 * generated contracts module, never typed by hand) and the operator content (FAQ, project features,
 * partners) in the `Lang` language, else en, labelled `source: 'operator'`.
 */
import { networkList, type Deployment } from '@app/contracts/chains';
import { deployments } from '@app/contracts/generated';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { allContent, contentKeys, type ContentKey } from '../../db/queries/content.ts';
import { sendOk } from '../envelope.ts';
import { routeSchema, type IndexConfig } from '../../api-schema/index.ts';

export async function indexConfigRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; deployment: Deployment },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const chains = networkList.map((n) => ({
    id: n.chainId,
    key: n.key,
    label: n.label,
    explorer: { name: n.explorer.name, url: n.explorer.url },
    contracts: deployments[opts.deployment][n.chainId] ?? null,
  }));

  app.get(
    '/index/config',
    {
      schema: {
        ...routeSchema('GET /v1/index/config'),
        summary: 'Networks, contract addresses and operator content',
        description:
          'Operator content (FAQ, features, partners) is written by the operator and labelled source: operator; empty arrays when none was written.',
        tags: ['index'],
      },
    },
    async (request, reply) => {
      const rows = await allContent(opts.db);
      const operatorContent = Object.fromEntries(
        contentKeys.map((key: ContentKey) => {
          const row = rows.find((r) => r.key === key);
          const lang = row ? (Object.hasOwn(row.texts, request.lang) ? request.lang : 'en') : null;
          return [
            key,
            {
              source: 'operator' as const,
              lang,
              updatedAt: row ? row.updated_at.toISOString() : null,
              items: row && lang ? (row.texts[lang] ?? []) : [],
            },
          ];
        }),
      );
      const data = { deployment: opts.deployment, chains, operatorContent } as IndexConfig;
      return sendOk(request, reply, data);
    },
  );
}
