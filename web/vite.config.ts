import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// Relative, so Vite bundles it with the config (a linked package's .ts is not loaded by Node).
import { readDeploymentFile } from '../contracts/src/deployment-file.ts';
import { defaultNetwork, networks } from '../contracts/src/chains.ts';
import { localDeployments, productionDeployments } from '../contracts/generated/deployments.ts';
import {
  defaultLanguage,
  matchLanguage,
  matchLanguageAmong,
  rtlLanguages,
} from './src/i18n/languages.ts';
import { pickPart, type TextPart } from './src/i18n/parts.ts';
import { shellTapAttribute, shellWalletButton } from './src/shared/shellTap.ts';
import { storageKeys } from './src/shared/storage.ts';
import { PREFETCH_GLOBAL, symbolCallBody, symbolReadKey } from './src/shared/prefetch.ts';

const deployment = process.env.VITE_DEPLOYMENT === 'production' ? 'production' : 'local';
/**
 * DEPLOYMENT_FILE (production builds only): the production addresses come from the file
 * contracts/scripts/deploy-production.ts wrote, instead of the generated module's (the production
 * rehearsal builds the app this way against the chains it deployed to).
 */
const deploymentFile = process.env.DEPLOYMENT_FILE || undefined;
if (deploymentFile && deployment !== 'production') {
  throw new Error('DEPLOYMENT_FILE is only read with VITE_DEPLOYMENT=production');
}
const deploymentContracts = deploymentFile ? readDeploymentFile(deploymentFile) : null;
/** The contracts of this build, per chain id (the same table as src/shared/addresses.ts). */
const deployedContracts: Partial<Record<string, { rewardToken: string }>> =
  deploymentContracts ?? (deployment === 'production' ? productionDeployments : localDeployments);
/**
 * The standalone build (issue 18 §3, `npm run build:standalone`): relative asset paths, no boot
 * prefetch of /v1 and /rpc, no service worker, no compressed copies (a plain static host serves
 * the folder as it is).
 */
const standalone = process.env.VITE_STANDALONE === 'true';
/** Where index.html finds the build's files: the standalone folder works from any path. */
const base = standalone ? './' : '/';
/**
 * WalletConnect Cloud project id (issue 18 §6): with one, the connect popup offers WalletConnect,
 * whose code is a chunk of its own (src/features/wallet/connect/walletConnectOption.ts). Without one the
 * build holds no WalletConnect code: the id is a literal, so the chunk's import is dropped.
 */
