/**
 * The OpenAPI 3.1 document, built from the routes as Fastify registers them (collected with the
 * onRoute hook): their `schema` (querystring, params, body: the same JSON schemas ajv validates
 * with; summary, description, tags) and `config.openapi` (authentication, response data shape).
 */
import type { RouteOptions } from 'fastify';
import { incomeSources } from '@app/contracts/enums';
import { languages } from '../i18n/index.ts';
import { ErrorCode, httpStatusOf } from './errors.ts';

/** Per-route documentation that is not part of validation. */
export interface RouteDoc {
  /** Token header: none (default), optional (more data when signed in), required, admin. */
  auth?: 'none' | 'optional' | 'required' | 'admin';
  /** Schema of `data` in a successful response (JSON schema or `ref()`). */
  data?: object;
  /** Non-/v1 routes: the request and response, as-is (the RPC proxy). */
  raw?: { requestBody?: object; responses: Record<string, object> };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
  // Documentation keys next to the validation schemas (ajv ignores them).
  interface FastifySchema {
    summary?: string;
    description?: string;
    tags?: string[];
    /** Left out of the document (the web app's static files). */
    hide?: boolean;
  }
}

export const ref = (name: keyof typeof components) => ({ $ref: `#/components/schemas/${name}` });

export interface CollectedRoute {
  method: string;
  url: string;
  schema?: Record<string, unknown>;
  openapi?: RouteDoc;
}

/** Routes that belong in the document: every method but HEAD (implied by GET), not hidden ones. */
export function collectRoute(routes: CollectedRoute[], options: RouteOptions): void {
  const schema = options.schema as Record<string, unknown> | undefined;
  if (schema?.hide === true) return;
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    routes.push({
      method,
      url: options.url,
      schema,
      openapi: (options.config as { openapi?: RouteDoc } | undefined)?.openapi,
    });
  }
}

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const nullable = (s: object) => ({ oneOf: [s, { type: 'null' }] });
const obj = (properties: Record<string, object>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});

/** What /v1/user/info returns; the login endpoints return the same plus the session Token. */
const loginInfoFields = {
  Id: int,
  Address: str,
  InviteCode: str,
  Inviter: nullable(str),
  Wallet: nullable(str),
  ChainId: int,
  CreatedAt: str,
  LastLoginAt: str,
  ExpiresAt: str,
};

const langEnum = { type: 'string', enum: [...languages] };
const operatorContent = (item: object) =>
  obj({
    source: {
      const: 'operator',
      description: 'Written by the operator, not derived from chain data',
    },
    lang: {
      ...nullable(langEnum),
      description: 'Language of the items (requested, else en); null when empty',
    },
    updatedAt: nullable({ type: 'string', format: 'date-time' }),
    items: { type: 'array', items: item },
  });

/** Response `data` shapes, shared by the routes' `config.openapi.data`. */
export const components = {
  Envelope: obj({ code: int, msg: str, data: {} }),
  Error: obj({
    code: {
      type: 'integer',
      enum: Object.values(ErrorCode),
      description: Object.entries(httpStatusOf)
        .map(([code, status]) => `${code} (HTTP ${status})`)
        .join(', '),
    },
    msg: str,
    data: { type: 'null' },
  }),
  LoginCode: obj({ Code: str, Message: str, ExpiresAt: str }),
  LoginInfo: obj(loginInfoFields),
  Login: obj({ Token: str, ...loginInfoFields }),
  Health: obj({
    status: { enum: ['ok', 'degraded'] },
    db: { enum: ['ok', 'down'] },
    engine: { enum: ['pglite', 'postgres'] },
    indexer: {
      type: 'array',
      description: 'Chain indexers of this process',
      items: obj({
        chainId: int,
        state: { enum: ['starting', 'standby', 'running', 'backoff', 'stopped'] },
        indexedBlock: nullable(str),
        headBlock: nullable(str),
        lastError: nullable(str),
        updatedAt: str,
      }),
    },
  }),
  Notice: obj({
    id: int,
    kind: { enum: ['operator', 'timelock'] },
    lang: langEnum,
    title: str,
    body: str,
    publishedAt: { type: 'string', format: 'date-time' },
    read: { ...nullable({ type: 'boolean' }), description: 'null when anonymous' },
  }),
  NoticePage: obj({
    items: { type: 'array', items: { $ref: '#/components/schemas/Notice' } },
    total: int,
    page: int,
    limit: int,
  }),
  UnreadCount: obj({ count: int }),
  ReadResult: obj({ marked: int, unread: int }),
  AdminNotice: obj({
    id: int,
    kind: { enum: ['operator', 'timelock'] },
    publishedAt: str,
    texts: { type: 'object', additionalProperties: obj({ title: str, body: str }) },
  }),
  Deleted: obj({ id: int, deleted: { const: true } }),
  ContentSaved: obj({
    key: { enum: ['faq', 'features', 'partners'] },
    langs: { type: 'array', items: langEnum },
    updatedAt: str,
  }),
  ...chainPageComponents(),
  Config: obj({
    deployment: { enum: ['local', 'production'] },
    chains: {
      type: 'array',
      items: obj({
        id: int,
        key: str,
        label: str,
        explorer: obj({ name: str, url: str }),
        contracts: {
          ...nullable(
            obj({
              staking: str,
              usdc: str,
              usdcDecimals: int,
              usdcHasPermit: { type: 'boolean' },
              usdcPermitName: nullable(str),
              usdcPermitVersion: nullable(str),
              root: str,
              startBlock: int,
            }),
          ),
          description: 'From the generated contracts module; null when not deployed on this chain',
        },
      }),
    },
    operatorContent: obj({
      faq: operatorContent(obj({ question: str, answer: str })),
      features: operatorContent(obj({ title: str, body: str })),
      partners: operatorContent(obj({ name: str, url: str, logo: str }, ['name'])),
    }),
  }),
} as const;

