import { useEffect, useState } from 'react';
import { useConnectors, type Connector } from 'wagmi';
import { useInjected, watchInjected } from './injectedWatch';
import { buildWalletRows, type WalletCandidate, type WalletRow } from './knownWallets';

export type WalletOptionRow = WalletRow<Connector>;

/** wagmi's generic injected connector (window.ethereum). */
export const GENERIC_ID = 'injected';

function rdnsOf(connector: Connector): string | undefined {
  const rdns = connector.rdns;
  return Array.isArray(rdns) ? (rdns[0] as string | undefined) : (rdns as string | undefined);
}

/**
 * The connect popup's rows: the five named wallets (installed, or opened by deep link), then every
 * other wallet discovered (EIP-6963 announcements, window.ethereum, the local test wallet). Follows
 * late injection of window.ethereum and late announcements. `genericName` names an unknown
 * window.ethereum, `localTestName` the local builds' test wallet.
 */
export function useWalletRows(genericName: string, localTestName: string): WalletOptionRow[] {
  const connectors = useConnectors();
  const { ethereum, flagged } = useInjected();
  useEffect(watchInjected, []);

  const announced = connectors.filter((c) => c.id !== GENERIC_ID && c.type === 'injected');
  const announcedKey = announced.map((c) => c.uid).join(',');
  // Whether window.ethereum is the very provider object an EIP-6963 wallet announced (async check).
  const [sameProvider, setSameProvider] = useState<{
    key: string;
    ethereum: object;
    same: boolean;
  } | null>(null);

  useEffect(() => {
    if (!ethereum) return;
    let cancelled = false;
    void Promise.all(announced.map((c) => c.getProvider().catch(() => undefined))).then(
      (providers) => {
        if (!cancelled)
          setSameProvider({
            key: announcedKey,
            ethereum,
            same: providers.some((p) => p === ethereum),
          });
      },
    );
    return () => {
      cancelled = true;
    };
    // announcedKey stands for `announced`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ethereum, announcedKey]);

  const candidates: WalletCandidate<Connector>[] = [];
  for (const connector of connectors) {
    if (connector.id === GENERIC_ID) {
      if (!ethereum) continue;
      const known =
        sameProvider && sameProvider.key === announcedKey && sameProvider.ethereum === ethereum
          ? sameProvider.same
          : undefined;
      candidates.push({
        key: connector.uid,
        name: genericName,
        generic: { flagged, sameAsAnnounced: known },
        ref: connector,
      });
    } else if (connector.type === 'injected') {
      candidates.push({
        key: connector.uid,
        name: connector.name,
        rdns: rdnsOf(connector),
        icon: connector.icon,
        ref: connector,
      });
    } else {
      candidates.push({
        key: connector.uid,
        name: connector.id === 'localTestWallet' ? localTestName : connector.name,
        ref: connector,
      });
    }
  }
  return buildWalletRows(candidates);
}
