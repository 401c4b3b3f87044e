/**
 * Build time only (vite.config.ts `prerenderedShell` loads this through Vite's module runner): the
 * home page as a first, anonymous visit sees it before any figure arrived — top bar, cards with
 * their labels, grey bars where the figures go, tab bar — rendered by React from the app's own
 * tree (app/Root.tsx) in English, for index.html. The browser paints it before any script ran (the
 * largest paint does not wait for the JavaScript); main.tsx then renders the same tree over it.
 */
import { QueryClient } from '@tanstack/react-query';
import { Window } from 'happy-dom';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/locales/en.json';
import { setActiveLanguage } from '../i18n/translate';

/** The shell's language when no script ran (the boot script hides its texts for the others). */
export const shellLanguage = 'en';

/** The attribute on the shell's top element: index.html's CSS and the tests find the shell by it. */
export const shellAttribute = 'data-shell';

/** Browser globals the app's modules and hooks read (location, storage, navigator). */
const browserGlobals = ['window', 'document', 'navigator', 'localStorage', 'location', 'history'];

async function renderShell(): Promise<string> {
  // A fresh browser-like window at `/#/`: no stored session, language or network (a first visit).
  const window = new Window({ url: 'https://shell.invalid/#/' });
  const saved = browserGlobals.map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const name of browserGlobals)
    Object.defineProperty(globalThis, name, {
      value: name === 'window' ? window : window[name as keyof Window],
      configurable: true,
      writable: true,
    });
  try {
    setActiveLanguage(shellLanguage);
    // i18next as i18n/index.ts starts it, with every English text (both parts): the standalone
    // build's home shows texts of the later part.
    await i18next.use(initReactI18next).init({
      lng: shellLanguage,
      resources: { [shellLanguage]: { translation: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    // Imported only now: their modules read the globals above when they load.
    const [{ Root }, { routes, lazyPage }, { standalone }] = await Promise.all([
      import('../app/Root'),
      import('../app/routes'),
      import('../shared/deployment'),
    ]);
    if (standalone) {
      // The standalone home loads the wallet code with its page in the browser; here only the
      // page is wanted (nothing of the wallet renders before a user acts).
      const home = lazyPage(() => import('../features/standalone/StandaloneHomePage'));
      routes['/']!.component = home;
    }
    // Loaded before rendering, so the page renders itself rather than a Suspense fallback.
    await routes['/']!.component.preload();
    const html = renderToString(<Root queryClient={new QueryClient()} />);
    if (!html.startsWith('<div class="app'))
      throw new Error(`prerendered shell: unexpected start ${html.slice(0, 60)}`);
    // No <script> may come with it (the CSP forbids inline scripts), nor a style attribute (its
    // style-src allows only the hashed <style> of index.html: the browser would drop it, and the
    // shell would not look as the app does). A client-rendered Suspense boundary, <!--$!-->,
    // would mean a part of the page is missing.
    if (/<script|\sstyle="|<!--\$!-->/.test(html))
      throw new Error('prerendered shell: a script, a style attribute or a Suspense fallback');
    return html.replace('<div class="app', `<div ${shellAttribute}="" class="app`);
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
    await window.happyDOM.close();
  }
}

/**
 * Rendered while this module loads: Vite's module runner (`runnerImport`) closes once the import
 * has finished, and the app's modules (and its lazy page) are imported on the way.
 */
export const shellHtml = await renderShell();
