/**
 * The Node side of the test wallet acting for a Safe (issue 18 §4): the wallet's account is the
 * Safe, one of whose owners is an anvil key, as when Safe{Wallet} or a Safe App connects a site.
 * A message is signed the ERC-1271 way (the owner signs the Safe's `SafeMessage`); calls are one
 * Safe transaction, the owner's EIP-712 signature of `SafeTx`, executed by the owner (who pays the
 * gas): one call as it is, several through MultiSendCallOnly, all or none.
 */
import { localPrivateKeys } from '@app/contracts/accounts';
import {
  execTransactionArgs,
  packSignatures,
  safeAbi,
  safeTxFor,
  safeTxTypedData,
} from '@app/contracts/safe';
import { signAsSafe } from '@app/contracts/smart-accounts';
import {
  createWalletClient,
  defineChain,
  hashMessage,
  http,
  publicActions,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { BatchCall } from './batch.ts';

/** Gas for the owner's execTransaction, set rather than estimated, as for a batch (batch.ts). */
const EXEC_GAS = 3_000_000n;

function ownerAccount(owner: Address) {
  const key = localPrivateKeys.find(
    (k) => privateKeyToAccount(k).address.toLowerCase() === owner.toLowerCase(),
  );
  if (!key) throw new Error(`the test wallet has no key for the Safe owner ${owner}`);
  return privateKeyToAccount(key);
}

/** The Safe's ERC-1271 signature of the EIP-191 message `message` (hex bytes), by `owner`. */
export function signAsSafeOwner(safe: Address, owner: Address, chainId: number, message: Hex) {
  return signAsSafe({
    safe,
    chainId,
    hash: hashMessage({ raw: message }),
    signers: [ownerAccount(owner)],
  });
}

/** Runs `calls` as one Safe transaction of `safe`, signed and sent by `owner`; its hash. */
export async function sendAsSafe(
  safe: Address,
  owner: Address,
  rpcUrl: string,
  chainId: number,
  calls: BatchCall[],
): Promise<Hex> {
  const account = ownerAccount(owner);
  const client = createWalletClient({
    account,
    chain: defineChain({
      id: chainId,
      name: `local ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    }),
    transport: http(rpcUrl),
  }).extend(publicActions);
  const nonce = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
  const tx = safeTxFor(
    calls.map((c) => ({ to: c.to, data: c.data, value: BigInt(c.value) })),
    nonce,
  );
  const signature = await account.signTypedData(safeTxTypedData(safe, chainId, tx));
  return client.writeContract({
    address: safe,
    abi: safeAbi,
    functionName: 'execTransaction',
    args: execTransactionArgs(tx, packSignatures([{ signer: account.address, signature }])),
    gas: EXEC_GAS,
  });
}
