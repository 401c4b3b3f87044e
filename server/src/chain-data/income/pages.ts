/**
 * The signed-in address's income, from the chain index: its credits newest first (by source, with
 * their sums) and a daily series.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { incomeSources, tokenOfSource, type IncomeSourceName } from '@app/contracts/enums';
import { ownerOf, pageSession } from '../../http/auth.ts';
import {
  routeSchema,
  sourceFilters,
  type IncomeDaily,
  type IncomeItem,
  type IncomePage,
} from '../../api-schema/index.ts';
import { parseList } from '../../http/schemas.ts';
import { indexedOf } from '../shared/reads.ts';
import { byToken, chainOf, utcToday, type PageOptions } from '../shared/pages.ts';
import { incomeByDay, incomeListRead } from './reads.ts';

type SourceFilter = (typeof sourceFilters)[number];
const sourceCode = (filter: SourceFilter): number | undefined =>
  filter === 'all'
    ? undefined
    : incomeSources.indexOf(filter === 'static' ? 'mining' : (filter as IncomeSourceName));

const DAY_MS = 24 * 60 * 60 * 1000;

export async function incomeRoutes(fastify: FastifyInstance, opts: PageOptions) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = opts;
  const preHandler = pageSession(db, now);

  app.get(
    '/income/list',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/income/list'),
        summary: 'Income credits of the signed-in address, by source, with total and today',
        description:
          'source: mining (= static rewards), referral (depth 1), team (depths 2-3), shareholder, ecological, activity, promotion, or all. Reward coin for mining/referral/team, USDC for the others.',
        tags: ['income'],
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async (): Promise<IncomePage> => {
        const { q, address } = ownerOf(request, db, now());
        const place = parseList(request.query);
        const source = sourceCode(request.query.source ?? 'all');
        const { today, dayStart } = utcToday(now());
        // One statement: cursor, total (maintained counts), page, sums.
        const { indexed, sums, ...list } = await incomeListRead(
          q,
          { chainId, address, source, today },
          place,
        );
        return {
          // Rows are untyped: their columns are the API's names (listColumns); time is ISO.
          items: list.items.map(
            (r) => ({ ...r, source: incomeSources[Number(r.source)] }) as IncomeItem,
          ),
          total: list.row.total as number,
          limit: place.limit,
          next: list.next,
          sums: byToken(sums, (s) => source === undefined || s === source),
          dayStart,
          indexed,
        };
      });
    },
  );

  app.get(
    '/income/daily',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/income/daily'),
        summary: 'Income of the signed-in address per UTC day (for the chart), oldest first',
        tags: ['income'],
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async (): Promise<IncomeDaily> => {
        const days = Number(request.query.days ?? 30);
        const end = new Date(`${utcToday(now()).today}T00:00:00.000Z`).getTime();
        const series = Array.from({ length: days }, (_, i) =>
          new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
        );
        const { q, address } = ownerOf(request, db, now());
        const [indexed, rows] = await Promise.all([
          indexedOf(db, chainId),
          incomeByDay(q, chainId, address, series[0]!),
        ]);
        const byDay = new Map(series.map((day) => [day, { reward: 0n, usdc: 0n }]));
        for (const row of rows) {
          const entry = byDay.get(row.day);
          if (entry) entry[tokenOfSource(row.source)] += row.amount;
        }
        return {
          days: [...byDay].map(([day, v]) => ({
            day,
            reward: v.reward.toString(),
            usdc: v.usdc.toString(),
          })),
          indexed,
        };
      });
    },
  );
}
