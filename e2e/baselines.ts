/**
 * Approved screenshots (issue 24 §4): a few screens as the team approved them, kept in
 * e2e/baselines/<name>.png, and a pixel comparison that fails when the rendered screen moved away
 * from its approved look. What changes from run to run by nature (dates and times from the chain's
 * clock, the network fee, which moves with the base fee) is painted over with a flat box before
 * both the approval and the comparison; everything else must match.
 *
 * Approving a change is deliberate: `npm run baselines -w e2e` reruns the screens test writing the
 * files instead of comparing them, and the new PNGs are reviewed and committed like code.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { artifactsDir, e2eDir } from './harness.ts';

export const baselinesDir = join(e2eDir, 'baselines');

/** Set by `npm run baselines -w e2e`: write the shots as the approved ones. */
const approving = process.env.UPDATE_BASELINES === '1';

/**
 * A pixel counts as changed when one of its channels moved by more than this (0–255): less is
 * the anti-aliasing noise of the same text drawn at a subpixel offset.
 */
const CHANNEL_TOLERANCE = 8;
/**
 * Pixels that may change: Chromium draws the same page identically run after run (0 changed in
 * every shot but the dated one before the dates were masked), and one changed digit is ~80–170
 * pixels, so a handful is allowed and no figure can change unseen.
 */
const MAX_CHANGED_PIXELS = 20;

/**
 * What varies by nature on the screens shot: the network fee line (base fee), times and dates
 * from the chain's clock, and the wallet's native balance (each block's gas). Named by role and
 * class so a new kind of varying figure is a conscious addition here.
 */
const VOLATILE = 'time, .network-fee, [data-volatile]';
/** The flat colour painted over them (never a colour of the app's palette). */
const MASK_COLOR = '#ff00ff';
const MASK_RGB = [0xff, 0x00, 0xff] as const;
const SEEN_VOLATILE = 'data-shot-mask';

/**
 * The volatile parts a user sees: one under an open dialog is not masked (the mask is painted on
 * top of everything, and would hide the dialog's own text where it covers the page's line).
 */
async function volatileParts(page: Page): Promise<Locator[]> {
  await page.evaluate(
    ({ selector, attribute }) => {
      for (const el of document.querySelectorAll(`[${attribute}]`)) el.removeAttribute(attribute);
      for (const el of document.querySelectorAll(selector)) {
        const box = el.getBoundingClientRect();
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        // Beyond the screen's edge it cannot be checked (and a part of it may still show): masked.
        const offScreen = x < 0 || y < 0 || x >= innerWidth || y >= innerHeight;
        const top = offScreen ? null : document.elementFromPoint(x, y);
        if (offScreen || (top && (top === el || el.contains(top)))) el.setAttribute(attribute, '');
      }
    },
    { selector: VOLATILE, attribute: SEEN_VOLATILE },
  );
  return [page.locator(`[${SEEN_VOLATILE}]`)];
}

/** Screenshots until two in a row are identical (fonts, icons and late figures have settled). */
async function stableShot(page: Page, mask: Locator[]): Promise<Buffer> {
  let previous: Buffer | null = null;
  for (let attempt = 0; attempt < 10; attempt++) {
    const shot = await page.screenshot({ mask, maskColor: MASK_COLOR, animations: 'disabled' });
    if (previous && shot.equals(previous)) return shot;
    previous = shot;
    await page.waitForTimeout(250);
  }
  throw new Error('the screen did not settle within 10 screenshots');
}

interface PixelDiff {
  width: number;
  height: number;
  changed: number;
  /** The new shot with every changed pixel painted red (PNG, base64). */
  marked: string;
}

/**
 * Compares two PNGs pixel by pixel, decoded by the browser (a blank page of the same context, so
 * no image library is needed and the app's CSP does not apply).
 */
async function pixelDiff(page: Page, approved: Buffer, actual: Buffer): Promise<PixelDiff> {
  const scratch = await page.context().newPage();
  try {
    // tsx keeps function names by wrapping inner functions in `__name(...)` (see layout.ts).
    await scratch.evaluate('globalThis.__name ??= (f) => f');
    return await scratch.evaluate(
      async ({ a, b, tolerance, mask }) => {
        const decode = async (b64: string) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return { canvas, ctx, data: ctx.getImageData(0, 0, canvas.width, canvas.height) };
        };
        const [left, right] = [await decode(a), await decode(b)];
        const width = right.canvas.width;
        const height = right.canvas.height;
        if (left.canvas.width !== width || left.canvas.height !== height) {
          return { width, height, changed: width * height, marked: b };
        }
        let changed = 0;
        const px = right.data.data;
        const old = left.data.data;
        const masked = (d: Uint8ClampedArray, i: number) =>
          d[i] === mask[0] && d[i + 1] === mask[1] && d[i + 2] === mask[2];
        for (let i = 0; i < px.length; i += 4) {
          // A volatile part's box is masked in each shot; its width follows its text (a date's
          // day, "May 9" or "May 19"), so what either shot masked is not compared.
          if (masked(old, i) || masked(px, i)) continue;
          if (
            Math.abs(px[i]! - old[i]!) > tolerance ||
            Math.abs(px[i + 1]! - old[i + 1]!) > tolerance ||
            Math.abs(px[i + 2]! - old[i + 2]!) > tolerance
          ) {
            changed++;
            px[i] = 255;
            px[i + 1] = 0;
            px[i + 2] = 0;
          }
        }
        right.ctx.putImageData(right.data, 0, 0);
        const marked = right.canvas.toDataURL('image/png').split(',')[1]!;
        return { width, height, changed, marked };
      },
      {
        a: approved.toString('base64'),
        b: actual.toString('base64'),
        tolerance: CHANNEL_TOLERANCE,
        mask: MASK_RGB,
      },
    );
  } finally {
    await scratch.close();
  }
}

/**
 * The visible part of the screen (what a phone shows before scrolling) against its approved shot
 * `name`; with UPDATE_BASELINES=1, approves it instead. Returns what differs (null: nothing), so a
 * run reports every changed screen at once; the shot and a copy with the changed pixels in red go
 * to e2e/artifacts/baseline-<name>-{actual,changed}.png.
 */
export async function approvedLookChange(page: Page, name: string): Promise<string | null> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const shot = await stableShot(page, await volatileParts(page));
  const file = join(baselinesDir, `${name}.png`);
  if (approving) {
    mkdirSync(baselinesDir, { recursive: true });
    writeFileSync(file, shot);
    return null;
  }
  if (!existsSync(file)) {
    return `${name} has no approved shot (${file}): run \`npm run baselines -w e2e\` and review the new PNG`;
  }
  const diff = await pixelDiff(page, readFileSync(file), shot);
  const allowed = MAX_CHANGED_PIXELS;
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(join(artifactsDir, `baseline-${name}-actual.png`), shot);
  process.stderr.write(`baseline ${name}: ${diff.changed} pixels changed (at most ${allowed})\n`);
  if (diff.changed > allowed) {
    writeFileSync(
      join(artifactsDir, `baseline-${name}-changed.png`),
      Buffer.from(diff.marked, 'base64'),
    );
    return (
      `${name} looks different from its approved shot: ${diff.changed} of ${diff.width * diff.height} pixels changed (at most ${allowed}); ` +
      `see e2e/artifacts/baseline-${name}-changed.png, and if the change is meant, approve it with \`npm run baselines -w e2e\``
    );
  }
  return null;
}
