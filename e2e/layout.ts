/**
 * Layout rules a test enforces (issue 24 §4), checked on the page as it is when its screenshot is
 * taken. Each finding names the rule and what broke it:
 *
 * - `long-number`: a visible number with more than 8 significant characters (digits once leading
 *   and trailing zeros and separators are dropped: "2.243854137676271697" has 19, "100,000,000"
 *   has 1), outside an element that reveals the exact value on request (a tapped `<Amount>`, an
 *   opened expander). Inputs count too: what an input shows is read.
 * - `raw-hex`: a visible 40-hex-digit address or 64-hex-digit hash outside an expander or the
 *   `<Address>` full view.
 * - `narrow-wrap`: a text box narrower than 120 px whose text takes more than two lines.
 * - `below-fold`: one of `aboveFold` (the amount input, the main button) ends below `foldPx` from
 *   the top of the page.
 * - `blank-icon`: a token, network or wallet icon whose rendered pixels are all one colour
 *   (it draws nothing on its background).
 */
import type { Page } from 'playwright-core';

export type LayoutRule = 'long-number' | 'raw-hex' | 'narrow-wrap' | 'below-fold' | 'blank-icon';

export interface LayoutFinding {
  rule: LayoutRule;
  detail: string;
}

export interface LayoutOptions {
  /** CSS selectors that must end within the first `foldPx` of the page (Serve, Exchange, Mine). */
  aboveFold?: string[];
  foldPx?: number;
}

/** The icons whose pixels are checked. */
export const ICON_SELECTOR = '.token-icon, .network-icon, .wallet-list img, .wallet-icon';

/**
 * Significant characters of a number's text: its digits once separators, leading zeros and
 * trailing zeros are dropped ("2.243854137676271697" → 19, "0.0007502" → 4, "100,000,000" → 1).
 * Separators are not told apart (a comma is a decimal point in French), so this reads any language.
 */
export function significantCharacters(numberText: string): number {
  const digits = numberText
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\D/g, '');
  return digits.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** The numbers in a text (Latin or Arabic-Indic digits, grouped or not), hex strings left out. */
export function numbersIn(text: string): string[] {
  const withoutHex = text.replace(/0x[0-9a-fA-F]+/g, ' ');
  return (
    withoutHex.match(/[\d\u0660-\u0669]+(?:[.,\u066B\u066C\u00A0\u202F][\d\u0660-\u0669]+)*/g) ?? []
  );
}

/** Hex strings of an address (40) or a hash (64) in a text. */
export function rawHexIn(text: string): string[] {
  return text.match(/0x(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{40})(?![0-9a-fA-F])/g) ?? [];
}

interface TextSeen {
  text: string;
  /** Inside an element that reveals the exact value (a tapped amount, an opened expander). */
  revealsExact: boolean;
  /** Inside an expander or the `<Address>` full view. */
  revealsHex: boolean;
  width: number;
  lines: number;
  where: string;
}

