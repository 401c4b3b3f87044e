/**
 * A real Safe (safe.global v1.4.1, the bytecode Safe publishes in its npm package
 * `@safe-global/safe-contracts`) on a local anvil chain, as mainnet has it: the Safe singleton
 * factory at its address, and through it (CREATE2, salt 0) the Safe singleton, the proxy factory,
 * the fallback handler and MultiSendCallOnly — which lands them at their canonical mainnet
 * addresses (`safeAddresses`). Then a Safe account for given owners and threshold.
 *
 * The package is not an npm dependency (its peer dependency would pull ethers 5 into every
 * install): like forge-std (vendor-forge-std.mjs), it is `npm pack`ed once and the five artifacts
 * it needs are kept in contracts/lib/safe-contracts (gitignored).
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  getAddress,
  parseEventLogs,
  testActions,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  type Account,
} from 'viem';
import {
  proxyFactoryAbi,
  safeAddresses,
  safeSetupData,
  safeSingletonFactory,
  safeSingletonFor,
} from '../src/safe.ts';
import { contractsDir } from './artifacts.ts';

const PACKAGE = '@safe-global/safe-contracts@1.4.1';
const artifactsDir = join(contractsDir, 'lib', 'safe-contracts');

/** Artifact path inside the package → the canonical address it deploys to. */
const artifacts = {
  safe: 'contracts/Safe.sol/Safe.json',
  safeL2: 'contracts/SafeL2.sol/SafeL2.json',
  proxyFactory: 'contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json',
  fallbackHandler:
    'contracts/handler/CompatibilityFallbackHandler.sol/CompatibilityFallbackHandler.json',
  multiSendCallOnly: 'contracts/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json',
} as const satisfies Record<keyof typeof safeAddresses, string>;

/** Extracts the artifacts from Safe's npm package once. */
function ensureArtifacts(): void {
  const names = Object.values(artifacts).map((p) => basename(p));
  if (names.every((name) => existsSync(join(artifactsDir, name)))) return;
  const tmp = mkdtempSync(join(tmpdir(), 'safe-contracts-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--pack-destination', tmp, '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
    const inner = Object.values(artifacts).map((p) => `package/build/artifacts/${p}`);
    execFileSync('tar', ['-xzf', join(tmp, tarball), '-C', tmp, ...inner]);
    mkdirSync(artifactsDir, { recursive: true });
    // Copy then rename: another process may be reading these files at the same time (rename is atomic).
    for (const p of inner) {
      const target = join(artifactsDir, basename(p));
      copyFileSync(join(tmp, p), `${target}.${process.pid}`);
      renameSync(`${target}.${process.pid}`, target);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function creationCode(key: keyof typeof artifacts): Hex {
  ensureArtifacts();
  const file = join(artifactsDir, basename(artifacts[key]));
  return (JSON.parse(readFileSync(file, 'utf8')) as { bytecode: Hex }).bytecode;
}

/** The deterministic-deployment proxy's runtime code: what the Safe singleton factory holds. */
const factoryRuntime: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';

type Clients = {
  publicClient: PublicClient;
  walletClient: WalletClient<Transport, Chain, Account>;
};

/**
 * Safe's contracts at their canonical addresses (idempotent). The factory's code is set directly
 * (on mainnet it was deployed by a presigned transaction); everything else is deployed for real.
 */
export async function deploySafeContracts({ publicClient, walletClient }: Clients): Promise<void> {
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
  { publicClient, walletClient }: Clients,
  {
    owners,
    threshold,
    saltNonce = 0n,
  }: { owners: Address[]; threshold: number; saltNonce?: bigint },
): Promise<Address> {
  const hash = await walletClient.writeContract({
    address: safeAddresses.proxyFactory,
    abi: proxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [
      safeSingletonFor(await publicClient.getChainId()),
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
