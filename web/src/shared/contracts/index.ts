/**
 * Contract calls by name (in the spirit of Scaffold-ETH 2's contract hooks): code says which
 * contract ('staking', 'lens', 'usdc', ...), which function and its arguments; the address comes
 * from the chain's deployment (@app/contracts/generated, the one source of addresses and ABIs) and
 * the ABI from the same build, here and nowhere else (ESLint forbids an `abi:` property outside
 * this folder). Function names, arguments and results are typed from the ABI:
 *
 *   client.readContract(contractCall(deployment, { contract: 'staking', functionName: 'root' }))
 *   tx.wallet.writeContract(contractCall(deployment, { contract: 'staking', functionName: 'stake', args }))
 *
 * The result spreads into any viem action (read, write, simulate, estimate gas) and
 * `asBatchCall` makes it one call of an EIP-5792 batch. A contract whose address is not in the
 * deployment (a token passed in, a Safe found on chain) is named with `contractCallAt`.
 * `useContractRead` (./useContractRead.ts) is the React Query hook for one read.
 *
 * Pages that need only addresses import ../addresses, which does not pull in the ABIs.
 */
import { safeAbi } from '@app/contracts/safe';
import {
  pairAbi,
  stakingAbi,
  stakingLensAbi,
  usdcAbi,
  wethAbi,
  type ChainDeployment,
} from '@app/contracts/generated';
import {
  decodeErrorResult,
  type Abi,
  type AbiStateMutability,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type ContractFunctionReturnType,
  type Hex,
  type PublicClient,
} from 'viem';

export type { ChainDeployment } from '@app/contracts/generated';
export { deployment } from '../deployment';
export { getDeployment } from '../addresses';

/** Every contract the app calls, by name. */
const abis = {
  staking: stakingAbi,
  lens: stakingLensAbi,
  usdc: usdcAbi,
  rewardToken: wethAbi,
  pair: pairAbi,
  safe: safeAbi,
} as const;

/** Where each deployed contract's address sits in the chain's deployment. */
const deploymentField = {
  staking: 'staking',
  lens: 'stakingLens',
  usdc: 'usdc',
  rewardToken: 'rewardToken',
  pair: 'pair',
} as const satisfies Partial<Record<keyof typeof abis, keyof ChainDeployment>>;

export type ContractName = keyof typeof abis;
/** Contracts whose address the deployment records (the others are named with an address). */
export type DeployedContractName = keyof typeof deploymentField;
export type ContractAbi<N extends ContractName> = (typeof abis)[N];

export type FunctionNameOf<
  N extends ContractName,
  M extends AbiStateMutability = AbiStateMutability,
> = ContractFunctionName<ContractAbi<N>, M>;
export type FunctionArgsOf<
  N extends ContractName,
  F extends FunctionNameOf<N>,
> = ContractFunctionArgs<ContractAbi<N>, AbiStateMutability, F>;

/** What a call names: the contract, the function, and its arguments (left out when it has none). */
export type CallSpec<
  N extends ContractName,
  F extends FunctionNameOf<N>,
  A extends FunctionArgsOf<N, F>,
> = { contract: N; functionName: F } & (readonly [] extends FunctionArgsOf<N, F>
  ? { args?: A }
  : { args: A });

/** A call as viem's actions take it: spread it into readContract, writeContract, ... */
export interface ContractCall<
  N extends ContractName,
  F extends FunctionNameOf<N>,
  A extends FunctionArgsOf<N, F>,
> {
  address: Address;
  abi: ContractAbi<N>;
  functionName: F;
  args: A;
}

/** Any call made here, whatever its contract and function (as a batch's payment step takes it). */
export interface AnyContractCall {
  address: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/** The address of contract `name` on the deployment's chain. */
export function contractAddress(deployment: ChainDeployment, name: DeployedContractName): Address {
  return deployment[deploymentField[name]];
}

/** A call of a contract of this deployment, by name. */
export function contractCall<
  N extends DeployedContractName,
  F extends FunctionNameOf<N>,
  const A extends FunctionArgsOf<N, F>,
>(deployment: ChainDeployment, spec: CallSpec<N, F, A>): ContractCall<N, F, A> {
  return contractCallAt(contractAddress(deployment, spec.contract), spec);
}

/** A call of the contract of kind `spec.contract` at `address` (one not in the deployment). */
export function contractCallAt<
  N extends ContractName,
  F extends FunctionNameOf<N>,
  const A extends FunctionArgsOf<N, F>,
>(address: Address, spec: CallSpec<N, F, A>): ContractCall<N, F, A> {
  return {
    address,
    abi: abis[spec.contract],
    functionName: spec.functionName,
    args: (spec.args ?? []) as A,
  };
}

/** The same call as one entry of an EIP-5792 batch (`wallet_sendCalls`). */
export function asBatchCall<C extends AnyContractCall>(
  call: C,
): Omit<C, 'address'> & { to: Address } {
  const { address, ...rest } = call;
  return { ...rest, to: address };
}

/** Names of a contract's views that take no argument (feeBps, paused, MAX_FEE_BPS, ...). */
export type ArglessViewName<N extends ContractName> = Extract<
  ContractAbi<N>[number],
  { type: 'function'; inputs: readonly []; stateMutability: 'view' | 'pure' }
>['name'] &
  FunctionNameOf<N, 'view' | 'pure'>;

export type ViewValues<N extends ContractName, V extends ArglessViewName<N>> = {
  [K in V]: ContractFunctionReturnType<ContractAbi<N>, 'view' | 'pure', K>;
};

/**
 * Several argument-less views of one deployed contract at once (parameters, counters, constants),
 * as a record by name.
 */
export async function readViews<N extends DeployedContractName, const V extends ArglessViewName<N>>(
  client: Pick<PublicClient, 'readContract'>,
  deployment: ChainDeployment,
  contract: N,
  names: readonly V[],
): Promise<ViewValues<N, V>> {
  // Typed by the signature above; a union of names is too deep for readContract's inference.
  const read = client.readContract as (call: {
    address: Address;
    abi: ContractAbi<N>;
    functionName: string;
  }) => Promise<unknown>;
  const address = contractAddress(deployment, contract);
  const values = await Promise.all(
    names.map((functionName) => read({ address, abi: abis[contract], functionName })),
  );
  return Object.fromEntries(names.map((name, i) => [name, values[i]])) as ViewValues<N, V>;
}

/** The name of contract `name`'s custom error in revert data, or undefined if it is not one. */
export function decodeContractError(name: ContractName, data: Hex): string | undefined {
  try {
    return decodeErrorResult({ abi: abis[name], data }).errorName;
  } catch {
    return undefined;
  }
}
