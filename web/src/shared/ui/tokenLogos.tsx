import { bnbDiamonds, ethDiamond, svgProps } from './logos';

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
