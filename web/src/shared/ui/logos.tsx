import type { NetworkKey } from '@app/contracts/chains';
import './logos.css';

/**
 * The marks of the app (issue 19 §3): our own logo and the networks' here (the top bar shows them
 * on the first visit), the tokens' in tokenLogos.tsx and the wallets' in walletLogos.tsx (loaded
 * with the pages and the wallet list that show them: issue 26 §1). All drawn in these modules (no
 * copied artwork, no request to another site) and decorative: the name of what they stand for is
 * always written next to them.
 */

export const svgProps = (size: number, viewBox: string, className: string) =>
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

export const ethDiamond = (
  <>
    <path d="M10 3l4.2 7.1L10 12.6 5.8 10.1z" fill="#fff" />
    <path d="M10 13.6l4.2-2.5L10 17l-4.2-5.9z" fill="#fff" fillOpacity="0.75" />
  </>
);

export const bnbDiamonds = (
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
