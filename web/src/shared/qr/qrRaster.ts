/**
 * Test helper (the unit test and the browser test): rasterises the SVG path the invite page draws
 * (unit squares on white, see qrPath) into RGBA pixels a QR decoder can scan. No imports, so the
 * e2e suite can load it as is.
 */
export function rasteriseQrPath(path: string, modules: number, scale: number) {
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
