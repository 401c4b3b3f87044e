/**
 * Component tests' setup: every English text (the app loads them in two parts; a test
 * wants them all at once), and each test's rendering removed after it.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addTexts } from '../i18n/translate';
import en from '../i18n/locales/en.json';

addTexts(en);

afterEach(() => cleanup());
