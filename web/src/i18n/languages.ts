/**
 * The ten interface languages, shown by their native names. The list and the rule that matches a
 * tag to one of them are the server's too (server/src/api-schema/languages.ts), so both pick the
 * same language. A relative path, not the package name: vite.config.ts loads this file through a
 * bundler that inlines relative imports only, and Node cannot load the package's .ts source.
 */
import { languages as codes, type Lang } from '../../../server/src/api-schema/languages.ts';

export { matchLanguage, matchLanguageAmong } from '../../../server/src/api-schema/languages.ts';

const names: Record<Lang, string> = {
  en: 'English',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ru: 'Русский',
  ko: '한국어',
  es: 'Español',
  vi: 'Tiếng Việt',
  ar: 'العربية',
  fr: 'Français',
  th: 'ไทย',
};

export const languages = codes.map((code) => ({ code, name: names[code] }));

export type LanguageCode = Lang;

export const defaultLanguage: LanguageCode = 'en';
export const rtlLanguages: readonly LanguageCode[] = ['ar'];
