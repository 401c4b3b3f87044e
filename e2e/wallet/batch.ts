/**
 * The Node side of the test wallet's EIP-5792 batches: it sends a batch as ONE transaction from the
 * account to itself, calling LocalBatchExecutor.execute(calls) on the account's own code. The first
 * batch also delegates the account to the executor (EIP-7702: a type-4 transaction carrying the
 * account's own signed authorization, signed with viem's signAuthorization); later ones find the
 * delegation in place. A wallet extension does this in its background context; here Node does,
 * with the anvil account's key (public, local chains only).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { localPrivateKeys } from '@app/contracts/accounts';
import {
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  publicActions,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const artifactPath = fileURLToPath(
  new URL('../../contracts/out/LocalBatchExecutor.sol/LocalBatchExecutor.json', import.meta.url),
);

/** LocalBatchExecutor's ABI and bytecode from forge's build (npm run build -w contracts). */
export function batchExecutorArtifact(): { abi: Abi; bytecode: Hex } {
  const json = JSON.parse(readFileSync(artifactPath, 'utf8')) as {
    abi: Abi;
    bytecode: { object: Hex };
  };
  return { abi: json.abi, bytecode: json.bytecode.object };
}

/**
 * Gas for a batch, set rather than estimated: like a wallet that sends what the user confirmed, a
 * batch whose last call fails is still mined, and reverts as a whole (what the tests show).
 */
const BATCH_GAS = 3_000_000n;

export interface BatchCall {
  to: Hex;
  data: Hex;
  value: Hex;
}

function localChain(chainId: number, rpcUrl: string) {
  return defineChain({
    id: chainId,
    name: `local ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** Sends `calls` as one atomic transaction of `account`; resolves its hash (the batch id). */
export async function sendBatch(
  account: Address,
  rpcUrl: string,
  chainId: number,
  executor: Address,
  calls: BatchCall[],
): Promise<Hex> {
  const key = localPrivateKeys.find(
    (k) => privateKeyToAccount(k).address.toLowerCase() === account.toLowerCase(),
  );
  if (!key) throw new Error(`the test wallet has no key for ${account}`);
  const client = createWalletClient({
    account: privateKeyToAccount(key),
    chain: localChain(chainId, rpcUrl),
    transport: http(rpcUrl),
  }).extend(publicActions);
  const code = await client.getCode({ address: account });
  const delegated = code?.toLowerCase() === `0xef0100${executor.slice(2)}`.toLowerCase();
  const authorizationList = delegated
    ? undefined
    : [await client.signAuthorization({ contractAddress: executor, executor: 'self' })];
  const data = encodeFunctionData({
    abi: batchExecutorArtifact().abi,
    functionName: 'execute',
    args: [calls.map((c) => ({ to: c.to, value: BigInt(c.value), data: c.data }))],
  });
  return client.sendTransaction({ to: account, data, authorizationList, gas: BATCH_GAS });
}
