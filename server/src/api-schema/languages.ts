/**
 * The app's interface languages and the one rule that maps a language tag to one of them, used by
 * the server (the `Lang` header) and the web app (stored choice, browser languages).
 */
export const languages = ['en', 'zh-TW', 'ja', 'ru', 'ko', 'es', 'vi', 'ar', 'fr', 'th'] as const;
export type Lang = (typeof languages)[number];
