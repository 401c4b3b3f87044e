import type { Address, PublicClient } from 'viem';
import { allowanceOverride } from '../../shared/chain/allowanceOverride';
import type { FeeTransaction } from '../../shared/chain/networkFee';
import { contractCallAt, type AnyContractCall } from '../../shared/contracts';
import type { TxSteps } from './flow';

/**
 * docs/TRUST.md rule 2: before a payment of exactly `amount`, approve exactly `amount` to `spender`
 * (never an unlimited allowance), and skip the prompt when the allowance already covers it. Stage
 * 'Authorizing'. Resolves whether an approval was sent.
 */
export async function approveExactly(
  tx: TxSteps,
  token: Address,
  spender: Address,
  amount: bigint,
): Promise<boolean> {
  if (amount === 0n) return false;
  const allowance = await tx.client.readContract(
    contractCallAt(token, {
      contract: 'usdc',
      functionName: 'allowance',
      args: [tx.user, spender],
    }),
  );
  if (allowance >= amount) return false;
  await tx.send('loading.authorizing', () =>
    tx.wallet.writeContract(
      contractCallAt(token, { contract: 'usdc', functionName: 'approve', args: [spender, amount] }),
    ),
  );
  return true;
}

/**
 * The transactions whose network fee a payment's form shows before the wallet opens (issue 24 §2),
 * as `approveExactly` would send them: the payment alone when the allowance covers it, else the
 * exact approval, then the payment estimated as if that approval were mined. A wallet that signs a
 * permit or batches both pays about the same or less: the figure stays an upper bound.
 */
export async function paymentFeeTransactions(
  client: PublicClient,
  payment: AnyContractCall,
  {
    token,
    spender,
    owner,
    amount,
  }: { token: Address; spender: Address; owner: Address; amount: bigint },
): Promise<FeeTransaction[]> {
  const allowance = await client.readContract(
    contractCallAt(token, { contract: 'usdc', functionName: 'allowance', args: [owner, spender] }),
  );
  if (allowance >= amount) return [payment];
  return [
    contractCallAt(token, { contract: 'usdc', functionName: 'approve', args: [spender, amount] }),
    { ...payment, stateOverride: allowanceOverride(token, owner, spender, amount) },
  ];
}
