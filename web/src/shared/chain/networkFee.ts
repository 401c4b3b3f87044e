import type { PublicClient, StateOverride } from 'viem';
import type { AnyContractCall } from '../contracts';
import { rewardValueInUsdc } from '../tokenMath';

/**
 * A transaction's network fee before the wallet opens (issue 24 §2): the chain's gas estimate of
 * the exact call from the user's account, times the most the chain may charge per unit of gas now
 * (EIP-1559 `maxFeePerGas`, or the legacy gas price). Like Lido's "Max transaction cost" and
 * Rabby's pre-sign fee, it is an upper bound rather than a guess below what is paid: the wallet
 * reserves the same figure, and a quiet block charges less.
 */
export interface NetworkFee {
  gas: bigint;
  perGas: bigint;
  /** gas × perGas, in the chain's coin (wei: the coin's 18 decimals). */
  coin: bigint;
}

export function networkFee(gas: bigint, perGas: bigint): NetworkFee {
  return { gas, perGas, coin: gas * perGas };
}

/**
 * The coin fee in USDC base units at the pool's price of the reward coin, which is the chain's own
 * coin wrapped (WETH on Ethereum, WBNB on BSC; both 18 decimals like the coin itself), rounded
 * down; undefined without a pool price (the form then shows the coin figure only).
 */
export function feeInUsdc(coinFee: bigint, price: bigint | undefined): bigint | undefined {
  return price === undefined ? undefined : rewardValueInUsdc(coinFee, price, 18);
}

/** Whether an amount worth `valueUsdc` is worth less than the fee of moving it (issue 24 §2). */
export function worthLessThanFee(valueUsdc: bigint, feeUsdc: bigint | undefined): boolean {
  return feeUsdc !== undefined && valueUsdc < feeUsdc;
}

/**
 * One transaction whose fee is shown: the exact call, and for a payment whose approval is not given
 * yet, the allowance that approval will set (allowanceOverride.ts).
 */
export type FeeTransaction = AnyContractCall & { stateOverride?: StateOverride };

/**
 * Asks the chain for the gas of the transactions a button sends, one after the other (an approval,
 * then the payment), and the current price per gas; the fee is their sum.
 */
export async function estimateNetworkFee(
  client: PublicClient,
  transactions: FeeTransaction | readonly FeeTransaction[],
  account: `0x${string}`,
): Promise<NetworkFee> {
  const list = Array.isArray(transactions) ? transactions : [transactions as FeeTransaction];
  const [gases, perGas] = await Promise.all([
    Promise.all(list.map((call) => client.estimateContractGas({ ...call, account }))),
    client
      .estimateFeesPerGas()
      .then((fees) => fees.maxFeePerGas ?? fees.gasPrice ?? client.getGasPrice())
      .catch(() => client.getGasPrice()),
  ]);
  return networkFee(
    gases.reduce((sum, gas) => sum + gas, 0n),
    perGas,
  );
}
