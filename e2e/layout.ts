/**
 * Layout rules over what the page shows (issue 24 §4), checked on every screenshot the screens
 * test takes. Each rule is one a person notices on a phone, and each names where it was broken:
 *
 * - `long-number`: a visible number with more than 8 significant characters (no one reads
 *   "0.000750202546295996") outside an element that reveals the exact value on request (the app's
 *   `<Amount>`, `.amount`) or an expander (`<details>`, "everything the wallet will show").
 * - `raw-hex`: a visible 40-hex-digit address or 64-hex-digit hash outside an expander or the
 *   `<Address>` full view (`.address[data-full]`, opened on tap).
 * - `narrow-wrap`: a text box narrower than 120 px that wraps into more than two lines (a label
 *   squeezed into a column: "A single key: whoever holds it…" on seven lines).
 * - `below-fold`: an element that must be seen without scrolling (the amount input and main button
 *   of Serve, Exchange and Mine) ends below the first `foldPx` pixels of the page.
 * - `blank-icon`: a wallet, token or network icon (or our mark) whose rendered pixels are all one
 *   colour: it draws nothing a person can see. An icon covered by something else (the page behind
 *   a dialog's backdrop) is not judged: what shows there is the cover.
 *
 * The page-side checks run in the browser on the live DOM; the icon check takes each icon's
 * screenshot and decodes it in the page (Chromium's PNG decoder), so no image library is needed.
 * `e2e/tests/layout-rules.e2e.test.ts` breaks each rule on a page of its own and sees it reported.
 */
import type { Page } from 'playwright-core';

export type LayoutRule = 'long-number' | 'raw-hex' | 'narrow-wrap' | 'below-fold' | 'blank-icon';

export interface LayoutViolation {
  rule: LayoutRule;
  /** What was found, with enough of its text or selector to find it on the screenshot. */
  detail: string;
}

export interface LayoutOptions {
  /** Selectors of elements whose bottom must be within the first `foldPx` pixels. */
  aboveFold?: string[];
  foldPx?: number;
}

/** The marks the icon rule draws: the app's logo, network and token marks, the wallet rows' icons. */
export const ICON_SELECTOR =
  '.logo-mark, .network-icon, .token-icon, [data-testid="wallet-icon"], [data-testid="wallet-initial"]';

/** Every violation of the rules on the page as it is now (an empty list when it keeps them all). */
export async function layoutViolations(
  page: Page,
  options: LayoutOptions = {},
): Promise<LayoutViolation[]> {
  // tsx (esbuild, keepNames) wraps the inner functions of pageRules in `__name(...)`, which the
  // page lacks: give it one that changes nothing.
  await page.evaluate('globalThis.__name ??= (f) => f');
  const found = await page.evaluate(pageRules, {
    aboveFold: options.aboveFold ?? [],
    foldPx: options.foldPx ?? 844,
  });
  return [...found, ...(await blankIcons(page))];
}

/** Throws with every violation listed (one line each), naming `where`. */
export async function expectLayout(
  page: Page,
  where: string,
  options: LayoutOptions = {},
): Promise<void> {
  const found = await layoutViolations(page, options);
  if (found.length > 0) {
    throw new Error(
      `${where}: ${found.length} layout rule(s) broken:\n${found.map((v) => `  ${v.rule}: ${v.detail}`).join('\n')}`,
    );
  }
}

