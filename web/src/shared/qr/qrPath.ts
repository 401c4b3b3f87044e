/** Light modules around the code, as the QR standard asks, so scanners find its edges. */
export const QUIET_ZONE = 4;

/**
 * One SVG path of the dark modules of a matrix (`true` = dark, the quiet zone included): one unit
 * square per module, so the code scales to any size without blurring.
 */
export function qrPath(matrix: readonly (readonly boolean[])[]): string {
  let path = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}
