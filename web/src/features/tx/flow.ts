import type { NetworkInfo } from '@app/contracts/chains';
import type { ReactNode } from 'react';
import {
  WaitForTransactionReceiptTimeoutError,
  type Address,
  type Hash,
  type PublicClient,
  type SendCallsParameters,
  type TransactionReceipt,
} from 'viem';
import type { Config } from 'wagmi';
import { t } from '../../i18n';
import { publicClientFor } from '../../shared/chain/client';
import { confirmOrCancel, OperationCancelledError } from '../../shared/ui/confirm';
import { hideLoading } from '../../shared/ui/loading';
import { toast } from '../../shared/ui/toast';
import {
  walletClientOn,
  WalletNotConnectedError,
  type AppWalletClient,
  isUserRejection,
} from '../wallet/connected';
import {
  holdBusy,
  progressStore,
  receiptCardShows,
  receiptStore,
  type TxReceiptFact,
  type TxStageView,
} from './progress';
import {
  BatchTimeoutError,
  settleTimeout,
  TxRevertedError,
  waitForBatchSuccess,
  waitForSuccess,
} from './receipt';
import { refusalInError, refusalOfMined } from './contractRefusal';
import { usdcRefusal, UsdcRefusedError, type UsdcParties } from './usdcRefusal';

/** What a flow's steps can do; each wallet prompt is one named stage of the progress view. */
export interface TxSteps {
  wallet: AppWalletClient;
  client: PublicClient;
  user: Address;
  /**
   * One transaction: the wallet prompt, shown as stage `labelKey`, then its receipt. The hash (and
   * where to look it up) shows as soon as the wallet returns it; a revert throws.
   */
  send(labelKey: string, write: () => Promise<Hash>): Promise<TransactionReceipt>;
  /**
   * An EIP-5792 batch (`wallet_sendCalls`, atomic), shown as stage `labelKey`: one prompt, then a
   * pending state until the wallet reports the batch done (it may take a while: a bundler, other
   * owners); a failed batch throws. `version`: the request version the wallet speaks (batch.ts).
   */
  sendCalls(
    labelKey: string,
    calls: SendCallsParameters['calls'],
    version?: SendCallsParameters['version'],
  ): Promise<void>;
  /** A signature without a transaction (an EIP-2612 permit), shown as stage `labelKey`. */
  sign<T>(labelKey: string, request: () => Promise<T>): Promise<T>;
}

export interface TxRequest {
  config: Config;
  network: NetworkInfo;
  user: Address;
  /** The plain-language summary shown in 'Confirm operation' before any wallet prompt. */
  summary: ReactNode;
  /**
   * Keys of the outcome ('toast.txSucceeded', 'toast.bindFailed', ...): a success is said by the
   * receipt card on the flow's page (a toast when the user is elsewhere by then), a failure by a
   * toast.
   */
  success: string;
  failure: string;
  /**
   * false: the flow leaves no receipt card and its success is toasted. For a flow in a dialog that
   * another flow follows at once (binding before a stake), whose card would sit under the next
   * dialog and be replaced by the next flow's before the user could read it.
   */
  receiptCard?: false;
  /**
   * The USDC this flow moves and the contract it moves between: the token is asked before any
   * wallet prompt, and again if the flow fails, whether its issuer refuses (paused, or the user or
   * the contract frozen), and the user is told so instead of the generic `failure`.
   */
  usdc?: UsdcParties;
  steps: (tx: TxSteps) => Promise<void>;
  /**
   * What the receipt card states from the chain once every step is mined (a stake: its position's
   * stored end time), read then rather than predicted; left out when it cannot be read.
   */
  receiptFact?: (client: PublicClient) => Promise<TxReceiptFact | undefined>;
}

/**
 * The one way the app writes to the chain (docs/TRUST.md rule 7), as a flow with named stages: the
 * summary and Confirm, then each wallet prompt as a stage (authorizing → paying → confirmed) with
 * the hash and its explorer line, the pending hash remembered across a reload, and the outcome
 * said once (the receipt card, or a toast where no card shows it). However it ends (a
 * rejection in the wallet included) the progress view closes and every write button is usable
 * again at once. Resolves true when every step was confirmed.
 */
