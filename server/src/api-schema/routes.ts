/**
 * Every /v1 route's shapes in one table: who may call it (`auth`, the Token header), its
 * querystring or form body, and its `data`. The server registers each route from its entry
 * (validation, serialization, the OpenAPI document); the harness checks real responses against it.
 */
import {
  Type,
  type Static,
  type TLiteral,
  type TObject,
  type TSchema,
  type TString,
} from 'typebox';
import { ErrorEnvelope, Ok } from './common.ts';
import { ChainListQuery, ChainQuery } from './fields.ts';
import { Health, HealthDown, IndexConfig, Liveness, Readiness, ReadinessDown } from './meta.ts';
import {
  AdminDeleteBody,
  AdminNotice,
  AdminNoticeBody,
  ContentBody,
  ContentSaved,
  Deleted,
  Notice,
  NoticeIdQuery,
  NoticeListQuery,
  NoticePage,
  NoticeReadBody,
  NoticeUnreadQuery,
  ReadResult,
  UnreadCount,
} from './notice.ts';
import {
  AccountData,
  ActivityPage,
  ExchangePage,
  HomeData,
  IncomeDaily,
  IncomeDailyQuery,
  IncomeListQuery,
  IncomePage,
  InviteInfo,
  InviteResolve,
  InviteResolveQuery,
  TeamMembers,
  TeamMembersQuery,
  TeamSummary,
  WithdrawPage,
} from './pages.ts';
import {
  EmptyBody,
  GetCodeBody,
  Login,
  LoginCode,
  LoginInfo,
  MetamaskLoginBody,
  RegisterBody,
} from './user.ts';

/** Token header: none, optional (more data when signed in), required, or an admin's. */
export type Auth = 'none' | 'optional' | 'required' | 'admin';

export interface RouteShape {
  auth: Auth;
  querystring?: TObject;
  body?: TObject;
  data: TSchema;
  /** A non-error response other than 200 that carries data (health's 503). */
  otherResponses?: Record<number, TSchema>;
}

const route = <const R extends RouteShape>(shape: R) => shape;

export const apiRoutes = {
  'POST /v1/user/getcode': route({ auth: 'none', body: GetCodeBody, data: LoginCode }),
  'POST /v1/user/metamasklogin': route({ auth: 'none', body: MetamaskLoginBody, data: Login }),
  'POST /v1/index/register': route({ auth: 'none', body: RegisterBody, data: Login }),
  'GET /v1/user/info': route({ auth: 'required', data: LoginInfo }),
  'POST /v1/user/logout': route({ auth: 'required', body: EmptyBody, data: Type.Null() }),
  'GET /v1/health': route({ auth: 'none', data: Health, otherResponses: { 503: HealthDown } }),
  'GET /v1/health/live': route({ auth: 'none', data: Liveness }),
  'GET /v1/health/ready': route({
    auth: 'none',
    data: Readiness,
    otherResponses: { 503: ReadinessDown },
  }),
  'GET /v1/index/config': route({ auth: 'none', data: IndexConfig }),
  'GET /v1/notice/list': route({
    auth: 'optional',
    querystring: NoticeListQuery,
    data: NoticePage,
  }),
  'GET /v1/notice/details': route({ auth: 'optional', querystring: NoticeIdQuery, data: Notice }),
  'GET /v1/notice/unread': route({
    auth: 'required',
    querystring: NoticeUnreadQuery,
    data: UnreadCount,
  }),
  'POST /v1/notice/read': route({ auth: 'required', body: NoticeReadBody, data: ReadResult }),
  'POST /v1/admin/notice': route({ auth: 'admin', body: AdminNoticeBody, data: AdminNotice }),
  'POST /v1/admin/notice/delete': route({ auth: 'admin', body: AdminDeleteBody, data: Deleted }),
  'POST /v1/admin/content': route({ auth: 'admin', body: ContentBody, data: ContentSaved }),
  'GET /v1/index/home': route({ auth: 'optional', querystring: ChainQuery, data: HomeData }),
  'GET /v1/user/account': route({ auth: 'required', querystring: ChainQuery, data: AccountData }),
  'GET /v1/income/list': route({
    auth: 'required',
    querystring: IncomeListQuery,
    data: IncomePage,
  }),
  'GET /v1/income/daily': route({
    auth: 'required',
    querystring: IncomeDailyQuery,
    data: IncomeDaily,
  }),
  'GET /v1/activity/list': route({
    auth: 'required',
    querystring: ChainListQuery,
    data: ActivityPage,
  }),
  'GET /v1/withdraw/list': route({
    auth: 'required',
    querystring: ChainListQuery,
    data: WithdrawPage,
  }),
  'GET /v1/exchange/list': route({
    auth: 'required',
    querystring: ChainListQuery,
    data: ExchangePage,
  }),
  'GET /v1/team/summary': route({ auth: 'required', querystring: ChainQuery, data: TeamSummary }),
  'GET /v1/team/members': route({
    auth: 'required',
    querystring: TeamMembersQuery,
    data: TeamMembers,
  }),
  'GET /v1/invite/info': route({ auth: 'required', querystring: ChainQuery, data: InviteInfo }),
  'GET /v1/invite/resolve': route({
    auth: 'none',
    querystring: InviteResolveQuery,
    data: InviteResolve,
  }),
} as const;

export type ApiRoute = keyof typeof apiRoutes;
/** The `data` of a route's success response. */
export type DataOf<R extends ApiRoute> = Static<(typeof apiRoutes)[R]['data']>;

/**
 * The Fastify `schema` of a route: its request shapes, and one response schema per status class
 * (so fast-json-stringify serializes each, and the OpenAPI document lists each).
 */
type Shape<R extends ApiRoute> = (typeof apiRoutes)[R];
type RouteSchema<R extends ApiRoute> = (Shape<R> extends { querystring: infer Q }
  ? { querystring: Q }
  : unknown) &
  (Shape<R> extends { body: infer B } ? { body: B } : unknown) & {
    response: {
      200: TObject<{ code: TLiteral<0>; msg: TString; data: Shape<R>['data'] }>;
    } & (Shape<R> extends {
      otherResponses: infer O;
    }
      ? O
      : unknown) & { '4xx': typeof ErrorEnvelope; '5xx': typeof ErrorEnvelope };
  };

/**
 * The Fastify `schema` of a route: its request shapes, and one response schema per status class
 * (so fast-json-stringify serializes each, and the OpenAPI document lists each).
 */
export function routeSchema<R extends ApiRoute>(key: R): RouteSchema<R> {
  const shape: RouteShape = apiRoutes[key];
  return {
    ...(shape.querystring ? { querystring: shape.querystring } : {}),
    ...(shape.body ? { body: shape.body } : {}),
    response: {
      200: Ok(shape.data),
      ...shape.otherResponses,
      '4xx': ErrorEnvelope,
      '5xx': ErrorEnvelope,
    },
  } as RouteSchema<R>;
}
