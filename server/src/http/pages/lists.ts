/**
 * The signed-in address's lists, newest first, from the chain index: income (by source, with its
 * sums and a daily series), activity record, withdrawal history, exchange record.
 */
import type { Deployment } from '@app/contracts/chains';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import {
  exchangeTotals,
  incomeByDay,
  incomeSums,
  indexedOf,
  listPage,
  type ListTable,
} from '../../db/queries/chain-index.ts';
import { incomeSources, tokenOfSource, type IncomeSourceName } from '../../indexer/chunk.ts';
import { requireSession } from '../auth.ts';
import type { PageCache } from '../page-cache.ts';
import { ref } from '../openapi.ts';
import { fields, parsePage, str, type PageQuery } from '../schemas.ts';
import {
  addressOf,
  byToken,
  chainOf,
  chainQuery,
  iso,
  utcToday,
  type ChainQuery,
} from './common.ts';

/** The spec's 8 income sources: 'static' (static rewards) is mining. */
export const sourceFilters = ['all', 'static', ...incomeSources] as const;
type SourceFilter = (typeof sourceFilters)[number];
const sourceCode = (filter: SourceFilter): number | undefined =>
  filter === 'all'
    ? undefined
    : incomeSources.indexOf(filter === 'static' ? 'mining' : (filter as IncomeSourceName));

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; deployment: Deployment; cache: PageCache },
) {
  const { db, now } = opts;
  const preHandler = requireSession(db, now);
  const paged = (extra: Record<string, unknown> = {}) =>
    chainQuery({ page: fields.page, limit: fields.limit, ...extra });

  app.get<{ Querystring: ChainQuery & PageQuery & { source?: SourceFilter } }>(
    '/income/list',
    {
      preHandler,
      config: { openapi: { auth: 'required', data: ref('IncomePage') } },
      schema: {
        summary: 'Income credits of the signed-in address, by source, with total and today',
        description:
          'source: mining (= static rewards), referral (depth 1), team (depths 2-3), shareholder, ecological, activity, promotion, or all. Reward coin for mining/referral/team, USDC for the others.',
        tags: ['income'],
        querystring: paged({ source: { type: 'string', enum: [...sourceFilters] } }),
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async () => {
        const address = addressOf(request);
        const { page, limit, offset } = parsePage(request.query);
        const source = sourceCode(request.query.source ?? 'all');
        const { today, dayStart } = utcToday(now());
        const [indexed, list, sums] = await Promise.all([
          indexedOf(db, chainId),
          listPage(db, 'income', { chainId, address, source }, { limit, offset }),
          incomeSums(db, chainId, address, today),
        ]);
        return {
          items: list.items.map((r) => ({
            ...r,
            source: incomeSources[Number(r.source)],
            time: iso(r.time),
          })),
          total: list.total,
          page,
          limit,
          sums: byToken(sums, (s) => source === undefined || s === source),
          dayStart,
          indexed,
        };
      });
    },
  );

  app.get<{ Querystring: ChainQuery & { days?: string } }>(
    '/income/daily',
    {
      preHandler,
      config: { openapi: { auth: 'required', data: ref('IncomeDaily') } },
      schema: {
        summary: 'Income of the signed-in address per UTC day (for the chart), oldest first',
        tags: ['income'],
        querystring: chainQuery({ days: str('^([1-9]|[1-8][0-9]|90)$', 2) }),
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async () => {
        const days = Number(request.query.days ?? 30);
        const end = new Date(`${utcToday(now()).today}T00:00:00.000Z`).getTime();
        const series = Array.from({ length: days }, (_, i) =>
          new Date(end - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
        );
        const [indexed, rows] = await Promise.all([
          indexedOf(db, chainId),
          incomeByDay(db, chainId, addressOf(request), series[0]!),
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

  const simpleList = (
    url: string,
    table: Exclude<ListTable, 'income'>,
    summary: string,
    dataRef: Parameters<typeof ref>[0],
  ) =>
    app.get<{ Querystring: ChainQuery & PageQuery }>(
      url,
      {
        preHandler,
        config: { openapi: { auth: 'required', data: ref(dataRef) } },
        schema: { summary, tags: ['records'], querystring: paged() },
      },
      async (request, reply) => {
        const { chainId } = chainOf(request.query, opts.deployment);
        return opts.cache.serve(request, reply, chainId, async () => {
          const address = addressOf(request);
          const { page, limit, offset } = parsePage(request.query);
          const [indexed, list, totals] = await Promise.all([
            indexedOf(db, chainId),
            listPage(db, table, { chainId, address }, { limit, offset }),
            table === 'exchanges' ? exchangeTotals(db, chainId, address) : null,
          ]);
          return {
            items: list.items.map((r) => ({ ...r, time: iso(r.time) })),
            total: list.total,
            page,
            limit,
            ...(totals ? { totals } : {}),
            indexed,
          };
        });
      },
    );

  simpleList(
    '/activity/list',
    'activity',
    'Every on-chain action of the signed-in address (activity record)',
    'ActivityPage',
  );
  simpleList(
    '/withdraw/list',
    'withdrawals',
    'Withdrawals of the signed-in address (USDC, principal, reward coin)',
    'WithdrawPage',
  );
  simpleList(
    '/exchange/list',
    'exchanges',
    'Exchanges of the signed-in address (reward coin → USDC)',
    'ExchangePage',
  );
}
