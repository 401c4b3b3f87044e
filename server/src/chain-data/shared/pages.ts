/**
 * What the chain-derived page routes share: their options, the `chain` parameter, the signed-in
 * address, UTC days, and sums kept apart per token (reward coin and USDC are never added up).
 */
import {
  defaultNetwork,
  networks,
  type Deployment,
  type SupportedChainId,
} from '@app/contracts/chains';
import { deployments, type ChainDeployment } from '@app/contracts/generated';
import type { FastifyRequest } from 'fastify';
import { tokenOfSource } from '@app/contracts/enums';
import type { Db } from '../../db/db.ts';
import { AppError, ErrorCode } from '../../http/errors.ts';
import type { PageCache } from '../../http/page-cache.ts';
import { parseChain } from '../../http/schemas.ts';
import type { ChainQuery } from '../../api-schema/fields.ts';
import type { Token } from './table.ts';

export type { ChainQuery };

/** What http/app.ts gives every chain-derived page plugin. */
export interface PageOptions {
  db: Db;
  now: () => Date;
  deployment: Deployment;
  cache: PageCache;
}

/** The requested chain (default ETH) and its contracts; a chain without a deployment is 1007. */
export function chainOf(
  query: ChainQuery,
  deployment: Deployment,
): { chainId: SupportedChainId; contracts: ChainDeployment } {
  const chainId = (
    query.chain === undefined ? networks[defaultNetwork].chainId : parseChain(query.chain)
  ) as SupportedChainId;
  const contracts = deployments[deployment][chainId];
  if (!contracts) throw new AppError(ErrorCode.notFound);
  return { chainId, contracts };
}

/** The signed-in address (lower-case, as the index stores it). */
export const addressOf = (request: FastifyRequest): string => request.session!.user.address;

/** Today as a UTC day ('YYYY-MM-DD') and its start. */
export function utcToday(now: Date): { today: string; dayStart: string } {
  const today = now.toISOString().slice(0, 10);
  return { today, dayStart: `${today}T00:00:00.000Z` };
}

export interface TokenPair {
  reward: string;
  usdc: string;
}

/** Sums per source → one sum per token, for the sources `keep` accepts. */
export function byToken(
  sums: readonly { source: number; total: bigint; today: bigint }[],
  keep: (source: number) => boolean = () => true,
): { total: TokenPair; today: TokenPair } {
  const acc: Record<'total' | 'today', Record<Token, bigint>> = {
    total: { reward: 0n, usdc: 0n },
    today: { reward: 0n, usdc: 0n },
  };
  for (const s of sums) {
    if (!keep(s.source)) continue;
    const token = tokenOfSource(s.source);
    acc.total[token] += s.total;
    acc.today[token] += s.today;
  }
  const str = (p: Record<Token, bigint>) => ({
    reward: p.reward.toString(),
    usdc: p.usdc.toString(),
  });
  return { total: str(acc.total), today: str(acc.today) };
}
