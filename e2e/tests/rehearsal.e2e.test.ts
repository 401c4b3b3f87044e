/**
 * The production rehearsal (issue 9 §2): the mainnet path, end to end, as an operator runs it, on a
 * fresh pair of anvil chains (ids 1 and 56) that hold only what mainnet holds before we arrive
 * (contracts/scripts/rehearsal.ts: the mainnet-like USDC behind its proxy, WETH9 / WBNB, a Uniswap
 * V2 factory + router and a funded pool, at the addresses of
 * contracts/config/networks.local-rehearsal.json). Every operator step is the real script, run as a
 * child process with only the environment an operator would set:
 *
 *   1. check       RPC_URL=… DEPLOYER_PRIVATE_KEY=… npx tsx contracts/scripts/deploy-production.ts \
 *                    --network ETH --config <networks config> --out <deployment file> --check
 *   2. deploy      the same without --check (Staking + StakingLens), by a deployer key that is NOT
 *                  the owner; writes the deployment file (here a temp file, never
 *                  contracts/deployments/production.json)
 *   3. ownership   DEPLOYMENT_FILE=<file> OPERATOR_PRIVATE_KEY=<deployer> npm run operator -- \
 *                    ownership:transfer --network ETH --deployment production --rpc … --to <owner> --yes
 *                  DEPLOYMENT_FILE=<file> OPERATOR_PRIVATE_KEY=<owner> npm run operator -- \
 *                    ownership:accept --network ETH --deployment production --rpc … --yes
 *   4. day one     (as the owner) plan:create, rewards:fund --wrap, param:queue (timelocked)
 *   5. web build   VITE_DEPLOYMENT=production DEPLOYMENT_FILE=<file> npm run build -w web
 *   6. server      DEPLOYMENT=production DEPLOYMENT_FILE=<file> RPC_URL_1=… RPC_URL_56=…
 *                    ADMIN_ADDRESSES=<owner> WEB_DIST=… npx tsx server/src/main.ts   (+ indexer)
 *   7. notice      (as the owner) notice:post --api <server> --deployment production --yes
 *
 * then a user in the browser: sign in, bind, stake with permit on ETH and with an exact approve on
 * BSC, and, after time passes and the indexer has read the harvest (with production's
 * confirmations: 12 blocks on ETH, 15 on BSC), the mining income on the income page.
 *
 * Accounts: anvil 0 deploys (the deployer: also the referral root, as the config's null roles say),
 * anvil 8 is the owner (a multisig on mainnet), anvil 9 is the market (the DEX's deployer and a USDC
 * minter: it sells the user its USDC), anvil 2 is the user.
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  zeroAddress,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localAccounts, localDeployerKey, localPrivateKeys } from '@app/contracts/accounts';
import { networkByChainId, toViemChain, type SupportedChainId } from '@app/contracts/chains';
import { readDeploymentFile } from '@app/contracts/deployment-file';
import { stakingAbi, stakingLensAbi, usdcAbi } from '@app/contracts/generated';
import { localMintAbi, startAnvil } from '@app/contracts/local';
import {
  deployMainnetLike,
  marketKey,
  networkKeyOf,
  runDeployProduction,
} from '@app/contracts/rehearsal';
import {
  bindInvitation,
  chooseNetwork,
  confirmOperation,
  decodeCall,
  goToTab,
  openApp,
  openSignedIn,
  pressStake,
  sentTransactions,
  signIn,
  STEP_MS,
  waitForBalance,
  waitForPosition,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import { advanceTime, confirmed, stakingCallAs, walletWithKey } from '../chain.ts';
import { openPage, textOf } from '../data.ts';
import { chromiumArgs, chromiumPath } from '../browser.ts';
import {
  artifactsDir,
  chainIds,
  repoDir,
  withSession,
  type LocalChain,
  type Stack,
} from '../harness.ts';

const ownerKey = localPrivateKeys[8] as Hex;
const owner = privateKeyToAccount(ownerKey).address;
const deployer = privateKeyToAccount(localDeployerKey).address;
const userIndex = 2;
const user = localAccounts[userIndex]!.address;

/**
 * Wall-clock of each step, printed at the end: a figure to watch (about 3 minutes on a quiet 2-core
 * machine), not a limit; the suite's timeout below only catches a step that hangs.
 */
