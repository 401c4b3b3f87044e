import i18next from 'i18next';
import { defaultLanguage, type LanguageCode } from './languages';

/**
 * Translation outside React (API client, flows) and the active language, apart from index.ts so
 * that modules using them load in Node's unit tests too (index.ts needs Vite's import.meta.glob).
 */
let active: LanguageCode = defaultLanguage;

let markReady: () => void = () => {};
/** Resolves once i18next is initialised (i18n/index.ts); texts can be added only after that. */
export const i18nReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function markI18nReady(): void {
  markReady();
}

export function setActiveLanguage(code: LanguageCode): void {
  active = code;
}

export function currentLanguage(): LanguageCode {
  return active;
}

/** The text of `key` in the active language (the key itself before i18n has loaded). */
export const t = (key: string, options?: Record<string, unknown>): string =>
  i18next.isInitialized ? (i18next.t(key, options ?? {}) as string) : key;
