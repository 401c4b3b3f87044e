/**
 * The end-to-end stack: two fresh anvil chains (ids 1 and 56) on free ports with the contracts
 * deployed, the real server (fresh database) serving the production web build, and Chromium.
 * Everything is started per test file and torn down at the end; nothing uses the fixed ports of
 * `npm start`.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Chain,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '@app/contracts/chains';
import { localDeployerKey } from '@app/contracts/accounts';
import type { ChainDeployment } from '@app/contracts/generated';
import { deployLocal, startAnvil } from '@app/contracts/local';
import { startServer } from '../server/src/start.ts';
import { freshPgliteDir, freshPostgresDatabase } from '../server/src/testing/harness.ts';
import { chromiumArgs, chromiumPath, mobileViewport } from './browser.ts';
import { STEP_MS } from './app.ts';
import { artifactsDir, assertPrerequisites, webDist } from './preflight.ts';
import { installWallet, type WalletConfig, type WalletHandle } from './wallet/index.ts';

export { artifactsDir, e2eDir, repoDir, webDist } from './preflight.ts';

export const chainIds: SupportedChainId[] = [1, 56];

export interface LocalChain {
  chainId: SupportedChainId;
  rpcUrl: string;
  deployment: ChainDeployment;
  chain: Chain;
  client: PublicClient;
  /** The deployer (account 0): owner of the local USDC, can mint. */
  deployer: WalletClient;
  stop(): Promise<void>;
}

export interface Stack {
  chains: Record<SupportedChainId, LocalChain>;
  server: { url: string; port: number; close(): Promise<void> };
  browser: Browser;
  stop(): Promise<void>;
}

