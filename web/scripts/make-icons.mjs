/**
 * Draws the app icon (the top bar's logo: a blue disc with a white check on navy) as PNG files for
 * the web manifest, with a tiny PNG encoder (node:zlib only), anti-aliased by 4×4 supersampling.
 * Run: node web/scripts/make-icons.mjs  (writes web/public/icons/*.png; the files are committed)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const outDir = join(import.meta.dirname, '..', 'public', 'icons');

const navy = [0x0b, 0x17, 0x33];
const blue = [0x2f, 0x7c, 0xf6];
const white = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** RGB pixels (Uint8Array, 3 bytes each) → PNG (8-bit truecolour, no alpha). */
function encodePng(width, height, rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function distToSegment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * The logo in a 32-unit box (as in LogoMark: disc r=15 at 16,16; check 10,17 → 14,21 → 22,11,
 * stroke 3), scaled so the disc's radius is `discRadius` of the icon's size.
 */
function drawIcon(size, discRadius) {
  const rgb = Buffer.alloc(size * size * 3);
  const scale = (discRadius * size) / 15; // pixels per logo unit
  const ox = size / 2 - 16 * scale;
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const u = (x + (sx + 0.5) / S - ox) / scale;
          const v = (y + (sy + 0.5) / S - ox) / scale;
          let colour = navy;
          if (Math.hypot(u - 16, v - 16) <= 15) {
            const d = Math.min(
              distToSegment(u, v, 10, 17, 14, 21),
              distToSegment(u, v, 14, 21, 22, 11),
            );
            colour = d <= 1.5 ? white : blue;
          }
          acc[0] += colour[0];
          acc[1] += colour[1];
          acc[2] += colour[2];
        }
      }
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(acc[c] / (S * S));
    }
  }
  return encodePng(size, size, rgb);
}

mkdirSync(outDir, { recursive: true });
const icons = [
  // "any": the disc nearly fills the square.
  ['icon-192.png', 192, 0.44],
  ['icon-512.png', 512, 0.44],
  // "maskable": the disc stays inside the central safe zone (a circle of 40% radius).
  ['icon-maskable-192.png', 192, 0.32],
  ['icon-maskable-512.png', 512, 0.32],
  ['apple-touch-icon.png', 180, 0.38],
];
for (const [name, size, radius] of icons) {
  writeFileSync(join(outDir, name), drawIcon(size, radius));
  console.log(`wrote ${name}`);
}
