import { matchLanguage } from '../api-schema/languages.ts';
import { catalogue, languages, type Lang, type MessageKey } from './messages.ts';

export { languages, type Lang, type MessageKey };

export const fallbackLang: Lang = 'en';

/** The language of a `Lang` header value, by the rule the web app uses too; else en. */
export function resolveLang(header: string | string[] | undefined): Lang {
  return matchLanguage(Array.isArray(header) ? header[0] : header) ?? fallbackLang;
}

export function t(lang: Lang, key: MessageKey, params?: Record<string, string>): string {
  let text = catalogue[lang][key] ?? catalogue[fallbackLang][key];
  for (const [name, value] of Object.entries(params ?? {})) {
    text = text.replaceAll(`{${name}}`, value);
  }
  return text;
}
