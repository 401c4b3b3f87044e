/**
 * Issue 18 §5: one confirmation where the wallet can. A wallet that executes EIP-5792 batches
 * atomically (MetaMask with EIP-7702, Coinbase Smart Wallet, Safe) gets the exact approval and the
 * payment as ONE `wallet_sendCalls`: one prompt, and the approval never exists without the payment
 * (if the payment fails, the approval is undone with it). Other wallets keep their way: an EIP-2612
 * permit where the token has one, else the exact approval and then the payment. Uniswap's and
 * Lido's front ends ask for two prompts here; we ask for one wherever the wallet says it can.
 */
import type { Address } from 'viem';
import { asBatchCall, contractCallAt, type AnyContractCall } from '../../shared/contracts';
import type { AppWalletClient } from '../wallet/connected';
import { atomicBatchVersion, batchingSetting } from './batchSupport';
import type { TxSteps } from './flow';

/**
 * Deployment setting: VITE_WALLET_BATCHING=off at build time turns batching off (every wallet then
 * gets the permit or approve path). Anything else leaves it on.
 */
export const walletBatchingEnabled = batchingSetting(import.meta.env?.VITE_WALLET_BATCHING);

/**
 * The `wallet_sendCalls` version to ask the wallet in, if it executes a batch atomically on its
 * current chain (`wallet_getCapabilities`: `atomic` 'supported' or 'ready', or the earlier draft's
 * `atomicBatch`; batchSupport.ts). A wallet that does not know the method, or says anything else,
 * does not batch (undefined).
 */
export async function walletBatchVersion(
  wallet: AppWalletClient,
): Promise<'2.0.0' | '1.0' | undefined> {
  if (!walletBatchingEnabled) return undefined;
  try {
    const capabilities = await wallet.getCapabilities({
      account: wallet.account,
      chainId: wallet.chain.id,
    });
    return atomicBatchVersion(capabilities);
  } catch {
    return undefined;
  }
}

/**
 * Pays `amount` of `token` to `spender` through `payment` in one wallet confirmation: the exact
 * approval (only if the allowance is short) and the payment as one atomic batch, shown as stage
 * `labelKey`. Resolves false, having asked the wallet nothing but its capabilities, when that is
 * not possible (batching off, a wallet that cannot batch, or no approval needed): the caller then
 * goes its usual way.
 */
export async function payInOneConfirmation(
  tx: TxSteps,
  args: {
    token: Address;
    spender: Address;
    amount: bigint;
    payment: AnyContractCall;
    labelKey: string;
  },
): Promise<boolean> {
  const { token, spender, amount, payment, labelKey } = args;
  if (amount === 0n) return false;
  const version = await walletBatchVersion(tx.wallet);
  if (!version) return false;
  const allowance = await tx.client.readContract(
    contractCallAt(token, {
      contract: 'usdc',
      functionName: 'allowance',
      args: [tx.user, spender],
    }),
  );
  if (allowance >= amount) return false;
  await tx.sendCalls(
    labelKey,
    [
      asBatchCall(
        contractCallAt(token, {
          contract: 'usdc',
          functionName: 'approve',
          args: [spender, amount],
        }),
      ),
      asBatchCall(payment),
    ],
    version,
  );
  return true;
}
