/**
 * `npm start`: the whole app on its embedded defaults — two local anvil chains (ETH id 1 on 8545,
 * BSC id 56 on 8546) with the contracts deployed, the server with embedded PGlite, and the built web
 * app served by the server. Chain and database state persist in .data/ across restarts.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, '.data');
const port = Number(process.env.PORT ?? 8080);

function run(command: string, env: Record<string, string> = {}): void {
  console.log(`\n> ${command}`);
  const result = spawnSync(command, {
    shell: true,
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n'${command}' failed: the app was not started.`);
    process.exit(result.status ?? 1);
  }
}

run('npm run generate -w contracts');
run('npm run build -w web', { VITE_DEPLOYMENT: 'local' });

// Imported after generation: these modules read the generated contracts module.
const { networkList, localRpcUrl } = await import('@app/contracts/chains');
const { localAccounts, localTestUserKey, localUsdcIssuerKey } =
  await import('@app/contracts/accounts');
const { deployments } = await import('@app/contracts/generated');
const { startAnvil, deployLocal } = await import('@app/contracts/local');
const { startServer } = await import('../server/src/start.ts');

mkdirSync(dataDir, { recursive: true });
// Saved chain state is only valid for the contracts it was deployed with: start afresh when they change.
const fingerprint = createHash('sha256')
  .update(readFileSync(join(root, 'contracts/generated/contracts.ts')))
  .update(readFileSync(join(root, 'contracts/generated/deployments.ts')))
  .digest('hex');
const fingerprintFile = join(dataDir, 'contracts.sha256');
if (existsSync(fingerprintFile) && readFileSync(fingerprintFile, 'utf8') !== fingerprint) {
  console.log(
    '\nThe contracts changed since the last start: resetting the local chains and database.',
  );
  for (const network of networkList)
    rmSync(join(dataDir, `anvil-${network.chainId}.json`), { force: true });
  rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
}
writeFileSync(fingerprintFile, fingerprint);

const chains: { stop(): Promise<void> }[] = [];
const rpcUrls: Record<number, string> = {};
// A chain deployed afresh is a new chain: an index kept from an earlier one would not match it.
const freshChains: number[] = [];
for (const network of networkList) {
  const chain = await startAnvil({
    chainId: network.chainId,
    port: network.localPort,
    stateFile: join(dataDir, `anvil-${network.chainId}.json`),
  });
  chains.push(chain);
  rpcUrls[network.chainId] = localRpcUrl(network.localPort);
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const staking = deployments.local[network.chainId]?.staking;
  const deployed = staking
    ? ((await client.getCode({ address: staking })) ?? '0x') !== '0x'
    : false;
  if (!deployed) {
    await deployLocal({ rpcUrl: chain.rpcUrl, chainId: network.chainId });
    freshChains.push(network.chainId);
  }
  console.log(
    `${network.label} chain ${network.chainId}: ${chain.rpcUrl}${deployed ? ' (restored)' : ' (deployed)'}`,
  );
}

// The local owner (account 0) is also the admin, so `npm run operator -- notice:post` works out of
// the box; ADMIN_ADDRESSES replaces it.
const adminAddresses = process.env.ADMIN_ADDRESSES
  ? process.env.ADMIN_ADDRESSES.split(',').filter((a) => a.trim() !== '')
  : [localAccounts[0]!.address];

const server = await startServer({
  port,
  host: '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: join(dataDir, 'pglite'),
  rpcUrls,
  resetIndexOf: freshChains,
  deployment: 'local',
  webDist: join(root, 'web/dist'),
  appOrigin: process.env.APP_ORIGIN ?? `http://localhost:${port}`,
  adminAddresses,
});

const testUser = localAccounts[1]!;
console.log(`
  App:           http://localhost:${port}/
  Test account:  ${testUser.address}
  Private key:   ${localTestUserKey}
                 (an anvil development key: import it into a wallet for the local chains only,
                  or pick 'Local test wallet' in the app's wallet list)
  Chains:        ETH (id 1) ${rpcUrls[1]}   BSC (id 56) ${rpcUrls[56]}
  Operator:      npm run operator -- help   (owner and admin: ${localAccounts[0]!.address})
  USDC issuer:   key ${localUsdcIssuerKey}
                 (pauser and blacklister of the local USDC, to try what users see when the issuer
                  freezes an address: npx cast send ${deployments.local[1]?.usdc} "blacklist(address)" <address>
                  --private-key <key> --rpc-url ${rpcUrls[1]})
  Press Ctrl+C to stop; state is kept in .data/.
`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await Promise.all(chains.map((c) => c.stop()));
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
