import { useEffect, useState } from 'react';
import { useConnectors, type Connector } from 'wagmi';

export interface WalletOption {
  connector: Connector;
  name: string;
  icon?: string;
}

interface InjectedFlags {
  isMetaMask?: boolean;
  isTokenPocket?: boolean;
  isOkxWallet?: boolean;
  isOKExWallet?: boolean;
  isTrust?: boolean;
  isTrustWallet?: boolean;
}

function legacyEthereum(): (InjectedFlags & object) | undefined {
  return (window as unknown as { ethereum?: InjectedFlags & object }).ethereum;
}

/** Name of the wallet behind window.ethereum, when it says so; undefined for an unknown one. */
function injectedName(flags: InjectedFlags): string | undefined {
  if (flags.isTokenPocket) return 'TokenPocket';
  if (flags.isOkxWallet || flags.isOKExWallet) return 'OKX Wallet';
  if (flags.isTrust || flags.isTrustWallet) return 'Trust Wallet';
  if (flags.isMetaMask) return 'MetaMask';
  return undefined;
}

const GENERIC_ID = 'injected';

/**
 * The wallets to offer: every EIP-6963 wallet wagmi discovered, plus the generic window.ethereum
 * unless it is one of those (same provider object, or the same wallet name), plus the local test
 * wallet in local builds. `genericName` is shown for an unnamed window.ethereum.
 */
export function useWalletOptions(genericName: string): WalletOption[] {
  const connectors = useConnectors();
  const ethereum = legacyEthereum();
  const announced = connectors.filter((c) => c.id !== GENERIC_ID && c.type === 'injected');
  const flaggedName = ethereum ? injectedName(ethereum) : undefined;
  const sameName =
    flaggedName !== undefined &&
    announced.some((c) => c.name.toLowerCase() === flaggedName.toLowerCase());
  // Whether window.ethereum is the very provider object an EIP-6963 wallet announced (async check).
  const [sameProvider, setSameProvider] = useState<{ key: string; same: boolean } | null>(null);
  const announcedKey = announced.map((c) => c.uid).join(',');

  useEffect(() => {
    if (!ethereum || sameName) return;
    let cancelled = false;
    void Promise.all(announced.map((c) => c.getProvider().catch(() => undefined))).then(
      (providers) => {
        if (!cancelled)
          setSameProvider({ key: announcedKey, same: providers.some((p) => p === ethereum) });
      },
    );
    return () => {
      cancelled = true;
    };
    // announcedKey stands for `announced`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ethereum, sameName, announcedKey]);

  const genericDuplicate =
    !ethereum || sameName || (sameProvider?.key === announcedKey ? sameProvider.same : undefined);

  const options: WalletOption[] = [];
  const seen = new Set<string>();
  for (const connector of connectors) {
    if (connector.id === GENERIC_ID) {
      if (genericDuplicate !== false) continue;
      options.push({ connector, name: flaggedName ?? genericName });
      continue;
    }
    const key = connector.rdns ? String(connector.rdns) : connector.id;
    if (seen.has(key)) continue;
    seen.add(key);
    options.push({ connector, name: connector.name, icon: connector.icon });
  }
  return options;
}
