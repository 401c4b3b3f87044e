/**
 * Chain data for component tests, in the shapes the app's reads return: a signed-in user, a
 * `getAccount` result and a network-fee estimate. Handed to the hooks through renderInApp's `data`.
 */
import type { StakingAccount } from '../shared/chain/reads';
import type { NetworkFee } from '../shared/chain/networkFee';
import { sessionStore } from '../shared/session';

export const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Signs `USER` in, as a finished sign-in leaves the session (clearSession signs out). */
export function signIn(): void {
  sessionStore.set({ token: 'token', uid: '1', userAddress: USER, loginInfo: {} });
}

/** Staking's getAccount(USER): nothing earned, staked or owned unless `values` says so. */
export function stakingAccount(values: Partial<StakingAccount>): StakingAccount {
  return {
    superior: '0x0000000000000000000000000000000000000000',
    teamStake: 0n,
    level: 0n,
    activeStake: 0n,
    earned: 0n,
    pendingMining: 0n,
    withdrawable: 0n,
    exchangeCount: 0n,
    membership: 0,
    purchasedNode: false,
    purchasedFounder: false,
    pendingDividend: 0n,
    upgradePrice: 0n,
    ...values,
  };
}

/** A fee estimate of 100,000 gas at 1 gwei: 0.0001 of the chain's coin. */
export const FEE: NetworkFee = { gas: 100_000n, perGas: 1_000_000_000n, coin: 10n ** 14n };
