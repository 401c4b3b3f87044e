/**
 * Smart-contract accounts on a local chain, for tests: a real Safe (v1.4.1; deployed by
 * scripts/safe.ts, the one Safe deploy helper, with `localClients`) and the local ERC-4337-style
 * account of src/local/LocalSmartAccount.sol (deployed through its CREATE2 factory, or only
 * predicted, for an ERC-6492 "not deployed yet" signature). Also how each signs a hash the
 * ERC-1271 way, so a test can sign in with them exactly as their wallets would.
 */
import {
  concatHex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  keccak256,
  serializeErc6492Signature,
  type Abi,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { networkByChainId, toViemChain } from '../src/chains.ts';
import { readBuildArtifact } from './artifacts.ts';
import type { SafeDeployClients } from './safe.ts';

export interface LocalChainTarget {
  rpcUrl: string;
  chainId: number;
  /** Pays for and sends the deployments. */
  deployer: PrivateKeyAccount;
}

function clientsFor({ rpcUrl, chainId, deployer }: LocalChainTarget) {
  const network = networkByChainId(chainId);
  if (!network) throw new Error(`unsupported chain id ${chainId}`);
  const chain = toViemChain(network, rpcUrl);
  const transport = http(rpcUrl);
  return {
    client: createPublicClient({ chain, transport, pollingInterval: 50 }),
    wallet: createWalletClient({ account: deployer, chain, transport }),
  };
}

/** The target's clients as scripts/safe.ts takes them (`deploySafeContracts`, `createSafe`). */
export function localClients(target: LocalChainTarget): SafeDeployClients {
  const { client, wallet } = clientsFor(target);
  return { publicClient: client, walletClient: wallet };
}

async function deploy(
  target: LocalChainTarget,
  artifact: { abi: Abi; bytecode: Hex },
  args: unknown[] = [],
) {
  const { client, wallet } = clientsFor(target);
  const hash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error('deployment failed');
  return receipt.contractAddress;
}

/**
 * The Safe's ERC-1271 signature of `hash` by `signers` (its owners, at least the threshold), as
 * Safe{Wallet} makes it: each owner signs the EIP-712 `SafeMessage { bytes message }` of the Safe's
 * domain (this chain, this Safe) with `message` = `hash`; the 65-byte signatures are concatenated in
 * ascending order of the owners' addresses.
 */
export async function signAsSafe(p: {
  safe: Address;
  chainId: number;
  hash: Hex;
  signers: PrivateKeyAccount[];
}): Promise<Hex> {
  const sorted = [...p.signers].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
  const signatures = await Promise.all(
    sorted.map((owner) =>
      owner.signTypedData({
        domain: { chainId: p.chainId, verifyingContract: p.safe },
        types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
        primaryType: 'SafeMessage',
        message: { message: p.hash },
      }),
    ),
  );
  return concatHex(signatures);
}

const localAccount = {
  factory: () => readBuildArtifact('LocalSmartAccountFactory.sol', 'LocalSmartAccountFactory'),
  account: () => readBuildArtifact('LocalSmartAccount.sol', 'LocalSmartAccount'),
};

/** Deploys the local smart account's CREATE2 factory (src/local/LocalSmartAccountFactory.sol). */
export async function deployLocalSmartAccountFactory(target: LocalChainTarget): Promise<Address> {
  return deploy(target, localAccount.factory());
}

/** Where the factory would deploy `owner`'s account with `salt` (deployed or not). */
export async function localSmartAccountAddress(
  target: LocalChainTarget,
  factory: Address,
  owner: Address,
  salt: Hex,
): Promise<Address> {
  const { client } = clientsFor(target);
  return (await client.readContract({
    address: factory,
    abi: localAccount.factory().abi,
    functionName: 'addressOf',
    args: [owner, salt],
  })) as Address;
}

/**
 * The local smart account's signature of `hash`: its owner signs the hash bound to the account and
 * chain (LocalSmartAccount.replaySafeHash). With `deployFrom` (the account is not deployed yet),
 * wrapped as ERC-6492: the factory call that would deploy it travels with the signature.
 */
export async function signAsLocalSmartAccount(p: {
  account: Address;
  chainId: number;
  hash: Hex;
  signer: PrivateKeyAccount;
  deployFrom?: { factory: Address; owner: Address; salt: Hex };
}): Promise<Hex> {
  const bound = keccak256(
    encodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }],
      [p.hash, p.account, BigInt(p.chainId)],
    ),
  );
  const signature = await p.signer.sign({ hash: bound });
  if (!p.deployFrom) return signature;
  return serializeErc6492Signature({
    address: p.deployFrom.factory,
    data: encodeFunctionData({
      abi: localAccount.factory().abi,
      functionName: 'createAccount',
      args: [p.deployFrom.owner, p.deployFrom.salt],
    }),
    signature,
  });
}
