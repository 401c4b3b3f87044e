/**
 * Component tests' setup: i18next with every English text (the app loads them in two parts; a test
 * wants them all at once), each test's rendering removed after it, and no network: a request is
 * refused and fails the test that tried it, so no test depends on a server or waits for one (a
 * chain read a test did not pre-fill would otherwise go to happy-dom's localhost:3000).
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

const tried: string[] = [];
const refuse = (input: RequestInfo | URL): Promise<Response> => {
  tried.push(input instanceof Request ? input.url : String(input));
  return Promise.reject(new TypeError('component tests send no request'));
};
globalThis.fetch = refuse;
window.fetch = refuse;

afterEach(() => {
  cleanup();
  const sent = tried.splice(0);
  if (sent.length > 0)
    throw new Error(`tried the network (pre-fill the query instead): ${sent.join(', ')}`);
});
