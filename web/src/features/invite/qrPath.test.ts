import assert from 'node:assert/strict';
import { test } from 'node:test';
import encodeQR from 'qr';
import { decodeQR } from 'qr/decode.js';
import { qrPath, QUIET_ZONE } from './qrPath';

/** Rasterises the SVG path the invite page draws (unit squares on white) into RGBA pixels. */
function rasterise(path: string, modules: number, scale: number) {
  const side = modules * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g))
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
  return { width: side, height: side, data };
}

test('the drawn QR code of an invite link scans back to the link', () => {
  const link = 'http://127.0.0.1:41234/#/?code=AB12CD34';
  const matrix = encodeQR(link, 'raw', { ecc: 'medium', border: QUIET_ZONE });
  const path = qrPath(matrix);
  assert.equal(decodeQR(rasterise(path, matrix.length, 4)), link);
});

test('qrPath draws one unit square per dark module', () => {
  assert.equal(
    qrPath([
      [true, false],
      [false, true],
    ]),
    'M0 0h1v1h-1zM1 1h1v1h-1z',
  );
  assert.equal(qrPath([[false]]), '');
});
