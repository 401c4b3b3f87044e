/** Notices (list, details, unread count, read marks) and the operator's admin writes. */
import { Type, type Static, type TOptional, type TString } from 'typebox';
import { Bool, DateTime, Int, Page, Str } from './common.ts';
import { fields, PageQuery, str } from './fields.ts';
import { languages, type Lang } from './languages.ts';

export const LangEnum = Type.Enum([...languages]);
export const NoticeKind = Type.Union([Type.Literal('operator'), Type.Literal('timelock')]);

/**
 * `chain` (optional): the network the app shows. Given, the other network's chain notices are left
 * out (operator notices stay); without it, every notice, as before.
 */
export const NoticeListQuery = Type.Object({
  ...PageQuery.properties,
  chain: Type.Optional(fields.chain),
});
export const NoticeUnreadQuery = Type.Object({ chain: Type.Optional(fields.chain) });

/**
 * Where the timelocked change a notice announces stands, from the chain index: `executed`,
 * `cancelled` or `replaced` (a newer change of the same parameter) by their events, at their
 * block's time; `expired` when no event came and the indexed chain's time passed eta plus the
 * contract's grace period (`at` is that deadline: the contract refuses to apply it from then on);
 * `queued` while it can still apply (`at` null).
 */
export const TimelockState = Type.Object({
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('executed'),
    Type.Literal('cancelled'),
    Type.Literal('replaced'),
    Type.Literal('expired'),
  ]),
  at: Type.Union([DateTime, Type.Null()]),
});
export type TimelockState = Static<typeof TimelockState>;

export const NoticeIdQuery = Type.Object({ id: fields.id });
/**
 * One notice (`id`) or every notice (`all`). `chain` (optional, as for the list): `all` marks only
 * that network's chain notices and the operator notices, and the answer's `unread` counts the
 * same; without it, every notice, as before.
 */
export const NoticeReadBody = Type.Object({
  id: Type.Optional(fields.id),
  all: Type.Optional(str('^(1|true)$', 4)),
  chain: Type.Optional(fields.chain),
});

export const Notice = Type.Object({
  id: Int,
  kind: NoticeKind,
  lang: LangEnum,
  title: Str,
  body: Str,
  publishedAt: DateTime,
  read: Type.Union([Bool, Type.Null()], { description: 'null when anonymous' }),
  chainId: Type.Union([Int, Type.Null()], {
    description: 'the network of a notice of a chain event; null for an operator notice',
  }),
  change: Type.Union([TimelockState, Type.Null()], {
    description: 'the announced timelocked change, for the notice of a queued change; else null',
  }),
});
export type Notice = Static<typeof Notice>;
export const NoticePage = Page(Notice);
export type NoticePage = Static<typeof NoticePage>;
export const UnreadCount = Type.Object({ count: Int });
export type UnreadCount = Static<typeof UnreadCount>;
export const ReadResult = Type.Object({ marked: Int, unread: Int });
export type ReadResult = Static<typeof ReadResult>;

// ---- Admin ----------------------------------------------------------------------------------

export const NOTICE_TITLE_MAX = 200;
export const NOTICE_BODY_MAX = 5000;
/** One language's content JSON. */
export const CONTENT_JSON_MAX = 20_000;
export const contentKeys = ['faq', 'features', 'partners'] as const;
export type ContentKey = (typeof contentKeys)[number];

const text = (maxLength: number) => Type.String({ maxLength });

/** title_<lang> and body_<lang> per language; en required (both-or-neither is checked by hand). */
export const AdminNoticeBody = Type.Object(
  Object.fromEntries(
    languages.flatMap((lang) => {
      const required = lang === 'en';
      const field = (max: number) => (required ? text(max) : Type.Optional(text(max)));
      return [
        [`title_${lang}`, field(NOTICE_TITLE_MAX)],
        [`body_${lang}`, field(NOTICE_BODY_MAX)],
      ];
    }),
  ) as Record<string, ReturnType<typeof text>>,
);

/** key, and one JSON array per language (en required). */
export const ContentBody = Type.Object({
  key: Type.Enum([...contentKeys]),
  ...(Object.fromEntries(
    languages.map((lang) => [
      lang,
      lang === 'en' ? text(CONTENT_JSON_MAX) : Type.Optional(text(CONTENT_JSON_MAX)),
    ]),
    // en is required; typed as optional so a handler reads every language the same way.
  ) as Record<Lang, TOptional<TString>>),
});
export const AdminDeleteBody = Type.Object({ id: fields.id });

export const AdminNotice = Type.Object({
  id: Int,
  kind: NoticeKind,
  publishedAt: DateTime,
  texts: Type.Record(Str, Type.Object({ title: Str, body: Str })),
});
export type AdminNotice = Static<typeof AdminNotice>;
export const Deleted = Type.Object({ id: Int, deleted: Type.Literal(true) });
export const ContentSaved = Type.Object({
  key: Type.Enum([...contentKeys]),
  langs: Type.Array(LangEnum),
  updatedAt: DateTime,
});
export type ContentSaved = Static<typeof ContentSaved>;
