/**
 * The layout rules of e2e/layout.ts, each broken on a page of its own in Chromium and seen
 * reported, and each kept on a page that does what the app does instead (the exact value behind
 * `.amount`, the full address in `.address[data-full]` or an expander, label over value, a drawn
 * icon). A rule that stopped finding what it is for fails here, not silently on the app's screens.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, mobileViewport } from '../browser.ts';
import { layoutViolations, type LayoutRule } from '../layout.ts';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH = `0x${'ab12'.repeat(16)}`;
/** A drawn 20×20 SVG (two colours) and one that draws nothing. */
const DRAWN =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#2f7cf6"/><circle cx="10" cy="10" r="5" fill="#fff"/></svg>',
  );
const EMPTY =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>');

describe('layout rules: each broken once and reported, each kept and quiet', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    page = await browser.newPage({ viewport: mobileViewport });
  });
  after(async () => {
    await browser?.close();
  });

  async function rulesOn(html: string, aboveFold: string[] = []): Promise<LayoutRule[]> {
    await page.setContent(
      `<!doctype html><body style="margin:0;font:16px sans-serif">${html}</body>`,
    );
    return (await layoutViolations(page, { aboveFold })).map((v) => v.rule);
  }

  test('long-number: 18 decimals on show; the same behind <Amount> or in an expander is fine', async () => {
    assert.deepEqual(await rulesOn('<p>You receive 2.243854137676271697 USDC</p>'), [
      'long-number',
    ]);
    assert.deepEqual(await rulesOn('<p>ﻟﻚ 2٫243854137676 USDC</p>'), ['long-number']);
    assert.deepEqual(
      await rulesOn(
        '<p>You receive <bdi class="amount"><button>2.2438</button></bdi> USDC, on 2026-11-28 at 12:30, 1,000,000 cap</p>' +
          '<details open><summary>Everything the wallet will show</summary>2.243854137676271697</details>',
      ),
      [],
    );
  });

  test('raw-hex: a whole address or hash on show; short, in the full view or an expander is fine', async () => {
    assert.deepEqual(await rulesOn(`<p>Owner ${ADDRESS}</p>`), ['raw-hex']);
    assert.deepEqual(await rulesOn(`<p>Sent: ${HASH}</p>`), ['raw-hex']);
    assert.deepEqual(
      await rulesOn(
        `<p>Owner <bdi class="address"><button>0x70...79C8</button></bdi></p>` +
          `<bdi class="address" data-full="true"><button>${ADDRESS}</button></bdi>` +
          `<details open><summary>Details</summary>${HASH}</details>`,
      ),
      [],
    );
  });

  test('narrow-wrap: a label squeezed into a 60 px column; the same text full width is fine', async () => {
    const text = 'A single key: whoever holds it can act as owner';
    assert.deepEqual(await rulesOn(`<div style="width:60px">${text}</div>`), ['narrow-wrap']);
    assert.deepEqual(await rulesOn(`<div style="width:300px">${text}</div>`), []);
    // Two lines in a narrow box are allowed (a short label that breaks once).
    assert.deepEqual(await rulesOn('<div style="width:100px">Room left</div>'), []);
  });

  test('below-fold: the main button under 844 px; at the top it is fine', async () => {
    assert.deepEqual(
      await rulesOn('<div style="height:900px"></div><button id="main">Stake</button>', ['#main']),
      ['below-fold'],
    );
    assert.deepEqual(await rulesOn('<button id="main">Stake</button>', ['#main']), []);
    assert.deepEqual(await rulesOn('<p>no button</p>', ['#main']), ['below-fold']);
  });

  test('blank-icon: an icon that draws nothing; a drawn one is fine', async () => {
    const img = (src: string) =>
      `<img data-testid="wallet-icon" width="20" height="20" src="${src}">`;
    assert.deepEqual(await rulesOn(img(EMPTY)), ['blank-icon']);
    assert.deepEqual(
      await rulesOn(
        '<svg class="token-icon" width="20" height="20"><rect width="20" height="20" fill="#2f7cf6"/></svg>',
      ),
      ['blank-icon'],
    );
    assert.deepEqual(await rulesOn(img(DRAWN)), []);
    // Behind a dialog's backdrop the cover shows, not the icon: not judged.
    assert.deepEqual(
      await rulesOn(
        `${img(EMPTY)}<div style="position:fixed;inset:0;background:rgba(0,0,0,.5)"></div>`,
      ),
      [],
    );
  });
});
