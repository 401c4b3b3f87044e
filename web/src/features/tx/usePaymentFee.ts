import type { NetworkInfo } from '@app/contracts/chains';
import type { Address } from 'viem';
import type { AnyContractCall, ChainDeployment } from '../../shared/contracts';
import { useNetworkFee, type NetworkFeeState } from '../../shared/useNetworkFee';
import { paymentFeeTransactions } from './approve';

/** A USDC payment into the staking contract that a button would send, if one would be sent now. */
export interface PaymentToEstimate {
  /** What identifies the payment in the query key (function and arguments, bigints as strings). */
  key: readonly (string | number)[];
  call: AnyContractCall;
  amount: bigint;
}

/**
 * The network fee of a payment into the staking contract with the exact approval before it when
 * that is still needed (`paymentFeeTransactions`): the figure Serve's stake and the membership
 * purchases show before the wallet opens (issue 24 §2).
 */
export function usePaymentFee(
  network: NetworkInfo,
  deployment: ChainDeployment | undefined,
  user: Address | undefined,
  payment: PaymentToEstimate | undefined,
): NetworkFeeState {
  return useNetworkFee(
    network,
    deployment,
    user,
    deployment && user && payment
      ? {
          key: ['payment', ...payment.key],
          build: (client) =>
            paymentFeeTransactions(client, payment.call, {
              token: deployment.usdc,
              spender: deployment.staking,
              owner: user,
              amount: payment.amount,
            }),
        }
      : undefined,
  );
}
