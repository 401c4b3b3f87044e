/**
 * When the owner is a Safe, an owner command writes a file instead of sending:
 * - `--safe-batch file`: a Safe Transaction Builder batch (the Safe web app's Transaction Builder
 *   imports it; all steps, e.g. approve + fund, as one batch), no key needed;
 * - `--safe-sign file`: the SafeTx (all steps as one Safe transaction, through MultiSendCallOnly
 *   when there are several) signed with EIP-712 by OPERATOR_PRIVATE_KEY, one of the Safe's owners.
 *   More owners sign the same file with `safe:sign`; `safe:exec` checks and combines the
 *   signatures and executes it once the Safe's threshold is met.
 */
import { readFile, writeFile } from 'node:fs/promises';
import {
  getAddress,
  hashTypedData,
  isAddressEqual,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import {
  safeAbi,
  safeTxFor,
  safeTxTypedData,
  transactionHashArgs,
  type SafeCall,
  type SafeTx,
} from '@app/contracts/safe';
import type { OptionSpec, Options } from './args.ts';
import type { ChainContext } from './context.ts';
import { ConfigError, OperatorError, UsageError } from './errors.ts';
import { parseAddress } from './values.ts';

export const safeOptions: OptionSpec[] = [
  {
    name: 'safe',
    value: 'address',
    help: 'the owner is this Safe: write a file (--safe-batch or --safe-sign) instead of sending',
  },
  {
    name: 'safe-batch',
    value: 'file',
    help: 'with --safe: write a Safe Transaction Builder batch JSON (every step in one batch)',
  },
  {
    name: 'safe-sign',
    value: 'file',
    help: 'with --safe: write the Safe transaction signed by OPERATOR_PRIVATE_KEY (an owner)',
  },
];

export interface SafeRequest {
  address: Address;
  kind: 'batch' | 'sign';
  file: string;
}

/** --safe with exactly one of --safe-batch / --safe-sign (checked before anything is read). */
export function safeRequestFrom(options: Options): SafeRequest | undefined {
  const safe = options.optional('safe');
  const batch = options.optional('safe-batch');
  const sign = options.optional('safe-sign');
  if (safe === undefined) {
    if (batch !== undefined || sign !== undefined) {
      throw new UsageError('--safe-batch and --safe-sign need --safe <the Safe that owns Staking>');
    }
    return undefined;
  }
  if ((batch === undefined) === (sign === undefined)) {
    throw new UsageError('with --safe, give one of --safe-batch <file> or --safe-sign <file>');
  }
  const address = parseAddress(safe, '--safe');
  return batch !== undefined
    ? { address, kind: 'batch', file: batch }
    : { address, kind: 'sign', file: sign! };
}

export interface SafeInfo {
  address: Address;
  threshold: bigint;
  owners: Address[];
  nonce: bigint;
}

/** The Safe's owners, threshold and nonce, read from the chain (refuses an address that is no Safe). */
export async function readSafe(ctx: ChainContext, address: Address): Promise<SafeInfo> {
  const safe = { address, abi: safeAbi } as const;
  try {
    const [threshold, owners, nonce] = await Promise.all([
      ctx.client.readContract({ ...safe, functionName: 'getThreshold' }),
      ctx.client.readContract({ ...safe, functionName: 'getOwners' }),
      ctx.client.readContract({ ...safe, functionName: 'nonce' }),
    ]);
    return { address, threshold, owners: owners.map((o) => getAddress(o)), nonce };
  } catch {
    throw new OperatorError(`${address} is not a Safe on ${ctx.network.key}: nothing was written`);
  }
}

/** A call of a Safe transaction, with what it does in words. */
export interface FileCall {
  title: string;
  contract: string;
  function: string;
  to: Address;
  value: string;
  data: Hex;
}

/** The file `--safe-sign` and `safe:sign` write and `safe:exec` reads. */
export interface SafeTxFile {
  format: 'honest-stake/safe-tx@1';
  network: string;
  chainId: number;
  safe: Address;
  calls: FileCall[];
  safeTx: Record<keyof SafeTx, string | number>;
  safeTxHash: Hex;
  signatures: { signer: Address; signature: Hex }[];
}

const toSafeCall = (c: FileCall): SafeCall => ({ to: c.to, value: BigInt(c.value), data: c.data });

export function safeTxOf(file: Pick<SafeTxFile, 'calls' | 'safeTx'>): SafeTx {
  return safeTxFor(file.calls.map(toSafeCall), BigInt(file.safeTx.nonce));
}

function printable(tx: SafeTx): SafeTxFile['safeTx'] {
  return {
    ...tx,
    value: tx.value.toString(),
    safeTxGas: tx.safeTxGas.toString(),
    baseGas: tx.baseGas.toString(),
    gasPrice: tx.gasPrice.toString(),
    nonce: tx.nonce.toString(),
  };
}

/** The SafeTx for `calls` at the Safe's current nonce, its hash checked against the Safe's own. */
export async function newSafeTxFile(
  ctx: ChainContext,
  info: SafeInfo,
  calls: FileCall[],
): Promise<SafeTxFile> {
  const tx = safeTxFor(calls.map(toSafeCall), info.nonce);
  const safeTxHash = await checkedHash(ctx, info.address, tx);
  return {
    format: 'honest-stake/safe-tx@1',
    network: ctx.network.key,
    chainId: ctx.network.chainId,
    safe: info.address,
    calls,
    safeTx: printable(tx),
    safeTxHash,
    signatures: [],
  };
}

/** The EIP-712 hash computed here, which must equal what the Safe computes on chain. */
export async function checkedHash(ctx: ChainContext, safe: Address, tx: SafeTx): Promise<Hex> {
  const local = hashTypedData(safeTxTypedData(safe, ctx.network.chainId, tx));
  const onChain = await ctx.client.readContract({
    address: safe,
    abi: safeAbi,
    functionName: 'getTransactionHash',
    args: transactionHashArgs(tx),
  });
  if (local !== onChain) {
    throw new OperatorError(`the Safe hashes this transaction as ${onChain}, not ${local}`);
  }
  return local;
}

/** Adds the owner key's EIP-712 signature (replacing an earlier one of the same owner). */
export async function signSafeTx(
  ctx: ChainContext,
  file: SafeTxFile,
  info: SafeInfo,
  account: PrivateKeyAccount,
): Promise<SafeTxFile> {
  if (!info.owners.some((o) => isAddressEqual(o, account.address))) {
    throw new OperatorError(
      `the key's address ${account.address} is not an owner of the Safe ${info.address} (owners: ${info.owners.join(', ')}): nothing was signed`,
    );
  }
  const signature = await account.signTypedData(
    safeTxTypedData(file.safe, ctx.network.chainId, safeTxOf(file)),
  );
  return {
    ...file,
    signatures: [
      ...file.signatures.filter((s) => !isAddressEqual(s.signer, account.address)),
      { signer: account.address, signature },
    ],
  };
}

/** A Safe Transaction Builder batch (the format its "Import" button reads). */
export function transactionBuilderBatch(ctx: ChainContext, safe: Address, calls: FileCall[]) {
  return {
    version: '1.0',
    chainId: String(ctx.network.chainId),
    createdAt: Date.now(),
    meta: {
      name: calls.map((c) => c.title).join('; '),
      description: calls.map((c) => `${c.contract}.${c.function}`).join(', '),
      txBuilderVersion: '1.18.0',
      createdFromSafeAddress: safe,
      createdFromOwnerAddress: '',
    },
    transactions: calls.map((c) => ({ to: c.to, value: c.value, data: c.data })),
  };
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  try {
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
  } catch (error) {
    throw new ConfigError(`cannot write ${file}: ${(error as Error).message}`);
  }
}

/** Reads a SafeTx file; refuses anything that is not one. */
export async function readSafeTxFile(file: string): Promise<SafeTxFile> {
  let parsed: SafeTxFile;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8')) as SafeTxFile;
  } catch (error) {
    throw new ConfigError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (parsed?.format !== 'honest-stake/safe-tx@1' || !Array.isArray(parsed.signatures)) {
    throw new ConfigError(`${file} is not a Safe transaction file written by --safe-sign`);
  }
  return parsed;
}
