/**
 * Draws the PWA's PNG icons from our SVG logo (LogoMark in src/shared/ui/logos.tsx, the one
 * source of the mark), rendered by Chromium, so they can be redrawn whenever the mark changes:
 *
 *   npx tsx web/scripts/make-icons.ts   (CHROMIUM_PATH, default /usr/bin/chromium; writes
 *                                        web/public/icons/*.png, which are committed)
 *
 * - icon-192/512 ("any"): the mark as it is, its rounded square on a transparent background.
 * - icon-maskable-192/512: full-bleed brand blue, the mark's drawing inside the safe zone (the
 *   centre circle of radius 40% that every launcher's mask keeps); checked below, pixel by pixel.
 * - apple-touch-icon (180): full-bleed blue (iOS shows transparency as black) and rounds it itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

// logos.tsx imports its stylesheet for the browser; under Node a stylesheet is an empty module.
register(
  'data:text/javascript,' +
    encodeURIComponent(
      'export async function load(url, context, next) {' +
        " if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };" +
        ' return next(url, context); }',
    ),
);
const { LogoMark } = await import('../src/shared/ui/logos.tsx');

const outDir = join(import.meta.dirname, '..', 'public', 'icons');
/** The mark's background (its rounded square's fill), used full-bleed where a mask is applied. */
const brandBlue = '#2f7cf6';
/** Maskable icons: launchers keep at least the centre circle of radius 40% of the size. */
const SAFE_RADIUS = 0.4;

interface IconSpec {
  file: string;
  size: number;
  /** Side of the mark's 32-unit box, as a share of the icon's side. */
  markShare: number;
  /** Full-bleed background, or none (transparent). */
  background?: string;
  maskable?: boolean;
}

const icons: IconSpec[] = [
  { file: 'icon-192.png', size: 192, markShare: 1 },
  { file: 'icon-512.png', size: 512, markShare: 1 },
  // On the blue, the mark's own square vanishes: what shows is its drawing (coins and tick), whose
  // farthest point (the tick's end) lies 17 of 32 units from the centre: 0.72 keeps it at 0.38.
  {
    file: 'icon-maskable-192.png',
    size: 192,
    markShare: 0.72,
    background: brandBlue,
    maskable: true,
  },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    markShare: 0.72,
    background: brandBlue,
    maskable: true,
  },
  { file: 'apple-touch-icon.png', size: 180, markShare: 0.86, background: brandBlue },
];

function page(spec: IconSpec): string {
  const mark = renderToStaticMarkup(
    createElement(LogoMark, { size: Math.round(spec.size * spec.markShare) }),
  );
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${spec.size}px; height: ${spec.size}px; overflow: hidden;
      background: ${spec.background ?? 'transparent'}; }
    body { display: grid; place-items: center; }
    svg { display: block; }
  </style></head><body>${mark}</body></html>`;
}

/** Pixels outside the safe circle that differ from the background (should be none). */
async function pixelsOutsideSafeZone(
  browserPage: import('playwright-core').Page,
  png: Buffer,
  spec: IconSpec,
): Promise<number> {
  return browserPage.evaluate(
    async ({ data, size, background, safe }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = size;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, size, size).data;
      const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
      let outside = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= safe * size) continue;
          const i = (y * size + x) * 4;
          const off = bg.some((value, c) => Math.abs(pixels[i + c]! - value) > 8);
          if (off) outside++;
        }
      }
      return outside;
    },
    {
      data: png.toString('base64'),
      size: spec.size,
      background: spec.background!,
      safe: SAFE_RADIUS,
    },
  );
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  mkdirSync(outDir, { recursive: true });
  for (const spec of icons) {
    const browserPage = await browser.newPage({
      viewport: { width: spec.size, height: spec.size },
      deviceScaleFactor: 1,
    });
    await browserPage.setContent(page(spec));
    const png = await browserPage.screenshot({ omitBackground: !spec.background });
    if (spec.maskable) {
      const outside = await pixelsOutsideSafeZone(browserPage, png, spec);
      if (outside > 0) {
        throw new Error(`${spec.file}: ${outside} pixels of the mark lie outside the safe zone`);
      }
    }
    writeFileSync(join(outDir, spec.file), png);
    console.log(`${spec.file}: ${spec.size}×${spec.size}, ${png.length} bytes`);
    await browserPage.close();
  }
} finally {
  await browser.close();
}
