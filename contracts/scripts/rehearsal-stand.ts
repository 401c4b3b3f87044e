/**
 * `npm run rehearsal [-- --eth-port 8545 --bsc-port 8546 --out .data/rehearsal]`: a mainnet-like
 * chain pair that stays up until Ctrl-C (or SIGTERM), so every step of docs/OPERATIONS.md can be
 * walked by hand, and the runbook test (deploy/runbook.test.ts) walks it the same way.
 *
 * Each chain holds only what mainnet holds before we arrive (rehearsal.ts: USDC as its issuer
 * deployed it, WETH9/WBNB, Uniswap V2 and a funded pool); our deployer has sent nothing. It prints
 * the RPC URLs, the keys of the roles (anvil's public test keys: never on a real chain) and an env
 * file to source, then "rehearsal ready". Safe's contracts (v1.4.1) are at their canonical
 * addresses, so §9's Safe is created and takes ownership with the runbook's own commands.
 *
 * The env file is enough for every block of the runbook: besides the chains and the roles it names
 * the servers' database (`--database-url`, default $DATABASE_URL or a local `honest_stake_rehearsal`),
 * the database a dump is restored into (`--restore-database-url`), Redis (`--redis-url`, default
 * $REDIS_URL or the local one, with a key prefix of this rehearsal's own), the API's PORT and the
 * METRICS_HOST/METRICS_PORT (free ports picked now), and BACKUP_DIR (inside the git-ignored output
 * folder: a dump holds sessions).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { privateKeyToAccount } from 'viem/accounts';
import { localPrivateKeys } from '../src/local-accounts.ts';
import { contractsDir } from './artifacts.ts';
import { findFreePort, startAnvil, type LocalChain } from './local-chain.ts';
import { deployMainnetLike, networkKeyOf, rehearsalConfigFile } from './rehearsal.ts';

const repoRoot = resolve(contractsDir, '..');

/** The roles an operator plays in the runbook, as anvil accounts. */
export const rehearsalRoles = {
  deployer: localPrivateKeys[0],
  owner: localPrivateKeys[1],
  admin: localPrivateKeys[2],
  /** The owner a leaked owner key is replaced by (docs/OPERATIONS.md §7, a compromised key). */
  newOwner: localPrivateKeys[3],
  /** The three owners of the 2-of-3 Safe that takes ownership in §9 (each signs offline). */
  safeOwnerA: localPrivateKeys[4],
  safeOwnerB: localPrivateKeys[5],
  safeOwnerC: localPrivateKeys[6],
  /** Pays the gas of the Safe's creation and executions; no right over anything (§9). */
  payer: localPrivateKeys[7],
  // Account 9 is the third party that deployed the DEX and Safe's contracts (rehearsal.ts).
} as const;

