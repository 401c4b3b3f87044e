/**
 * Which signed transactions the /rpc proxy broadcasts: only what this app asks a wallet to send, so
 * the operator's RPC quota is not an open relay for anyone's transactions.
 *
 * Forwarded when the transaction, on this chain, calls one of this deployment's contracts (Staking,
 * its USDC, the reward coin, the pair or the router), or is a batch whose every call does:
 * - a Safe's `execTransaction` with a CALL into ours, or a DELEGATECALL to Safe's canonical
 *   MultiSendCallOnly whose every call is into ours (what contracts/src/safe.ts builds);
 * - an EIP-7702-delegated account calling itself with a batch (`execute(Call[])`, the local batch
 *   executor's, or ERC-7821's `execute(bytes32,bytes)` in batch mode) whose every call is into ours.
 * Refused: contract creation, no chain id or another chain's, a type-4 (EIP-7702) transaction
 * itself (the authorization it carries delegates the account to any code: the wallet sends that
 * one, through its own node), any other calldata, nested batches (a batch inside a batch).
 */
import { multiSendCallOnlyAbi, safeAbi, safeAddresses } from '@app/contracts/safe';
import {
  decodeAbiParameters,
  decodeFunctionData,
  hexToBigInt,
  parseAbi,
  parseTransaction,
  recoverTransactionAddress,
  sliceHex,
  type Address,
  type Hex,
  type TransactionSerialized,
} from 'viem';

const batchExecutorAbi = parseAbi([
  'function execute((address to, uint256 value, bytes data)[] calls) payable',
  'function execute(bytes32 mode, bytes executionData) payable',
]);
const callsParameter = [
  {
    type: 'tuple[]',
    components: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
  },
] as const;
/** ERC-7821 call type "batch" (0x01) in the mode's first byte. */
const ERC7821_BATCH = 0x01;

export const sendRefusalMessage =
  "Transaction refused: this server relays only transactions to this app's contracts; send others through your wallet";

/** Why `raw` is not broadcast (a short reason for the JSON-RPC error), or undefined to forward it. */
export async function sendRefusal(
  raw: Hex,
  chainId: number,
  ours: ReadonlySet<string>,
): Promise<string | undefined> {
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(raw as TransactionSerialized);
  } catch {
    return 'not a signed transaction';
  }
  if (tx.chainId !== chainId) return `not a transaction for chain ${chainId}`;
  if (tx.type === 'eip7702') return 'an EIP-7702 authorization is sent by the wallet itself';
  if (!tx.to) return 'a contract creation';
  const isOurs = (a: Address) => ours.has(a.toLowerCase());
  if (isOurs(tx.to)) return undefined;
  const data = tx.data ?? '0x';
  const inner = safeCalls(data) ?? (await selfBatchCalls(raw, tx.to, data));
  if (inner && inner.length > 0 && inner.every(isOurs)) return undefined;
  return 'its recipient is not one of this app’s contracts';
}

/** The targets of a Safe's execTransaction (one call, or MultiSendCallOnly's), or undefined. */
function safeCalls(data: Hex): Address[] | undefined {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: safeAbi, data });
  } catch {
    return undefined;
  }
  if (decoded.functionName !== 'execTransaction') return undefined;
  const [to, , innerData, operation] = decoded.args;
  if (operation === 0) return [to];
  if (operation !== 1 || to.toLowerCase() !== safeAddresses.multiSendCallOnly.toLowerCase()) {
    return undefined;
  }
  try {
    const multi = decodeFunctionData({ abi: multiSendCallOnlyAbi, data: innerData });
    return multiSendTargets(multi.args[0]);
  } catch {
    return undefined;
  }
}

/** MultiSend's packed calls: operation (1), to (20), value (32), length (32), data (length). */
function multiSendTargets(packed: Hex): Address[] | undefined {
  const targets: Address[] = [];
  const bytes = (packed.length - 2) / 2;
  for (let at = 0; at < bytes;) {
    if (at + 85 > bytes) return undefined;
    if (Number(hexToBigInt(sliceHex(packed, at, at + 1))) !== 0) return undefined; // CALL only
    targets.push(sliceHex(packed, at + 1, at + 21));
    const length = Number(hexToBigInt(sliceHex(packed, at + 53, at + 85)));
    at += 85 + length;
    if (at > bytes) return undefined;
  }
  return targets;
}

/** The targets of a delegated account's batch sent to itself, or undefined. */
async function selfBatchCalls(raw: Hex, to: Address, data: Hex): Promise<Address[] | undefined> {
  let decoded;
  try {
    decoded = decodeFunctionData({ abi: batchExecutorAbi, data });
  } catch {
    return undefined;
  }
  let calls: readonly { to: Address }[];
  if (decoded.args.length === 1) {
    calls = decoded.args[0];
  } else {
    const [mode, executionData] = decoded.args;
    if (Number(hexToBigInt(sliceHex(mode, 0, 1))) !== ERC7821_BATCH) return undefined;
    try {
      [calls] = decodeAbiParameters(callsParameter, executionData);
    } catch {
      return undefined;
    }
  }
  const sender = await recoverTransactionAddress({
    serializedTransaction: raw as TransactionSerialized,
  });
  if (sender.toLowerCase() !== to.toLowerCase()) return undefined;
  return calls.map((c) => c.to);
}
