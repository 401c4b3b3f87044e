import assert from 'node:assert/strict';
import { test } from 'node:test';
import encodeQR from 'qr';
import { decodeQR } from 'qr/decode.js';
import { qrPath, QUIET_ZONE } from './qrPath';
import { rasteriseQrPath } from './qrRaster';

test('the drawn QR code of an invite link scans back to the link', () => {
  const link = 'http://127.0.0.1:41234/#/?code=AB12CD34';
  const matrix = encodeQR(link, 'raw', { ecc: 'medium', border: QUIET_ZONE });
  const path = qrPath(matrix);
  assert.equal(decodeQR(rasteriseQrPath(path, matrix.length, 4)), link);
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
