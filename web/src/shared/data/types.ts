/**
 * Shapes of the server's `data` for the pages that show server data (docs/CONTRACTS-OF-WORK.md,
 * "Server" and "Chain-derived endpoints and the indexer"). Amounts are decimal strings of base
 * units; the token says which decimals apply. Times are ISO strings.
 */

/** Base units (decimal string) of one token. */
export type BaseUnits = string;
export type TokenKind = 'reward' | 'usdc';
/** Two sums that are never added up: reward coin and USDC. */
export interface TokenPair {
  reward: BaseUnits;
  usdc: BaseUnits;
}

/** The last block the server's indexer has read on that chain (null before the first). */
export type Indexed = { block: number; blockTime: string } | null;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface IndexedPage<T> extends Page<T> {
  indexed: Indexed;
}

// ---- Home -----------------------------------------------------------------------------------

export interface HomeData {
  chainId: number;
  indexed: Indexed;
  dayStart: string;
  pool: {
    totalStaked: BaseUnits;
    activeStake: BaseUnits;
    todayStaked: BaseUnits;
    stakers: number;
    positions: number;
  };
  market: {
    usdcReserve: BaseUnits;
    rewardReserve: BaseUnits;
    /** USDC base units for one whole reward coin. */
    price: BaseUnits;
    block: number;
    blockTime: string;
  } | null;
  platform: { members: number; income: { total: TokenPair; today: TokenPair } };
  me: null | {
    income: { total: TokenPair; today: TokenPair };
    teamMembers: number;
    directMembers: number;
  };
}

// ---- Income ---------------------------------------------------------------------------------

import type { IncomeSourceName } from '@app/contracts/enums';

export { incomeSources } from '@app/contracts/enums';
export type IncomeSource = IncomeSourceName;

export interface IncomeItem {
  id: string;
  source: IncomeSource;
  from: string | null;
  token: TokenKind;
  amount: BaseUnits;
  txHash: string;
  blockNumber: number;
  time: string;
}

export interface IncomePage extends IndexedPage<IncomeItem> {
  sums: { total: TokenPair; today: TokenPair };
  dayStart: string;
}

export interface IncomeDay extends TokenPair {
  /** 'YYYY-MM-DD' (UTC). */
  day: string;
}

export interface IncomeDaily {
  days: IncomeDay[];
  indexed: Indexed;
}

// ---- Records --------------------------------------------------------------------------------

export type ActivityType =
  | 'bind'
  | 'stake'
  | 'release'
  | 'exchange'
  | 'withdraw'
  | 'withdrawRewardCoin'
  | 'membership'
  | 'grant';

export interface ActivityItem {
  id: string;
  type: ActivityType;
  token: TokenKind | null;
  amount: BaseUnits | null;
  /** Per type (see the contract of work); read defensively, unknown fields are ignored. */
  detail: Record<string, unknown> | null;
  txHash: string;
  blockNumber: number;
  time: string;
}

export type WithdrawKind = 'usdc' | 'principal' | 'rewardCoin';

export interface WithdrawItem {
  id: string;
  kind: WithdrawKind;
  token: TokenKind;
  amount: BaseUnits;
  txHash: string;
  blockNumber: number;
  time: string;
}

export interface ExchangeItem {
  id: string;
  amountIn: BaseUnits;
  grossUsdc: BaseUnits;
  fee: BaseUnits;
  netUsdc: BaseUnits;
  txHash: string;
  blockNumber: number;
  time: string;
}

export interface ExchangePage extends IndexedPage<ExchangeItem> {
  totals: { count: number; amountIn: BaseUnits; netUsdc: BaseUnits; fee: BaseUnits };
}

// ---- Team and invite ------------------------------------------------------------------------

export type Membership = 'none' | 'node' | 'founder';

export interface TeamSummary {
  indexed: Indexed;
  level: number;
  teamPerformance: BaseUnits;
  /** USDC team performance needed for levels 1..6. */
  thresholds: BaseUnits[];
  members: number;
  depths: { depth: 1 | 2 | 3; members: number; activeStake: BaseUnits }[];
  /** Reward coin. */
  commissions: { referral: BaseUnits; team: BaseUnits };
  /** USDC. */
  dividends: { shareholder: BaseUnits; ecological: BaseUnits };
  membership: Membership;
}

export interface TeamMember {
  address: string;
  depth: 1 | 2 | 3;
  boundAt: string;
  activeStake: BaseUnits;
  totalStaked: BaseUnits;
}

export interface InviteInfo {
  inviteCode: string;
  link: string;
  inTree: boolean;
  directMembers: number;
  teamMembers: number;
  /** Reward coin. */
  rewards: { referral: BaseUnits; team: BaseUnits };
}

// ---- Notices and config ---------------------------------------------------------------------

export interface Notice {
  id: number;
  kind: 'operator' | 'timelock';
  lang: string;
  title: string;
  body: string;
  publishedAt: string;
  /** The caller's read mark; null without a session. */
  read: boolean | null;
}

export interface OperatorSection<T> {
  source: 'operator';
  lang: string | null;
  updatedAt: string | null;
  items: T[];
}

export interface IndexConfig {
  deployment: string;
  chains: { id: number; key: string; label: string }[];
  operatorContent: {
    faq: OperatorSection<{ question: string; answer: string }>;
    features: OperatorSection<{ title: string; body: string }>;
    partners: OperatorSection<{ name: string; url?: string; logo?: string }>;
  };
}
