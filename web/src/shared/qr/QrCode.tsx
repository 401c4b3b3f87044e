import encodeQR from 'qr';
import { useMemo } from 'react';
import { qrPath, QUIET_ZONE } from './qrPath';
import './qr.css';

/** `text` as a QR code (error correction 'medium'), dark on light in any theme. */
export function QrCode({
  text,
  label,
  size = 200,
}: {
  text: string;
  label: string;
  size?: number;
}) {
  const matrix = useMemo(
    () => encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE }),
    [text],
  );
  const side = matrix.length;
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
      data-testid="invite-qr"
      data-modules={matrix.length - 2 * QUIET_ZONE}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