/** Runs in the page: the rules that read the DOM. Self-contained (serialised by Playwright). */
function pageRules(options: { aboveFold: string[]; foldPx: number }): LayoutViolation[] {
  const out: LayoutViolation[] = [];
  const visible = (el: Element): boolean => {
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
      return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // Inside a closed <details> only the summary shows; an open one is the expander itself.
  const inExpander = (el: Element) => el.closest('details') !== null;
  const revealsExact = (el: Element) => el.closest('.amount') !== null;
  const inFullAddress = (el: Element) => el.closest('.address[data-full]') !== null;
  const snippet = (text: string) => JSON.stringify(text.trim().replace(/\s+/g, ' ').slice(0, 80));

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const wrapChecked = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!text.trim()) continue;
    const el = node.parentElement;
    if (!el || !visible(el) || el.closest('script, style, noscript, template')) continue;
    if (el.closest('details:not([open])') && !el.closest('summary')) continue;

    // Numbers: runs of digits with their separators; significant = without leading zeros.
    if (!revealsExact(el) && !inExpander(el)) {
      for (const m of text.matchAll(/[0-9\u0660-\u0669][0-9\u0660-\u0669.,\u066B\u066C]*/g)) {
        const digits = m[0].replace(/[^0-9\u0660-\u0669]/g, '').replace(/^[0\u0660]+/, '');
        // A hex run is the raw-hex rule's business, not a number.
        const before = text.slice(Math.max(0, m.index - 2), m.index);
        if (/0x$|[a-fA-F]$/.test(before) || /^[a-fA-F]/.test(text.slice(m.index + m[0].length)))
          continue;
        if (digits.length > 8)
          out.push({ rule: 'long-number', detail: `${snippet(m[0])} in ${snippet(text)}` });
      }
    }
    if (!inExpander(el) && !inFullAddress(el)) {
      for (const m of text.matchAll(/(?:0x)?[0-9a-fA-F]{40,}/g)) {
        const hex = m[0].replace(/^0x/, '');
        if (hex.length === 40 || hex.length === 64)
          out.push({ rule: 'raw-hex', detail: `${hex.length} hex digits: ${snippet(m[0])}` });
      }
    }
    if (!wrapChecked.has(el)) {
      wrapChecked.add(el);
      const box = el.getBoundingClientRect();
      if (box.width < 120) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set<number>();
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
        if (tops.size > 2)
          out.push({
            rule: 'narrow-wrap',
            detail: `${Math.round(box.width)} px wide, ${tops.size} lines: ${snippet(el.textContent ?? '')}`,
          });
      }
    }
  }

  for (const selector of options.aboveFold) {
    const el = document.querySelector(selector);
    if (!el) {
      out.push({ rule: 'below-fold', detail: `${selector}: not on the page` });
      continue;
    }
    const bottom = el.getBoundingClientRect().bottom + window.scrollY;
    if (bottom > options.foldPx)
      out.push({
        rule: 'below-fold',
        detail: `${selector} ends at ${Math.round(bottom)} px (fold ${options.foldPx} px)`,
      });
  }
  return out;
}

/** Icons whose screenshot is a single colour (transparent included): drawn, but nothing shows. */
async function blankIcons(page: Page): Promise<LayoutViolation[]> {
  const out: LayoutViolation[] = [];
  const icons = page.locator(ICON_SELECTOR);
  const count = await icons.count();
  for (let i = 0; i < count; i++) {
    const icon = icons.nth(i);
    if (!(await icon.isVisible())) continue;
    // Covered (behind a dialog's backdrop): its screenshot would be the cover, not the icon.
    const onTop = await icon.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    });
    if (!onTop) continue;
    const png = await icon.screenshot({ animations: 'disabled', omitBackground: true });
    await page.evaluate('globalThis.__name ??= (f) => f');
    const share = await page.evaluate(mostCommonColourShare, png.toString('base64'));
    if (share >= 0.995) {
      const what = await icon.evaluate(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}[${el.getAttribute('data-testid') ?? ''}]`,
      );
      out.push({
        rule: 'blank-icon',
        detail: `${what}: one colour over ${(share * 100).toFixed(1)} %`,
      });
    }
  }
  return out;
}

/** Runs in the page: the share of the PNG's pixels that have its most common colour. */
async function mostCommonColourShare(base64: string): Promise<number> {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  const counts = new Map<number, number>();
  let top = 0;
  for (let p = 0; p < data.length; p += 4) {
    // Fully transparent pixels are one colour whatever their RGB.
    const key =
      data[p + 3] === 0
        ? -1
        : (data[p]! << 24) | (data[p + 1]! << 16) | (data[p + 2]! << 8) | data[p + 3]!;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    if (n > top) top = n;
  }
  return data.length === 0 ? 1 : top / (data.length / 4);
}
