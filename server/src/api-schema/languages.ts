/**
 * The app's interface languages and the one rule that maps a language tag to one of them, used by
 * the server (the `Lang` header) and the web app (stored choice, browser languages, and the boot
 * script the build inlines). Dependency-free, so the web app can bundle it.
 */
export const languages = ['en', 'zh-TW', 'ja', 'ru', 'ko', 'es', 'vi', 'ar', 'fr', 'th'] as const;
export type Lang = (typeof languages)[number];

/**
 * The supported code a tag names, or undefined: exact tag case-insensitively ('zh-tw', 'ZH_TW'),
 * then the primary subtag ('fr-CA' → fr). Chinese is zh-TW only when the tag does not ask for
 * Simplified Chinese ('zh-CN', 'zh-Hans' match nothing: Traditional is not what they read).
 * It uses no outside name, so the web build can inline its source into index.html.
 */
export function matchLanguageAmong(
  codes: readonly string[],
  tag: string | null | undefined,
): string | undefined {
  const lower = tag?.trim().replace(/_/g, '-').toLowerCase();
  if (!lower) return undefined;
  const exact = codes.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  if (lower.startsWith('zh'))
    return lower.includes('cn') || lower.includes('hans') ? undefined : 'zh-TW';
  const base = lower.split('-')[0];
  return codes.find((code) => code === base);
}

/** matchLanguageAmong over the app's languages. */
export const matchLanguage = (tag: string | null | undefined): Lang | undefined =>
  matchLanguageAmong(languages, tag) as Lang | undefined;
