/** The ten interface languages, shown by their native names. */
export const languages = [
  { code: 'en', name: 'English' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'ja', name: '日本語' },
  { code: 'ru', name: 'Русский' },
  { code: 'ko', name: '한국어' },
  { code: 'es', name: 'Español' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'ar', name: 'العربية' },
  { code: 'fr', name: 'Français' },
  { code: 'th', name: 'ไทย' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const defaultLanguage: LanguageCode = 'en';
export const rtlLanguages: readonly LanguageCode[] = ['ar'];

/** Maps a stored or browser language tag ('zh-tw', 'zh-Hant-TW', 'fr-CA') to a supported code. */
export function matchLanguage(tag: string | null | undefined): LanguageCode | undefined {
  return matchLanguageAmong(
    languages.map((l) => l.code),
    tag,
  ) as LanguageCode | undefined;
}

/**
 * matchLanguage's rule over a list of codes. It uses no outside name, so the build can also put its
 * source into index.html, where it picks the language file to preload before the app's scripts run
 * (vite.config.ts `bootPreload`).
 */
export function matchLanguageAmong(
  codes: readonly string[],
  tag: string | null | undefined,
): string | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  const exact = codes.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  if (lower.startsWith('zh'))
    return lower.includes('cn') || lower.includes('hans') ? undefined : 'zh-TW';
  const base = lower.split('-')[0];
  return codes.find((code) => code === base);
}
