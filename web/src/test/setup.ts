/**
 * Component tests' setup: i18next with every English text (the app loads them in two parts; a test
 * wants them all at once), and each test's rendering removed after it.
 */
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../i18n/locales/en.json';

await i18next.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

afterEach(() => cleanup());
