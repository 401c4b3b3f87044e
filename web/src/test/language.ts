/**
 * The app in another language, as a reload with that language chosen shows it (i18n/index.ts):
 * its texts, numbers written its way, and <html lang dir> (Arabic right to left). Only Arabic is
 * loaded: the one right-to-left language, where the layout of amounts and addresses can break.
 */
import i18next from 'i18next';
import ar from '../i18n/locales/ar.json';

async function show(language: string): Promise<void> {
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = i18next.dir(language);
}

export async function inArabic(): Promise<void> {
  if (!i18next.hasResourceBundle('ar', 'translation'))
    i18next.addResourceBundle('ar', 'translation', ar);
  await show('ar');
}

export const inEnglish = (): Promise<void> => show('en');