/** What the page shows: every visible text box, with its width and line count. */
async function visibleTexts(page: Page): Promise<TextSeen[]> {
  // tsx (esbuild, keepNames) wraps the named helpers below in __name(); the page has none.
  await page.evaluate('window.__name ??= (f) => f');
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid');
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : '';
      return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls}`;
    };
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && parts.length < 3; e = e.parentElement)
        parts.unshift(describe(e));
      return parts.join(' > ');
    };
    const seen: {
      text: string;
      revealsExact: boolean;
      revealsHex: boolean;
      width: number;
      lines: number;
      where: string;
    }[] = [];
    const shown = (el: Element) => {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      // Off-screen text for screen readers and page search (clipped to 1 px) is not seen.
      for (let e: Element | null = el; e; e = e.parentElement) {
        const box = e.getBoundingClientRect();
        const style = getComputedStyle(e);
        if (style.position === 'absolute' && box.width <= 1 && box.height <= 1) return false;
      }
      return true;
    };
    const byElement = new Map<Element, Text[]>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      if (!text.data.trim() || !text.parentElement) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(text.parentElement.tagName))
        continue;
      const list = byElement.get(text.parentElement) ?? [];
      list.push(text);
      byElement.set(text.parentElement, list);
    }
    for (const [el, texts] of byElement) {
      if (!shown(el)) continue;
      const tops = new Set<number>();
      let any = false;
      for (const text of texts) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) {
          if (rect.width < 1 || rect.height < 1) continue;
          any = true;
          tops.add(Math.round(rect.top / 4));
        }
      }
      if (!any) continue;
      seen.push({
        text: texts.map((t) => t.data).join(''),
        revealsExact:
          el.closest(
            '.amount__tap[aria-pressed="true"], details[open] > :not(summary), [data-address-full]',
          ) !== null,
        revealsHex: el.closest('details[open] > :not(summary), [data-address-full]') !== null,
        width: el.getBoundingClientRect().width,
        lines: tops.size,
        where: path(el),
      });
    }
    for (const input of document.querySelectorAll('input')) {
      if (input.type !== 'text' || !input.value || !shown(input)) continue;
      const box = input.getBoundingClientRect();
      seen.push({
        text: input.value,
        revealsExact: false,
        revealsHex: false,
        width: box.width,
        lines: 1,
        where: path(input),
      });
    }
    return seen;
  });
}

/** Whether a PNG (a screenshot of one icon) has more than one colour. */
async function drawsSomething(page: Page, png: Buffer): Promise<boolean> {
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return true;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 4; i < data.length; i += 4) {
      // Anti-aliasing noise of a few levels is not a drawing.
      if (
        Math.abs(data[i]! - data[0]!) > 12 ||
        Math.abs(data[i + 1]! - data[1]!) > 12 ||
        Math.abs(data[i + 2]! - data[2]!) > 12
      )
        return true;
    }
    return false;
  }, png.toString('base64'));
}

/** Every finding of the rules on the page as it is now. */
export async function layoutFindings(
  page: Page,
  options: LayoutOptions = {},
): Promise<LayoutFinding[]> {
  const findings: LayoutFinding[] = [];
  for (const box of await visibleTexts(page)) {
    if (!box.revealsExact)
      for (const number of numbersIn(box.text))
        if (significantCharacters(number) > 8)
          findings.push({ rule: 'long-number', detail: `"${number}" in ${box.where}` });
    if (!box.revealsHex)
      for (const hex of rawHexIn(box.text))
        findings.push({ rule: 'raw-hex', detail: `${hex} in ${box.where}` });
    if (box.width < 120 && box.lines > 2 && !box.revealsExact)
      findings.push({
        rule: 'narrow-wrap',
        detail: `${Math.round(box.width)} px, ${box.lines} lines: "${box.text.trim().slice(0, 60)}" in ${box.where}`,
      });
  }
  const fold = options.foldPx ?? 844;
  for (const selector of options.aboveFold ?? []) {
    const bottom = await page
      .locator(selector)
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY)
      .catch(() => undefined);
    if (bottom === undefined)
      findings.push({ rule: 'below-fold', detail: `${selector} not found` });
    else if (bottom > fold)
      findings.push({ rule: 'below-fold', detail: `${selector} ends at ${Math.round(bottom)} px` });
  }
  for (const icon of await page.locator(ICON_SELECTOR).all()) {
    if (!(await icon.isVisible())) continue;
    // Under an open dialog an icon is not seen: only an icon on top is judged by its pixels.
    await icon.scrollIntoViewIfNeeded().catch(() => undefined);
    const onTop = await icon.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top !== null && (top === el || el.contains(top));
    });
    if (!onTop) continue;
    const png = await icon.screenshot({ animations: 'disabled' }).catch(() => undefined);
    if (png && !(await drawsSomething(page, png)))
      findings.push({
        rule: 'blank-icon',
        detail: await icon.evaluate((el) => el.outerHTML.slice(0, 120)),
      });
  }
  return findings;
}
