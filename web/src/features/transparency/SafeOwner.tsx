import type { NetworkInfo } from '@app/contracts/chains';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Address as AddressHex } from 'viem';
import { useConfig } from 'wagmi';
import { publicClientFor } from '../../shared/chain/client';
import { contractCallAt } from '../../shared/contracts';
import { useNetwork } from '../../shared/network';
import { Address } from '../../shared/ui/Address';

/**
 * When the owner is a contract and that contract is a Safe (safe.global): how many of its owners
 * must sign, and who they are, read from the Safe itself (getThreshold, getOwners). Another kind of
 * contract answers neither call, and then nothing more is shown than "the owner is a contract".
 */
function useSafeOwner(network: NetworkInfo, owner: AddressHex) {
  const config = useConfig();
  return useQuery({
    queryKey: ['transparency', network.chainId, 'safe-owner', owner],
    refetchInterval: 60_000,
    retry: false,
    queryFn: async () => {
      const client = publicClientFor(config, network.chainId);
      try {
        const [threshold, owners] = await Promise.all([
          client.readContract(
            contractCallAt(owner, { contract: 'safe', functionName: 'getThreshold' }),
          ),
          client.readContract(
            contractCallAt(owner, { contract: 'safe', functionName: 'getOwners' }),
          ),
        ]);
        return { threshold, owners };
      } catch {
        return null; // not a Safe
      }
    },
  });
}

/** Rows for the owner card's list (a `<dl>`): the Safe's rule and its owners. */
export function SafeOwnerRows({ owner }: { owner: AddressHex }) {
  const { t } = useTranslation();
  const network = useNetwork();
  const safe = useSafeOwner(network, owner).data;
  if (!safe) return null;
  return (
    <>
      <div className="summary__row">
        <dt>{t('transparency.owner.safeLabel')}</dt>
        <dd data-testid="t-owner-safe">
          {t('transparency.owner.safeRule', {
            // Counts of people, not amounts: i18next writes them in the language's digits.
            threshold: Number(safe.threshold),
            total: safe.owners.length,
          })}
        </dd>
      </div>
      <div className="summary__row">
        <dt>{t('transparency.owner.safeOwners')}</dt>
        <dd data-testid="t-owner-safe-owners">
          {safe.owners.map((address) => (
            <div key={address}>
              <Address address={address} />
            </div>
          ))}
        </dd>
      </div>
    </>
  );
}
