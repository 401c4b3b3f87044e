/** The signed-in address's team (three levels) and invitation, from the chain index. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { checksumAddress, type Address } from 'viem';
import { findUserByInviteCode } from '../../db/queries/users.ts';
import { ownerOf, pageSession } from '../../http/auth.ts';
import { sendOk } from '../../http/envelope.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import {
  routeSchema,
  type InviteInfo,
  type TeamMember,
  type TeamMembers,
  type TeamSummary,
} from '../../api-schema/index.ts';
import { parseList } from '../../http/schemas.ts';
import { membersOf, teamStakeOf } from '../ledger/index.ts';
import { chainOf, utcToday, type PageOptions } from '../shared/pages.ts';
import { levelFor } from '../shared/reads.ts';
import { accountRead, teamMembersRead } from './reads.ts';

const memberships = ['none', 'node', 'founder'] as const;

/** An address's income sums → its all-time sum of one source. */
const bySource = (sums: readonly { source: number; total: bigint }[]) => (source: number) =>
  (sums.find((s) => s.source === source)?.total ?? 0n).toString();

export async function teamRoutes(
  fastify: FastifyInstance,
  opts: PageOptions & { origin: () => string },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = opts;
  const preHandler = pageSession(db, now);

  app.get(
    '/team/summary',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/team/summary'),
        summary:
          'Team of the signed-in address: members and active stake per depth, level, dividends',
        tags: ['team'],
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async (): Promise<TeamSummary> => {
        const { q, address } = ownerOf(request, db, now());
        // One statement: cursor, thresholds, the account row and the income sums.
        const { indexed, account, thresholds, sums } = await accountRead(
          q,
          chainId,
          address,
          utcToday(now()).today,
        );
        const sum = bySource(sums);
        const teamPerformance = teamStakeOf(account).reduce((a, b) => a + b, 0n);
        return {
          indexed,
          level: levelFor(teamPerformance, thresholds),
          teamPerformance: teamPerformance.toString(),
          thresholds: thresholds.map(String),
          members: membersOf(account).reduce((a, b) => a + b, 0),
          depths: ([1, 2, 3] as const).map((depth) => ({
            depth,
            members: membersOf(account)[depth - 1] ?? 0,
            activeStake: teamStakeOf(account)[depth - 1]!.toString(),
          })),
          commissions: { referral: sum(1), team: sum(2) },
          dividends: { shareholder: sum(3), ecological: sum(4) },
          membership: memberships[account.membership] ?? 'none',
        };
      });
    },
  );

  app.get(
    '/team/members',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/team/members'),
        summary: 'Members at one depth (1, 2 or 3) below the signed-in address, newest first',
        tags: ['team'],
      },
    },
    async (request, reply) => {
      const { chainId } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async (): Promise<TeamMembers> => {
        const { q, address } = ownerOf(request, db, now());
        const depth = Number(request.query.depth ?? 1) as 1 | 2 | 3;
        const place = parseList(request.query);
        // One statement: cursor, total (the account's member count), page.
        const read = await teamMembersRead(q, { chainId, address, depth }, place);
        return {
          // Rows are untyped: their columns are the API's names (teamMembersRead).
          items: read.items.map(
            (r) =>
              ({
                ...r,
                address: checksumAddress(r.address as Address),
                depth,
              }) as TeamMember,
          ),
          total: read.row.total as number,
          limit: place.limit,
          next: read.next,
          indexed: read.indexed,
        };
      });
    },
  );

  app.get(
    '/invite/info',
    {
      preHandler,
      schema: {
        ...routeSchema('GET /v1/invite/info'),
        summary: 'The signed-in user’s invite code and link, team counts and commissions earned',
        tags: ['invite'],
      },
    },
    async (request, reply) => {
      const { chainId, contracts } = chainOf(request.query, opts.deployment);
      return opts.cache.serve(request, reply, chainId, async (): Promise<InviteInfo> => {
        const { q, address } = ownerOf(request, db, now());
        const { indexed, account, sums } = await accountRead(
          q,
          chainId,
          address,
          utcToday(now()).today,
        );
        // The session is known now (checked by the statement if it was not before).
        const { invite_code: code, address: me } = request.session!.user;
        const sum = bySource(sums);
        return {
          indexed,
          inviteCode: code,
          link: `${opts.origin()}/#/?code=${code}`,
          inTree: me === contracts.root.toLowerCase() || account.superior !== null,
          directMembers: account.membersD1,
          teamMembers: membersOf(account).reduce((a, b) => a + b, 0),
          rewards: { referral: sum(1), team: sum(2) },
        };
      });
    },
  );

  app.get(
    '/invite/resolve',
    {
      schema: {
        ...routeSchema('GET /v1/invite/resolve'),
        summary: 'The address an invite code belongs to (to pre-fill the invitation address)',
        tags: ['invite'],
      },
    },
    async (request, reply) => {
      const user = await findUserByInviteCode(db, request.query.code.toUpperCase());
      if (!user) throw new AppError(ErrorCode.notFound);
      return sendOk(request, reply, { address: checksumAddress(user.address as Address) });
    },
  );
}