const timings: [string, number][] = [];
async function step<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await fn();
  } finally {
    timings.push([name, Date.now() - started]);
  }
}

/** Runs a repository script as a child process; resolves with its output, rejects with it. */
function run(
  what: string,
  args: string[],
  env: Record<string, string>,
  cwd = repoDir,
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      args,
      { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 600_000 },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`;
        if (error) reject(new Error(`${what} failed (${error.message}):\n${output}`));
        else resolve(output);
      },
    );
  });
}

describe(
  'production rehearsal: check, deploy, hand over, day one, server, browser',
  {
    // A hang guard, not a speed check: at load 20 on 2 cores the steps took over 300 s.
    timeout: 1_200_000,
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'rehearsal-e2e-'));
    const deploymentFile = join(dir, 'production.json');
    const webDir = join(dir, 'web');
    const cleanups: Array<() => Promise<void>> = [];
    const rpc: Partial<Record<SupportedChainId, string>> = {};
    let serverProcess: ChildProcess | undefined;
    let serverUrl = '';
    let stack: Stack | undefined;

    /** The operator CLI (`npm run operator -- …`) as an operator runs it against the rehearsal. */
    const operator = (key: Hex, chainId: SupportedChainId, args: string[]) =>
      run(
        `operator ${args[0]} on chain ${chainId}`,
        [
          '--import',
          'tsx',
          join(repoDir, 'server', 'src', 'operator', 'main.ts'),
          ...args,
          '--network',
          networkKeyOf(chainId),
          '--deployment',
          'production',
          ...(args[0]?.startsWith('notice:') ? [] : ['--rpc', rpc[chainId]!]),
          // Writes ask before sending; a script confirms with --yes (reads take none).
          ...(['plan:list', 'ownership'].includes(args[0]!) ? [] : ['--yes']),
        ],
        { OPERATOR_PRIVATE_KEY: key, DEPLOYMENT_FILE: deploymentFile },
      );

    before(async () => {
      const chains = await Promise.all(chainIds.map((chainId) => startAnvil({ chainId, port: 0 })));
      for (const chain of chains) {
        cleanups.push(chain.stop);
        rpc[chain.chainId as SupportedChainId] = chain.rpcUrl;
      }
      // What mainnet holds before we arrive (third parties' contracts only).
      await Promise.all(
        chains.map((c) => deployMainnetLike(c.rpcUrl, c.chainId as SupportedChainId)),
      );
    });

    after(async () => {
      console.log(
        `rehearsal steps: ${timings.map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)}s`).join(', ')}`,
      );
      if (stack) await stack.browser.close().catch(() => {});
      if (serverProcess && serverProcess.exitCode === null) {
        const exited = new Promise((resolve) => serverProcess!.once('exit', resolve));
        serverProcess.kill('SIGTERM');
        await exited;
      }
      for (const fn of cleanups.reverse()) await fn().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    });

    test('the production path works end to end', async () => {
      // ---- 1. deploy-production --check on both chains ------------------------------------------
      await step('check', () =>
        Promise.all(
          chainIds.map(async (chainId) => {
            const out = await runDeployProduction({
              rpcUrl: rpc[chainId]!,
              chainId,
              outFile: deploymentFile,
              check: true,
            });
            assert.match(out, /check only: nothing was sent/);
          }),
        ),
      );

      // ---- 2. the deployment, by the deployer key (one chain after the other: one file) -----------
      await step('deploy', async () => {
        for (const chainId of chainIds) {
          const out = await runDeployProduction({
            rpcUrl: rpc[chainId]!,
            chainId,
            outFile: deploymentFile,
            check: false,
          });
          assert.match(out, /recorded in/);
        }
      });
      const recorded = JSON.parse(readFileSync(deploymentFile, 'utf8')) as Record<
        string,
        { deployer: string; owner: string }
      >;
      const deployments = readDeploymentFile(deploymentFile);
      for (const chainId of chainIds) {
        assert.equal(recorded[chainId]?.deployer, deployer);
        assert.ok(deployments[chainId], `the deployment file records chain ${chainId}`);
      }

      // The web build of this deployment starts now (it needs only the file) and runs beside the
      // operator steps.
      const webBuild = step('web build', () =>
        run(
          'web build',
          [join(repoDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', webDir],
          { VITE_DEPLOYMENT: 'production', DEPLOYMENT_FILE: deploymentFile },
          join(repoDir, 'web'),
        ),
      );
      webBuild.catch(() => {}); // awaited below; a failure is reported there

      const clients = Object.fromEntries(
        chainIds.map((chainId) => {
          const chain = toViemChain(networkByChainId(chainId)!, rpc[chainId]!);
          return [chainId, createPublicClient({ chain, transport: http(rpc[chainId]) })];
        }),
      ) as Record<SupportedChainId, ReturnType<typeof createPublicClient>>;
      const read = (chainId: SupportedChainId, functionName: 'owner' | 'pendingOwner') =>
        clients[chainId].readContract({
          address: deployments[chainId]!.staking,
          abi: stakingAbi,
          functionName,
        });

      // ---- 3. ownership to the owner account, in two steps, through the operator CLI -------------
      await step('ownership', () =>
        Promise.all(
          chainIds.map(async (chainId) => {
            assert.equal(await read(chainId, 'owner'), deployer);
            await operator(localDeployerKey, chainId, ['ownership:transfer', '--to', owner]);
            assert.equal(await read(chainId, 'owner'), deployer, 'nothing changes before accept');
            assert.equal(await read(chainId, 'pendingOwner'), owner);
            // The deployer cannot accept for the owner.
            await assert.rejects(operator(localDeployerKey, chainId, ['ownership:accept']));
            await operator(ownerKey, chainId, ['ownership:accept']);
            assert.equal(await read(chainId, 'owner'), owner);
            const shown = await operator(ownerKey, chainId, ['ownership', '--json']);
            assert.deepEqual(
              JSON.parse(shown.slice(shown.indexOf('{'))) as unknown,
              { network: networkKeyOf(chainId), chainId, owner, pendingOwner: zeroAddress },
              'the CLI shows the owner and no pending owner',
            );
          }),
        ),
      );

      // ---- 4. day one, as the owner: a plan, its reward budget, one timelocked change -------------
      await step('day one', () =>
        Promise.all(
          chainIds.map(async (chainId) => {
            await operator(ownerKey, chainId, [
              'plan:create',
              '--term-days',
              '30',
              '--daily-rate-percent',
              '0.5',
              '--cap',
              '1000000',
              '--closes',
              '+365d',
            ]);
            await operator(ownerKey, chainId, ['rewards:fund', '--amount', '5', '--wrap']);
            await operator(ownerKey, chainId, [
              'param:queue',
              '--param',
              'fee-bps',
              '--value',
              '1%',
            ]);
            // The deployer has no rights left.
            await assert.rejects(
              operator(localDeployerKey, chainId, [
                'param:queue',
                '--param',
                'fee-bps',
                '--value',
                '2%',
              ]),
            );
            const plans = JSON.parse(
              await operator(ownerKey, chainId, ['plan:list', '--json']).then((out) =>
                out.slice(out.indexOf('{')),
              ),
            ) as { plans: unknown[] };
            assert.equal(plans.plans.length, 1);
            const budget = await clients[chainId].readContract({
              address: deployments[chainId]!.staking,
              abi: stakingAbi,
              functionName: 'rewardBudgetInfo',
            });
            assert.equal(budget[0], parseUnits('5', 18), 'the reward budget holds the 5 coins');
          }),
        ),
      );

      await webBuild;

      // ---- 5. the server on the production deployment file, with its indexer ---------------------
      await step('server', async () => {
        const proc = spawn(
          process.execPath,
          ['--import', 'tsx', join(repoDir, 'server', 'src', 'main.ts')],
          {
            cwd: repoDir,
            env: {
              ...process.env,
              PORT: '0',
              HOST: '127.0.0.1',
              DEPLOYMENT: 'production',
              DEPLOYMENT_FILE: deploymentFile,
              RPC_URL_1: rpc[1]!,
              RPC_URL_56: rpc[56]!,
              PGLITE_DIR: join(dir, 'pglite'),
              DATABASE_URL: '',
              WEB_DIST: webDir,
              ADMIN_ADDRESSES: owner,
              INDEXER_POLL_MS: '200',
              LOG_LEVEL: 'warn',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        serverProcess = proc;
        let output = '';
        serverUrl = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`server did not start:\n${output}`)),
            60_000,
          );
          const onData = (chunk: Buffer) => {
            output += chunk.toString();
            const m = /server listening on (http:\/\/\S+)/.exec(output);
            if (m) {
              clearTimeout(timer);
              resolve(m[1]!);
            }
          };
          proc.stdout.on('data', onData);
          proc.stderr.on('data', onData);
          proc.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`server exited (${code}):\n${output}`));
          });
        });
        assert.match(output, /deployment: production/);
        const config = (await fetch(`${serverUrl}/v1/index/config`).then((r) => r.json())) as {
          data: { chains: { id: number; contracts: { staking: string } | null }[] };
        };
        for (const chainId of chainIds) {
          assert.equal(
            config.data.chains.find((c) => c.id === chainId)?.contracts?.staking,
            deployments[chainId]!.staking,
            'the server serves the deployment file',
          );
        }
      });

      // ---- 6. the day-one notice, through the server's admin API, as the owner -------------------
      await step('notice', async () => {
        const out = await operator(ownerKey, 1, [
          'notice:post',
          '--api',
          serverUrl,
          '--title-en',
          'Fee change queued',
          '--body-en',
          'The exchange fee becomes 1% when its 48-hour timelock ends.',
        ]);
        assert.match(out, /published notice \d+/);
      });

      // ---- 7. a user in the browser ----------------------------------------------------------------
      const localChains = Object.fromEntries(
        chainIds.map((chainId) => {
          const chain = toViemChain(networkByChainId(chainId)!, rpc[chainId]!);
          const localChain: LocalChain = {
            chainId,
            rpcUrl: rpc[chainId]!,
            deployment: deployments[chainId]!,
            chain,
            client: createPublicClient({ chain, transport: http(rpc[chainId]) }),
            deployer: createWalletClient({
              chain,
              transport: http(rpc[chainId]),
              account: privateKeyToAccount(localDeployerKey),
            }),
            stop: async () => {},
          };
          return [chainId, localChain];
        }),
      ) as Record<SupportedChainId, LocalChain>;
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      stack = {
        chains: localChains,
        server: { url: serverUrl, port: Number(new URL(serverUrl).port), close: async () => {} },
        browser,
        stop: async () => {},
      };
      const root = deployments[1]!.root;

      // The user bought USDC from the market (the issuer's appointed minter on the rehearsal chains).
      await Promise.all(
        chainIds.map(async (chainId) => {
          const chain = localChains[chainId];
          const market = walletWithKey(chain, marketKey);
          await confirmed(
            chain,
            await market.writeContract({
              address: chain.deployment.usdc,
              abi: localMintAbi,
              functionName: 'mint',
              args: [user, parseUnits('1000', chain.deployment.usdcDecimals)],
            }),
          );
        }),
      );

      const amountOf = (chainId: SupportedChainId) =>
        parseUnits('150', localChains[chainId].deployment.usdcDecimals);
      await step('browser: stake', () =>
        withSession(
          stack!,
          'rehearsal stake',
          { account: user, initialChainId: 1 },
          async ({ page, wallet }) => {
            await openApp(page, serverUrl, `/?code=${root}`);
            await signIn(page, user);

            // ETH: bind, then stake with a permit (no approve transaction).
            await goToTab(page, 'Serve');
            await waitForBalance(page);
            const ethStakeMark = await outcomeMark(page);
            await pressStake(page, '150');
            await bindInvitation(page, root);
            const summary = await confirmOperation(page);
            assert.ok(summary.includes(localChains[1].deployment.staking));
            await expectReceipt(page, 'Stake confirmed', ethStakeMark);
            await waitForPosition(page, '150 USDC');
            const ethTxs = sentTransactions(wallet, 1);
            assert.deepEqual(
              ethTxs.map((tx) => decodeCall(stakingAbi, tx.data).functionName),
              ['bindSuperior', 'stakeWithPermit'],
            );
            const permits = wallet.requests('eth_signTypedData_v4');
            assert.equal(permits.length, 1);
            const typed = JSON.parse((permits[0]?.params as [string, string])[1]) as {
              domain: { name: string; version: string; verifyingContract: string };
              message: { spender: string; value: string | number };
            };
            // The permit domain of the config (USDC on Ethereum: 'USD Coin', version '2').
            assert.equal(typed.domain.name, 'USD Coin');
            assert.equal(typed.domain.version, '2');
            assert.equal(
              getAddress(typed.domain.verifyingContract),
              localChains[1].deployment.usdc,
            );
            assert.equal(BigInt(typed.message.value), amountOf(1), 'a permit for exactly 150 USDC');

            // BSC: bind, then an approve of exactly the amount, then the stake.
            await chooseNetwork(page, 'BSC');
            await goToTab(page, 'Serve');
            await waitForBalance(page);
            const bscStakeMark = await outcomeMark(page);
            await pressStake(page, '150');
            await bindInvitation(page, root);
            await confirmOperation(page);
            await expectReceipt(page, 'Stake confirmed', bscStakeMark);
            await waitForPosition(page, '150 USDC');
            const bsc = localChains[56].deployment;
            const approves = sentTransactions(wallet, 56).filter(
              (tx) => tx.to?.toLowerCase() === bsc.usdc.toLowerCase(),
            );
            assert.equal(approves.length, 1, 'one approve on BSC');
            const approve = decodeCall(usdcAbi, approves[0]?.data);
            assert.equal(approve.functionName, 'approve');
            assert.equal(getAddress(approve.args?.[0] as string), bsc.staking);
            assert.equal(approve.args?.[1], amountOf(56), 'the approval equals the amount exactly');
          },
        ),
      );

      // On chain: a position of exactly 150 USDC on each chain, no allowance left over.
      for (const chainId of chainIds) {
        const chain = localChains[chainId];
        const [positions, allowance] = await Promise.all([
          chain.client.readContract({
            address: chain.deployment.stakingLens,
            abi: stakingLensAbi,
            functionName: 'getPositions',
            args: [user],
          }),
          chain.client.readContract({
            address: chain.deployment.usdc,
            abi: usdcAbi,
            functionName: 'allowance',
            args: [user, chain.deployment.staking],
          }),
        ]);
        assert.equal(positions.length, 1);
        assert.equal(positions[0]?.amount, amountOf(chainId));
        assert.equal(allowance, 0n);
      }

      // ---- 8. a day of mining, a harvest, the indexer (with production's confirmations) ----------
      await step('browser: income', async () => {
        const eth = localChains[1];
        await advanceTime(eth, 86_400);
        await stakingCallAs(eth, userIndex, 'harvest', [user, [0n]]);
        await waitForProductionIndexer(serverUrl, eth);
        const account = await eth.client.readContract({
          address: eth.deployment.stakingLens,
          abi: stakingLensAbi,
          functionName: 'getAccount',
          args: [user],
        });
        assert.ok(account.earned > 0n, 'the harvest credited mining');

        await withSession(
          stack!,
          'rehearsal income',
          { account: user, initialChainId: 1 },
          async ({ page }) => {
            await openSignedIn(page, serverUrl, user);
            await openPage(page, '/pages/income/income', 'Income details');
            const row = page.getByTestId('income-row').first();
            await row.waitFor({ timeout: STEP_MS });
            assert.equal(await row.getAttribute('data-source'), 'mining');
            await textOf(page, 'income-amount', /^\+[\d.,]+ WETH$/);
            await page.screenshot({ path: join(artifactsDir, 'rehearsal-income.png') });
          },
        );
      });

      // The notice the owner published is what users see.
      const notices = (await fetch(`${serverUrl}/v1/notice/list?page=1&limit=10`).then((r) =>
        r.json(),
      )) as { data: { items: { title: string }[] } };
      assert.ok(
        notices.data.items.some((n) => n.title === 'Fee change queued'),
        `the owner's notice is listed: ${JSON.stringify(notices.data.items)}`,
      );
    });
  },
);

/**
 * Mines the chain's production confirmations (12 on ETH, 15 on BSC) past the current head, then
 * waits until the server's indexer has read that head.
 */
async function waitForProductionIndexer(serverUrl: string, chain: LocalChain): Promise<void> {
  const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
  const confirmations = networkByChainId(chain.chainId)!.confirmations.production;
  await chain.client.request({
    method: 'anvil_mine' as never,
    params: [`0x${confirmations.toString(16)}`] as never,
  });
  const deadline = Date.now() + STEP_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    const health = (await fetch(`${serverUrl}/v1/health`).then((r) => r.json())) as {
      data: { indexer?: { chainId: number; indexedBlock: number | null }[] };
    };
    const status = health.data.indexer?.find((i) => i.chainId === chain.chainId);
    last = status;
    if (status?.indexedBlock != null && status.indexedBlock >= head) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `indexer of chain ${chain.chainId} did not reach ${head}: ${JSON.stringify(last)}`,
  );
}