export async function runTx(request: TxRequest): Promise<boolean> {
  const release = holdBusy();
  hideLoading();
  let client: PublicClient | undefined;
  let lastHash: Hash | undefined;
  try {
    const { chainId } = request.network;
    const readClient = publicClientFor(request.config, chainId);
    client = readClient;
    if (request.usdc) {
      // Nothing to sign if the token will refuse it anyway (the reason is said, not guessed).
      const refusal = await usdcRefusal(readClient, request.usdc, request.user);
      if (refusal) throw new UsdcRefusedError(refusal);
    }
    // Cancel rejects (OperationCancelledError): the catch below says 'Operation cancelled'.
    await confirmOrCancel({
      title: t('dialog.confirmOperation'),
      content: request.summary,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });

    receiptStore.set(null);
    const page = window.location.hash;
    progressStore.set({ chainId, stages: [] });
    const wallet = await walletClientOn(request.config, request.network, request.user);

    const begin = (labelKey: string) =>
      progressStore.set((prev) => ({
        chainId,
        stages: [
          ...(prev?.stages ?? []).map((s): TxStageView => ({ ...s, phase: 'done' })),
          { labelKey, phase: 'wallet' },
        ],
      }));
    const update = (patch: Partial<TxStageView>) =>
      progressStore.set((prev) =>
        prev
          ? {
              ...prev,
              stages: prev.stages.map((s, i) =>
                i === prev.stages.length - 1 ? { ...s, ...patch } : s,
              ),
            }
          : prev,
      );

    await request.steps({
      wallet,
      client: readClient,
      user: request.user,
      async send(labelKey, write) {
        begin(labelKey);
        const hash = await write();
        lastHash = hash;
        update({ phase: 'confirming', hash });
        const receipt = await waitForSuccess(readClient, hash);
        update({ phase: 'done' });
        return receipt;
      },
      async sendCalls(labelKey, calls, version) {
        begin(labelKey);
        const { id } = await wallet.sendCalls({ calls, forceAtomic: true, version });
        update({ phase: 'confirming', batch: true });
        const { transactionHash } = await waitForBatchSuccess(wallet, id);
        lastHash = transactionHash;
        update({ phase: 'done', hash: transactionHash });
      },
      async sign(labelKey, ask) {
        begin(labelKey);
        const result = await ask();
        update({ phase: 'done' });
        return result;
      },
    });

    const fact = request.receiptFact
      ? await request.receiptFact(readClient).catch(() => undefined)
      : undefined;
    progressStore.set(null);
    const cardHash = request.receiptCard === false ? undefined : lastHash;
    if (cardHash)
      receiptStore.set({ chainId, hash: cardHash, labelKey: request.success, page, fact });
    // The outcome is said once (issue 24): by the receipt card where it shows, by a toast where
    // it does not (the user went to another page meanwhile, or the flow leaves no card).
    if (!cardHash || !receiptCardShows(page)) toast(t(request.success));
    return true;
  } catch (error) {
    progressStore.set(null);
    toast(t(await failureKey(error, client, lastHash, request)));
    return false;
  } finally {
    progressStore.set(null);
    release();
  }
}

/** The toast for a flow that did not finish. */
async function failureKey(
  error: unknown,
  client: PublicClient | undefined,
  hash: Hash | undefined,
  request: TxRequest,
): Promise<string> {
  if (error instanceof OperationCancelledError) return error.messageKey;
  if (error instanceof UsdcRefusedError) return error.messageKey;
  if (isUserRejection(error)) return 'tx.cancelled';
  if (error instanceof WalletNotConnectedError) return 'toast.connectWallet';
  if (error instanceof BatchTimeoutError) return 'toast.txTimeout';
  if (error instanceof WaitForTransactionReceiptTimeoutError && client && hash)
    return settleTimeout(client, hash, request.user);
  // A refusal the user can act on (a price that rose, an exchange quote too old) says so, whether
  // the wallet's gas estimate saw it or the transaction was mined and reverted.
  const refused =
    refusalInError(error) ??
    (error instanceof TxRevertedError && client
      ? await refusalOfMined(client, error.hash).catch(() => undefined)
      : undefined);
  if (refused) return refused;
  // The issuer may have paused or frozen meanwhile (a revert, or a wallet refusing to send a
  // transaction its gas estimate saw revert): say so if the token confirms it.
  if (request.usdc && client) {
    const refusal = await usdcRefusal(client, request.usdc, request.user);
    if (refusal) return refusal;
  }
  if (!(error instanceof TxRevertedError)) console.error(error);
  return request.failure;
}
