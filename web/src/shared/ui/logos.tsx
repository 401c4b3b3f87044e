import type { NetworkKey } from '@app/contracts/chains';
import { useEffect, useState } from 'react';
import './logos.css';

/**
 * Every mark of the app in one module (issue 19 §3): our own logo, the networks', the tokens' and
 * the wallets'. All drawn here (no copied artwork, no request to another site) and decorative: the
 * name of what they stand for is always written next to them.
 */

const svgProps = (size: number, viewBox: string, className: string) =>
  ({
    width: size,
    height: size,
    viewBox,
    'aria-hidden': true,
    focusable: false,
    className,
  }) as const;

/**
 * Honest Stake's mark: a stack of three coins (a stake) with a tick (checked, honest), on the
 * brand blue. index.html paints the same drawing before the scripts run.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg {...svgProps(size, '0 0 32 32', 'logo-mark')}>
      <rect width="32" height="32" rx="9" fill="#2f7cf6" />
      <g fill="#fff" stroke="#2f7cf6" strokeWidth="1.3">
        <ellipse cx="13" cy="22.5" rx="7.5" ry="2.8" />
        <ellipse cx="13" cy="18.5" rx="7.5" ry="2.8" />
        <ellipse cx="13" cy="14.5" rx="7.5" ry="2.8" />
      </g>
      <path
        d="M18.6 9.6l2.9 2.9 6-6.4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const ethDiamond = (
  <>
    <path d="M10 3l4.2 7.1L10 12.6 5.8 10.1z" fill="#fff" />
    <path d="M10 13.6l4.2-2.5L10 17l-4.2-5.9z" fill="#fff" fillOpacity="0.75" />
  </>
);

const bnbDiamonds = (
  <g fill="#fff">
    <path d="M10 7.6l2.4 2.4L10 12.4 7.6 10z" />
    <path d="M10 3.2l1.6 1.6L10 6.4 8.4 4.8zM10 13.6l1.6 1.6L10 16.8l-1.6-1.6z" />
    <path d="M4.8 8.4L6.4 10l-1.6 1.6L3.2 10zM15.2 8.4l1.6 1.6-1.6 1.6-1.6-1.6z" />
  </g>
);

/** A network's mark: ETH's two-faceted diamond on violet; BSC's five diamonds on amber. */
export function NetworkIcon({ network, size = 18 }: { network: NetworkKey; size?: number }) {
  return (
    <svg {...svgProps(size, '0 0 20 20', 'network-icon')}>
      <circle cx="10" cy="10" r="10" fill={network === 'ETH' ? '#627eea' : '#f0b90b'} />
      {network === 'ETH' ? ethDiamond : bnbDiamonds}
    </svg>
  );
}

/**
 * A token's mark by its symbol: USDC (a dollar sign in a ring on blue), ETH / WETH (the ETH
 * diamond; wrapped: with a ring), BNB / WBNB (the BNB diamonds; wrapped: with a ring); any other
 * symbol its initial on a neutral disc.
 */
export function TokenIcon({ symbol, size = 18 }: { symbol: string; size?: number }) {
  const s = symbol.toUpperCase();
  const wrapped = s === 'WETH' || s === 'WBNB';
  const ring = wrapped ? (
    <circle cx="10" cy="10" r="8.6" fill="none" stroke="#fff" strokeOpacity="0.7" />
  ) : null;
  let body;
  if (s === 'USDC')
    body = (
      <>
        <circle cx="10" cy="10" r="10" fill="#2775ca" />
        <circle cx="10" cy="10" r="6.6" fill="none" stroke="#fff" strokeWidth="1.2" />
        <path
          d="M12.2 7.6c-.4-.7-1.2-1.1-2.2-1.1-1.3 0-2.2.7-2.2 1.7 0 2.3 4.5 1.3 4.5 3.6 0 1-.9 1.8-2.3 1.8-1.1 0-2-.5-2.4-1.3M10 5.3v9.4"
          fill="none"
          stroke="#fff"
          strokeWidth="1.3"
          strokeLinecap="round"
        />
      </>
    );
  else if (s === 'ETH' || s === 'WETH')
    body = (
      <>
        <circle cx="10" cy="10" r="10" fill="#627eea" />
        {ethDiamond}
        {ring}
      </>
    );
  else if (s === 'BNB' || s === 'WBNB')
    body = (
      <>
        <circle cx="10" cy="10" r="10" fill="#f0b90b" />
        {bnbDiamonds}
        {ring}
      </>
    );
  else
    body = (
      <>
        <circle cx="10" cy="10" r="10" fill="#5b6474" />
        <text x="10" y="14" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">
          {Array.from(s)[0] ?? '?'}
        </text>
      </>
    );
  return <svg {...svgProps(size, '0 0 20 20', 'token-icon')}>{body}</svg>;
}

