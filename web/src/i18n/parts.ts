/**
 * Each language's texts load in two parts (one locales/<lang>.json per language stays the one
 * source): the first part with the app shell and Home, the rest with the wallet and chain code
 * (features/wallet/runtime/loadRuntime.ts), which every other page and every wallet action waits for anyway.
 * Read by vite.config.ts (the `?part=` loader) and i18n/index.ts.
 */
export const laterNamespaces: readonly string[] = [
  'serve',
  'exchange',
  'mine',
  'nodes',
  'transparency',
  'team',
  'income',
  'invite',
  'activity',
  'withdraws',
  'records',
  'tx',
  'bind',
  'rpc',
  'standalone',
  // The connect popup's WalletConnect row: the popup comes with the wallet code.
  'walletConnect',
  // Shown only once a chain read answered, i.e. after the wallet code (and these texts) loaded.
  'readSource',
];

export type TextPart = 'first' | 'later';

/** The top-level namespaces of `texts` that belong to `part`. */
export function pickPart(texts: Record<string, unknown>, part: TextPart): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(texts).filter(([ns]) => laterNamespaces.includes(ns) === (part === 'later')),
  );
}
