/**
 * Screenshots of every page on a 390 px phone, in English and Arabic, for a signed-in user before
 * and after a stake (issue 19: people compare them side by side with the previous main), and of
 * the stake and exchange confirm dialogs, on Ethereum (6-decimal USDC) and BSC (18-decimal USDC).
 * Files: e2e/artifacts/screens-<before|after>-<eth|bsc>-<lang>-<page>.png.
 *
 * What it asserts is what a reader would notice first: every page has its title, nothing wider
 * than the phone (no sideways scrolling), and the layout rules of ../layout.ts hold on every
 * screenshot (issue 24 §4: readable numbers, no raw hex, no narrow text of many lines, the amount
 * input and main button of Serve, Exchange and Mine in the first 844 px, icons that draw).
 * The stakes are made with anvil's keys outside the browser (the staking flow has its own tests).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import { chooseNetwork, openSignedIn, STEP_MS, useLanguage } from '../app.ts';
import { chainActor, savePage, waitForIndexer } from '../data.ts';
import { advanceTime } from '../chain.ts';
import { repoDir, slug, startStack, withSession, type LocalChain, type Stack } from '../harness.ts';
import { layoutFindings } from '../layout.ts';

const USER_INDEX = 6;
const HARVESTER_INDEX = 8;
const langs = ['en', 'ar'] as const;

/** The route table's paths (web/src/app/routes.ts), except the notice details (it needs an id). */
function routePaths(): string[] {
  const source = readFileSync(join(repoDir, 'web', 'src', 'app', 'routes.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const routes'));
  return [...table.matchAll(/^ {2}'(\/[^']*)': \{/gm)]
    .map((m) => m[1] as string)
    .filter((path) => path !== '/pages/notice/details' && path !== '/pages/index/index')
    .filter((path) => only === undefined || only.includes(path.split('/').at(-1) || 'home'));
}

/** SCREENS_ONLY=serve,exchange,mine,home: only those pages (to look at a few quickly). */
const only = process.env.SCREENS_ONLY?.split(',');

/** Goes to `path` as a link would and waits until its title is there and nothing is loading. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
  await page.waitForFunction(
    () =>
      (document.querySelector('h1')?.textContent ?? '').trim() !== '' &&
      document.querySelector('.spinner, .inline-loading, [aria-busy="true"]') === null,
    undefined,
    { timeout: STEP_MS },
  );
  await page.waitForTimeout(300);
}

/** Serve, Exchange and Mine: the amount input and the main button are above the fold. */
const aboveFold: Record<string, string[]> = {
  '/pages/serve/serve': ['.stake-form .field__input', '.stake-form > .button--block'],
  '/pages/exchange/exchange': ['.exchange-form .field__input', '.exchange-form > .button--block'],
  '/pages/mine/mine': ['.mine .field__input', '.mine .button--block'],
};

type Net = 'eth' | 'bsc';

/** Every layout finding of the run, named by screenshot; asserted empty at the end. */
const problems: string[] = [];

/** The layout rules over the page as it is, then its screenshot. */
async function checkAndSave(page: Page, name: string, path?: string): Promise<void> {
  const fold = path ? aboveFold[path] : undefined;
  for (const finding of await layoutFindings(page, { aboveFold: fold }))
    problems.push(`${name}: ${finding.rule}: ${finding.detail}`);
  await savePage(page, name);
}

async function shootEveryPage(page: Page, net: Net, moment: 'before' | 'after'): Promise<void> {
  for (const lang of langs) {
    await useLanguage(page, lang);
    for (const path of routePaths()) {
      await visit(page, path);
      const name = path === '/' ? 'home' : slug(path.split('/').at(-1)!);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${lang} ${path} scrolls sideways by ${overflow}px at 390 px`);
      await checkAndSave(page, `screens-${moment}-${net}-${lang}-${name}`, path);
    }
  }
}

/** Opens a confirm dialog with `open`, checks and shoots it, and cancels it (nothing is sent). */
async function shootDialog(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: STEP_MS });
  await page.waitForTimeout(300);
  await checkAndSave(page, name);
  await dialog.locator('.button--secondary').click();
  await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
}

/** The stake confirm dialog (150 USDC) and, with earnings, the exchange confirm dialog (Max). */
async function shootDialogs(page: Page, net: Net, withEarnings: boolean): Promise<void> {
  for (const lang of langs) {
    await useLanguage(page, lang);
    await visit(page, '/pages/serve/serve');
    await shootDialog(page, `screens-dialog-${net}-${lang}-stake-confirm`, async () => {
      await page.locator('.stake-form .field__input').fill('150');
      await page.locator('.stake-form > .button--block').click();
    });
    if (!withEarnings) continue;
    await visit(page, '/pages/exchange/exchange');
    await shootDialog(page, `screens-dialog-${net}-${lang}-exchange-confirm`, async () => {
      await page.locator('.exchange-form .field .button--small').click();
      await page.getByTestId('exchange-quote').waitFor({ timeout: STEP_MS });
      await checkAndSave(
        page,
        `screens-after-${net}-${lang}-exchange-max`,
        '/pages/exchange/exchange',
      );
      await page.locator('.exchange-form > .button--block').click();
    });
  }
}

/** A stake of 1,000 USDC a day old, its mining credited (so there is something to exchange). */
async function stakeAndHarvest(stack: Stack, chain: LocalChain): Promise<void> {
  const actor = chainActor(chain, USER_INDEX);
  await actor.stake(0, '1000');
  await advanceTime(chain, 86_400);
  await chainActor(chain, HARVESTER_INDEX).harvest(actor.address, [0n]);
  await waitForIndexer(stack, chain);
}

describe('screenshots of every page at 390 px, en and ar, ETH and BSC, before and after a stake', () => {
  let stack: Stack;
  const actorAddress = localAccounts[USER_INDEX]!.address;

  before(async () => {
    stack = await startStack();
    for (const chain of [stack.chains[1], stack.chains[56]])
      await chainActor(chain, USER_INDEX).bind(chain.deployment.root);
  });

  after(async () => {
    await stack?.stop();
  });

  test(
    'every page and confirm dialog before and after a stake',
    { timeout: 1_800_000 },
    async () => {
      await withSession(
        stack,
        'screens',
        { account: actorAddress, initialChainId: 1 },
        async ({ page }) => {
          await openSignedIn(page, stack.server.url, actorAddress);
          await shootEveryPage(page, 'eth', 'before');
          await shootDialogs(page, 'eth', false);
          await stakeAndHarvest(stack, stack.chains[1]);
          await shootEveryPage(page, 'eth', 'after');
          await shootDialogs(page, 'eth', true);

          await useLanguage(page, 'en');
          await chooseNetwork(page, 'BSC');
          await shootEveryPage(page, 'bsc', 'before');
          await stakeAndHarvest(stack, stack.chains[56]);
          await shootEveryPage(page, 'bsc', 'after');
          await shootDialogs(page, 'bsc', true);
        },
      );
      assert.deepEqual(problems, [], `layout rules broken:\n${problems.join('\n')}`);
    },
  );
});
