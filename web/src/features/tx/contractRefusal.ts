import {
  BaseError,
  ContractFunctionRevertedError,
  RawContractError,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { decodeContractError } from '../../shared/contracts';

/**
 * The contract's refusals that the user can act on, each with the message that says why; any other
 * revert keeps the flow's own failure message.
 *   - PriceAboveMax: a membership price rose between showing it and mining the purchase.
 *   - DeadlinePassed: an exchange waited in the mempool past its deadline (a quote too old).
 */
const REFUSALS = {
  PriceAboveMax: 'tx.refused.priceAboveMax',
  DeadlinePassed: 'tx.refused.deadlinePassed',
} as const;

export type ContractRefusalKey = (typeof REFUSALS)[keyof typeof REFUSALS];

function keyOf(errorName: string | undefined): ContractRefusalKey | undefined {
  return errorName && Object.hasOwn(REFUSALS, errorName)
    ? REFUSALS[errorName as keyof typeof REFUSALS]
    : undefined;
}

/**
 * The revert data an error carries: a RawContractError's, else the innermost cause's (a node's
 * JSON-RPC error: `eth_call` and `eth_estimateGas` put it in `data`, some nodes in `data.data`).
 */
function revertData(error: BaseError): unknown {
  const raw = error.walk((e) => e instanceof RawContractError);
  if (raw instanceof RawContractError) return raw.data;
  const inner = error.walk() as { data?: unknown } | null;
  const data = inner?.data;
  return typeof data === 'object' && data !== null ? (data as { data?: unknown }).data : data;
}

/** The refusal in a wallet's or node's error, when it carries the contract's revert data. */
export function refusalInError(error: unknown): ContractRefusalKey | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const decoded = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (decoded instanceof ContractFunctionRevertedError) return keyOf(decoded.data?.errorName);
  const data = revertData(error);
  if (typeof data !== 'string' || !data.startsWith('0x')) return undefined;
  return keyOf(decodeContractError('staking', data as Hex));
}

/**
 * A mined transaction that reverted carries no reason: replays it on the state of its block (the
 * same block time, so an expired deadline or a raised price refuses again) to read it. Undefined when
 * the replay passes or says something else.
 */
export async function refusalOfMined(
  client: Pick<PublicClient, 'getTransaction' | 'call'>,
  hash: Hash,
): Promise<ContractRefusalKey | undefined> {
  try {
    const tx = await client.getTransaction({ hash });
    if (!tx.to || tx.blockNumber === null) return undefined;
    await client.call({
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      blockNumber: tx.blockNumber,
    });
    return undefined;
  } catch (error) {
    return refusalInError(error);
  }
}
