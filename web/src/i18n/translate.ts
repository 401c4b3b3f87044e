import { defaultLanguage, rtlLanguages, type LanguageCode } from './languages';

/**
 * The app's translator: the active language's texts and `t`, in and outside React (API client,
 * flows). A few lines instead of i18next and react-i18next (about 16 KB gzip of the first visit's
 * JavaScript, issue 26 §1): the app uses only a lookup of dotted keys and `{{name}}` values (no
 * plurals, nesting or formatters; web/scripts/locale-rules.mjs checks the files), and changes its
 * language by reloading (i18n/index.ts `changeLanguage`). Apart from index.ts so that modules
 * using it load in Node's unit tests too (index.ts needs Vite's import.meta.glob).
 */
type Texts = { [key: string]: unknown };

let active: LanguageCode = defaultLanguage;
let texts: Texts = {};

let markReady: () => void = () => {};
/** Resolves once the first texts are in (i18n/index.ts); the later part is added after that. */
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

/** Adds texts of the active language (a part of its file: i18n/parts.ts); nested objects merge. */
export function addTexts(more: Texts): void {
  texts = merge(texts, more);
}

function merge(into: Texts, more: Texts): Texts {
  const out: Texts = { ...into };
  for (const [key, value] of Object.entries(more)) {
    const old = out[key];
    out[key] = isTexts(old) && isTexts(value) ? merge(old, value) : value;
  }
  return out;
}

const isTexts = (value: unknown): value is Texts =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The text of `key` (dotted: `home.pool`) in the active language with its `{{name}}` values
 * filled in; the key itself when there is no such text (as before the texts loaded).
 */
export function t(key: string, values?: Record<string, unknown>): string {
  let node: unknown = texts;
  for (const part of key.split('.')) node = isTexts(node) ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  if (!values) return node;
  // (As i18next did: a value given as undefined or null writes nothing; one not given stays.)
  return node.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name] ?? '') : whole,
  );
}

export type TFunction = typeof t;

/** The active language as components read it (the shape react-i18next's `i18n` had). */
export const i18n = {
  get language(): LanguageCode {
    return active;
  },
  dir: (): 'rtl' | 'ltr' => (rtlLanguages.includes(active) ? 'rtl' : 'ltr'),
};

const translation = { t, i18n };

/**
 * Texts in components. The language never changes while the app runs (a change reloads it) and
 * texts a page needs are in before it renders (features/wallet/runtime/loadRuntime.ts), so there is
 * nothing to subscribe to.
 */
export function useTranslation(): typeof translation {
  return translation;
}
