/**
 * Every locale has exactly en's keys, the same {{placeholders}} and no empty text.
 * Run: npm run check:i18n -w web
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'src', 'i18n', 'locales');
const flat = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([key, value]) =>
    typeof value === 'object' ? flat(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
const load = (file) => new Map(flat(JSON.parse(readFileSync(join(dir, file), 'utf8'))));
const placeholders = (text) => (text.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');

const en = load('en.json');
let problems = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'en.json')) {
  const other = load(file);
  for (const [key, text] of en) {
    const value = other.get(key);
    if (typeof value !== 'string' || value.trim() === '') {
      console.error(`${file}: missing ${key}`);
      problems++;
    } else if (placeholders(value) !== placeholders(text)) {
      console.error(`${file}: placeholders of ${key} differ from en`);
      problems++;
    }
  }
  for (const key of other.keys()) {
    if (!en.has(key)) {
      console.error(`${file}: unknown key ${key}`);
      problems++;
    }
  }
}
if (problems) process.exit(1);
console.log(`locales ok (${en.size} keys)`);
