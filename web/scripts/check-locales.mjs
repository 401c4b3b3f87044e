/**
 * Every locale has exactly en's keys, the same {{placeholders}}, no empty text and no English left
 * in place (rules and allowlists: locale-rules.mjs).
 * Run: npm run check:i18n -w web
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLocales, flatten } from './locale-rules.mjs';

const dir = join(import.meta.dirname, '..', 'src', 'i18n', 'locales');
const load = (file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));

const en = load('en.json');
const locales = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'en.json')
    .map((f) => [f.replace(/\.json$/, ''), load(f)]),
);
const problems = checkLocales(en, locales);
for (const line of problems) console.error(line);
if (problems.length) {
  console.error(`${problems.length} locale problem(s)`);
  process.exit(1);
}
console.log(
  `locales ok (${flatten(en).length} keys × ${Object.keys(locales).length + 1} languages)`,
);
