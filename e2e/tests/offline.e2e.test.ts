/**
 * Installable and offline: the web manifest and its icons are served and valid, the service worker
 * activates and keeps the app shell, and with the network gone a reload still shows the app with
 * the no-network view, which goes away by itself when the network is back. A page whose code fails
 * to load shows Retry, and Retry loads it; a slow one shows its loading view after 200 ms. A chain
 * read that fails in the middle of a flow says 'Query failed' and leaves no loading view behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localAccounts } from '@app/contracts/accounts';
import {
  assertNothingSent,
  busyViewShown,
  expectToast,
  holdPageClock,
  openApp,
  openServe,
  pressStake,
  STEP_MS,
  toastMark,
} from '../app.ts';
import { startStack, withPage, withSession, type Stack } from '../harness.ts';

const account = localAccounts[6]!.address;
/** Page time the slow-page scenario gives the loading view before it fails. */
const CHUNK_WAIT_MS = 1500;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  assert.equal(bytes.subarray(1, 4).toString('ascii'), 'PNG', 'a PNG file');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('installable app with an offline shell', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('the web manifest and its icons are served and valid', async () => {
    const html = await (await fetch(`${stack.server.url}/`)).text();
    assert.match(html, /<link rel="manifest" href="\/manifest.webmanifest"/);
    const response = await fetch(`${stack.server.url}/manifest.webmanifest`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/(manifest\+)?json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    assert.equal(manifest.name, 'Honest Stake');
    assert.ok(
      manifest.short_name && manifest.short_name.length <= 12,
      'short_name fits a home screen',
    );
    assert.equal(manifest.start_url, './#/');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.theme_color, '#0b1733');
    assert.equal(manifest.background_color, '#0b1733');
    for (const [size, purpose] of [
      [192, 'any'],
      [512, 'any'],
      [192, 'maskable'],
      [512, 'maskable'],
    ] as const) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any').split(' ').includes(purpose),
      );
      assert.ok(icon, `a ${size}px ${purpose} icon`);
      assert.equal(icon.type, 'image/png');
      const file = await fetch(new URL(icon.src, `${stack.server.url}/manifest.webmanifest`));
      assert.equal(file.status, 200, icon.src);
      assert.deepEqual(pngSize(Buffer.from(await file.arrayBuffer())), {
        width: size,
        height: size,
      });
    }
  });

  test('the service worker activates; offline, a reload shows the shell and the no-network view', async () => {
    await withSession(stack, 'offline shell', { account, initialChainId: 1 }, async (s) => {
      const { page, context } = s;
      await openApp(page, stack.server.url);
      // Registered after load; installing caches the build, then it activates.
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        const worker = registration.active;
        if (worker && worker.state !== 'activated')
          await new Promise<void>((resolve) => {
            worker.addEventListener('statechange', () => {
              if (worker.state === 'activated') resolve();
            });
          });
        return { state: worker?.state, script: worker?.scriptURL };
      });
      assert.equal(state.state, 'activated');
      assert.match(state.script ?? '', /\/sw\.js$/);
      // The shell is cached: index.html and the page's entry script.
      const cached = await page.evaluate(async () => {
        const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
        const names = await caches.keys();
        const shell = names.find((n) => n.startsWith('app-shell-'));
        if (!shell) return { names, index: false, entry: false };
        const cache = await caches.open(shell);
        return {
          names,
          index: Boolean(await cache.match(new URL('/index.html', location.href).href)),
          entry: Boolean(entry && (await cache.match(entry))),
        };
      });
      assert.ok(cached.index && cached.entry, `app shell cached: ${JSON.stringify(cached)}`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: STEP_MS,
      });

      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('wallet-button').waitFor({ timeout: STEP_MS });
      const view = page.getByTestId('no-network');
      await view.waitFor({ timeout: STEP_MS });
      assert.match(await view.innerText(), /Network signal lost/);
      await view.getByRole('button', { name: 'Retry' }).click();
      assert.ok(await view.isVisible(), 'still offline: the view stays');

      await context.setOffline(false);
      await view.waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
    });
  });

  test('the chain proxy unreachable: the no-network view, and Retry brings the page back', async () => {
    // No service worker, so the route sees the page's own /rpc requests.
    await withPage(stack, 'rpc unreachable', { serviceWorkers: 'block' }, async ({ page }) => {
      await page.route(/\/rpc\/\d+$/, (route) => route.abort('connectionrefused'));
      await openApp(page, stack.server.url, '/pages/serve/serve');
      const view = page.getByTestId('no-network');
      await view.waitFor({ timeout: STEP_MS });
      assert.match(await view.innerText(), /Network signal lost/);
      await page.unroute(/\/rpc\/\d+$/);
      // A query's own retry may get through first and close the view; otherwise Retry does.
      await view
        .getByRole('button', { name: 'Retry' })
        .click({ timeout: 5000 })
        .catch(() => undefined);
      await view.waitFor({ state: 'detached', timeout: STEP_MS });
      // The plans' chips: native radios in a fieldset named by its legend (a group).
      await page.getByRole('group', { name: 'Subscription plans' }).waitFor({ timeout: STEP_MS });
    });
  });

  test('a page whose code fails to load shows Retry, and Retry loads it', async () => {
    // No service worker here: the failed chunk must come from the network.
    await withPage(stack, 'chunk retry', { serviceWorkers: 'block' }, async ({ page }) => {
      // The network fails the page's code until Retry: every fetch of it (the page's CSS makes
      // Vite preload the chunk as well as import it, so the first fetch alone is not the import).
      let offline = true;
      let fetches = 0;
      await page.route(/\/assets\/ExchangePage-[^/]+\.js$/, (route) => {
        fetches++;
        return offline ? route.abort('internetdisconnected') : route.continue();
      });
      await openApp(page, stack.server.url, '/pages/exchange/exchange');
      const failed = page.getByTestId('page-load-failed');
      await failed.waitFor({ timeout: STEP_MS });
      assert.match(await failed.innerText(), /This page could not be loaded/);
      const failedFetches = fetches;
      offline = false;
      await failed.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Exchange ratio' }).waitFor({ timeout: STEP_MS });
      assert.equal(await failed.count(), 0);
      assert.ok(fetches > failedFetches, 'Retry fetched the page again');
    });
  });

  test('a slow page shows "Loading" only after 200 ms, while its code is on the way', async () => {
    await withPage(stack, 'slow page', { serviceWorkers: 'block' }, async ({ page }) => {
      // The page's code is held until the test lets it through, and the page's clock is held: the
      // 200 ms are counted in page time, which only the test moves (a busy machine changes nothing).
      let releaseChunk!: () => void;
      const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
      let chunkAsked!: () => void;
      const chunkRequested = new Promise<void>((resolve) => (chunkAsked = resolve));
      await page.route(/\/assets\/ExchangePage-[^/]+\.js$/, async (route) => {
        chunkAsked();
        await chunkHeld;
        await route.continue();
      });
      await openApp(page, stack.server.url);
      // Home's own code has arrived (its loading view would otherwise still be counting).
      await page.getByTestId('connect-prompt').waitFor({ timeout: STEP_MS });
      await holdPageClock(page);
      const startedAt = await page.evaluate(() => {
        window.location.hash = '#/pages/exchange/exchange';
        return performance.now();
      });
      await chunkRequested;
      const spinner = page.locator('.inline-loading');
      // Page time moves 10 ms at a time until the loading view is there.
      let shownAt: number | null = null;
      while (shownAt === null) {
        await page.evaluate(() => 0); // the page has run what was due
        const now = await page.evaluate(() => performance.now());
        if ((await spinner.count()) > 0) shownAt = now;
        else if (now - startedAt > CHUNK_WAIT_MS) assert.fail(`no loading view after ${now} ms`);
        else await page.clock.runFor(10);
      }
      assert.equal((await spinner.innerText()).trim(), 'Loading');
      const shownAfter = shownAt - startedAt;
      assert.ok(
        shownAfter >= 200 && shownAfter <= 250,
        `the loading view appeared after ${shownAfter} ms of page time (spec: a 200 ms delay)`,
      );
      releaseChunk();
      await page.clock.resume();
      await page.getByRole('heading', { name: 'Exchange ratio' }).waitFor({ timeout: STEP_MS });
    });
  });

  test("the chain cannot be read when Stake needs it: 'Query failed', no loading view left, nothing sent", async () => {
    const user = localAccounts[7]!.address;
    await withSession(
      stack,
      'query failed',
      { account: user, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openServe(page, stack.server.url, user);
        // Neither our /rpc nor the wallet's own node answers (reads fall back to the wallet).
        await page.route(/\/rpc\/\d+$/, (route) => route.abort('connectionrefused'));
        await page.evaluate(() =>
          (
            window as unknown as { __e2eWallet: { nodeDown(down: boolean): void } }
          ).__e2eWallet.nodeDown(true),
        );
        const since = wallet.log.length;
        const mark = await toastMark(page);
        await pressStake(page, '150');
        await expectToast(page, 'Query failed', STEP_MS, mark);
        assert.equal(await busyViewShown(page), false, 'the Querying view is gone');
        await assertNothingSent(page, wallet, since);
        await page.unroute(/\/rpc\/\d+$/);
        await page.evaluate(() =>
          (
            window as unknown as { __e2eWallet: { nodeDown(down: boolean): void } }
          ).__e2eWallet.nodeDown(false),
        );
      },
      // No service worker: page.route must see the app's own /rpc requests.
      { serviceWorkers: 'block' },
    );
  });
});
