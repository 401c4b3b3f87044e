import type { Address, PublicClient } from 'viem';
import { dexSwapGasLimit } from '@app/contracts/gas';
import { contractCall, type ChainDeployment } from '../../shared/contracts';
import type { FeeCall } from '../../shared/useNetworkFee';
import type { TxSteps } from '../tx';

/**
 * Ids of the user's positions that still have mining to credit: principal not released and not
 * all of the full-term reward credited yet. `harvest` skips released ones anyway; leaving out the
 * rest keeps the transaction small.
 */
export async function positionsToHarvest(
  client: PublicClient,
  deployment: ChainDeployment,
  user: Address,
): Promise<bigint[]> {
  const positions = await client.readContract(
    contractCall(deployment, { contract: 'lens', functionName: 'getPositions', args: [user] }),
  );
  return positions.flatMap((p, id) =>
    !p.withdrawn && p.rewardPaid < p.totalReward ? [BigInt(id)] : [],
  );
}

/** The harvest(user, ids) call: what is sent, and what the network fee is estimated for. */
export const harvestCall = (deployment: ChainDeployment, user: Address, ids: bigint[]) =>
  contractCall(deployment, { contract: 'staking', functionName: 'harvest', args: [user, ids] });

/** harvest(user, ids): the mining accrued so far becomes exchangeable ('Collecting'). */
export async function harvestSteps(tx: TxSteps, deployment: ChainDeployment, ids: bigint[]) {
  await tx.send('tx.stage.collecting', () =>
    tx.wallet.writeContract(harvestCall(deployment, tx.user, ids)),
  );
}

/** How long a signed exchange stays valid: a swap stuck in the mempool longer is refused. */
export const EXCHANGE_DEADLINE_SECONDS = 20n * 60n;

/**
 * exchange(amountIn, minUsdcOut, deadline): swap through the pool, net USDC to the withdrawable
 * balance, with a gas limit of the estimate plus the pool's headroom. The deadline is 20 minutes after the chain's latest block (the chain's clock, which is
 * what the contract compares with, rather than this computer's).
 */
export async function exchangeSteps(
  tx: TxSteps,
  deployment: ChainDeployment,
  amountIn: bigint,
  minUsdcOut: bigint,
) {
  await tx.send('tx.stage.exchanging', async () => {
    const call = await exchangeCall(tx.client, deployment, amountIn, minUsdcOut);
    // The swap's gas is asked of the chain here and sent with the headroom a pool's price
    // accumulators may need a second later (@app/contracts/gas), as a limit the wallet uses.
    const estimate = await tx.client.estimateContractGas({ ...call, account: tx.user });
    return tx.wallet.writeContract({ ...call, gas: dexSwapGasLimit(estimate) });
  });
}

/**
 * The exchange(amountIn, minUsdcOut, deadline) call, its deadline 20 minutes after the chain's
 * latest block: what is sent, and what the form's network fee is estimated for.
 */
export async function exchangeCall(
  client: PublicClient,
  deployment: ChainDeployment,
  amountIn: bigint,
  minUsdcOut: bigint,
) {
  const { timestamp } = await client.getBlock({ blockTag: 'latest' });
  return contractCall(deployment, {
    contract: 'staking',
    functionName: 'exchange',
    args: [amountIn, minUsdcOut, timestamp + EXCHANGE_DEADLINE_SECONDS],
  });
}

export interface ExchangeQuote {
  grossUsdc: bigint;
  feeBps: bigint;
  fee: bigint;
  netUsdc: bigint;
}

/** quoteExchange(user, amountIn) at the pool's current reserves. */
export function readQuote(
  client: PublicClient,
  deployment: ChainDeployment,
  user: Address,
  amountIn: bigint,
): Promise<ExchangeQuote> {
  return client.readContract(
    contractCall(deployment, {
      contract: 'lens',
      functionName: 'quoteExchange',
      args: [user, amountIn],
    }),
  );
}

/**
 * The network fee's call for Collect mining: the positions to harvest are read when estimating;
 * the mining itself grows every block and changes nothing in the call, so it is no part of the key.
 */
export function harvestFeeCall(deployment: ChainDeployment, user: Address): FeeCall {
  return {
    key: ['harvest'],
    build: async (client) =>
      harvestCall(deployment, user, await positionsToHarvest(client, deployment, user)),
  };
}

/** The network fee's call for exchange(amountIn, minUsdcOut, deadline). */
export function exchangeFeeCall(
  deployment: ChainDeployment,
  amountIn: bigint,
  minUsdcOut: bigint,
): FeeCall {
  return {
    key: ['exchange', amountIn.toString(), minUsdcOut.toString()],
    build: (client) => exchangeCall(client, deployment, amountIn, minUsdcOut),
  };
}