const walletConnectProjectId = process.env.VITE_WALLETCONNECT_PROJECT_ID?.trim() ?? '';
if (walletConnectProjectId && !/^[\w-]{8,64}$/.test(walletConnectProjectId)) {
  throw new Error('VITE_WALLETCONNECT_PROJECT_ID is not a WalletConnect Cloud project id');
}
/** The module whose chunk is WalletConnect's (and, through it, WalletConnect's provider's). */
const WALLETCONNECT_MODULE = '/src/features/wallet/connect/walletConnect.ts';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Replaced at build time (also in the pre-rendered shell's render: `prerenderedShell`). */
const appDefines = {
  // So the local-only code (test wallet) is dropped from production builds.
  'import.meta.env.VITE_DEPLOYMENT': JSON.stringify(deployment),
  'import.meta.env.VITE_STANDALONE': JSON.stringify(standalone ? 'true' : 'false'),
  'import.meta.env.VITE_WALLETCONNECT_PROJECT_ID': JSON.stringify(walletConnectProjectId),
  'import.meta.env.VITE_DEPLOYMENT_CONTRACTS': JSON.stringify(
    deploymentContracts ? JSON.stringify(deploymentContracts) : '',
  ),
};
const appAliases = [
  // WalletConnect's modal is never used: src/features/wallet/connect/noWalletConnectModal.ts says why.
  {
    find: /^@reown\/appkit\/core$/,
    replacement: fileURLToPath(
      new URL('./src/features/wallet/connect/noWalletConnectModal.ts', import.meta.url),
    ),
  },
];

/** Files of public/ the offline shell also keeps (the manifest and its icons). */
const publicShellFiles = [
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-192.png',
  'icons/icon-maskable-512.png',
];

/**
 * `locales/<lang>.json?part=first|later`: that language's texts of one part (src/i18n/parts.ts), as
 * a module of its own, so each part is its own chunk.
 */
function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    async load(id) {
      const match = /^(.*\/locales\/[^/]+\.json)\?part=(first|later)$/.exec(id);
      if (!match) return null;
      const texts = JSON.parse(await readFile(match[1]!, 'utf8')) as Record<string, unknown>;
      this.addWatchFile(match[1]!);
      const json = JSON.stringify(pickPart(texts, match[2] as TextPart));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}

/**
 * Emits /sw.js (src/pwa/sw.template.js) with this build's precache list: index.html, every hashed
 * file under assets/, and the manifest with its icons. The version is a hash of that list (the
 * file names carry content hashes), so each deploy installs a new cache and drops the old one.
 */
function offlineShell(): Plugin {
  const template = fileURLToPath(new URL('./src/pwa/sw.template.js', import.meta.url));
  return {
    name: 'offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const onlyWalletConnect = walletConnectOnlyChunks(bundle);
      const hashed = Object.keys(bundle)
        .filter(
          (file) =>
            file.startsWith('assets/') && !file.endsWith('.map') && !onlyWalletConnect.has(file),
        )
        .sort();
      const precache = ['index.html', ...publicShellFiles, ...hashed];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(template, 'utf8')
        .replace('__VERSION__', version)
        .replace('self.__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * The chunks only WalletConnect needs (its chunk and what only it imports, statically or lazily):
 * left out of the offline shell's precache list, so installing the service worker does not fetch
 * several hundred KB that only a user who picks WalletConnect (and is online) ever runs.
 */
function walletConnectOnlyChunks(bundle: Record<string, { type: string }>): Set<string> {
  const chunks = Object.values(bundle).flatMap((c) =>
    c.type === 'chunk' ? [c as unknown as RolldownChunk] : [],
  );
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const reach = (from: string[], skip: string | undefined): Set<string> => {
    const seen = new Set<string>();
    const todo = [...from];
    while (todo.length) {
      const file = todo.pop()!;
      if (seen.has(file) || file === skip) continue;
      seen.add(file);
      const chunk = byFile.get(file);
      if (chunk) todo.push(...chunk.imports, ...chunk.dynamicImports);
    }
    return seen;
  };
  const walletConnect = chunks.find((c) => c.facadeModuleId?.endsWith(WALLETCONNECT_MODULE));
  if (!walletConnect) return new Set();
  const fromApp = reach(
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
    walletConnect.fileName,
  );
  return new Set([...reach([walletConnect.fileName], undefined)].filter((f) => !fromApp.has(f)));
}
type RolldownChunk = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

/**
 * With a WalletConnect project id, index.html says so in a <meta>: the server and nginx read it
 * (server/src/http/security-headers.ts) and let the page reach WalletConnect's relay. The policy
 * thus follows the build that is served, with no second setting to keep in step.
 */
function walletConnectMarker(): Plugin {
  return {
    name: 'walletconnect-marker',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        walletConnectProjectId
          ? html.replace('</title>', '</title>\n    <meta name="walletconnect" content="on" />')
          : html,
    },
  };
}

/**
 * Puts the app's one stylesheet into index.html as a <style>, so the first paint (the app shell in
 * index.html) waits for no second request. The file stays in the build for the offline shell's
 * precache list, which is made before index.html.
 */
function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\.?\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            return `<style>${String(asset.source)}</style>`;
          },
        );
      },
    },
  };
}