/** Response shapes of the chain-derived page routes (docs/CONTRACTS-OF-WORK.md). */
function chainPageComponents() {
  const amount = { type: 'string', pattern: '^[0-9]+$', description: 'Base units' };
  const pair = obj({ reward: amount, usdc: amount });
  const indexed = {
    ...nullable(obj({ block: str, blockTime: nullable(str) })),
    description: 'Last indexed block of the chain; null before the first',
  };
  const place = { id: str, txHash: str, blockNumber: str, time: str };
  const token = { enum: ['reward', 'usdc'] };
  const page = (item: object, extra: Record<string, object> = {}) =>
    obj({
      items: { type: 'array', items: item },
      total: int,
      page: int,
      limit: int,
      indexed,
      ...extra,
    });
  const sums = obj({ total: pair, today: pair });
  return {
    Home: obj({
      chainId: int,
      indexed,
      dayStart: str,
      pool: obj({
        totalStaked: amount,
        activeStake: amount,
        todayStaked: amount,
        stakers: int,
        positions: int,
        paused: { type: 'boolean' },
      }),
      market: nullable(
        obj({
          usdcReserve: amount,
          rewardReserve: amount,
          price: { ...amount, description: 'USDC base units per whole reward coin' },
          block: str,
          blockTime: str,
        }),
      ),
      platform: obj({ members: int, income: sums }),
      me: nullable(obj({ income: sums, teamMembers: int, directMembers: int })),
    }),
    Account: obj({
      address: str,
      chainId: int,
      indexed,
      inviteCode: str,
      superior: nullable(str),
      isRoot: { type: 'boolean' },
      inTree: { type: 'boolean' },
      level: int,
      teamPerformance: amount,
      activeStake: amount,
      membership: { enum: ['none', 'node', 'founder'] },
      purchasedNode: { type: 'boolean' },
      purchasedFounder: { type: 'boolean' },
      live: {
        ...nullable(
          obj({
            block: str,
            earned: amount,
            pendingMining: amount,
            withdrawable: amount,
            pendingDividend: amount,
            exchangeCount: int,
            level: int,
            usdcBalance: amount,
            rewardBalance: amount,
          }),
        ),
        description: 'Read from the chain now; null when it cannot be reached',
      },
    }),
    IncomePage: page(
      obj({
        ...place,
        source: { enum: [...incomeSources] },
        from: nullable(str),
        token,
        amount,
      }),
      { sums, dayStart: str },
    ),
    IncomeDaily: obj({
      days: { type: 'array', items: obj({ day: str, reward: amount, usdc: amount }) },
      indexed,
    }),
    ActivityPage: page(
      obj({
        ...place,
        type: {
          enum: [
            'bind',
            'stake',
            'release',
            'exchange',
            'withdraw',
            'withdrawRewardCoin',
            'membership',
            'grant',
          ],
        },
        token: nullable(token),
        amount: nullable(amount),
        detail: { type: 'object' },
      }),
    ),
    WithdrawPage: page(
      obj({ ...place, kind: { enum: ['usdc', 'principal', 'rewardCoin'] }, token, amount }),
    ),
    ExchangePage: page(
      obj({ ...place, amountIn: amount, grossUsdc: amount, fee: amount, netUsdc: amount }),
      { totals: obj({ count: int, amountIn: amount, netUsdc: amount, fee: amount }) },
    ),
    TeamSummary: obj({
      indexed,
      level: int,
      teamPerformance: amount,
      thresholds: { type: 'array', items: amount },
      members: int,
      depths: {
        type: 'array',
        items: obj({ depth: int, members: int, activeStake: amount }),
      },
      commissions: obj({ referral: amount, team: amount }),
      dividends: obj({ shareholder: amount, ecological: amount }),
      membership: { enum: ['none', 'node', 'founder'] },
    }),
    TeamMembers: page(
      obj({ address: str, depth: int, boundAt: str, activeStake: amount, totalStaked: amount }),
    ),
    InviteInfo: obj({
      indexed,
      inviteCode: str,
      link: str,
      inTree: { type: 'boolean' },
      directMembers: int,
      teamMembers: int,
      rewards: obj({ referral: amount, team: amount }),
    }),
    InviteResolve: obj({ address: str }),
  };
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function parametersOf(route: CollectedRoute): object[] {
  const out: object[] = [];
  const add = (where: 'query' | 'path', schema: unknown) => {
    const s = schema as { properties?: Record<string, object>; required?: string[] } | undefined;
    for (const [name, p] of Object.entries(s?.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (s?.required ?? []).includes(name),
        schema: p,
      });
    }
  };
  add('path', route.schema?.params);
  add('query', route.schema?.querystring);
  if (route.url.startsWith('/v1/')) {
    const auth = route.openapi?.auth ?? 'none';
    if (auth !== 'none') {
      out.push({
        name: 'Token',
        in: 'header',
        required: auth !== 'optional',
        schema: str,
        description:
          auth === 'admin'
            ? 'Session token of an address on the admin allowlist (else code 1008)'
            : 'Session token from login (invalid → code 400)',
      });
    }
    out.push({
      name: 'Lang',
      in: 'header',
      required: false,
      schema: str,
      description: `Language of msg and texts: ${languages.join(', ')} (default en)`,
    });
  }
  return out;
}

