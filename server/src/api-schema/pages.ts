/**
 * The chain-derived pages (docs/CONTRACTS-OF-WORK.md): home, account, income, records, team and
 * invitation. Amounts are decimal strings of base units; the token says which decimals apply.
 */
import { incomeSources } from '@app/contracts/enums';
import { Type, type Static } from 'typebox';
import {
  Amount,
  Bool,
  DateTime,
  Indexed,
  IndexedPage,
  Int,
  Membership,
  Nullable,
  Place,
  Str,
  Sums,
  TokenKind,
} from './common.ts';
import { ChainListQuery, ChainQuery, str } from './fields.ts';

// ---- Home and account -----------------------------------------------------------------------

export const HomeData = Type.Object({
  chainId: Int,
  indexed: Indexed,
  dayStart: DateTime,
  pool: Type.Object({
    totalStaked: Amount,
    activeStake: Amount,
    todayStaked: Amount,
    stakers: Int,
    positions: Int,
    paused: Bool,
  }),
  market: Nullable(
    Type.Object({
      usdcReserve: Amount,
      rewardReserve: Amount,
      price: Type.String({
        pattern: '^[0-9]+$',
        description: 'USDC base units per whole reward coin',
      }),
      block: Str,
      blockTime: DateTime,
    }),
  ),
  platform: Type.Object({ members: Int, income: Sums }),
  me: Nullable(Type.Object({ income: Sums, teamMembers: Int, directMembers: Int })),
});
export type HomeData = Static<typeof HomeData>;

export const AccountData = Type.Object({
  address: Str,
  chainId: Int,
  indexed: Indexed,
  inviteCode: Str,
  superior: Nullable(Str),
  isRoot: Bool,
  inTree: Bool,
  level: Int,
  teamPerformance: Amount,
  activeStake: Amount,
  membership: Membership,
  purchasedNode: Bool,
  purchasedFounder: Bool,
  live: Type.Union(
    [
      Type.Object({
        block: Str,
        earned: Amount,
        pendingMining: Amount,
        withdrawable: Amount,
        pendingDividend: Amount,
        exchangeCount: Int,
        level: Int,
        usdcBalance: Amount,
        rewardBalance: Amount,
      }),
      Type.Null(),
    ],
    { description: 'Read from the chain now; null when it cannot be reached' },
  ),
});
export type AccountData = Static<typeof AccountData>;

// ---- Income ---------------------------------------------------------------------------------

/** The spec's 8 income sources: 'static' (static rewards) is mining. */
export const sourceFilters = ['all', 'static', ...incomeSources] as const;
export const IncomeSource = Type.Enum([...incomeSources]);
export type IncomeSource = Static<typeof IncomeSource>;

export const IncomeListQuery = Type.Object({
  ...ChainListQuery.properties,
  source: Type.Optional(Type.Enum([...sourceFilters])),
});
export const IncomeDailyQuery = Type.Object({
  ...ChainQuery.properties,
  days: Type.Optional(str('^([1-9]|[1-8][0-9]|90)$', 2)),
});

export const IncomeItem = Type.Object({
  ...Place,
  source: IncomeSource,
  from: Nullable(Str),
  token: TokenKind,
  amount: Amount,
});
export type IncomeItem = Static<typeof IncomeItem>;
export const IncomePage = Type.Object({
  ...IndexedPage(IncomeItem).properties,
  sums: Sums,
  dayStart: DateTime,
});
export type IncomePage = Static<typeof IncomePage>;
export const IncomeDay = Type.Object({
  /** 'YYYY-MM-DD' (UTC). */
  day: Str,
  reward: Amount,
  usdc: Amount,
});
export type IncomeDay = Static<typeof IncomeDay>;
export const IncomeDaily = Type.Object({ days: Type.Array(IncomeDay), indexed: Indexed });
export type IncomeDaily = Static<typeof IncomeDaily>;

// ---- Records --------------------------------------------------------------------------------

export const activityTypes = [
  'bind',
  'stake',
  'release',
  'exchange',
  'withdraw',
  'withdrawRewardCoin',
  'membership',
  'grant',
] as const;
export const ActivityItem = Type.Object({
  ...Place,
  type: Type.Enum([...activityTypes]),
  token: Nullable(TokenKind),
  amount: Nullable(Amount),
  detail: Type.Union(
    [Type.Record(Str, Type.Unknown()), Type.Null()],
    // Kept whole: fields vary per type (see the contract of work); readers ignore unknown ones.
    { description: 'Per type; read defensively, unknown fields are ignored' },
  ),
});
export type ActivityItem = Static<typeof ActivityItem>;
export type ActivityType = ActivityItem['type'];
export const ActivityPage = IndexedPage(ActivityItem);
export type ActivityPage = Static<typeof ActivityPage>;

export const WithdrawKind = Type.Enum(['usdc', 'principal', 'rewardCoin']);
export const WithdrawItem = Type.Object({
  ...Place,
  kind: WithdrawKind,
  token: TokenKind,
  amount: Amount,
});
export type WithdrawItem = Static<typeof WithdrawItem>;
export type WithdrawKind = WithdrawItem['kind'];
export const WithdrawPage = IndexedPage(WithdrawItem);
export type WithdrawPage = Static<typeof WithdrawPage>;

export const ExchangeItem = Type.Object({
  ...Place,
  amountIn: Amount,
  grossUsdc: Amount,
  fee: Amount,
  netUsdc: Amount,
});
export type ExchangeItem = Static<typeof ExchangeItem>;
export const ExchangePage = Type.Object({
  ...IndexedPage(ExchangeItem).properties,
  totals: Type.Object({ count: Int, amountIn: Amount, netUsdc: Amount, fee: Amount }),
});
export type ExchangePage = Static<typeof ExchangePage>;

// ---- Team and invitation --------------------------------------------------------------------

export const Depth = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);
export const TeamMembersQuery = Type.Object({
  ...ChainListQuery.properties,
  depth: Type.Optional(str('^[123]$', 1)),
});
export const InviteResolveQuery = Type.Object({ code: str('^[A-Za-z0-9]{4,32}$', 32) });

export const TeamSummary = Type.Object({
  indexed: Indexed,
  level: Int,
  teamPerformance: Amount,
  thresholds: Type.Array(Amount, { description: 'USDC team performance needed for levels 1..6' }),
  members: Int,
  depths: Type.Array(Type.Object({ depth: Depth, members: Int, activeStake: Amount })),
  /** Reward coin. */
  commissions: Type.Object({ referral: Amount, team: Amount }),
  /** USDC. */
  dividends: Type.Object({ shareholder: Amount, ecological: Amount }),
  membership: Membership,
});
export type TeamSummary = Static<typeof TeamSummary>;
export const TeamMember = Type.Object({
  address: Str,
  depth: Depth,
  boundAt: DateTime,
  activeStake: Amount,
  totalStaked: Amount,
});
export type TeamMember = Static<typeof TeamMember>;
export const TeamMembers = IndexedPage(TeamMember);
export type TeamMembers = Static<typeof TeamMembers>;
export const InviteInfo = Type.Object({
  indexed: Indexed,
  inviteCode: Str,
  link: Str,
  inTree: Bool,
  directMembers: Int,
  teamMembers: Int,
  /** Reward coin. */
  rewards: Type.Object({ referral: Amount, team: Amount }),
});
export type InviteInfo = Static<typeof InviteInfo>;
export const InviteResolve = Type.Object({ address: Str });
export type InviteResolve = Static<typeof InviteResolve>;
