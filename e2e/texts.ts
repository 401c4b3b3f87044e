/** The app's own texts (web/src/i18n/locales), so a test reads what users of that language read. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoDir } from './harness.ts';

const loaded = new Map<string, Record<string, unknown>>();

/** The text of `key` (dotted path, e.g. 'serve.stakeNow') in `lang`; fails when there is none. */
export function appText(lang: string, key: string): string {
  let locale = loaded.get(lang);
  if (!locale) {
    locale = JSON.parse(
      readFileSync(join(repoDir, 'web', 'src', 'i18n', 'locales', `${lang}.json`), 'utf8'),
    ) as Record<string, unknown>;
    loaded.set(lang, locale);
  }
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);
  assert.equal(typeof value, 'string', `no ${lang} text for ${key}`);
  return value as string;
}
