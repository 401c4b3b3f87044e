/**
 * Shapes of the server's `data` for the pages that show server data: defined once, in the
 * server's api-schema (docs/CONTRACTS-OF-WORK.md), and imported here as types only, so none of
 * the server's code is bundled. Amounts are decimal strings of base units; the token says which
 * decimals apply. Times are ISO strings.
 */
export type {
  ActivityItem,
  ActivityType,
  BaseUnits,
  ExchangeItem,
  ExchangePage,
  HomeData,
  IncomeDaily,
  IncomeDay,
  IncomeItem,
  IncomePage,
  IncomeSource,
  IndexConfig,
  Indexed,
  IndexedPage,
  InviteInfo,
  Login,
  LoginCode,
  Membership,
  Notice,
  OperatorSection,
  Page,
  ReadResult,
  TeamMember,
  TeamSummary,
  TokenKind,
  TokenPair,
  UnreadCount,
  WithdrawItem,
  WithdrawKind,
} from '@app/server/api-schema';

export { incomeSources } from '@app/contracts/enums';
