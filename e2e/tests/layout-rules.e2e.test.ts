/**
 * The layout rules of ../layout.ts break when they should (issue 24 §4): each rule is broken on
 * purpose once on a small page in the real Chromium, and a page that follows them all passes. The
 * screens test (screens.e2e.test.ts) then runs the same rules over every screenshot it takes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, mobileViewport } from '../browser.ts';
import { layoutFindings, significantCharacters, type LayoutRule } from '../layout.ts';

const style = `
  body { margin: 0; font: 16px sans-serif; background: #0b1733; color: #eef3ff; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .row { display: flex; gap: 8px; }
  .narrow { width: 60px; }
`;

/** A page that follows every rule: rounded amounts, 4...4 addresses, wide text, icons that draw. */
const good = `
  <main>
    <h1>Exchange</h1>
    <p>You receive at least <bdi class="amount"><button class="amount__tap" aria-pressed="false">2.23</button> USDC</bdi></p>
    <p>Pool <span class="address"><button>0x10B3...82C5</button><span class="visually-hidden">0x10B3f4d9842352b3709888cc7280cEad9A1982C5</span></span></p>
    <p>Balance 1,000,000 USDC · room left 100,000,000 USDC · 26 Dec 2026, 10:13 PM</p>
    <p><bdi class="amount"><button class="amount__tap" aria-pressed="true">0.000750202546295996</button> WETH</bdi></p>
    <details open><summary>Everything the wallet will show</summary><dl><dd>0x0165878A594ca255338adfa4d48449f69242Eb8F</dd><dd>2.243854137676271697 USDC</dd></dl></details>
    <div class="row"><span class="narrow">Owner key</span><span>A single key: whoever holds it can act as owner.</span></div>
    <svg class="token-icon" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" fill="#2775ca"/></svg>
    <label>Amount <input type="text" value="0.0007502"></label>
    <button class="main">Exchange</button>
    <p style="position: relative"><svg class="token-icon" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="9" fill="#2775ca"/></svg><span style="position: absolute; inset: 0; background: #0b1733">A dialog over an icon</span></p>
  </main>`;

/** One page per rule, each breaking it once. */
const broken: Record<LayoutRule, string> = {
  'long-number': `<p>You exchange 0.000750202546295996 WETH</p>`,
  'raw-hex': `<p>Staking contract 0x0165878A594ca255338adfa4d48449f69242Eb8F</p>`,
  'narrow-wrap': `<div class="row"><span class="narrow">A single key: whoever holds it can act as owner</span><span>Owner</span></div>`,
  'below-fold': `<div style="height: 900px">Plans</div><button class="main">Stake now</button>`,
  'blank-icon': `<p><svg class="token-icon" width="20" height="20" viewBox="0 0 20 20"></svg> USDC</p>`,
};

describe('layout rules (issue 24 §4)', () => {
  let browser: Browser;
  let page: Page;

  before(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    page = await browser.newPage({ viewport: mobileViewport });
  });

  after(async () => {
    await browser?.close();
  });

  const show = (body: string) =>
    page.setContent(
      `<!doctype html><html><head><style>${style}</style></head><body>${body}</body></html>`,
    );

  test('significant characters: separators and leading and trailing zeros do not count', () => {
    assert.equal(significantCharacters('2.243854137676271697'), 19);
    assert.equal(significantCharacters('0.000750202546295996'), 15);
    assert.equal(significantCharacters('0.0007502'), 4);
    assert.equal(significantCharacters('100,000,000'), 1);
    assert.equal(significantCharacters('1,999.9975'), 8);
    assert.equal(significantCharacters('٢٫٢٤٣٨٥٤١٣٧٦'), 11);
  });

  test('a page that follows the rules has no finding', async () => {
    await show(good);
    assert.deepEqual(await layoutFindings(page, { aboveFold: ['input', 'button.main'] }), []);
  });

  for (const [rule, body] of Object.entries(broken) as [LayoutRule, string][]) {
    test(`breaking '${rule}' on purpose is found`, async () => {
      await show(body);
      const findings = await layoutFindings(page, { aboveFold: ['button.main'] }).then((all) =>
        all.filter((f) => f.rule !== 'below-fold' || rule === 'below-fold'),
      );
      assert.deepEqual(
        findings.map((f) => f.rule),
        [rule],
        JSON.stringify(findings),
      );
    });
  }
});
