/**
 * Operator content items (FAQ, project features, partners): what an admin may store per language.
 * Strict: every item is an object with exactly the known fields, strings of bounded length; a URL
 * is http(s). Anything else is refused, so the web app never receives a shape it does not know.
 */
import type { ContentKey } from '../db/queries/content.ts';

interface FieldSpec {
  required: boolean;
  maxLength: number;
  url?: boolean;
}

export const itemFields: Record<ContentKey, Record<string, FieldSpec>> = {
  faq: {
    question: { required: true, maxLength: 300 },
    answer: { required: true, maxLength: 3000 },
  },
  features: {
    title: { required: true, maxLength: 200 },
    body: { required: true, maxLength: 1000 },
  },
  partners: {
    name: { required: true, maxLength: 100 },
    url: { required: false, maxLength: 500, url: true },
    logo: { required: false, maxLength: 500, url: true },
  },
};

/** Most items per key and language. */
export const MAX_ITEMS = 50;

const isHttpUrl = (value: string): boolean => {
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Parses one language's JSON text into items; null when it is not a valid list for `key`. */
export function parseItems(key: ContentKey, json: string): Record<string, string>[] | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > MAX_ITEMS) return null;
  const spec = itemFields[key];
  const items: Record<string, string>[] = [];
  for (const raw of value) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const obj = raw as Record<string, unknown>;
    if (Object.keys(obj).some((k) => !Object.hasOwn(spec, k))) return null;
    const item: Record<string, string> = {};
    for (const [name, f] of Object.entries(spec)) {
      const v = obj[name];
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        if (f.required) return null;
        continue;
      }
      if (typeof v !== 'string' || v.length > f.maxLength) return null;
      if (f.url && !isHttpUrl(v)) return null;
      item[name] = v.trim();
    }
    items.push(item);
  }
  return items;
}
