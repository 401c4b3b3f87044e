import type { Address, PublicClient } from 'viem';
// Straight from the generated module (not ../contracts, which reads the build's environment).
import { contractCallAt } from '../../shared/contracts';

/**
 * USDC is issued by a company that can pause the token or freeze (blacklist) any address; USDC on
 * Ethereum does, and then every transfer touching it reverts. A stake, withdrawal or principal
 * withdrawal then fails for a reason neither the user nor the operator can fix, so the app says
 * that instead of a generic 'Transaction failed'.
 */
export interface UsdcParties {
  /** The USDC the flow moves. */
  token: Address;
  /** The contract the USDC moves into or out of (the Staking contract). */
  contract: Address;
}

export type UsdcRefusalKey = 'tx.usdc.paused' | 'tx.usdc.frozenYou' | 'tx.usdc.frozenContract';

/** Thrown before any wallet prompt when the token already refuses the flow. */
export class UsdcRefusedError extends Error {
  constructor(readonly messageKey: UsdcRefusalKey) {
    super(`USDC refuses the transfer: ${messageKey}`);
    this.name = 'UsdcRefusedError';
  }
}

/**
 * Asks the token whether its issuer refuses transfers between `user` and `parties.contract`: paused,
 * the user's address frozen, or the contract's. Undefined when it does not (or cannot say: a
 * token without these functions, such as Binance-Peg USDC, or a failed read), so the caller falls
 * back to its usual message rather than blaming the issuer without evidence.
 */
export async function usdcRefusal(
  client: Pick<PublicClient, 'readContract'>,
  parties: UsdcParties,
  user: Address,
): Promise<UsdcRefusalKey | undefined> {
  const [paused, userFrozen, contractFrozen] = await Promise.allSettled([
    client.readContract(
      contractCallAt(parties.token, { contract: 'usdc', functionName: 'paused' }),
    ),
    client.readContract(
      contractCallAt(parties.token, {
        contract: 'usdc',
        functionName: 'isBlacklisted',
        args: [user],
      }),
    ),
    client.readContract(
      contractCallAt(parties.token, {
        contract: 'usdc',
        functionName: 'isBlacklisted',
        args: [parties.contract],
      }),
    ),
  ]);
  const yes = (result: PromiseSettledResult<boolean>) =>
    result.status === 'fulfilled' && result.value === true;
  if (yes(paused)) return 'tx.usdc.paused';
  if (yes(userFrozen)) return 'tx.usdc.frozenYou';
  if (yes(contractFrozen)) return 'tx.usdc.frozenContract';
  return undefined;
}
