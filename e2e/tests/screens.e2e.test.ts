/**
 * Screenshots of every page and of the stake's confirm dialog on a 390 px phone, in English and
 * Arabic, on Ethereum (6-decimal USDC) and BSC (18-decimal USDC), for a signed-in user before and
 * after a stake (issue 19: people compare them side by side with the previous main). Files:
 * e2e/artifacts/screens-<eth|bsc>-<before|after>-<lang>-<page>.png.
 *
 * What it asserts is what a reader would notice first: every page has its title, nothing wider
 * than the phone (no sideways scrolling), and every shot keeps the layout rules of e2e/layout.ts
 * (readable numbers, no raw address or hash, no label squeezed into a narrow column, no blank
 * icon; issue 24 §4). The stake is made with anvil's keys outside the browser (the staking flow has
 * its own tests).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import { chooseNetwork, openSignedIn, STEP_MS, useLanguage, visitByLink } from '../app.ts';
import { chainActor, savePage, waitForIndexer } from '../data.ts';
import { advanceTime } from '../chain.ts';
import { repoDir, slug, startStack, withSession, type Stack } from '../harness.ts';
import { approvedLookChange } from '../baselines.ts';
import { layoutViolations } from '../layout.ts';
import { appText } from '../texts.ts';

const USER_INDEX = 6;
const HARVESTER_INDEX = 8;
const langs = ['en', 'ar'] as const;
/** The screens kept as approved shots (e2e/baselines.ts), taken on Ethereum before the stake. */
const approvedPages = new Set(['home', 'serve', 'exchange', 'mine', 'transparency']);

/** The route table's paths (web/src/app/routes.ts), except the notice details (it needs an id). */
function routePaths(): string[] {
  const source = readFileSync(join(repoDir, 'web', 'src', 'app', 'routes.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const routes'));
  return [...table.matchAll(/^ {2}'(\/[^']*)': \{/gm)]
    .map((m) => m[1] as string)
    .filter((path) => path !== '/pages/notice/details' && path !== '/pages/index/index');
}

const visit = (page: Page, path: string) => visitByLink(page, path);

type Network = 'ETH' | 'BSC';

/** Every broken layout rule seen, with where (network, moment, language, page). */
const broken: string[] = [];
/** Every approved screen that now looks different (e2e/baselines.ts). */
const changedLooks: string[] = [];

async function checkApprovedLook(page: Page, name: string): Promise<void> {
  const change = await approvedLookChange(page, name);
  if (change) changedLooks.push(change);
}

async function checkLayout(page: Page, where: string): Promise<void> {
  for (const v of await layoutViolations(page)) broken.push(`${where}: ${v.rule}: ${v.detail}`);
}

async function shootEveryPage(page: Page, moment: 'before' | 'after', network: Network) {
  for (const lang of langs) {
    await useLanguage(page, lang);
    const prefix = `screens-${network.toLowerCase()}-${moment}-${lang}`;
    for (const path of routePaths()) {
      await visit(page, path);
      const name = path === '/' ? 'home' : slug(path.split('/').at(-1)!);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${lang} ${path} scrolls sideways by ${overflow}px at 390 px`);
      await checkLayout(page, `${network} ${moment} ${lang} ${path}`);
      const approved = network === 'ETH' && moment === 'before' && approvedPages.has(name);
      if (approved) await checkApprovedLook(page, `${lang}-${name}`);
      await savePage(page, `${prefix}-${name}`);
    }
    // The stake's confirm dialog, as the user sees it before the wallet opens; then Cancel.
    await visit(page, '/pages/serve/serve');
    await page.getByLabel(appText(lang, 'serve.stakeQuantity')).fill('150');
    await page.getByRole('button', { name: appText(lang, 'serve.stakeNow') }).click();
    const dialog = page.getByRole('dialog', { name: appText(lang, 'dialog.confirmOperation') });
    await dialog.waitFor({ timeout: STEP_MS });
    await checkLayout(page, `${network} ${moment} ${lang} stake confirm dialog`);
    if (network === 'ETH' && moment === 'before')
      await checkApprovedLook(page, `${lang}-stake-confirm`);
    await savePage(page, `${prefix}-stake-confirm`);
    await dialog.getByRole('button', { name: appText(lang, 'common.cancel') }).click();
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });
  }
}

describe('screenshots of every page at 390 px, en and ar, before and after a stake', () => {
  let stack: Stack;
  const actorAddress = localAccounts[USER_INDEX]!.address;

  before(async () => {
    stack = await startStack();
    for (const id of [1, 56] as const)
      await chainActor(stack.chains[id], USER_INDEX).bind(stack.chains[id].deployment.root);
  });

  after(async () => {
    await stack?.stop();
  });

  test('every page before and after a stake', { timeout: 1_800_000 }, async () => {
    await withSession(
      stack,
      'screens',
      { account: actorAddress, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, actorAddress);
        for (const network of ['ETH', 'BSC'] as const) {
          if (network === 'BSC') {
            await useLanguage(page, 'en'); // chooseNetwork reads the English home title
            await chooseNetwork(page, 'BSC');
          }
          await shootEveryPage(page, 'before', network);
        }

        const eth = stack.chains[1];
        const actor = chainActor(eth, USER_INDEX);
        await actor.stake(0, '1000');
        await advanceTime(eth, 86_400);
        await chainActor(eth, HARVESTER_INDEX).harvest(actor.address, [0n]);
        await waitForIndexer(stack, eth);
        const bsc = stack.chains[56];
        const bscActor = chainActor(bsc, USER_INDEX);
        await bscActor.stake(0, '1000');
        await advanceTime(bsc, 86_400);
        await chainActor(bsc, HARVESTER_INDEX).harvest(bscActor.address, [0n]);
        await waitForIndexer(stack, bsc);
        await shootEveryPage(page, 'after', 'BSC');
        await useLanguage(page, 'en');
        await chooseNetwork(page, 'ETH');
        await shootEveryPage(page, 'after', 'ETH');

        assert.deepEqual(broken, [], 'every screenshot keeps the layout rules (e2e/layout.ts)');
        assert.deepEqual(
          changedLooks,
          [],
          'the approved screens look as approved (e2e/baselines.ts)',
        );
      },
    );
  });
});
