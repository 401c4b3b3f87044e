import type { NetworkInfo } from '@app/contracts/chains';
import { timelockParams, type TimelockParamName } from '@app/contracts/enums';
import { useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { useConfig } from 'wagmi';
import { publicClientFor } from '../../shared/chain/client';
import { contractCall, readViews, type ChainDeployment } from '../../shared/contracts';
import { offerViews, type OfferFigures } from '../mine';

/**
 * Every chain read of the transparency page, in this one module (issue 11 §3): when some of
 * Staking's views move to a lens contract, only the `address` of those reads changes here. Nothing
 * on the page is typed in: each figure is a view of the staking contract or a token balance.
 */

/** Staking.Param, in the contract's order (one list, shared with the server and the CLI). */
const PARAMS = timelockParams;
export type ParamName = TimelockParamName;

export interface PendingChange {
  param: ParamName;
  /** The new value (an address as its uint160). */
  value: bigint;
  /** Unix seconds from which the owner can apply it. */
  eta: number;
}

export interface Transparency extends OfferFigures {
  owner: Address;
  /** Whether the owner address holds code (a multisig or other contract) rather than being a key. */
  ownerIsContract: boolean;
  /** An ownership transfer started and not yet accepted (Ownable2Step), or undefined. */
  pendingOwner: Address | undefined;
  treasury: Address;
  paused: boolean;
  /** Reward coin: the budget, the part reserved for open positions and their uplines, the rest. */
  rewardBudget: bigint;
  rewardReserved: bigint;
  rewardUnreserved: bigint;
  /** Reward coin the contract holds (budget plus earned, not yet exchanged or withdrawn). */
  rewardHeld: bigint;
  /** USDC the contract holds. */
  usdcHeld: bigint;
  /** Principal of positions not yet released. */
  openPrincipal: bigint;
  /** USDC owed to users' withdrawable balances (released principal, exchanged income, grants). */
  withdrawable: bigint;
  /** Dividends credited to members and not yet claimed. */
  dividendsUnclaimed: bigint;
  /** Operator-funded grants budget (USDC). */
  grantsBudget: bigint;
  /** Membership payments accrued in the contract and not yet paid to the treasury. */
  treasuryProceeds: bigint;
  feeBps: bigint;
  maxFeeBps: bigint;
  freeExchanges: bigint;
  feeFreeLevel: bigint;
  minWithdrawal: bigint;
  maxMinWithdrawal: bigint;
  minStakeExclusive: bigint;
  timelockDelay: bigint;
  /** How long after its eta a queued change can still be executed (then it has expired). */
  timelockGrace: bigint;
  pending: PendingChange[];
}

export const transparencyKeys = {
  all: ['transparency'] as const,
  chain: (chainId: number) => ['transparency', chainId] as const,
};

/** The transparency figures of the selected network, read from its chain every 15 s. */
export function useTransparency(network: NetworkInfo, deployment: ChainDeployment | undefined) {
  const config = useConfig();
  return useQuery({
    queryKey: transparencyKeys.chain(network.chainId),
    enabled: Boolean(deployment),
    refetchInterval: 15_000,
    queryFn: () => readTransparency(publicClientFor(config, network.chainId), deployment!),
  });
}

type Client = ReturnType<typeof publicClientFor>;

async function readTransparency(client: Client, d: ChainDeployment): Promise<Transparency> {
  const held = (token: 'rewardToken' | 'usdc') =>
    client.readContract(
      contractCall(d, { contract: token, functionName: 'balanceOf', args: [d.staking] }),
    );
  const [views, budgetInfo, rewardHeld, usdcHeld, pendingRaw] = await Promise.all([
    readViews(client, d, 'staking', [
      'owner',
      'pendingOwner',
      'treasury',
      'paused',
      'totalActiveStake',
      'totalWithdrawable',
      'dividendsUnclaimed',
      'grantsBudget',
      'treasuryProceeds',
      'feeBps',
      'MAX_FEE_BPS',
      'FREE_EXCHANGES',
      'FEE_FREE_LEVEL',
      'minWithdrawal',
      'maxMinWithdrawal',
      'minStakeExclusive',
      ...offerViews,
      'TIMELOCK_DELAY',
      'TIMELOCK_GRACE',
    ]),
    client.readContract(contractCall(d, { contract: 'staking', functionName: 'rewardBudgetInfo' })),
    held('rewardToken'),
    held('usdc'),
    Promise.all(
      PARAMS.map((_, index) =>
        client.readContract(
          contractCall(d, { contract: 'staking', functionName: 'pendingChanges', args: [index] }),
        ),
      ),
    ),
  ]);
  const { owner, pendingOwner, treasury, paused, ...v } = views;
  const ownerCode = await client.getCode({ address: owner });
  return {
    owner,
    ownerIsContract: Boolean(ownerCode && ownerCode !== '0x'),
    pendingOwner: BigInt(pendingOwner) === 0n ? undefined : pendingOwner,
    treasury,
    paused,
    rewardBudget: budgetInfo[0],
    rewardReserved: budgetInfo[1],
    rewardUnreserved: budgetInfo[2],
    rewardHeld,
    usdcHeld,
    openPrincipal: v.totalActiveStake,
    withdrawable: v.totalWithdrawable,
    dividendsUnclaimed: v.dividendsUnclaimed,
    grantsBudget: v.grantsBudget,
    treasuryProceeds: v.treasuryProceeds,
    feeBps: v.feeBps,
    maxFeeBps: v.MAX_FEE_BPS,
    freeExchanges: v.FREE_EXCHANGES,
    feeFreeLevel: v.FEE_FREE_LEVEL,
    minWithdrawal: v.minWithdrawal,
    maxMinWithdrawal: v.maxMinWithdrawal,
    minStakeExclusive: v.minStakeExclusive,
    ...(Object.fromEntries(offerViews.map((name) => [name, v[name]])) as OfferFigures),
    timelockDelay: v.TIMELOCK_DELAY,
    timelockGrace: v.TIMELOCK_GRACE,
    pending: pendingRaw.flatMap(([value, eta], index) =>
      eta === 0n ? [] : [{ param: PARAMS[index]!, value, eta: Number(eta) }],
    ),
  };
}