/**
 * Which announced icons (EIP-6963 / wagmi `connector.icon`) the page may load at all: an image data
 * URI or an https address (never another scheme). Whether it shows anything is decided by drawing
 * it (`iconDrawsSomething`), not by reading the string.
 */
function loadableIcon(icon: string | undefined): icon is string {
  const trimmed = icon?.trim() ?? '';
  return /^https:\/\/\S+$/.test(trimmed) || /^data:image\//i.test(trimmed);
}

/** The canvas the icons are drawn on: small, as the row shows them. */
const ICON_CHECK_SIZE = 32;

/**
 * Whether a loaded icon draws something a person can see (issue 24 §1): drawn on a canvas, its
 * pixels are not all transparent and not all one flat colour. Some wallets announce a valid image
 * that draws nothing (an empty SVG: TokenPocket's row was blank). An https icon from a site that
 * does not allow reading its pixels (a tainted canvas) cannot be checked and is trusted.
 */
export function iconDrawsSomething(image: HTMLImageElement): boolean {
  const canvas = document.createElement('canvas');
  canvas.width = ICON_CHECK_SIZE;
  canvas.height = ICON_CHECK_SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return true;
  context.drawImage(image, 0, 0, ICON_CHECK_SIZE, ICON_CHECK_SIZE);
  let pixels: Uint8ClampedArray;
  try {
    pixels = context.getImageData(0, 0, ICON_CHECK_SIZE, ICON_CHECK_SIZE).data;
  } catch {
    return true;
  }
  return !blankPixels(pixels);
}

/** Channel difference still counted as the same colour (anti-aliasing, colour management). */
const SAME_COLOUR_TOLERANCE = 12;

/**
 * RGBA pixels that show nothing: none visible, or one flat colour over (nearly) the whole square
 * (a filled square, rounded or not). A single-colour mark on a transparent ground is a drawing.
 */
export function blankPixels(pixels: Uint8ClampedArray): boolean {
  const total = pixels.length / 4;
  let visible = 0;
  let first: [number, number, number] | undefined;
  let oneColour = true;
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3]!;
    if (alpha === 0) continue;
    visible += 1;
    // Colours of half-transparent edge pixels are imprecise: compare the solid ones.
    if (alpha < 128) continue;
    const colour: [number, number, number] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
    if (!first) first = colour;
    else if (colour.some((value, c) => Math.abs(value - first![c]!) > SAME_COLOUR_TOLERANCE))
      oneColour = false;
  }
  if (visible === 0) return true;
  return oneColour && visible >= total * 0.85;
}

type IconState = 'checking' | 'shown' | 'blank';

/** Loads the icon off-screen and draws it; 'blank' when it fails to load or draws nothing. */
function useIconCheck(icon: string | undefined): IconState {
  const usable = loadableIcon(icon);
  const [state, setState] = useState<{ icon?: string; result: IconState }>({ result: 'checking' });
  useEffect(() => {
    if (!usable) return;
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (current) setState({ icon, result: iconDrawsSomething(image) ? 'shown' : 'blank' });
    };
    image.onerror = () => {
      if (current) setState({ icon, result: 'blank' });
    };
    image.src = icon;
    return () => {
      current = false;
    };
  }, [icon, usable]);
  if (!usable) return 'blank';
  return state.icon === icon ? state.result : 'checking';
}

/**
 * A wallet's icon in the wallet list: its own when it announced one that draws something, else
 * (no icon, it fails to load, or it is blank or one flat colour) its initial on a neutral disc,
 * never an empty square and never a copied logo. While the icon is checked the disc shows.
 */
export function WalletIcon({ icon, name }: { icon?: string; name: string }) {
  if (useIconCheck(icon) === 'shown')
    return <img src={icon} alt="" width={28} height={28} data-testid="wallet-icon" />;
  return (
    // Drawn by CSS (::before) from the attribute: not part of the row's text or accessible name.
    <span
      className="wallet-list__placeholder"
      data-testid="wallet-initial"
      aria-hidden="true"
      data-initial={Array.from(name.trim())[0]?.toUpperCase() ?? ''}
    />
  );
}