function operationOf(route: CollectedRoute): object {
  const s = route.schema ?? {};
  const doc = route.openapi;
  const op: Record<string, unknown> = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
  };
  for (const key of ['summary', 'description', 'tags'] as const) if (s[key]) op[key] = s[key];
  const parameters = parametersOf(route);
  if (parameters.length) op.parameters = parameters;
  if (doc?.raw) {
    if (doc.raw.requestBody) op.requestBody = doc.raw.requestBody;
    op.responses = doc.raw.responses;
    return op;
  }
  if (s.body) {
    op.requestBody = {
      required: true,
      content: { 'application/x-www-form-urlencoded': { schema: s.body } },
    };
  }
  const envelope = (data: object) => ({
    allOf: [
      { $ref: '#/components/schemas/Envelope' },
      { properties: { code: { const: 0 }, data } },
    ],
  });
  const error = {
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  op.responses = {
    '200': {
      description: 'Success (code 0)',
      content: { 'application/json': { schema: envelope(doc?.data ?? {}) } },
    },
    '4XX': { description: 'Refused: code ≠ 0 with a translated msg, nothing changed', ...error },
    '5XX': { description: 'Server error (500) or unavailable (503)', ...error },
  };
  return op;
}

export function buildOpenApi(routes: CollectedRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, object>> = {};
  const sorted = [...routes].sort((a, b) =>
    a.url === b.url ? a.method.localeCompare(b.method) : a.url.localeCompare(b.url),
  );
  for (const route of sorted) {
    const p = (paths[toOpenApiPath(route.url)] ??= {});
    p[route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Requests under /v1 send application/x-www-form-urlencoded bodies and the Token and Lang headers; every response is {code, msg, data} with code 0 for success. code 400 means the session is invalid.',
    },
    paths,
    components: { schemas: components },
  };
}
