/**
 * The parts of a Safe (safe.global, contracts v1.4.1) that the operator CLI, the rehearsal and the
 * transparency page use: the calls on a Safe account, its EIP-712 `SafeTx`, and MultiSendCallOnly
 * to run several calls as one Safe transaction. The ABI is written out here (a few functions of
 * Safe's published interface) rather than loaded from Safe's npm artifacts, which only the local
 * deploy needs (scripts/safe.ts).
 */
import {
  concatHex,
  encodeFunctionData,
  encodePacked,
  getAddress,
  parseAbi,
  size,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';

export const safeAbi = parseAbi([
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function isOwner(address owner) view returns (bool)',
  'function nonce() view returns (uint256)',
  'function VERSION() view returns (string)',
  'function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)',
  'function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address payable refundReceiver, bytes signatures) payable returns (bool success)',
  'function setup(address[] _owners, uint256 _threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address payable paymentReceiver)',
  'event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)',
  'event ExecutionFailure(bytes32 indexed txHash, uint256 payment)',
]);

export const proxyFactoryAbi = parseAbi([
  'function createProxyWithNonce(address _singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);

export const multiSendCallOnlyAbi = parseAbi(['function multiSend(bytes transactions) payable']);

/**
 * Safe v1.4.1's canonical addresses: the same on Ethereum and BSC (each deployed with CREATE2
 * through the Safe singleton factory, salt 0), and on the rehearsal chains (scripts/safe.ts
 * deploys the published bytecode the same way, which gives the same addresses).
 */
export const safeSingletonFactory: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';
export const safeAddresses = {
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  proxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
} as const satisfies Record<string, Address>;

/** The singleton Safe's own app uses: the L1 one on Ethereum, SafeL2 (more events) elsewhere. */
export const safeSingletonFor = (chainId: number): Address =>
  chainId === 1 ? safeAddresses.safe : safeAddresses.safeL2;

/** `setup` of a new Safe account: owners, threshold, the standard fallback handler, no module. */
export function safeSetupData(owners: readonly Address[], threshold: bigint): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      owners,
      threshold,
      zeroAddress,
      '0x',
      safeAddresses.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
}

/** Safe's Enum.Operation. */
export const Operation = { call: 0, delegateCall: 1 } as const;

export interface SafeCall {
  to: Address;
  value: bigint;
  data: Hex;
}

/** A Safe transaction as the Safe hashes and executes it (no gas refund: the executor pays). */
export interface SafeTx {
  to: Address;
  value: bigint;
  data: Hex;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: Address;
  refundReceiver: Address;
  nonce: bigint;
}

/**
 * One call as it is, several as one delegatecall to MultiSendCallOnly (all or none: a failing call
 * reverts the whole Safe transaction).
 */
export function safeTxFor(calls: readonly SafeCall[], nonce: bigint): SafeTx {
  const common = {
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: zeroAddress,
    refundReceiver: zeroAddress,
    nonce,
  };
  if (calls.length === 1) return { ...calls[0]!, operation: Operation.call, ...common };
  const packed = concatHex(
    calls.map((c) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [Operation.call, c.to, c.value, BigInt(size(c.data)), c.data],
      ),
    ),
  );
  return {
    to: safeAddresses.multiSendCallOnly,
    value: 0n,
    data: encodeFunctionData({
      abi: multiSendCallOnlyAbi,
      functionName: 'multiSend',
      args: [packed],
    }),
    operation: Operation.delegateCall,
    ...common,
  };
}

/** The EIP-712 typed data an owner signs for `tx` (Safe ≥ 1.3: the domain has the chain id). */
export function safeTxTypedData(safe: Address, chainId: number, tx: SafeTx) {
  return {
    domain: { chainId, verifyingContract: safe },
    types: {
      SafeTx: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
        { name: 'operation', type: 'uint8' },
        { name: 'safeTxGas', type: 'uint256' },
        { name: 'baseGas', type: 'uint256' },
        { name: 'gasPrice', type: 'uint256' },
        { name: 'gasToken', type: 'address' },
        { name: 'refundReceiver', type: 'address' },
        { name: 'nonce', type: 'uint256' },
      ],
    },
    primaryType: 'SafeTx',
    message: tx,
  } as const;
}

/**
 * The `signatures` argument of execTransaction: 65-byte ECDSA signatures ordered by signer
 * address, ascending (the Safe refuses any other order).
 */
export function packSignatures(signatures: readonly { signer: Address; signature: Hex }[]): Hex {
  const sorted = [...signatures].sort((a, b) =>
    BigInt(getAddress(a.signer)) < BigInt(getAddress(b.signer)) ? -1 : 1,
  );
  return concatHex(sorted.map((s) => s.signature));
}

/** The arguments of `execTransaction` for `tx` with the owners' `signatures` (packSignatures). */
export function execTransactionArgs(
  tx: SafeTx,
  signatures: readonly { signer: Address; signature: Hex }[],
) {
  return [
    tx.to,
    tx.value,
    tx.data,
    tx.operation,
    tx.safeTxGas,
    tx.baseGas,
    tx.gasPrice,
    tx.gasToken,
    tx.refundReceiver,
    packSignatures(signatures),
  ] as const;
}
