/**
 * notice:post, notice:delete — operator notices through the server's admin API (the server shows
 * them labelled as the operator's). The key's address must be in the server's ADMIN_ADDRESSES.
 */
import { defaultNetwork } from '@app/contracts/chains';
import { NOTICE_BODY_MAX, NOTICE_TITLE_MAX } from '../../http/routes/admin.ts';
import { languages } from '../../i18n/index.ts';
import type { OptionSpec, Options } from '../args.ts';
import type { Command, CommandInput } from '../command.ts';
import { AdminSession, apiUrlFrom, defaultApiUrl } from '../api.ts';
import { operatorAccount, targetFrom } from '../context.ts';
import { UsageError } from '../errors.ts';
import { fields } from '../format.ts';
import { requireConfirmation } from '../io.ts';
import { parseCount } from '../values.ts';

const apiOptions: OptionSpec[] = [
  {
    name: 'api',
    value: 'url',
    help: `server URL (default OPERATOR_API_URL, then ${defaultApiUrl})`,
  },
  {
    name: 'network',
    value: 'ETH|BSC',
    help: `chain named in the sign-in message (default ${defaultNetwork})`,
  },
  {
    name: 'deployment',
    value: 'local|production',
    help: 'local (default) signs with the local deployer key when OPERATOR_PRIVATE_KEY is unset',
  },
];

type Texts = Record<string, { title: string; body: string }>;

function textsFrom(options: Options): Texts {
  const texts: Texts = {};
  for (const lang of languages) {
    const title = options.optional(`title-${lang}`)?.trim() ?? '';
    const body = options.optional(`body-${lang}`)?.trim() ?? '';
    if (title === '' && body === '') continue;
    if (title === '') throw new UsageError(`--title-${lang} is missing (--body-${lang} is given)`);
    if (body === '') throw new UsageError(`--body-${lang} is missing (--title-${lang} is given)`);
    if (title.length > NOTICE_TITLE_MAX) {
      throw new UsageError(`--title-${lang} is longer than ${NOTICE_TITLE_MAX} characters`);
    }
    if (body.length > NOTICE_BODY_MAX) {
      throw new UsageError(`--body-${lang} is longer than ${NOTICE_BODY_MAX} characters`);
    }
    texts[lang] = { title, body };
  }
  if (!texts.en) throw new UsageError('--title-en and --body-en are required');
  return texts;
}

/** Key, server and sign-in chain of an admin command (settings errors before anything is sent). */
function adminTarget({ io, options }: CommandInput) {
  const target = targetFrom(options);
  return {
    api: apiUrlFrom(options.optional('api'), io.env),
    account: operatorAccount(target.deployment, io.env),
    chainId: target.network.chainId,
  };
}

async function withSession<T>(
  input: CommandInput,
  target: ReturnType<typeof adminTarget>,
  work: (session: AdminSession) => Promise<T>,
): Promise<T> {
  const session = await AdminSession.signIn(target.api, target.account, target.chainId);
  input.io.out(`signed in to ${target.api} as ${session.address}`);
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

const textOptions: OptionSpec[] = languages.flatMap((lang) => [
  {
    name: `title-${lang}`,
    value: 'text',
    help: lang === 'en' ? `title in English (required; ≤ ${NOTICE_TITLE_MAX} characters)` : '',
    hidden: lang !== 'en',
  },
  {
    name: `body-${lang}`,
    value: 'text',
    help: lang === 'en' ? `body in English (required; ≤ ${NOTICE_BODY_MAX} characters)` : '',
    hidden: lang !== 'en',
  },
]);

export const noticePost: Command = {
  name: 'notice:post',
  summary: 'publish an operator notice to every user (server admin API)',
  kind: 'api',
  options: [...textOptions, ...apiOptions],
  examples: [
    "notice:post --title-en 'Maintenance' --body-en 'The app is read-only on Sunday 10:00-11:00 UTC.'",
    "notice:post --api https://app.example.org --title-en 'New plan' --body-en '…' --title-fr 'Nouveau plan' --body-fr '…'",
  ],
  notes: [
    `Other languages: --title-<lang> and --body-<lang> together, <lang> one of ${languages.join(', ')}.`,
    'Users see the text in their language, else English. Texts are shown as plain text.',
  ],
  async run(input) {
    const texts = textsFrom(input.options);
    const target = adminTarget(input);
    input.io.out(
      [
        'Notice to publish (at once, to every user):',
        fields([
          ['server', target.api],
          ['from', target.account.address],
          ['languages', Object.keys(texts).join(', ')],
          ['title (en)', texts.en!.title],
          ['body (en)', texts.en!.body],
        ]),
        '',
      ].join('\n'),
    );
    await requireConfirmation(input.io, input.options.flag('yes'), 'Publish it?');
    const form: Record<string, string> = {};
    for (const [lang, text] of Object.entries(texts)) {
      form[`title_${lang}`] = text.title;
      form[`body_${lang}`] = text.body;
    }
    const created = await withSession(input, target, (session) =>
      session.post<{ id: number; publishedAt: string }>('/v1/admin/notice', form),
    );
    input.io.out(`published notice ${created.id} at ${created.publishedAt}`);
    return 0;
  },
};

export const noticeDelete: Command = {
  name: 'notice:delete',
  summary: 'hide an operator notice (timelock notices cannot be deleted)',
  kind: 'api',
  options: [{ name: 'id', value: 'id', help: 'the notice id' }, ...apiOptions],
  examples: ['notice:delete --id 12'],
  async run(input) {
    const id = parseCount(input.options.required('id'), '--id');
    if (id < 1n || id > 2_147_483_647n) throw new UsageError('--id must be 1..2147483647');
    const target = adminTarget(input);
    input.io.out(
      [
        'Notice to delete (hidden from every list):',
        fields([
          ['server', target.api],
          ['from', target.account.address],
          ['id', id.toString()],
        ]),
        '',
      ].join('\n'),
    );
    await requireConfirmation(input.io, input.options.flag('yes'), 'Delete it?');
    await withSession(input, target, (session) =>
      session.post('/v1/admin/notice/delete', { id: id.toString() }),
    );
    input.io.out(`deleted notice ${id}`);
    return 0;
  },
};
