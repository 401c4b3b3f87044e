/**
 * A real Safe (safe.global v1.4.1, the bytecode Safe publishes in its npm package
 * `@safe-global/safe-contracts`) on a local anvil chain, as mainnet has it: the Safe singleton
 * factory at its address, and through it (CREATE2, salt 0) the Safe singleton, the proxy factory,
 * the fallback handler and MultiSendCallOnly — which lands them at their canonical mainnet
 * addresses (`safeAddresses`). Then a Safe account for given owners and threshold.
 *
 * The one module that deploys Safe's contracts, for the rehearsal, the operator CLI's tests, the
 * sign-in tests and e2e. It reads the build artifacts of the installed package (a devDependency of
 * this workspace) by path, so it imports nothing of the package (no ethers). Only local chains need
 * it: the production CLI talks to an existing Safe through src/safe.ts alone.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  getAddress,
  parseEventLogs,
  testActions,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import {
  proxyFactoryAbi,
  safeAddresses,
  safeSetupData,
  safeSingletonFactory,
  safeSingletonFor,
} from '../src/safe.ts';

const require = createRequire(import.meta.url);

/** Artifact path inside the package → the canonical address it deploys to. */
const artifacts = {
  safe: 'Safe.sol/Safe.json',
  safeL2: 'SafeL2.sol/SafeL2.json',
  proxyFactory: 'proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  fallbackHandler: 'handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  multiSendCallOnly: 'libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
} as const satisfies Record<keyof typeof safeAddresses, string>;

/** The creation code of one of Safe's contracts, from the installed package's build artifacts. */
function creationCode(key: keyof typeof artifacts): Hex {
  const file = require.resolve(
    `@safe-global/safe-contracts/build/artifacts/contracts/${artifacts[key]}`,
  );
  return (JSON.parse(readFileSync(file, 'utf8')) as { bytecode: Hex }).bytecode;
}

/** The deterministic-deployment proxy's runtime code: what the Safe singleton factory holds. */
const factoryRuntime: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

/** A chain to deploy on, and the account that pays and sends. */
export type SafeDeployClients = {
  publicClient: PublicClient;
  walletClient: WalletClient<Transport, Chain, Account>;
};

/**
 * Safe's contracts at their canonical addresses (idempotent). The factory's code is set directly
 * (on mainnet it was deployed by a presigned transaction); everything else is deployed for real.
 */
export async function deploySafeContracts({
  publicClient,
  walletClient,
}: SafeDeployClients): Promise<void> {
  if (!(await publicClient.getCode({ address: safeSingletonFactory }))) {
    await publicClient
      .extend(testActions({ mode: 'anvil' }))
      .setCode({ address: safeSingletonFactory, bytecode: factoryRuntime });
  }
  for (const key of Object.keys(artifacts) as (keyof typeof artifacts)[]) {
    const address = safeAddresses[key];
    if (await publicClient.getCode({ address })) continue;
    const salt = `0x${'00'.repeat(32)}` as const;
    const hash = await walletClient.sendTransaction({
      to: safeSingletonFactory,
      data: `${salt}${creationCode(key).slice(2)}`,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success' || !(await publicClient.getCode({ address }))) {
      throw new Error(`Safe ${key} did not deploy to its canonical address ${address}`);
    }
  }
}

/**
 * A new Safe account with `owners` and `threshold` through the canonical proxy factory (Safe's
 * contracts must be there: on mainnet they are; locally `deploySafeContracts` first); its address.
 */
export async function createSafe(
  { publicClient, walletClient }: SafeDeployClients,
  {
    owners,
    threshold,
    saltNonce = 0n,
    singleton,
  }: {
    owners: Address[];
    threshold: number;
    saltNonce?: bigint;
    /** Default: the one Safe's app uses on that chain. The same on two chains → the same address. */
    singleton?: Address;
  },
): Promise<Address> {
  const hash = await walletClient.writeContract({
    address: safeAddresses.proxyFactory,
    abi: proxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [
      singleton ?? safeSingletonFor(await publicClient.getChainId()),
      safeSetupData(owners, BigInt(threshold)),
      saltNonce,
    ],
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const [created] = parseEventLogs({
    abi: proxyFactoryAbi,
    eventName: 'ProxyCreation',
    logs: receipt.logs,
  });
  if (!created) throw new Error('the proxy factory created no Safe');
  return getAddress(created.args.proxy);
}
