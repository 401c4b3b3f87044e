/**
 * Spec §4: when a wallet app is absent, the user can open this page inside it. These are the
 * wallets' own published "open a dapp URL" links.
 */
export interface WalletDeepLink {
  name: string;
  /** Lower-case names an installed wallet of this kind announces itself with. */
  matches: string[];
  href(url: string): string;
}

export const walletDeepLinks: WalletDeepLink[] = [
  {
    name: 'TokenPocket',
    matches: ['tokenpocket'],
    href: (url) => `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url }))}`,
  },
  {
    name: 'Trust Wallet',
    matches: ['trust wallet', 'trust'],
    href: (url) =>
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}`,
  },
  {
    name: 'OKX Wallet',
    matches: ['okx wallet', 'okx'],
    href: (url) => `okx://wallet/dapp/url?dappUrl=${encodeURIComponent(url)}`,
  },
  {
    name: 'MetaMask',
    matches: ['metamask'],
    href: (url) => `https://metamask.app.link/dapp/${url.replace(/^https?:\/\//, '')}`,
  },
];

export function isMobileBrowser(): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}
