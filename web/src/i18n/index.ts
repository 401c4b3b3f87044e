import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from '../shared/storage';
import { defaultLanguage, matchLanguage, rtlLanguages, type LanguageCode } from './languages';
import { markI18nReady, setActiveLanguage } from './translate';

export { currentLanguage, t } from './translate';

// One chunk per language for the first part of its texts (./parts.ts); only the active one is
// fetched. The later part loads with the wallet code (./laterTexts.ts).
const firstParts = import.meta.glob<Record<string, unknown>>('./locales/*.json', {
  query: '?part=first',
  import: 'default',
});

function detectLanguage(): LanguageCode {
  return (
    matchLanguage(readStorage(storageKeys.lang)) ??
    matchLanguage(typeof navigator !== 'undefined' ? navigator.language : undefined) ??
    defaultLanguage
  );
}

/** Loads the active language's texts and sets <html lang dir>. Call once before rendering. */
export async function initI18n(): Promise<void> {
  const active = detectLanguage();
  setActiveLanguage(active);
  const load =
    firstParts[`./locales/${active}.json`] ?? firstParts[`./locales/${defaultLanguage}.json`];
  const translation = load ? await load() : {};
  await i18next.use(initReactI18next).init({
    lng: active,
    fallbackLng: defaultLanguage,
    resources: { [active]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  markI18nReady();
  document.documentElement.lang = active;
  document.documentElement.dir = rtlLanguages.includes(active) ? 'rtl' : 'ltr';
}

/** Saves the language, relaunches at the index page and reloads (spec §2). */
export function changeLanguage(code: LanguageCode): void {
  writeStorage(storageKeys.lang, code);
  window.location.replace(`${window.location.pathname}${window.location.search}#/`);
  window.location.reload();
}
