import { contractCall, type ChainDeployment } from '../../../shared/contracts';
import { approveExactly, payInOneConfirmation, type TxSteps } from '../../tx';
import { purchaseFunction, type Purchase } from './membership';

/**
 * With a wallet that batches atomically, the exact approval and the purchase as one confirmation
 * ('Paying'; features/tx/batch.ts). Otherwise approve exactly `price` to the staking contract (skipped when the allowance already covers it;
 * 'Authorizing'), then purchase ('Paying'); the contract pays the treasury from the user's wallet.
 * `price` is the one the summary showed and goes as `maxPrice`: if a timelocked price change lands
 * between showing and mining, the contract refuses instead of charging more.
 */
export async function purchaseSteps(
  tx: TxSteps,
  deployment: ChainDeployment,
  kind: Purchase,
  price: bigint,
): Promise<void> {
  const purchase = contractCall(deployment, {
    contract: 'staking',
    functionName: purchaseFunction[kind],
    args: [price],
  });
  const batched = await payInOneConfirmation(tx, {
    token: deployment.usdc,
    spender: deployment.staking,
    amount: price,
    payment: purchase,
    labelKey: 'loading.paying',
  });
  if (batched) return;
  await approveExactly(tx, deployment.usdc, deployment.staking, price);
  await tx.send('loading.paying', () => tx.wallet.writeContract(purchase));
}