function port(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${flag}: not a port: ${value}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'eth-port': { type: 'string' },
      'bsc-port': { type: 'string' },
      out: { type: 'string', default: join('.data', 'rehearsal') },
      'database-url': { type: 'string' },
      'restore-database-url': { type: 'string' },
      'redis-url': { type: 'string' },
    },
  });
  const databaseUrl =
    values['database-url'] ??
    process.env.DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/honest_stake_rehearsal';
  const restoreUrl = new URL(values['restore-database-url'] ?? databaseUrl);
  if (!values['restore-database-url']) restoreUrl.pathname += '_restore';
  const ports = {
    1: port(values['eth-port'], '--eth-port'),
    56: port(values['bsc-port'], '--bsc-port'),
  };
  const outDir = resolve(repoRoot, values.out);
  mkdirSync(outDir, { recursive: true });
  const chains: LocalChain[] = [];
  const stop = async () => {
    await Promise.all(chains.map((c) => c.stop()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  const env: Record<string, string> = {};
  for (const chainId of [1, 56] as const) {
    const chain = await startAnvil({ chainId, port: ports[chainId] });
    chains.push(chain);
    const held = await deployMainnetLike(chain.rpcUrl, chainId);
    env[`RPC_URL_${chainId}`] = chain.rpcUrl;
    console.log(
      `${networkKeyOf(chainId)} (chain ${chainId}) ${chain.rpcUrl}: USDC ${held.usdc}, router ${held.router}, pool ${held.pair}`,
    );
  }
  // Paths from the repository root: the base every command of the runbook reads them from.
  const deploymentFile = relative(repoRoot, join(outDir, 'production.json'));
  Object.assign(env, {
    DEPLOYMENT: 'production',
    DEPLOYMENT_FILE: deploymentFile,
    NETWORKS_CONFIG: relative(repoRoot, rehearsalConfigFile),
    DEPLOYER_PRIVATE_KEY: rehearsalRoles.deployer,
    OWNER_PRIVATE_KEY: rehearsalRoles.owner,
    OWNER_ADDRESS: privateKeyToAccount(rehearsalRoles.owner).address,
    ADMIN_PRIVATE_KEY: rehearsalRoles.admin,
    ADMIN_ADDRESSES: privateKeyToAccount(rehearsalRoles.admin).address,
    NEW_OWNER_PRIVATE_KEY: rehearsalRoles.newOwner,
    NEW_OWNER_ADDRESS: privateKeyToAccount(rehearsalRoles.newOwner).address,
    OWNER_A: privateKeyToAccount(rehearsalRoles.safeOwnerA).address,
    OWNER_A_KEY: rehearsalRoles.safeOwnerA,
    OWNER_B: privateKeyToAccount(rehearsalRoles.safeOwnerB).address,
    OWNER_B_KEY: rehearsalRoles.safeOwnerB,
    OWNER_C: privateKeyToAccount(rehearsalRoles.safeOwnerC).address,
    OWNER_C_KEY: rehearsalRoles.safeOwnerC,
    PAYER_KEY: rehearsalRoles.payer,
    // §4–§7: the servers, the backup, the metrics port a reload goes to.
    DATABASE_URL: databaseUrl,
    NEW_DATABASE_URL: restoreUrl.toString(),
    REDIS_URL: values['redis-url'] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `honest-stake-rehearsal-${process.pid}:`,
    PORT: String(await findFreePort()),
    METRICS_HOST: '127.0.0.1',
    METRICS_PORT: String(await findFreePort()),
    BACKUP_DIR: relative(repoRoot, join(outDir, 'backups')),
  });
  const envFile = join(outDir, 'env');
  writeFileSync(
    envFile,
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
  console.log(`
Roles (anvil's public test keys; never use them on a real chain):
  deployer ${privateKeyToAccount(rehearsalRoles.deployer).address}  DEPLOYER_PRIVATE_KEY
  owner    ${env.OWNER_ADDRESS}  OWNER_PRIVATE_KEY
  admin    ${env.ADMIN_ADDRESSES}  ADMIN_PRIVATE_KEY (notices)
  new owner ${env.NEW_OWNER_ADDRESS}  NEW_OWNER_PRIVATE_KEY (§7, a leaked owner key)
  Safe owners ${env.OWNER_A}, ${env.OWNER_B}, ${env.OWNER_C}  OWNER_A_KEY… (§9, 2 of 3)
  payer    ${privateKeyToAccount(rehearsalRoles.payer).address}  PAYER_KEY (gas for the Safe)
Servers: database ${env.DATABASE_URL} (create it first: createdb), restore target
  ${env.NEW_DATABASE_URL}, Redis ${env.REDIS_URL}, API port ${env.PORT}, metrics ${env.METRICS_HOST}:${env.METRICS_PORT}
Walk docs/OPERATIONS.md from the repository root with:
  set -a; . ${relative(repoRoot, envFile)}; set +a
deploy-production takes the rehearsal config instead of the mainnet one:
  --config "$NETWORKS_CONFIG" --out "$DEPLOYMENT_FILE"
Ctrl-C stops both chains (their state is lost).
rehearsal ready`);
}

await main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
