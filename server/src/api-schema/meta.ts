/** Health and the app's configuration (networks, contract addresses, operator content). */
import { Type, type Static, type TSchema, type TUnknown } from 'typebox';
import { Bool, DateTime, Int, Nullable, Str } from './common.ts';
import { LangEnum } from './notice.ts';

const IndexerState = Type.Enum(['starting', 'standby', 'running', 'backoff', 'stopped']);
export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  db: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  engine: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  indexer: Type.Array(
    Type.Object({
      chainId: Int,
      state: IndexerState,
      indexedBlock: Nullable(Str),
      headBlock: Nullable(Str),
      lastError: Nullable(Str),
      updatedAt: Str,
    }),
    { description: 'Chain indexers of this process' },
  ),
});
export type Health = Static<typeof Health>;
/** /v1/health answers 503 with the same data when the database is down. */
export const HealthDown = Type.Object({ code: Type.Literal(503), msg: Str, data: Health });

/** GET /v1/health/live: the process answers (a supervisor restarts it when not). */
export const Liveness = Type.Object({ live: Type.Literal(true) });
/**
 * GET /v1/health/ready: whether this instance should get traffic (not while draining, the
 * database down, an indexer of this process stopped or over the lag limit, or its configuration
 * wrong).
 */
export const Readiness = Type.Object({
  ready: Bool,
  draining: Bool,
  db: Type.Union([Type.Literal('ok'), Type.Literal('down')]),
  indexer: Type.Array(
    Type.Object({ chainId: Int, state: IndexerState, lagBlocks: Int, ok: Bool }),
    { description: 'Chain indexers of this process (none on an API-only instance)' },
  ),
  configuration: Type.Array(Str, {
    description:
      'What is wrong with the configuration, one sentence each naming what to fix (e.g. a deployment file without the contracts of a served chain); not ready unless empty',
  }),
});
export type Readiness = Static<typeof Readiness>;
/** /v1/health/ready answers 503 with the same data when the instance is not ready. */
export const ReadinessDown = Type.Object({
  code: Type.Literal(503),
  msg: Str,
  data: Readiness,
});

const OperatorSection = <T extends TSchema>(item: T) =>
  Type.Object({
    source: Type.Literal('operator', {
      description: 'Written by the operator, not derived from chain data',
    }),
    lang: Type.Union([LangEnum, Type.Null()], {
      description: 'Language of the items (requested, else en); null when empty',
    }),
    updatedAt: Nullable(DateTime),
    items: Type.Array(item),
  });

export const ChainContracts = Type.Object(
  {
    staking: Str,
    stakingLens: Str,
    usdc: Str,
    usdcDecimals: Int,
    usdcHasPermit: Bool,
    usdcPermitName: Nullable(Str),
    usdcPermitVersion: Nullable(Str),
    root: Str,
    startBlock: Int,
    rewardToken: Str,
    rewardTokenDecimals: Int,
    router: Str,
    factory: Str,
    pair: Str,
  },
  { description: 'From the generated contracts module' },
);

export const IndexConfig = Type.Object({
  deployment: Type.Union([Type.Literal('local'), Type.Literal('production')]),
  chains: Type.Array(
    Type.Object({
      id: Int,
      key: Str,
      label: Str,
      explorer: Type.Object({ name: Str, url: Str }),
      contracts: Type.Union([ChainContracts, Type.Null()], {
        description: 'null when not deployed on this chain',
      }),
    }),
  ),
  operatorContent: Type.Object({
    faq: OperatorSection(Type.Object({ question: Str, answer: Str })),
    features: OperatorSection(Type.Object({ title: Str, body: Str })),
    partners: OperatorSection(
      Type.Object({ name: Str, url: Type.Optional(Str), logo: Type.Optional(Str) }),
    ),
  }),
});
export type IndexConfig = Static<typeof IndexConfig>;

type SectionMeta = Omit<Static<ReturnType<typeof OperatorSection<TUnknown>>>, 'items'>;
export type OperatorSection<T> = SectionMeta & { items: T[] };
