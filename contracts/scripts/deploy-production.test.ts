/**
 * deploy-production: the real config validates, the script refuses without its environment, and a
 * dry run against a local anvil with chain id 1 (config override pointing at a locally deployed USDC,
 * WETH9 and Uniswap V2 router) deploys a Staking whose configuration reads back as configured.
 * Needs `npm run build -w contracts` first.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain } from '../src/chains.ts';
import { localDeployerKey, localPrivateKeys } from '../src/local-accounts.ts';
import { contractsDir, readArtifact } from './artifacts.ts';
import {
  defaultConfigFile,
  deployProduction,
  loadProductionConfig,
  parseArgs,
  readEnv,
  stakingConstructorArgs,
  type ProductionDeployment,
} from './deploy-production.ts';
import { deployDex } from './dex.ts';
import { startAnvil, type LocalChain } from './local-chain.ts';
import { deployLocalUsdc } from './usdc.ts';

describe('production config', () => {
  it('holds the canonical mainnet addresses, all checksummed', () => {
    const config = loadProductionConfig(defaultConfigFile);
    const eth = config.networks.ETH!;
    const bsc = config.networks.BSC!;
    assert.equal(eth.usdc.address, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
    assert.equal(eth.usdc.decimals, 6);
    assert.deepEqual(eth.usdc.permit, { name: 'USD Coin', version: '2' });
    assert.equal(eth.rewardToken.address, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
    assert.equal(eth.router.address, '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D');
    assert.equal(bsc.usdc.address, '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d');
    assert.equal(bsc.usdc.decimals, 18);
    assert.equal(bsc.usdc.permit, null);
    assert.equal(bsc.rewardToken.address, '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c');
    assert.equal(bsc.router.address, '0x10ED43C718714eb63d5aA57B78B54704E256024E');
  });

  it('rejects a mistyped (bad checksum) address', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-config-'));
    try {
      const raw = JSON.parse(readFileSync(defaultConfigFile, 'utf8'));
      raw.networks.BSC.rewardToken.address = '0xbb4CdB9CBd36B01bD1cBCe1bBc41Ee9B0bDAD5C';
      writeFileSync(join(dir, 'c.json'), JSON.stringify(raw));
      assert.throws(
        () => loadProductionConfig(join(dir, 'c.json')),
        /rewardToken\.address.*checksummed/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('assembles every constructor argument of the compiled Staking from the config', () => {
    const config = loadProductionConfig(defaultConfigFile);
    const deployer = privateKeyToAccount(localDeployerKey).address;
    for (const network of [config.networks.ETH!, config.networks.BSC!]) {
      const args = stakingConstructorArgs(readArtifact('Staking').abi, {
        network,
        staking: config.staking,
        deployer,
      });
      assert.ok(args.length > 0);
      const flat = JSON.stringify(args, (_, v) => (typeof v === 'bigint' ? v.toString() : v));
      assert.ok(flat.includes(network.usdc.address));
    }
  });
});

describe('deploy-production refuses', () => {
  it('without RPC_URL and DEPLOYER_PRIVATE_KEY', () => {
    assert.throws(
      () => readEnv({}),
      /refusing to run: RPC_URL and DEPLOYER_PRIVATE_KEY are not set/,
    );
    assert.throws(() => readEnv({ RPC_URL: 'http://x' }), /DEPLOYER_PRIVATE_KEY is not set/);
    assert.throws(
      () => readEnv({ RPC_URL: 'http://x', DEPLOYER_PRIVATE_KEY: 'nope' }),
      /not 32 bytes of hex \(value not shown\)/,
    );
  });

  it('from the command line, with exit code 2 and no stack trace', () => {
    const env = { ...process.env };
    delete env.RPC_URL;
    delete env.DEPLOYER_PRIVATE_KEY;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/deploy-production.ts', '--network', 'ETH'],
      { cwd: contractsDir, env, encoding: 'utf8' },
    );
    assert.equal(run.status, 2, run.stderr);
    assert.match(run.stderr, /refusing to run: RPC_URL and DEPLOYER_PRIVATE_KEY are not set/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
  });

  it('without --network, or with --config but no --out', () => {
    assert.throws(() => parseArgs([]), /--network ETH or --network BSC is required/);
    assert.throws(() => parseArgs(['--network', 'ETH', '--config', 'x.json']), /--out is required/);
    assert.equal(parseArgs(['--network=bsc']).network, 'BSC');
  });
});

describe('deploy-production dry run on a local chain 1', () => {
  let chain: LocalChain;
  let dir: string;
  before(async () => {
    chain = await startAnvil({ chainId: 1 });
    dir = mkdtempSync(join(tmpdir(), 'deploy-production-'));
  });
  after(async () => {
    await chain?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks the chain, deploys Staking with the config, records it', async () => {
    const viemChain = toViemChain(networkByChainId(1)!, chain.rpcUrl);
    const deployer = privateKeyToAccount(localDeployerKey);
    const publicClient = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
    const walletClient = createWalletClient({
      account: deployer,
      chain: viemChain,
      transport: http(chain.rpcUrl),
    });
    // The mainnet-like USDC (behind a proxy, permit domain version "2", no eip712Domain()).
    const { usdc } = await deployLocalUsdc({
      publicClient,
      chainId: 1,
      minter: deployer.address,
    });
    const dex = await deployDex({ publicClient, walletClient, usdc, usdcDecimals: 6 });

    // The production config with Ethereum's addresses replaced by the local ones.
    const raw = JSON.parse(readFileSync(defaultConfigFile, 'utf8'));
    const owner = privateKeyToAccount(localPrivateKeys[8]).address;
    const treasury = privateKeyToAccount(localPrivateKeys[9]).address;
    raw.networks = {
      ETH: {
        ...raw.networks.ETH,
        // The permit domain stays the mainnet one from networks.json: the local token must match it.
        usdc: { ...raw.networks.ETH.usdc, address: usdc },
        rewardToken: { ...raw.networks.ETH.rewardToken, address: dex.weth },
        router: { name: 'local Uniswap V2 Router02', address: dex.router, factory: dex.factory },
      },
    };
    raw.staking.roles = { root: null, owner, treasury };
    const configFile = join(dir, 'local.json');
    const outFile = join(dir, 'production.json');
    writeFileSync(configFile, JSON.stringify(raw, null, 2));
    const env = { RPC_URL: chain.rpcUrl, DEPLOYER_PRIVATE_KEY: localDeployerKey.slice(2) };
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    // --check sends nothing.
    const nonce = await publicClient.getTransactionCount({ address: deployer.address });
    const checked = await deployProduction(
      parseArgs(['--network', 'ETH', '--config', configFile, '--out', outFile, '--check']),
      env,
      log,
    );
    assert.equal(checked, null);
    assert.equal(await publicClient.getTransactionCount({ address: deployer.address }), nonce);
    assert.ok(
      lines.some((l) => l.startsWith('pool') && l.includes(dex.pair)),
      lines.join('\n'),
    );
    assert.ok(lines.some((l) => /warning\s+root is not set/.test(l)));

    const record = (await deployProduction(
      parseArgs(['--network', 'ETH', '--config', configFile, '--out', outFile]),
      env,
      log,
    )) as ProductionDeployment;
    assert.equal(record.usdc, usdc);
    assert.equal(record.rewardToken, dex.weth);
    assert.equal(record.router, dex.router);
    assert.equal(record.pair, dex.pair);
    assert.equal(record.factory, dex.factory);
    assert.equal(record.rewardTokenDecimals, 18);
    assert.equal(record.root, deployer.address);
    assert.equal(record.owner, owner);
    assert.equal(record.treasury, treasury);
    assert.equal(record.usdcDecimals, 6);
    assert.equal(record.usdcHasPermit, true);
    assert.deepEqual(JSON.parse(readFileSync(outFile, 'utf8')), { 1: record });

    const staking = readArtifact('Staking');
    const read = (functionName: string) =>
      publicClient.readContract({ address: record.staking, abi: staking.abi, functionName });
    assert.equal(getAddress((await read('owner')) as Address), owner);
    assert.equal(getAddress((await read('root')) as Address), deployer.address);
    assert.equal(getAddress((await read('usdc')) as Address), usdc);
    assert.equal(await read('minStakeExclusive'), parseUnits('100', 6));
    const lens = readArtifact('StakingLens');
    assert.equal(
      getAddress(
        (await publicClient.readContract({
          address: record.stakingLens,
          abi: lens.abi,
          functionName: 'staking',
        })) as Address,
      ),
      record.staking,
    );

    // A second deployment is refused unless forced.
    await assert.rejects(
      deployProduction(
        parseArgs(['--network', 'ETH', '--config', configFile, '--out', outFile]),
        env,
        log,
      ),
      /already records a Staking on chain 1.*--force/,
    );

    // A config that does not match the chain is refused before anything is sent.
    raw.networks.ETH.usdc.decimals = 18;
    raw.networks.ETH.usdc.permit = { name: 'USD Coin', version: '1' };
    writeFileSync(configFile, JSON.stringify(raw));
    const before = await publicClient.getTransactionCount({ address: deployer.address });
    await assert.rejects(
      deployProduction(
        parseArgs(['--network', 'ETH', '--config', configFile, '--out', outFile, '--force']),
        env,
        log,
      ),
      (error: Error) =>
        /USDC .* has 6 decimals, the config says 18/.test(error.message) &&
        /permit domain \('USD Coin', '1'\) does not match/.test(error.message),
    );
    assert.equal(await publicClient.getTransactionCount({ address: deployer.address }), before);
  });
});