/** The first visit's page: the app opens at home ('/', also '/pages/index/index'; see routes.ts). */
const HOME_PAGE_MODULE = '/src/features/home/HomePage.tsx';
/** Home of the standalone build. */
const STANDALONE_HOME_PAGE_MODULE = '/src/features/standalone/StandaloneHomePage.tsx';
const homeHash = /^(#\/?(pages\/index\/index)?)?(\?.*)?$/;

/**
 * Starts, from index.html, the downloads the app would otherwise begin only after its entry script
 * ran: the language file the app will pick (stored choice, else the browser's language, else en;
 * the same rule as i18n/index.ts through `matchLanguageAmong`) and, when the page is home, the home
 * page's chunks and the two anonymous reads home shows (`/v1/index/config` and, on a network with
 * contracts, `/v1/index/home`; src/shared/prefetch.ts hands them to the app's first request of
 * the same URL). They then arrive with the entry instead of after it ran: the home page's largest
 * text paints with the first render that has data instead of one API round trip later.
 * It first sets `<html lang dir>` (the pre-rendered shell's direction and texts follow it). The
 * standalone build's boot script does only that (`withPrefetch: false`): it has no /v1 or /rpc.
 */
function bootPreload({ withPrefetch }: { withPrefetch: boolean }): Plugin {
  const chainIdByNetwork = Object.fromEntries(
    Object.entries(networks).map(([key, network]) => [key, network.chainId]),
  );
  // Per chain with contracts: home's read and the reward coin's symbol() (the price line names it).
  const chainReads = Object.fromEntries(
    Object.entries(deployedContracts).flatMap(([chainId, contracts]) =>
      contracts
        ? [
            [
              chainId,
              {
                home: `/v1/index/home?chain=${chainId}`,
                symbol: symbolReadKey(Number(chainId), contracts.rewardToken),
                symbolBody: symbolCallBody(contracts.rewardToken),
              },
            ],
          ]
        : [],
    ),
  );
  // Emitted in generateBundle (before the HTML is written) and referenced from index.html: a file,
  // not an inline <script>, so the Content-Security-Policy can forbid inline scripts
  // (server/src/http/security-headers.ts).
  let bootFile: string | undefined;
  return {
    name: 'boot-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      // (The home page's module may share a chunk with others: see the 'page-kit' group.)
      const {
        chunks,
        entry,
        page: home,
        files: homeFiles,
        // The home chunks' stylesheets: Vite's loader would fetch them only after the entry ran,
        // and holds the page's module until they arrive; one already in the document is not
        // fetched again.
        css: homeCss,
      } = pageBeyondEntry(bundle, HOME_PAGE_MODULE);
      if (!entry || (withPrefetch && !home))
        throw new Error('boot-preload: no entry or home page chunk');
      const localeFiles: Record<string, string> = {};
      for (const c of chunks) {
        const code = c.facadeModuleId?.match(
          /\/src\/i18n\/locales\/([\w-]+)\.json\?part=first$/,
        )?.[1];
        if (code) localeFiles[code] = `/${c.fileName}`;
      }
      const codes = Object.keys(localeFiles);
      // (The first part of the texts only: the later part loads with the wallet code.)
      // The inlined matcher must agree with the app's (a wrong guess would only waste a download).
      const inlined = new Function(
        `return ${matchLanguageAmong.toString()}`,
      )() as typeof matchLanguageAmong;
      for (const tag of ['en-US', 'zh-Hant-TW', 'zh-CN', 'fr-CA', 'ar', 'pt-BR', 'ja'])
        if (inlined(codes, tag) !== matchLanguage(tag))
          throw new Error(`boot-preload: inlined language match differs for ${tag}`);
      // <html lang dir> at once, before the body is parsed: the pre-rendered shell (English) then
      // lays out right to left for Arabic, and hides its English texts for any other language
      // (src/styles.css `[data-shell]`) until the app renders in the user's language. The shell
      // is home's: on another page only its top bar shows (`data-not-home`). A stored session
      // (`data-session`) keeps the anonymous shell's connect button and sign-in prompt unseen. A
      // tap on the shell's Connect is kept for the app to answer (src/shared/shellTap.ts).
      const language = `
    var match = ${matchLanguageAmong.toString()};
    var codes = ${JSON.stringify(codes)};
    var stored = null;
    try { stored = localStorage.getItem(${JSON.stringify(storageKeys.lang)}); } catch (e) {}
    var lang = match(codes, stored) || match(codes, navigator.language) || ${JSON.stringify(defaultLanguage)};
    document.documentElement.lang = lang;
    document.documentElement.dir = ${JSON.stringify(rtlLanguages)}.indexOf(lang) >= 0 ? 'rtl' : 'ltr';
    if (!${homeHash.toString()}.test(location.hash)) document.documentElement.setAttribute('data-not-home', '');
    try {
      if (localStorage.getItem(${JSON.stringify(storageKeys.token)})) document.documentElement.setAttribute('data-session', '');
    } catch (e) {}
    document.addEventListener('click', function (e) {
      var target = e.target;
      if (target && target.closest && target.closest(${JSON.stringify(shellWalletButton)}))
        document.documentElement.setAttribute(${JSON.stringify(shellTapAttribute)}, '');
    }, true);`;
      const prefetch = `
    var urls = [${JSON.stringify(localeFiles)}[lang]];
    var styles = [];
    if (${homeHash.toString()}.test(location.hash)) {
      urls = urls.concat(${JSON.stringify(homeFiles.map((f) => `/${f}`))});
      styles = ${JSON.stringify(homeCss.map((f) => `/${f}`))};
    }
    function add(rel, url) {
      if (!url) return;
      var link = document.createElement('link');
      link.rel = rel;
      if (rel === 'modulepreload') link.crossOrigin = '';
      link.href = url;
      document.head.appendChild(link);
    }
    urls.forEach(function (url) { add('modulepreload', url); });
    styles.forEach(function (url) { add('stylesheet', url); });
    var token = null;
    try { token = localStorage.getItem(${JSON.stringify(storageKeys.token)}); } catch (e) {}
    // Anonymous visits only: a signed-in home carries the Token (its own figures).
    if (${homeHash.toString()}.test(location.hash) && !token && window.fetch) {
      var network = null;
      try { network = localStorage.getItem(${JSON.stringify(storageKeys.networkType)}); } catch (e) {}
      var chains = ${JSON.stringify(chainIdByNetwork)};
      var chain = chains[network] || chains[${JSON.stringify(defaultNetwork)}];
      var prefetched = {};
      var read = function (key, url, init) {
        var response = fetch(url, init);
        response.catch(function () {});
        prefetched[key] = { at: Date.now(), response: response };
      };
      read('/v1/index/config', '/v1/index/config', { headers: { Lang: lang } });
      var onChain = ${JSON.stringify(chainReads)}[chain];
      if (onChain) {
        read(onChain.home, onChain.home, { headers: { Lang: lang } });
        read(onChain.symbol, '/rpc/' + chain, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: onChain.symbolBody
        });
      }
      window.${PREFETCH_GLOBAL} = prefetched;
    }`;
      const script = `(function () {
  try {${language}${withPrefetch ? prefetch : ''}
  } catch (e) {}
})();
`;
      const hash = createHash('sha256').update(script).digest('hex').slice(0, 8);
      bootFile = `assets/boot-${hash}.js`;
      this.emitFile({ type: 'asset', fileName: bootFile, source: script });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!bootFile) throw new Error('boot-preload: the boot script was not emitted');
        return html.replace('</title>', `</title>\n    <script src="${base}${bootFile}"></script>`);
      },
    },
  };
}

