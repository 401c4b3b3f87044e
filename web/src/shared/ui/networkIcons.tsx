import type { NetworkKey } from '@app/contracts/chains';
import './networkIcons.css';

/**
 * A small mark per network for the network menu (drawn here, decorative: the network's name is
 * always written next to it). ETH: the two-faceted diamond on violet; BSC: four diamonds around a
 * centre one on amber.
 */
export function NetworkIcon({ network, size = 18 }: { network: NetworkKey; size?: number }) {
  const svg = {
    width: size,
    height: size,
    viewBox: '0 0 20 20',
    'aria-hidden': true,
    focusable: false,
    className: 'network-icon',
  } as const;
  if (network === 'ETH')
    return (
      <svg {...svg}>
        <circle cx="10" cy="10" r="10" fill="#627eea" />
        <path d="M10 3l4.2 7.1L10 12.6 5.8 10.1z" fill="#fff" />
        <path d="M10 13.6l4.2-2.5L10 17l-4.2-5.9z" fill="#fff" fillOpacity="0.75" />
      </svg>
    );
  return (
    <svg {...svg}>
      <circle cx="10" cy="10" r="10" fill="#f0b90b" />
      <g fill="#fff">
        <path d="M10 7.6l2.4 2.4L10 12.4 7.6 10z" />
        <path d="M10 3.2l1.6 1.6L10 6.4 8.4 4.8zM10 13.6l1.6 1.6L10 16.8l-1.6-1.6z" />
        <path d="M4.8 8.4L6.4 10l-1.6 1.6L3.2 10zM15.2 8.4l1.6 1.6-1.6 1.6-1.6-1.6z" />
      </g>
    </svg>
  );
}
