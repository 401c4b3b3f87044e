/**
 * Issue 26 §1: a first visit paints the home page from the HTML itself. The server's index.html
 * holds the home page's shell (top bar, the cards and their labels, grey bars where figures go, the
 * tab bar), rendered at build time from the app's own components (web/src/shell/renderShell.tsx):
 * - with JavaScript off, a reader finds the same headings and labels the app shows once it runs
 *   (the shell cannot drift from the app), and the page holds no inline script (CSP);
 * - the first largest paint is the shell's, before the app's script has even arrived (only a
 *   figure the data brings, the price line, may be drawn larger later);
 * - when the app renders over the shell and its figures fill in, nothing moves: the layout shift
 *   stays within 0.02, in English and in Arabic (right to left);
 * - before the app runs, Arabic is already laid out right to left, and no English text shows for
 *   a language other than English (the shell's texts wait, invisible, for the app's); on another
 *   page than home only the shell's top bar shows;
 * - a tap on the shell's Connect wallet before the app runs is not lost: the popup opens when the
 *   app has rendered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { STEP_MS } from '../app.ts';
import { stakeAs } from '../chain.ts';
import { waitForIndexer } from '../data.ts';
import { startStack, withPage, type Stack } from '../harness.ts';
import { appText } from '../texts.ts';

/** The app's entry script (index.html's module script): held back or refused by some tests. */
const entryScript = /\/assets\/index-[\w-]+\.js$/;

/** The headings and labels of the home page as a reader finds them, in document order. */
function homeLabels(page: Page): Promise<string[]> {
  return page
    .locator('#root')
    .evaluate((root) =>
      [...root.querySelectorAll('h2, dt, .tabbar__item span')].map(
        (el) => el.textContent?.trim() ?? '',
      ),
    );
}

/**
 * Records, from the page's start, its layout shifts (not caused by input), its largest-paint
 * candidates (whether each was an element of the shell) and when the app's own tree replaced the
 * shell. Injected by the browser, not by the page (the CSP concerns the page's own scripts).
 */