/**
 * For the shell's render: a component's stylesheet import loads nothing (the markup is what is
 * wanted; the build's own CSS reaches index.html through `inlineCss`).
 */
function noStylesheets(): Plugin {
  const empty = '\0shell-no-stylesheet';
  return {
    name: 'shell-no-stylesheets',
    enforce: 'pre',
    resolveId: (source) => (/\.css(\?.*)?$/.test(source) ? empty : null),
    load: (id) => (id === empty ? 'export {};' : null),
  };
}

/** index.html's #root holds this until the build puts the pre-rendered shell there. */
const SHELL_PLACEHOLDER = '<!--prerendered-shell-->';

/**
 * Issue 26 §1: index.html's #root holds the home page as a first visit sees it before its figures
 * arrive (src/shell/renderShell.tsx renders the app's own tree with React, in English, grey bars
 * where figures go), so the first and largest paint need no JavaScript. The app then renders over
 * it (main.tsx, once the page's code and the texts are in) with the same layout. Plain HTML, no
 * script: the Content-Security-Policy forbids inline scripts.
 */
function prerenderedShell(): Plugin {
  const webDir = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'prerendered-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!html.includes(SHELL_PLACEHOLDER))
          throw new Error(`prerendered-shell: index.html has no ${SHELL_PLACEHOLDER}`);
        if (!ctx.bundle) throw new Error('prerendered-shell: no bundle');
        const { module } = await runnerImport<typeof import('./src/shell/renderShell.tsx')>(
          join(webDir, 'src/shell/renderShell.tsx'),
          {
            configFile: false,
            root: webDir,
            logLevel: 'warn',
            plugins: [react(), localeParts(), noStylesheets()],
            define: appDefines,
            resolve: { alias: appAliases },
          },
        );
        // The home page's own stylesheets (its cards, list, operator sections) come with its chunk,
        // after the entry: inlined next to the app's (`inlineCss`), the shell is drawn as the app
        // draws it from the first paint, instead of changing when they arrive.
        const styles = shellPageCss(ctx.bundle)
          .map((css) => `<style>${css}</style>`)
          .join('');
        return html
          .replace(SHELL_PLACEHOLDER, module.shellHtml)
          .replace('</head>', `${styles}</head>`);
      },
    },
  };
}

/**
 * The bundle's chunks, its entry, the chunk holding the page module `pageModule`, the files that
 * page loads beyond what the entry already loaded (its chunk and the chunks it imports), and the
 * stylesheets those files import.
 */
