import { useEffect, useState } from 'react';

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
