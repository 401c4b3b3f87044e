/**
 * GET /v1/user/account: the signed-in address on one chain — level, membership and team from the
 * index, balances read live from the chain (null when the chain cannot be reached).
 */
import type { Deployment } from '@app/contracts/chains';
import { stakingLensAbi, usdcAbi, type ChainDeployment } from '@app/contracts/generated';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { RpcProviders } from '../../chain/rpc-providers.ts';
import type { Db } from '../../db/db.ts';
import { requireSession } from '../../http/auth.ts';
import { sendOk } from '../../http/envelope.ts';
import { routeSchema, type AccountData } from '../../api-schema/index.ts';
import { teamStakeOf } from '../ledger/index.ts';
import { addressOf, chainOf } from '../shared/pages.ts';
import { indexedOf, levelFor, levelThresholds } from '../shared/reads.ts';
import { accountFigures } from './reads.ts';
import { checksumAddress } from 'viem';

/** Live reads must not hold a page up: a slow chain gives `live: null` instead. */
const LIVE_TIMEOUT_MS = 3_000;
const memberships = ['none', 'node', 'founder'] as const;

export async function accountRoutes(
  fastify: FastifyInstance,
  opts: {
    db: Db;
    now: () => Date;
    deployment: Deployment;
    rpc: RpcProviders;
  },
) {
  // Request types come from the routes' schemas (api-schema).
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  app.get(
    '/user/account',
    {
      preHandler: requireSession(db, opts.now),
      schema: {
        ...routeSchema('GET /v1/user/account'),
        summary: 'The signed-in address on one chain: level, membership, team, live balances',
        tags: ['user'],
      },
    },
    async (request, reply) => {
      const { chainId, contracts } = chainOf(request.query, opts.deployment);
      const address = addressOf(request);
      const [indexed, account, thresholds, live] = await Promise.all([
        indexedOf(db, chainId),
        accountFigures(db, chainId, address),
        levelThresholds(db, chainId),
        readLive(opts.rpc, chainId, contracts, address as Address, request.log),
      ]);
      const teamPerformance = teamStakeOf(account).reduce((a, b) => a + b, 0n);
      const isRoot = address === contracts.root.toLowerCase();
      return sendOk(request, reply, {
        address: checksumAddress(address as Address),
        chainId,
        indexed,
        inviteCode: request.session!.user.invite_code,
        superior: account.superior ? checksumAddress(account.superior as Address) : null,
        isRoot,
        inTree: isRoot || account.superior !== null,
        level: levelFor(teamPerformance, thresholds),
        teamPerformance: teamPerformance.toString(),
        activeStake: account.activeStake.toString(),
        membership: memberships[account.membership] ?? 'none',
        purchasedNode: account.purchasedNode,
        purchasedFounder: account.purchasedFounder,
        live,
      } satisfies AccountData);
    },
  );
}

async function readLive(
  rpc: RpcProviders,
  chainId: number,
  contracts: ChainDeployment,
  user: Address,
  log: FastifyBaseLogger,
) {
  const client = rpc.client(chainId, { timeoutMs: LIVE_TIMEOUT_MS });
  if (!client) return null;
  try {
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const at = { blockNumber } as const;
    const [a, usdc, reward] = await Promise.all([
      client.readContract({
        address: contracts.stakingLens,
        abi: stakingLensAbi,
        functionName: 'getAccount',
        args: [user],
        ...at,
      }),
      client.readContract({
        address: contracts.usdc,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user],
        ...at,
      }),
      client.readContract({
        address: contracts.rewardToken,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [user],
        ...at,
      }),
    ]);
    return {
      block: blockNumber.toString(),
      earned: a.earned.toString(),
      pendingMining: a.pendingMining.toString(),
      withdrawable: a.withdrawable.toString(),
      pendingDividend: a.pendingDividend.toString(),
      exchangeCount: Number(a.exchangeCount),
      level: Number(a.level),
      usdcBalance: usdc.toString(),
      rewardBalance: reward.toString(),
    };
  } catch (err) {
    log.warn({ err }, 'user/account: live read failed');
    return null;
  }
}
