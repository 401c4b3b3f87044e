import type { Address } from 'viem';
import { contractCallAt } from '../../shared/contracts';
import type { TxSteps } from './flow';

/**
 * DESIGN §1.2: before a payment of exactly `amount`, approve exactly `amount` to `spender` (never
 * an unlimited allowance), and skip the prompt when the allowance already covers it. Stage
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
