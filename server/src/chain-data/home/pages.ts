/** GET /v1/index/home: pool totals, market price, pool-wide income, and the caller's own figures. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ownerOf, pageSession } from '../../http/auth.ts';
import { routeSchema, type HomeData } from '../../api-schema/index.ts';
import { chainStats, membersOf } from '../ledger/index.ts';
import { byToken, chainOf, utcToday, type PageOptions } from '../shared/pages.ts';
import { defaultRow } from '../shared/table.ts';
import { homeRead } from './reads.ts';

export async function homeRoutes(fastify: FastifyInstance, opts: PageOptions) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = opts;
  app.get(
    '/index/home',
    {
      preHandler: pageSession(db, now, { optional: true }),
      schema: {
        ...routeSchema('GET /v1/index/home'),
        summary: 'Home page figures, from the chain index',
        description:
          'Pool totals, the market price (reserves of the reward/USDC pool at the last indexed Sync), pool-wide income, and with a Token the caller’s income and team.',
        tags: ['index'],
      },
    },
    async (request, reply) => {
      const { chainId, contracts } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(
        request,
        reply,
        chainId,
        async (): Promise<HomeData> => {
          const { today, dayStart } = utcToday(now());
          // One statement: cursor, pool, market, pool-wide sums and the caller's figures.
          const signedIn = request.session !== null || request.sessionToCheck !== null;
          const owner = signedIn ? ownerOf(request, db, now()) : null;
          const read = await homeRead(owner?.q ?? db, chainId, owner?.address ?? null, today);
          const { indexed, market, platform } = read;
          const pool = read.pool ?? defaultRow(chainStats, {});
          const me = read.me && {
            income: byToken(read.me.sums),
            teamMembers: membersOf(read.me.account).reduce((a, b) => a + b, 0),
            directMembers: read.me.account.membersD1,
          };
          const price =
            market && market.rewardReserve > 0n
              ? (
                  (market.usdcReserve * 10n ** BigInt(contracts.rewardTokenDecimals)) /
                  market.rewardReserve
                ).toString()
              : null;
          return {
            chainId,
            indexed,
            dayStart,
            pool: {
              totalStaked: pool.totalStaked.toString(),
              activeStake: pool.activeStake.toString(),
              todayStaked: read.todayStaked.toString(),
              stakers: pool.stakers,
              positions: pool.positions,
              paused: pool.paused,
            },
            market:
              market && price !== null
                ? {
                    usdcReserve: market.usdcReserve.toString(),
                    rewardReserve: market.rewardReserve.toString(),
                    block: market.blockNumber.toString(),
                    blockTime: market.time.toISOString(),
                    price,
                  }
                : null,
            platform: {
              members: indexed && read.pool ? pool.bound + 1 : 0,
              income: byToken(platform),
            },
            me,
          };
        },
        // Pool totals, price and pool-wide income: any block that moved them recomputes it.
        { pool: true },
      );
    },
  );
}