function pageBeyondEntry(bundle: Record<string, { type: string }>, pageModule: string) {
  const chunks = Object.values(bundle).flatMap((c) =>
    c.type === 'chunk' ? [c as unknown as RolldownChunk & CssMetadata] : [],
  );
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const withImports = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) withImports(dep, seen);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const page = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(pageModule)));
  const loaded = entry ? withImports(entry.fileName) : new Set<string>();
  const files = page ? [...withImports(page.fileName)].filter((f) => !loaded.has(f)) : [];
  const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
  return { chunks, entry, page, files, css };
}

/** The stylesheets of home's page chunk and of the chunks it imports that the entry does not. */
function shellPageCss(bundle: Record<string, { type: string }>): string[] {
  const homeModule = standalone ? STANDALONE_HOME_PAGE_MODULE : HOME_PAGE_MODULE;
  const { entry, page, css: cssFiles } = pageBeyondEntry(bundle, homeModule);
  if (!entry || !page) throw new Error('prerendered-shell: no entry or home page chunk');
  return cssFiles.map((file) => {
    const asset = bundle[file] as { type: string; source?: string | Uint8Array } | undefined;
    if (asset?.type !== 'asset') throw new Error(`prerendered-shell: no stylesheet ${file}`);
    return String(asset.source);
  });
}
type CssMetadata = { moduleIds: string[]; viteMetadata?: { importedCss: Set<string> } };

/** Text files worth compressing, and the size under which a copy saves too little to matter. */
const compressible = /\.(html|js|css|json|svg|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy next to each text file of the build;
 * the server sends the one the browser accepts (server/src/http/static.ts, `preCompressed`). Done
 * once here at the highest levels instead of on every response.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
        compressible.test(file),
      );
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          if (body.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * docs/EXIT.md (how to leave without this site) next to index.html, in every build: the app links
 * it relatively (src/shared/deployment.ts `exitGuideHref`), so it opens wherever the app is served.
 */
function exitGuide(): Plugin {
  const source = fileURLToPath(new URL('../docs/EXIT.md', import.meta.url));
  return {
    name: 'exit-guide',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'EXIT.md', source: readFileSync(source, 'utf8') });
    },
  };
}

/** The standalone build's index.html names the manifest and icons relatively, like its assets. */
function relativeShellLinks(): Plugin {
  return {
    name: 'relative-shell-links',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/href="\/(manifest\.webmanifest|icons\/)/g, 'href="./$1'),
    },
  };
}

export default defineConfig({
  // The standalone folder works from any host and any path (hash routes, relative assets).
  base,
  // bootPreload before offlineShell: the boot script it emits is in the offline precache list.
  // The standalone build has no /v1 or /rpc to prefetch (its boot script only sets the language),
  // no service worker (its scope would be the
  // host's, not ours) and no compressed copies (a plain static host would not send them).
  plugins: standalone
    ? [
        react(),
        localeParts(),
        bootPreload({ withPrefetch: false }),
        prerenderedShell(),
        inlineCss(),
        relativeShellLinks(),
        exitGuide(),
        walletConnectMarker(),
      ]
    : [
        react(),
        localeParts(),
        walletConnectMarker(),
        bootPreload({ withPrefetch: true }),
        prerenderedShell(),
        offlineShell(),
        inlineCss(),
        precompress(),
        exitGuide(),
      ],
  resolve: { alias: appAliases },
  define: appDefines,
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/rpc': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/rpc': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: standalone ? 'dist-standalone' : 'dist',
    target: 'es2022',
    // No polyfill of <link rel="modulepreload"> in the entry (issue 26 §1, half a KB of the first
    // visit): every browser the es2022 target runs on preloads modules itself but Safari < 17,
    // where the only loss is that preloading (the chunks still load when imported).
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every module the entry imports statically in one file: the first visit loads them all
          // anyway, and as ~17 small shared chunks they cost a request each (a phone on HTTP/1.1
          // opens 6 connections per host, so they queued behind each other for several round trips).
          // The same for the small shared parts of the data pages (home's among them): one file.
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'page-kit',
              test: /[\\/]src[\\/](features[\\/]home[\\/](HomePage|OperatorContent)\.tsx|shared[\\/](ui[\\/](Card|DataViews|Amounts|LinkList|InfoNote)\.tsx|data[\\/](endpoints|query)\.ts))$/,
            },
          ],
        },
      },
    },
  },
});
