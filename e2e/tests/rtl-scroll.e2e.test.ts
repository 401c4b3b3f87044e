/**
 * Issue 11 §4, two findings of the phone walk, as a user sees them:
 * - Arabic: an amount and its unit read "100 USDC" (number first, left to right) inside the
 *   right-to-left page, isolated from the Arabic words around them (not "USDC 100").
 * - Team tabs and income chips that run off the screen fade at the edge where more is hidden; the
 *   fade goes once the row is scrolled to its end, and there is none when the row fits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator } from 'playwright-core';
import { openApp, signIn, STEP_MS, useLanguage } from '../app.ts';
import { stakeAs } from '../chain.ts';
import { chainActor, waitForIndexer } from '../data.ts';
import { startStack, withPage, withSession, type Stack } from '../harness.ts';

/**
 * Where the number and the unit of an amount are drawn: the left edge of its first digit and of the
 * first letter of `unit`, in CSS pixels, and the direction the text is isolated in.
 */
async function amountLayout(locator: Locator, unit: string) {
  // (No named functions inside: the page runs this source as it is.)
  return locator.evaluate((el, unit) => {
    const digits = /[0-9\u0660-\u0669\u06F0-\u06F9]/;
    const lefts: number[] = [];
    for (const pattern of [digits, new RegExp(unit)]) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let left = Number.NaN;
      for (let node = walker.nextNode(); node && Number.isNaN(left); node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const at = text.search(pattern);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        left = range.getBoundingClientRect().left;
      }
      lefts.push(left);
    }
    const text = el.textContent ?? '';
    // Isolated either by a <bdi dir="ltr"> around it or by the LRI … PDI marks in the text.
    const isolated =
      el.querySelector('bdi[dir="ltr"]') !== null ||
      el.closest('bdi[dir="ltr"]') !== null ||
      (text.includes('\u2066') && text.includes('\u2069'));
    return { digit: lefts[0]!, letter: lefts[1]!, isolated, text };
  }, unit);
}

/** The scroll row's fade: which edges are marked and whether a mask is drawn. */
function fadeOf(row: Locator) {
  return row.evaluate((el) => ({
    start: el.hasAttribute('data-more-start'),
    end: el.hasAttribute('data-more-end'),
    mask: getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage,
    overflows: el.scrollWidth > el.clientWidth + 1,
  }));
}

/** Scrolls a row to its end in the reading direction and waits for the marks to follow. */
async function scrollToEnd(row: Locator) {
  await row.evaluate((el) => {
    const rtl = getComputedStyle(el).direction === 'rtl';
    el.scrollLeft = rtl ? -el.scrollWidth : el.scrollWidth;
  });
  await row
    .page()
    .waitForFunction(
      (el) => el !== null && !el.hasAttribute('data-more-end'),
      await row.elementHandle(),
      { timeout: STEP_MS },
    );
}

describe('Arabic amounts and scroll fades', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
    const eth = stack.chains[1];
    await stakeAs(eth, 2, '1000');
    await waitForIndexer(stack, eth);
  });

  after(async () => {
    await stack?.stop();
  });

  test('Arabic: "1,000 USDC" keeps the number before its unit, isolated in the right-to-left page', async () => {
    await withPage(stack, 'arabic amount order', {}, async ({ page }) => {
      await openApp(page, stack.server.url);
      await useLanguage(page, 'ar');
      const staked = page.getByTestId('pool-total-staked');
      await staked.waitFor({ timeout: STEP_MS });
      const shown = await amountLayout(staked, 'USDC');
      assert.ok(!Number.isNaN(shown.digit) && !Number.isNaN(shown.letter), JSON.stringify(shown));
      assert.ok(shown.isolated, `not isolated: ${JSON.stringify(shown.text)}`);
      assert.ok(
        shown.digit < shown.letter,
        `the number is drawn after its unit (USDC 100): ${JSON.stringify(shown)}`,
      );
      // The price line (a formula: 1 coin = price USDC) reads left to right too.
      const price = await amountLayout(page.getByTestId('market-price'), 'USDC');
      assert.ok(price.isolated && price.digit < price.letter, JSON.stringify(price));
    });
  });

  test('team tabs and income chips fade where they run off the screen, and not at their end', async () => {
    const eth = stack.chains[1];
    const member = chainActor(eth, 2);
    await withSession(
      stack,
      'scroll fades',
      { account: member.address, initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url);
        await signIn(page, member.address);
        const fitted: string[] = [];
        for (const lang of ['en', 'ar']) {
          await useLanguage(page, lang);
          for (const [hash, name] of [
            ['#/pages/income/income', 'income-source'],
            ['#/pages/teams/teams', 'team-depth'],
          ] as const) {
            // A narrow phone: the row runs off the screen.
            await page.setViewportSize({ width: 280, height: 700 });
            await page.evaluate((h) => {
              window.location.hash = h;
            }, hash);
            const row = page.locator(
              `.tabs:has(#${name}-tab-${hash.includes('teams') ? 1 : 'all'})`,
            );
            await row.waitFor({ timeout: STEP_MS });
            await page.waitForFunction(
              (el) => el !== null && el.hasAttribute('data-more-end'),
              await row.elementHandle(),
              { timeout: STEP_MS },
            );
            const atStart = await fadeOf(row);
            assert.ok(atStart.overflows, `${lang} ${name}: the row should overflow at 280 px`);
            assert.deepEqual([atStart.start, atStart.end], [false, true], `${lang} ${name}`);
            assert.notEqual(atStart.mask, 'none', `${lang} ${name}: no fade while more is hidden`);

            await scrollToEnd(row);
            const atEnd = await fadeOf(row);
            assert.deepEqual([atEnd.start, atEnd.end], [true, false], `${lang} ${name} at its end`);

            // The widest phone the app lays out for (480 px): the fade is there exactly when the
            // row does not fit.
            await page.setViewportSize({ width: 480, height: 700 });
            await page.waitForTimeout(300);
            const wide = await fadeOf(row);
            assert.equal(wide.end || wide.start, wide.overflows, `${lang} ${name} at 480 px`);
            assert.equal(wide.mask === 'none', !wide.overflows, `${lang} ${name}: fade iff hidden`);
            if (!wide.overflows) fitted.push(`${lang} ${name}`);
          }
        }
        // (The Arabic team tabs fit at 480 px: the no-fade case is met too.)
        assert.ok(fitted.length > 0, 'no row fits at 480 px: the no-fade case was not checked');
      },
    );
  });
});