const paintRecorder = `
  window.__paint = { shifts: [], largest: [], appAt: null };
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      if (!e.hadRecentInput) window.__paint.shifts.push({
        value: e.value,
        sources: (e.sources || []).map(function (s) {
          return s.node && s.node.nodeType === 1 ? s.node.outerHTML.slice(0, 120) : String(s.node);
        })
      });
    });
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) {
      window.__paint.largest.push({
        at: e.startTime,
        size: e.size,
        inShell: !!(e.element && e.element.closest('[data-shell]')),
        testId: e.element && e.element.closest('[data-testid]')
          ? e.element.closest('[data-testid]').getAttribute('data-testid') : null,
        text: e.element ? (e.element.textContent || '').trim().slice(0, 60) : ''
      });
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(function (changes, observer) {
    if (document.querySelector('#root > .app:not([data-shell])')) {
      window.__paint.appAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

interface PaintRecord {
  shifts: { value: number; sources: string[] }[];
  largest: { at: number; size: number; inShell: boolean; testId: string | null; text: string }[];
  appAt: number | null;
}

const readPaint = (page: Page) =>
  page.evaluate(() => (window as unknown as { __paint: PaintRecord }).__paint);

/** A visitor's context in `lang` (a stored choice, as the language menu leaves it). */
function visitor(lang: string): BrowserContextOptions {
  // The service worker stays out of it: page.route must see the app's own requests.
  return { serviceWorkers: 'block', locale: lang === 'ar' ? 'ar' : 'en-US' };
}

async function storeLanguage(page: Page, lang: string) {
  await page
    .context()
    .addInitScript(`try { localStorage.setItem('lang', ${JSON.stringify(lang)}) } catch (e) {}`);
}

describe('the first HTML paints the home page', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
    // Home then has figures to fill in (pool totals, a price), as on a live deployment.
    const eth = stack.chains[1];
    await stakeAs(eth, 2, '1000');
    await waitForIndexer(stack, eth);
  });

  after(async () => {
    await stack?.stop();
  });

  test('with JavaScript off: the cards, their labels and grey bars; the same labels as the app', async () => {
    const shell = await withPage(
      stack,
      'shell without javascript',
      { javaScriptEnabled: false },
      async ({ page }) => {
        await page.goto(`${stack.server.url}/#/`);
        const market = page.getByTestId('market');
        const pool = page.getByTestId('pool');
        assert.equal(
          (await market.locator('h2').textContent())?.trim(),
          appText('en', 'home.marketPrice'),
        );
        assert.equal((await pool.locator('h2').textContent())?.trim(), appText('en', 'home.pool'));
        for (const key of ['home.totalStaked', 'home.stakers', 'home.platformIncome'])
          assert.ok(
            (await pool.locator('dt').allTextContents()).includes(appText('en', key)),
            `${key} is not among the pool's labels`,
          );
        // Grey bars where the figures go (one per figure of the pool card, and the price's).
        assert.ok((await pool.locator('dd .skeleton').count()) >= 6);
        assert.ok((await market.locator('.skeleton').count()) >= 1);
        for (const key of ['nav.home', 'nav.exchange', 'nav.serve', 'nav.mine'])
          await page
            .getByRole('navigation')
            .getByText(appText('en', key), { exact: true })
            .waitFor({ timeout: STEP_MS });
        // No script is written into the page (the CSP allows none); the two it has are files.
        const scripts = await page.evaluate(() =>
          [...document.scripts].map((s) => s.getAttribute('src')),
        );
        assert.ok(scripts.length > 0 && scripts.every((src) => src !== null), String(scripts));
        return homeLabels(page);
      },
    );
    const app = await withPage(stack, 'app labels', visitor('en'), async ({ page }) => {
      await page.goto(`${stack.server.url}/#/`);
      await page.getByTestId('pool-total-staked').waitFor({ timeout: STEP_MS });
      assert.equal(await page.locator('[data-shell]').count(), 0, 'the app replaced the shell');
      return homeLabels(page);
    });
    assert.ok(shell.length >= 12, String(shell));
    assert.deepEqual(shell, app, 'the shell shows what the app shows, in the same order');
  });

  for (const lang of ['en', 'ar'])
    test(`${lang}: the first largest paint is the shell's, and nothing moves when the app and its figures arrive`, async () => {
      await withPage(stack, `shell paint ${lang}`, visitor(lang), async ({ page }) => {
        await storeLanguage(page, lang);
        await page.context().addInitScript({ content: paintRecorder });
        // The app's script arrives a second late (a slow phone network): the page must not wait.
        await page.route(entryScript, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        });
        await page.goto(`${stack.server.url}/#/`);
        await page.getByTestId('pool-total-staked').waitFor({ timeout: STEP_MS });
        await page.getByTestId('market-price').waitFor({ timeout: STEP_MS });
        // Figures and late texts settle (the price's time line, the operator's sections).
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        assert.equal(
          await page.evaluate(() => document.documentElement.dir),
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        const paint = await readPaint(page);
        assert.ok(paint.appAt !== null, 'the app rendered');
        const shift = paint.shifts.reduce((sum, s) => sum + s.value, 0);
        assert.ok(
          shift <= 0.02,
          `layout shift ${shift.toFixed(4)}: ${JSON.stringify(paint.shifts)}`,
        );
        const first = paint.largest[0];
        assert.ok(
          first?.inShell,
          `the first largest paint is the shell's: ${JSON.stringify(paint)}`,
        );
        assert.ok(first.at < paint.appAt!, JSON.stringify(paint));
        // Anything drawn larger later is a figure the data brings (the market's price line is the
        // largest text of a deployed home): the shell cannot hold it, so the page's largest paint
        // waits for it there (bench/README.md, lighthouse --page started); never a label.
        for (const later of paint.largest.filter((e) => !e.inShell))
          assert.match(
            later.testId ?? '',
            /^(market-price|pool-|platform-income)/,
            JSON.stringify(paint),
          );
      });
    });

  test("a tap on the shell's Connect wallet before the app runs opens the connect popup once it does", async () => {
    await withPage(stack, 'shell tap', visitor('en'), async ({ page }) => {
      // The app's script is held until the visitor has tapped (a slow phone network).
      let release = () => {};
      const tapped = new Promise<void>((resolve) => (release = resolve));
      await page.route(entryScript, async (route) => {
        await tapped;
        await route.continue();
      });
      await page.goto(`${stack.server.url}/#/`, { waitUntil: 'commit' });
      const shellButton = page.locator('[data-shell]').getByTestId('wallet-button');
      await shellButton.waitFor({ timeout: STEP_MS });
      assert.equal((await shellButton.textContent())?.trim(), appText('en', 'wallet.connect'));
      await shellButton.click();
      release();
      // The app replaces the shell and answers the tap: the connect popup, not a dead button.
      await page.locator('[data-shell]').waitFor({ state: 'detached', timeout: STEP_MS });
      await page.getByRole('dialog').getByTestId('sign-in-note').waitFor({ timeout: STEP_MS });
    });
  });

  test('before the app runs: Arabic laid out right to left, no English text for another language', async () => {
    await withPage(stack, 'shell before the app', visitor('ar'), async ({ page }) => {
      await storeLanguage(page, 'ar');
      // Only the boot script runs: the app's script never arrives.
      await page.route(entryScript, (route) => route.abort());
      await page.goto(`${stack.server.url}/#/`);
      const shell = page.locator('[data-shell]');
      await shell.waitFor({ timeout: STEP_MS });
      assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
      const logo = await shell.locator('.topbar__logo').boundingBox();
      const actions = await shell.locator('.topbar__actions').boundingBox();
      assert.ok(logo && actions && logo.x > actions.x, 'the brand is on the right');
      const title = page.getByTestId('pool').locator('h2');
      assert.equal(await title.textContent(), appText('en', 'home.pool'));
      assert.equal(
        await title.evaluate((el) => getComputedStyle(el).webkitTextFillColor),
        'rgba(0, 0, 0, 0)',
        'the English title is not shown to an Arabic reader',
      );
      assert.ok(await page.getByTestId('pool').locator('.skeleton').first().isVisible());
      // The shell is home's: a first visit to another page shows its top bar only.
      // (A new hash alone is no new load: reloaded, the boot script runs for that page.)
      await page.goto(`${stack.server.url}/#/pages/mine/mine`);
      await page.reload();
      await shell.locator('.topbar').waitFor({ timeout: STEP_MS });
      assert.equal(await shell.locator('main').isVisible(), false, "home's cards on Mine");
    });
  });
});
