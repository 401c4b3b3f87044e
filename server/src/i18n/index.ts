import { catalogue, languages, type Lang, type MessageKey } from './messages.ts';

export { languages, type Lang, type MessageKey };

export const fallbackLang: Lang = 'en';

/**
 * The language of a `Lang` header value: exact tag case-insensitively ('zh-tw', 'ZH-TW'), '_' for
 * '-', then the primary subtag ('en-US' → en, any Chinese → zh-TW, the only Chinese we have).
 */
export function resolveLang(header: string | string[] | undefined): Lang {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim().replace(/_/g, '-').toLowerCase();
  if (!raw) return fallbackLang;
  const exact = languages.find((l) => l.toLowerCase() === raw);
  if (exact) return exact;
  const primary = raw.split('-')[0];
  if (primary === 'zh') return 'zh-TW';
  return languages.find((l) => l === primary) ?? fallbackLang;
}

export function t(lang: Lang, key: MessageKey, params?: Record<string, string>): string {
  let text = catalogue[lang][key] ?? catalogue[fallbackLang][key];
  for (const [name, value] of Object.entries(params ?? {})) {
    text = text.replaceAll(`{${name}}`, value);
  }
  return text;
}