async function startChain(chainId: SupportedChainId): Promise<LocalChain> {
  const anvil = await startAnvil({ chainId, port: 0 });
  try {
    const deployment = await deployLocal({ rpcUrl: anvil.rpcUrl, chainId });
    const network = networkByChainId(chainId);
    if (!network) throw new Error(`unknown chain ${chainId}`);
    const chain = toViemChain(network, anvil.rpcUrl);
    return {
      chainId,
      rpcUrl: anvil.rpcUrl,
      deployment,
      chain,
      client: createPublicClient({ chain, transport: http(anvil.rpcUrl) }),
      deployer: createWalletClient({
        chain,
        transport: http(anvil.rpcUrl),
        account: privateKeyToAccount(localDeployerKey),
      }),
      stop: anvil.stop,
    };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

export interface StackOptions {
  /** Addresses allowed to use the server's /v1/admin routes (e.g. to post a notice). */
  adminAddresses?: string[];
  /** The server's limit on writes (mark read, admin) per IP and per address (default 60/min). */
  writeRateLimit?: { max: number; timeWindowMs: number };
}

/** Starts chains, server and browser. Call `stop()` in an `after` hook. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  assertPrerequisites();
  mkdirSync(artifactsDir, { recursive: true });
  const cleanups: Array<() => Promise<void>> = [];
  const stop = async () => {
    const errors: unknown[] = [];
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        errors.push(err);
      }
    }
    cleanups.length = 0;
    if (errors.length) throw new AggregateError(errors, 'e2e teardown failed');
  };
  try {
    const started = await Promise.allSettled(chainIds.map(startChain));
    for (const r of started) if (r.status === 'fulfilled') cleanups.push(r.value.stop);
    const [eth, bsc] = started.map((r) => {
      if (r.status === 'rejected') throw r.reason;
      return r.value;
    });
    if (!eth || !bsc) throw new Error('chains did not start');

    let database: { databaseUrl?: string; pgliteDir?: string };
    if (process.env.DATABASE_URL) {
      const pg = await freshPostgresDatabase('e2e');
      cleanups.push(pg.drop);
      database = { databaseUrl: pg.url };
    } else {
      // A copy of an initialised data directory: PGlite's initdb takes seconds per file (about 30 at
      // load 8), a copy milliseconds.
      const dir = await freshPgliteDir();
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      database = { pgliteDir: dir };
    }

    // Serve a snapshot of the build: a rebuild of web/dist while the suite runs (another engineer,
    // another step) would otherwise replace the hashed assets under the page's feet.
    const webSnapshot = mkdtempSync(join(tmpdir(), 'e2e-web-'));
    cleanups.push(async () => rmSync(webSnapshot, { recursive: true, force: true }));
    cpSync(webDist, webSnapshot, { recursive: true });

    const [server, browser] = await Promise.all([
      startServer({
        port: 0,
        host: '127.0.0.1',
        ...database,
        rpcUrls: { 1: eth.rpcUrl, 56: bsc.rpcUrl },
        deployment: 'local',
        webDist: webSnapshot,
        // What a test waits for is often the index catching up: look for new blocks every 0.25 s
        // rather than every second.
        indexerPollMs: 250,
        adminAddresses: options.adminAddresses,
        writeRateLimit: options.writeRateLimit,
      }).then((s) => {
        cleanups.push(() => s.close());
        return s;
      }),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }).then((b) => {
        cleanups.push(() => b.close());
        return b;
      }),
    ]);

    return { chains: { 1: eth, 56: bsc }, server, browser, stop };
  } catch (err) {
    await stop().catch(() => {});
    throw err;
  }
}

/** A browser page without a wallet: a context and page of their own, their console recorded. */
export interface PlainSession {
  context: BrowserContext;
  page: Page;
  /** Console messages, page errors and failed requests of this session, in order. */
  consoleLines: string[];
}

export interface AppSession extends PlainSession {
  wallet: WalletHandle;
}

/**
 * Records what the app shows only for a moment, so a test cannot miss one that came and went while
 * the machine was busy: the text of every toast (window.__e2eToasts), when each toast and notify
 * banner appeared and went (window.__e2eShown: { kind, text, shownAt, hiddenAt } in
 * performance.now() ms), and each text of the blocking busy views, the loading modal and the
 * transaction stages (window.__e2eBusy, in order, repeats collapsed).
 */
const uiRecorderScript = `(() => {
  const toasts = [];
  const shown = [];
  const busy = [];
  Object.defineProperty(window, '__e2eToasts', { value: toasts });
  Object.defineProperty(window, '__e2eShown', { value: shown });
  Object.defineProperty(window, '__e2eBusy', { value: busy });
  const kinds = [['toast', '.toast'], ['notify', '.notify']];
  const open = new Map();
  const scan = () => {
    const now = performance.now();
    for (const [kind, selector] of kinds) {
      const el = document.querySelector(selector);
      const current = open.get(kind);
      if (current && current.el !== el) {
        current.record.hiddenAt = now;
        open.delete(kind);
      }
      if (el && !open.has(kind)) {
        const record = { kind, text: el.textContent || '', shownAt: now, hiddenAt: null };
        shown.push(record);
        if (kind === 'toast') toasts.push(record.text);
        open.set(kind, { el, record });
      }
    }
    const dialog = document.querySelector('[role="dialog"][aria-busy="true"]');
    const label = dialog ? dialog.getAttribute('aria-label') || '' : null;
    if (label && busy[busy.length - 1] !== label) busy.push(label);
    if (!label && busy.length && busy[busy.length - 1] !== null) busy.push(null);
  };
  new MutationObserver(scan).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-label'],
  });
})();`;

/** A fresh browser context with the mobile viewport every test uses. */
function newMobileContext(stack: Stack, contextOptions: BrowserContextOptions) {
  return stack.browser.newContext({
    viewport: mobileViewport,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    ...contextOptions,
  });
}

/** Opens the context's page and records what its console says. */
async function openRecordedPage(context: BrowserContext): Promise<PlainSession> {
  const page = await context.newPage();
  const consoleLines: string[] = [];
  const stamp = () => new Date().toISOString().slice(11, 23);
  page.on('console', (m) => consoleLines.push(`${stamp()} [${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => consoleLines.push(`${stamp()} [pageerror] ${e.stack ?? e.message}`));
  page.on('requestfailed', (r) =>
    consoleLines.push(
      `${stamp()} [requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText}`,
    ),
  );
  // Navigations (reloads included) and page loads, so a failure's log shows where a click landed.
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) consoleLines.push(`${stamp()} [navigated] ${f.url()}`);
  });
  page.on('load', () => consoleLines.push(`${stamp()} [load]`));
  return { context, page, consoleLines };
}

/** Where a paused page clock starts (`SessionOptions.pausedClock`): any fixed date will do. */
export const PAUSED_CLOCK_START = Date.UTC(2026, 0, 1);

/** Browser-context options, plus what the harness does to the context before its page opens. */
export type SessionOptions = BrowserContextOptions & {
  /**
   * The page's clock (Date, timers, performance.now) stands still from the page's start (at most
   * 100 ms in) until the test moves it (`page.clock.runFor`, `resume`): an app time window that counts
   * from the page's start is then still open however long a busy machine took to load the page.
   */
  pausedClock?: boolean;
};

/** A fresh browser context (mobile viewport) with the test wallet installed, and one page. */
export async function openSession(
  stack: Stack,
  wallet: Omit<WalletConfig, 'rpcUrls'>,
  options: SessionOptions = {},
): Promise<AppSession> {
  const { pausedClock, ...contextOptions } = options;
  const context = await newMobileContext(stack, contextOptions);
  const handle = await installWallet(context, {
    rpcUrls: { 1: stack.chains[1].rpcUrl, 56: stack.chains[56].rpcUrl },
    ...wallet,
  });
  await context.addInitScript({ content: uiRecorderScript });
  if (pausedClock) {
    // Before any page exists, so every page replays both from its own start, whatever the delay.
    await context.clock.install({ time: PAUSED_CLOCK_START });
    await context.clock.pauseAt(PAUSED_CLOCK_START + 100);
  }
  const session = await openRecordedPage(context);
  const inFlight = new Set<Request>();
  session.page.on('request', (r) => inFlight.add(r));
  session.page.on('requestfinished', (r) => inFlight.delete(r));
  session.page.on('requestfailed', (r) => inFlight.delete(r));
  pendingRequests.set(session.page, inFlight);
  return { ...session, wallet: handle };
}

const pendingRequests = new WeakMap<Page, Set<Request>>();

/**
 * On a page whose clock stands still (`pausedClock`), moves the clock in steps of `stepMs` until
 * `locator` is visible, at most `maxMs` of page time. Before each step it waits until no request of
 * the page is in flight (a lazily loaded chunk, an API call), so the page time used depends on what
 * the page does, not on how fast the machine fetches and runs it. Returns the page time used.
 */
export async function advanceClockUntilVisible(
  page: Page,
  locator: Locator,
  maxMs: number,
  stepMs = 50,
): Promise<number> {
  const inFlight = pendingRequests.get(page);
  if (!inFlight) throw new Error('advanceClockUntilVisible: open the session with pausedClock');
  let used = 0;
  for (;;) {
    const settle = Date.now() + STEP_MS;
    while (inFlight.size > 0) {
      if (Date.now() > settle)
        throw new Error(
          `requests still in flight: ${[...inFlight].map((r) => r.url()).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await page.evaluate(() => 0); // a round trip: the page has run what the responses started
    if (await locator.isVisible()) return used;
    if (used >= maxMs) throw new Error(`not visible after ${used} ms of page time: ${locator}`);
    await page.clock.runFor(stepMs);
    used += stepMs;
  }
}

export function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Saves a screenshot, the console log and the wallet log of a failed scenario to e2e/artifacts/. */
export async function saveFailureArtifacts(
  name: string,
  session: PlainSession & { wallet?: WalletHandle },
): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const base = join(artifactsDir, `${slug(name)}-failure`);
  try {
    await session.page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 5000 });
  } catch (err) {
    session.consoleLines.push(`[harness] screenshot failed: ${String(err)}`);
  }
  // The toasts the app showed (the harness records each one), in order: what the user was told.
  const toasts = await session.page
    .evaluate(() => (window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? [])
    .catch(() => ['(page closed)']);
  session.consoleLines.push(`[harness] toasts shown: ${JSON.stringify(toasts)}`);
  writeFileSync(`${base}.console.log`, session.consoleLines.join('\n') + '\n');
  if (session.wallet) {
    writeFileSync(`${base}.wallet.json`, JSON.stringify(session.wallet.log, null, 2) + '\n');
  }
}

/**
 * Runs `fn` in a fresh session; on failure saves artifacts, and always closes the context.
 */
export async function withSession<T>(
  stack: Stack,
  name: string,
  wallet: Omit<WalletConfig, 'rpcUrls'>,
  fn: (session: AppSession) => Promise<T>,
  /**
   * e.g. `{ serviceWorkers: 'block' }` so that page.route sees the app's own requests, or
   * `{ pausedClock: true }`.
   */
  contextOptions?: SessionOptions,
): Promise<T> {
  const session = await openSession(stack, wallet, contextOptions);
  try {
    const result = await fn(session);
    if (process.env.E2E_KEEP_LOGS) {
      mkdirSync(artifactsDir, { recursive: true });
      const base = join(artifactsDir, slug(name));
      writeFileSync(`${base}.console.log`, session.consoleLines.join('\n') + '\n');
      writeFileSync(`${base}.wallet.json`, JSON.stringify(session.wallet.log, null, 2) + '\n');
    }
    return result;
  } catch (err) {
    await saveFailureArtifacts(name, session);
    throw err;
  } finally {
    await session.context.close();
  }
}

/**
 * Runs `fn` on a page with no wallet (a visitor, or a test of the app shell); on failure saves
 * artifacts, and always closes the context.
 */
export async function withPage<T>(
  stack: Stack,
  name: string,
  contextOptions: BrowserContextOptions,
  fn: (session: PlainSession) => Promise<T>,
): Promise<T> {
  const session = await openRecordedPage(await newMobileContext(stack, contextOptions));
  try {
    return await fn(session);
  } catch (err) {
    await saveFailureArtifacts(name, session);
    throw err;
  } finally {
    await session.context.close();
  }
}
