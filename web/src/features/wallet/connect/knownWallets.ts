/**
 * The wallets the connect popup always names (spec §1: TokenPocket, Trust Wallet, OKX Wallet,
 * Wallacy, plus MetaMask of §1's wallet kinds), how an installed one is recognised, and how a
 * missing one is opened. Pure: the popup's list is built here from what the page discovered.
 */

export type KnownWalletId = 'tokenpocket' | 'trust' | 'okx' | 'wallacy' | 'metamask';

export interface KnownWallet {
  id: KnownWalletId;
  name: string;
  /** EIP-6963 `rdns` values this wallet announces itself with. */
  rdns: readonly string[];
  /** Lower-case names it announces itself with (EIP-6963 `name`). */
  names: readonly string[];
  /**
   * When it is not in this browser: a deep link that opens `url` in the wallet app's dapp browser,
   * or (no documented deep link) the wallet's own download page.
   */
  open: { kind: 'deepLink'; href(url: string): string } | { kind: 'install'; href: string };
}

export const knownWallets: readonly KnownWallet[] = [
  {
    id: 'tokenpocket',
    name: 'TokenPocket',
    rdns: ['pro.tokenpocket'],
    names: ['tokenpocket', 'tp wallet'],
    // TP-Lab/TokenPocket-Protocol, "Call TokenPocket to open url with Dapp browser":
    // tpdapp://open?params={"url": "...", ...} (params URL-encoded JSON).
    open: {
      kind: 'deepLink',
      href: (url) => `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url }))}`,
    },
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: ['com.trustwallet.app'],
    names: ['trust wallet', 'trust'],
    // developer.trustwallet.com/developer/develop-for-trust/deeplinking, "DApp Browser":
    // https://link.trustwallet.com/open_url?coin_id=60&url=<url> (the https form falls back to the
    // download page when the app is missing).
    open: {
      kind: 'deepLink',
      href: (url) =>
        `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}`,
    },
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    rdns: ['com.okex.wallet'],
    names: ['okx wallet', 'okx'],
    // web3.okx.com/build/docs/waas/app-universal-link: the deep link
    // okx://wallet/dapp/url?dappUrl=<encoded url>, wrapped in OKX's universal link
    // https://web3.okx.com/download?deeplink=<encoded deep link> so a phone without the app lands
    // on the download page instead of nothing.
    open: {
      kind: 'deepLink',
      href: (url) =>
        `https://web3.okx.com/download?deeplink=${encodeURIComponent(
          `okx://wallet/dapp/url?dappUrl=${encodeURIComponent(url)}`,
        )}`,
    },
  },
  {
    id: 'wallacy',
    name: 'Wallacy',
    rdns: ['io.wallacy', 'io.wallacy.wallet'],
    names: ['wallacy', 'wallacy wallet'],
    // No documented "open a dapp URL" deep link for Wallacy was found (searched its docs and public
    // code, Nov 2026): the popup offers its download page instead.
    open: { kind: 'install', href: 'https://wallacy.io/' },
  },
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.mobile'],
    names: ['metamask'],
    // docs.metamask.io "Use deeplinks", "Open a dapp inside the MetaMask in-app browser":
    // https://link.metamask.io/dapp/{dappUrl} with the URL without its scheme and not encoded
    // (an encoded path opens a blank tab; hash routes survive unencoded).
    open: {
      kind: 'deepLink',
      href: (url) => `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}`,
    },
  },
];

/** Flags wallets set on the window.ethereum they inject. */
export interface InjectedFlags {
  isMetaMask?: boolean;
  isTokenPocket?: boolean;
  isOkxWallet?: boolean;
  isOKExWallet?: boolean;
  isTrust?: boolean;
  isTrustWallet?: boolean;
  isWallacy?: boolean;
}

/**
 * Which named wallet injected window.ethereum, by its flags. Many wallets also set `isMetaMask`
 * for compatibility, so MetaMask is the answer only when no other wallet's flag is set.
 */
export function knownIdFromFlags(flags: InjectedFlags | undefined): KnownWalletId | undefined {
  if (!flags) return undefined;
  if (flags.isTokenPocket) return 'tokenpocket';
  if (flags.isOkxWallet || flags.isOKExWallet) return 'okx';
  if (flags.isTrust || flags.isTrustWallet) return 'trust';
  if (flags.isWallacy) return 'wallacy';
  if (flags.isMetaMask) return 'metamask';
  return undefined;
}

/** A wallet the page can connect to: one announced by EIP-6963, window.ethereum, or a test wallet. */
export interface WalletCandidate<T> {
  /** Stable key (connector uid). */
  key: string;
  /** What it calls itself (EIP-6963 name; for window.ethereum the caller's generic name). */
  name: string;
  rdns?: string;
  icon?: string;
  /** Set for window.ethereum (the generic injected connector). */
  generic?: { flagged?: KnownWalletId; sameAsAnnounced: boolean | undefined };
  ref: T;
}

export type WalletRow<T> =
  | {
      kind: 'installed';
      key: string;
      name: string;
      icon?: string;
      known?: KnownWalletId;
      ref: T;
    }
  | { kind: 'absent'; key: string; name: string; wallet: KnownWallet };

/** The named wallet a candidate is, by rdns, then announced name, then window.ethereum flags. */
export function matchKnown<T>(candidate: WalletCandidate<T>): KnownWalletId | undefined {
  const rdns = candidate.rdns?.toLowerCase();
  const name = candidate.name.trim().toLowerCase();
  for (const wallet of knownWallets) {
    if (rdns && wallet.rdns.includes(rdns)) return wallet.id;
  }
  if (!candidate.generic) {
    for (const wallet of knownWallets) if (wallet.names.includes(name)) return wallet.id;
    return undefined;
  }
  return candidate.generic.flagged;
}

/**
 * The popup's rows: the five named wallets in a fixed order, each either installed (matched to the
 * provider that is present) or absent (opened by deep link), followed by every other wallet found.
 * No wallet shows twice: EIP-6963 announcements are unique by rdns, and window.ethereum is left
 * out when it is an announced provider (same object, not yet known, or the same named wallet).
 */
export function buildWalletRows<T>(candidates: readonly WalletCandidate<T>[]): WalletRow<T>[] {
  const announced: WalletCandidate<T>[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    if (c.generic) continue;
    const id = c.rdns ? `rdns:${c.rdns.toLowerCase()}` : `key:${c.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    announced.push(c);
  }
  const announcedKnown = new Set(announced.map(matchKnown));
  const announcedNames = new Set(announced.map((c) => c.name.trim().toLowerCase()));
  const generic = candidates.filter((c) => {
    if (!c.generic) return false;
    if (c.generic.sameAsAnnounced !== false) return false;
    const flagged = c.generic.flagged;
    if (flagged && announcedKnown.has(flagged)) return false;
    return !announcedNames.has(c.name.trim().toLowerCase());
  });
  const present = [...announced, ...generic];

  const rows: WalletRow<T>[] = [];
  const used = new Set<string>();
  for (const wallet of knownWallets) {
    const match = present.find((c) => !used.has(c.key) && matchKnown(c) === wallet.id);
    if (match) {
      used.add(match.key);
      rows.push({
        kind: 'installed',
        key: match.key,
        name: wallet.name,
        icon: match.icon,
        known: wallet.id,
        ref: match.ref,
      });
    } else {
      rows.push({ kind: 'absent', key: `absent:${wallet.id}`, name: wallet.name, wallet });
    }
  }
  for (const c of present) {
    if (used.has(c.key)) continue;
    rows.push({ kind: 'installed', key: c.key, name: c.name, icon: c.icon, ref: c.ref });
  }
  return rows;
}

/** Where a missing wallet's row leads for the page at `url`. */
export function absentWalletHref(wallet: KnownWallet, url: string): string {
  return wallet.open.kind === 'deepLink' ? wallet.open.href(url) : wallet.open.href;
}
