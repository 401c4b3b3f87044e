/**
 * The answer above the fold (issue 24 §1): on a 390×844 phone, signed in, Serve, Exchange and Mine
 * show their amount input and their main button without scrolling, in English and Arabic, on
 * Ethereum (6-decimal USDC) and BSC (18-decimal USDC). "Visible" means above the tab bar that
 * covers the bottom of the screen, so the bound is the tab bar's top (at most 844 px), not 844.
 * Serve is measured twice: as it opens, and with an amount typed, when "You will receive" has
 * appeared between the input and the button.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import {
  chooseNetwork,
  openSignedIn,
  shortAddress,
  STEP_MS,
  useLanguage,
  visitByLink,
} from '../app.ts';
import { appText } from '../texts.ts';
import { mobileViewport } from '../browser.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

const USER_INDEX = 5;
const langs = ['en', 'ar'] as const;
type Lang = (typeof langs)[number];

const text = (lang: Lang, key: string): string => appText(lang, key);

/** Each page's amount input (by its label) and main button (by its name). */
const pages = [
  { path: '/pages/serve/serve', input: 'serve.stakeQuantity', button: 'serve.stakeNow' },
  { path: '/pages/exchange/exchange', input: 'exchange.quantity', button: 'exchange.submit' },
  { path: '/pages/mine/mine', input: 'mine.withdrawAmount', button: 'mine.withdraw' },
] as const;

/** Opens `path` as a link would; skeletons count as loading here (the fold is measured after them). */
const visit = (page: Page, path: string) =>
  visitByLink(page, path, '.spinner, .inline-loading, .skeleton, [aria-busy="true"]');

/** Where the screen's visible part ends: the top of the tab bar (or the viewport's bottom). */
async function foldOf(page: Page): Promise<number> {
  const bar = await page.locator('nav.tabbar').boundingBox();
  return Math.min(bar?.y ?? mobileViewport.height, mobileViewport.height);
}

async function assertAboveFold(page: Page, what: string, element: Locator): Promise<void> {
  await element.waitFor({ timeout: STEP_MS });
  assert.equal(await page.evaluate(() => window.scrollY), 0, `${what}: the page is not scrolled`);
  const box = await element.boundingBox();
  assert.ok(box, `${what} is laid out`);
  const fold = await foldOf(page);
  assert.ok(
    box.y >= 0 && box.y + box.height <= fold,
    `${what} ends at ${Math.round(box.y + box.height)} px, below the fold at ${fold} px`,
  );
}

async function checkPages(page: Page, network: 'ETH' | 'BSC'): Promise<void> {
  for (const lang of langs) {
    await useLanguage(page, lang);
    for (const { path, input, button } of pages) {
      await visit(page, path);
      const main = page.getByRole('main');
      const field = main.getByLabel(text(lang, input), { exact: true });
      const action = main.getByRole('button', { name: text(lang, button), exact: true });
      const where = `${network} ${lang} ${path}`;
      await assertAboveFold(page, `${where}: the amount input`, field);
      await assertAboveFold(page, `${where}: the main button`, action);
      if (path === '/pages/serve/serve') {
        // With an amount typed, "You will receive" sits between the input and the button.
        await field.fill('150');
        await main.getByTestId('stake-earnings').waitFor({ timeout: STEP_MS });
        await page.evaluate(() => window.scrollTo(0, 0));
        await assertAboveFold(page, `${where} (amount typed): the main button`, action);
        await field.fill('');
      }
    }
  }
}

describe('Serve, Exchange and Mine: the amount input and the main button above the fold', () => {
  let stack: Stack;
  const user = localAccounts[USER_INDEX]!.address;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  test('at 390×844, signed in, en and ar, Ethereum then BSC', { timeout: 300_000 }, async () => {
    await withSession(stack, 'fold', { account: user, initialChainId: 1 }, async ({ page }) => {
      assert.deepEqual(page.viewportSize(), mobileViewport);
      await openSignedIn(page, stack.server.url, user);
      await checkPages(page, 'ETH');

      // chooseNetwork reads the English texts.
      await useLanguage(page, 'en');
      await chooseNetwork(page, 'BSC');
      await page
        .getByTestId('wallet-button')
        .filter({ hasText: shortAddress(user) })
        .waitFor({ timeout: STEP_MS });
      await checkPages(page, 'BSC');
    });
  });
});
