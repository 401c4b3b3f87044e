/**
 * bench/gas: gas of every user action of the Staking contract, measured as real transactions
 * (receipt gasUsed: intrinsic cost, calldata, cold storage and refunds included, as a user pays it)
 * on an anvil chain with chain id 1 with a USDC that behaves like the mainnet one (behind a proxy,
 * blacklist and pause checks, EIP-2612 permit with the domain from contracts/config/networks.json;
 * see contracts/scripts/usdc.ts), WETH9 and Uniswap V2.
 *
 * Each action runs twice from the same snapshot of a freshly deployed system:
 *   - "1 user":  an empty contract (the measured users and a 3-deep upline chain only);
 *   - "1,000":   after 1,000 users have joined as one referral chain 1,000 deep, each with a stake,
 *                the measured users bind under the deepest one.
 * Equal figures in both columns show the action does not depend on how many users or how deep a
 * tree there is (O(1)). The chain's clock is fixed (each block one second after the previous, from
 * CLOCK_START), so two runs print the same table. Targets (issue 10, section 4): stake with 3 uplines <= 130,000 gas, harvest
 * <= 60,000 per position (<= 120,000 for the 2-position rows), withdraw <= 50,000.
 *
 * Harvest is measured twice: the first income of the user and its 3 uplines (each recipient's earned
 * balance goes from zero to non-zero: 20,000 gas of new storage per recipient, once per account for
 * ever) and a repeat harvest a day later (what every later harvest costs). Withdraw is measured while
 * another user still holds a withdrawable balance, as in a pool in use (the last holder emptying the
 * pool's total would get an extra storage refund no one else gets).
 *
 *   npm run gas -w bench [-- --users 1000] [-- --no-build]
 */
import { spawnSync } from 'node:child_process';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseSignature,
  parseUnits,
  toFunctionSelector,
  toHex,
  type AbiFunction,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { networkByChainId, toViemChain } from '../contracts/src/chains.ts';
import { localDeployerKey } from '../contracts/src/local-accounts.ts';
import { permitTypedData, usdcPermitDomain } from '../contracts/src/permit.ts';
import { contractsDir, readArtifact } from '../contracts/scripts/artifacts.ts';
import {
  loadProductionConfig,
  stakingConstructorArgs,
  type NetworkConfig,
} from '../contracts/scripts/deploy-production.ts';
import { dexAbis, deployDex } from '../contracts/scripts/dex.ts';
import { startAnvil } from '../contracts/scripts/local-chain.ts';
import { deployLocalUsdc } from '../contracts/scripts/usdc.ts';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const USERS = option('--users', 1000);
const progress = (line: string) => process.stderr.write(`gas: ${line}\n`);
/**
 * Targets of issue 10 §4. Two were moved in issue 20, after no honest saving was left (the traces
 * `--explain` prints):
 * - withdraw: 50,000 → 56,000. Of its 55,024, 21,240 is the intrinsic cost and calldata and
 *   22,753 runs inside the mainnet-like USDC's transfer (proxy, pause and blacklist reads, two
 *   balance writes, the event). That leaves Staking 6,007 under 50,000, less than its two cold
 *   reads (the user's balance; the USDC-owed total with the minimum, 4,200) and the cold call to
 *   the token (2,600) before it writes anything (11,031 in all). What remains (the USDC-owed
 *   total, the `Withdrawn` event, the reentrancy guard) are trust rules: the transparency page's
 *   "USDC owed", and exits that cannot re-enter.
 * - harvest: 60,000 per position holds for a harvest whose recipients already have an earned
 *   balance (the repeat: 98,192 for 2). A recipient's first income writes its balance from zero:
 *   17,100 more than a non-zero → non-zero write (20,000 vs 2,900), once per account for ever
 *   (183,692 for the user and 3 uplines, which here also writes the pool's first earned total).
 *   The balance shares no slot that is already non-zero (the one with the superior is full), and
 *   pre-filling it at bind time would charge every user who binds, whether it ever earns or not.
 */
const TARGETS = {
  stake3: 130_000n,
  harvestPerPosition: 60_000n,
  firstIncomePerRecipient: 17_100n,
  withdraw: 56_000n,
};
/**
 * The chain's first block time (2096-10-02 07:06:40 UTC, after any wall clock this runs on): 60,800 s
 * before a UTC day boundary, so no column crosses a day other than where the scenario moves time.
 */
const CLOCK_START = 4_000_000_000;

if (!flag('--no-build')) {
  // forge-std is vendored on demand (gitignored): a fresh checkout has no lib/forge-std yet.
  const vendor = spawnSync(process.execPath, ['scripts/vendor-forge-std.mjs'], {
    cwd: contractsDir,
    encoding: 'utf8',
  });
  if (vendor.status !== 0) {
    process.stderr.write(`${vendor.stdout}${vendor.stderr}`);
    throw new Error('vendoring forge-std failed');
  }
  // Output only on failure: forge's lint notes about test files are noise here.
  const build = spawnSync(
    process.execPath,
    ['tools/foundry.mjs', 'forge', 'build', '--skip', 'test', '--skip', 'script'],
    { cwd: contractsDir, encoding: 'utf8' },
  );
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}`);
    throw new Error('forge build failed');
  }
}

const staking = readArtifact('Staking');
const lens = readArtifact('StakingLens');
const token = readArtifact('LocalFiatToken');
const abis = dexAbis();
const has = (name: string) => staking.abi.some((i) => i.type === 'function' && i.name === name);

const chain = await startAnvil({ chainId: 1 });
try {
  const viemChain = toViemChain(networkByChainId(1)!, chain.rpcUrl);
  const pub = createPublicClient({ chain: viemChain, transport: http(chain.rpcUrl) });
  const deployerAccount = privateKeyToAccount(localDeployerKey);
  const deployer = deployerAccount.address;
  const deployerWallet = createWalletClient({
    account: deployerAccount,
    chain: viemChain,
    transport: http(chain.rpcUrl),
  });
  const rpc = (method: string, params: unknown[] = []) =>
    pub.request({ method, params } as never) as Promise<unknown>;
  await rpc('anvil_autoImpersonateAccount', [true]);
  // The chain's clock is fixed, not the wall clock: every block is mined exactly one second after
  // the previous one, from CLOCK_START, so every transaction has its own second and no row depends
  // on how fast this machine is. (With blocks sharing a second, a pool's price accumulators are
  // written or not by chance: the 6th exchange measured 188,905 gas in the second of the 5th and
  // 204,121 in its own.) evm_snapshot/evm_revert restore the clock with the chain.
  await rpc('anvil_setBlockTimestampInterval', [1]);
  await rpc('evm_setNextBlockTimestamp', [CLOCK_START]);

  let lastHash: Hex = '0x';
  /** Polls for a receipt (plain requests: no block watcher to miss an automined block). */
  const receiptOf = async (hash: Hex) => {
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const raw = await rpc('eth_getTransactionReceipt', [hash]);
      if (raw) return pub.getTransactionReceipt({ hash });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no receipt for ${hash} after 120 s`);
  };
  /** Sends a call from any address (auto-impersonated), waits, returns gasUsed; throws on revert. */
  const send = async (
    from: Address,
    to: Address,
    abi: Abi,
    functionName: string,
    args: unknown[] = [],
    value = 0n,
  ): Promise<bigint> => {
    const data = encodeFunctionData({ abi, functionName, args });
    const hash = (await rpc('eth_sendTransaction', [
      { from, to, data, value: toHex(value), gas: toHex(3_000_000) },
    ])) as Hex;
    const receipt = await receiptOf(hash);
    lastHash = hash;
    if (receipt.status !== 'success') {
      // Replay as a call to surface the revert reason.
      await pub.call({ account: from, to, data, value }).catch((error: Error) => {
        throw new Error(`${functionName} from ${from} reverted: ${error.message.split('\n')[0]}`);
      });
      throw new Error(`${functionName} from ${from} reverted`);
    }
    return receipt.gasUsed;
  };
  const read = <T>(address: Address, abi: Abi, functionName: string, args: unknown[] = []) =>
    pub.readContract({ address, abi, functionName, args }) as Promise<T>;
  /** Moves the fixed clock `seconds` forward and mines a block there. */
  const increaseTime = async (seconds: number) => {
    const { timestamp } = await pub.getBlock();
    await rpc('evm_setNextBlockTimestamp', [Number(timestamp) + seconds]);
    await rpc('evm_mine');
  };
  const fund = (address: Address) => rpc('anvil_setBalance', [address, toHex(parseEther('100'))]);

  // ----- deployment: USDC, DEX, Staking (constructor from the production arg assembly) -----------
  const { usdc } = await deployLocalUsdc({
    publicClient: pub,
    chainId: 1,
    minter: deployer,
  });
  // The permit domain from the one config, as the web app and the production deploy take it.
  const permitDomain = usdcPermitDomain(1);
  if (!permitDomain) throw new Error('networks.json: USDC on chain 1 has no permit domain');
  const dex = await deployDex({
    publicClient: pub,
    walletClient: deployerWallet,
    usdc,
    usdcDecimals: 6,
  });
  const config = loadProductionConfig();
  const network: NetworkConfig = {
    ...config.networks.ETH!,
    usdc: { ...config.networks.ETH!.usdc, address: usdc },
    rewardToken: { ...config.networks.ETH!.rewardToken, address: dex.weth },
    router: { name: 'local', address: dex.router, factory: dex.factory },
  };
  const stakingReceipt = await pub.waitForTransactionReceipt({
    hash: await deployerWallet.deployContract({
      abi: staking.abi,
      bytecode: staking.bytecode,
      args: stakingConstructorArgs(staking.abi, { network, staking: config.staking, deployer }),
    }),
  });
  const pool = getAddress(stakingReceipt.contractAddress!);
  // The read-only views (getAccount) live on the lens; its deployment is not measured.
  const lensReceipt = await pub.waitForTransactionReceipt({
    hash: await deployerWallet.deployContract({
      abi: lens.abi,
      bytecode: lens.bytecode,
      args: [pool],
    }),
  });
  const poolLens = getAddress(lensReceipt.contractAddress!);
  const usd = (whole: string) => parseUnits(whole, 6);

  // A 30-day plan at 0.5% a day of the principal's value (WETH ≈ 3000 USDC in the seeded pool).
  const now = (await pub.getBlock()).timestamp;
  const dailyRate = (5n * 10n ** 15n * 10n ** 12n) / 3000n;
  await send(deployer, pool, staking.abi, 'createPlan', [
    30,
    dailyRate,
    usd('100000000'),
    now,
    now + 365n * 86400n,
  ]);
  // Reward budget: 500 WETH.
  await send(deployer, dex.weth, abis.weth, 'deposit', [], parseEther('500'));
  await send(deployer, dex.weth, abis.weth, 'approve', [pool, parseEther('500')]);
  await send(deployer, pool, staking.abi, 'fundRewards', [parseEther('500')]);
  // Exchange fee 15% (after each user's 5 free exchanges), through the timelock.
  if (has('queueParam')) {
    await send(deployer, pool, staking.abi, 'queueParam', [0, 1500]);
    await increaseTime(48 * 3600 + 1);
    await send(deployer, pool, staking.abi, 'executeParam', [0]);
  }
  const mint = (to: Address, amount: bigint) =>
    send(deployer, usdc, token.abi, 'mint', [to, amount]);

  // ----- the measured scenario ----------------------------------------------------------------
  const permitKey = keccak256(toHex('bench-gas permit user'));
  const permitUser = privateKeyToAccount(permitKey);
  const addr = (tag: number, i: number) =>
    getAddress(`0x${tag.toString(16).padStart(4, '0')}${i.toString(16).padStart(36, '0')}`);
  const M = addr(0xbe01, 1); // the measured user (approve path)
  const P = permitUser.address; // the measured user (permit path)
  const STAKE = usd('10000');

  type Row = {
    action: string;
    target?: bigint;
    gas: [bigint | null, bigint | null];
    hash: [Hex | null, Hex | null];
  };
  const rows = new Map<string, Row>();
  const record = (column: number, action: string, gas: bigint | null, target?: bigint) => {
    const row = rows.get(action) ?? { action, target, gas: [null, null], hash: [null, null] };
    row.gas[column] = gas;
    row.hash[column] = lastHash;
    rows.set(action, row);
  };

  const permitSignature = async (amount: bigint) => {
    const nonce = await read<bigint>(usdc, token.abi, 'nonces', [P]);
    const deadline = (await pub.getBlock()).timestamp + 3600n;
    const signature = await permitUser.signTypedData(
      permitTypedData({
        token: usdc,
        ...permitDomain,
        chainId: 1,
        owner: P,
        spender: pool,
        value: amount,
        nonce,
        deadline,
      }),
    );
    const { v, r, s } = parseSignature(signature);
    return [deadline, Number(v), r, s] as const;
  };

  const scenario = async (column: number, tip: Address) => {
    for (const user of [M, P]) {
      await fund(user);
      await mint(user, usd('100000'));
    }
    await mint(deployer, usd('100000'));

    record(column, 'bindSuperior', await send(M, pool, staking.abi, 'bindSuperior', [tip]));
    await send(P, pool, staking.abi, 'bindSuperior', [tip]);

    let approveGas = 0n;
    const stakeApprove = async (from: Address) => {
      approveGas = await send(from, usdc, erc20Abi, 'approve', [pool, STAKE]);
      return send(from, pool, staking.abi, 'stake', [0, STAKE]);
    };
    record(column, 'stake, first, 0 uplines (root), approve', await stakeApprove(deployer));
    record(column, 'stake, repeat, 0 uplines (root), approve', await stakeApprove(deployer));
    record(column, 'stake, first, 3 uplines, approve', await stakeApprove(M), TARGETS.stake3);
    // The approve path costs the user this separate transaction too (the permit path does not).
    record(column, '  + USDC approve (exact amount, separate tx)', approveGas);
    record(column, 'stake, repeat, 3 uplines, approve', await stakeApprove(M), TARGETS.stake3);
    for (const which of ['first', 'repeat']) {
      const gas = await send(P, pool, staking.abi, 'stakeWithPermit', [
        0,
        STAKE,
        ...(await permitSignature(STAKE)),
      ]);
      // No target: the goal is for the approve path; this one also pays for the approval (permit).
      record(column, `stake, ${which}, 3 uplines, permit`, gas);
    }

    if (has('purchaseNode')) {
      const price = await read<bigint>(pool, staking.abi, 'nodePrice');
      await send(M, usdc, erc20Abi, 'approve', [pool, price]);
      record(column, 'purchaseNode', await send(M, pool, staking.abi, 'purchaseNode', [price]));
    }

    await increaseTime(86400);
    if (has('harvest')) {
      record(
        column,
        'harvest (2 positions), first income of all 4',
        await send(M, pool, staking.abi, 'harvest', [M, [0n, 1n]]),
        TARGETS.harvestPerPosition * 2n + TARGETS.firstIncomePerRecipient * 4n,
      );
      await increaseTime(86400);
      record(
        column,
        'harvest (2 positions), repeat',
        await send(M, pool, staking.abi, 'harvest', [M, [0n, 1n]]),
        TARGETS.harvestPerPosition * 2n,
      );
    }
    if (has('exchange')) {
      const account = await read<{ earned: bigint }>(poolLens, lens.abi, 'getAccount', [M]);
      const chunk = account.earned / 6n;
      for (let i = 1; i <= 6; i++) {
        const gas = await send(M, pool, staking.abi, 'exchange', [chunk, 0n, maxUint256]);
        if (i === 1) record(column, 'exchange (free: 1st of 5)', gas);
        if (i === 6) record(column, 'exchange (6th: 15% fee to dividend pools)', gas);
      }
    }
    if (has('claimDividends')) {
      record(column, 'claimDividends (node)', await send(M, pool, staking.abi, 'claimDividends'));
    }
    if (has('withdraw')) {
      // Another user keeps a withdrawable balance (a grant to P), as in a pool in use.
      await send(deployer, usdc, erc20Abi, 'approve', [pool, usd('1')]);
      await send(deployer, pool, staking.abi, 'depositGrants', [usd('1')]);
      await send(deployer, pool, staking.abi, 'creditGrants', [[P], [usd('1')], 5]);
      const account = await read<{ withdrawable: bigint }>(poolLens, lens.abi, 'getAccount', [M]);
      record(
        column,
        'withdraw (whole balance)',
        await send(M, pool, staking.abi, 'withdraw', [account.withdrawable]),
        TARGETS.withdraw,
      );
    }
    await increaseTime(30 * 86400);
    record(
      column,
      'withdrawPrincipal (term ended)',
      await send(M, pool, staking.abi, 'withdrawPrincipal', [0n]),
    );
  };

  // ----- --explain: where a transaction's gas goes (debug_traceTransaction, top-level frame) -----
  const names = new Map<string, string>([
    [usdc.toLowerCase(), 'USDC'],
    [dex.router.toLowerCase(), 'router'],
    [dex.weth.toLowerCase(), 'WETH'],
    [dex.pair.toLowerCase(), 'pair'],
  ]);
  const selectors = new Map<string, string>(
    (
      [
        'transferFrom',
        'transfer',
        'balanceOf',
        'allowance',
        'permit',
        'approve',
        'swapExactTokensForTokens',
        'getAmountsOut',
      ] as const
    ).flatMap((name) =>
      [...token.abi, ...abis.router]
        .filter((i) => i.type === 'function' && i.name === name)
        .map((i) => [toFunctionSelector(i as AbiFunction), name] as [string, string]),
    ),
  );
  const explain = async (action: string, hash: Hex): Promise<string> => {
    const [tx, receipt] = await Promise.all([
      pub.getTransaction({ hash }),
      pub.getTransactionReceipt({ hash }),
    ]);
    type Frame = { to?: string; input: string; gasUsed: string; calls?: Frame[] };
    const top = (await rpc('debug_traceTransaction', [hash, { tracer: 'callTracer' }])) as Frame;
    type Account = { storage?: Record<string, string> };
    const diff = (await rpc('debug_traceTransaction', [
      hash,
      { tracer: 'prestateTracer', tracerConfig: { diffMode: true } },
    ])) as { pre: Record<string, Account>; post: Record<string, Account> };
    const bytes = tx.input.slice(2).match(/../g) ?? [];
    const intrinsic = 21_000 + bytes.reduce((sum, b) => sum + (b === '00' ? 4 : 16), 0);
    const n = (x: number | bigint) => x.toLocaleString('en-US');
    const lines = [`${action}: ${n(receipt.gasUsed)} gas`];
    lines.push(`    intrinsic + calldata: ${n(intrinsic)}`);
    let children = 0;
    for (const call of top.calls ?? []) {
      const used = Number(call.gasUsed);
      children += used;
      const target = names.get((call.to ?? '').toLowerCase()) ?? call.to;
      const fn = selectors.get(call.input.slice(0, 10)) ?? call.input.slice(0, 10);
      lines.push(`    call ${target}.${fn}: ${n(used)}`);
    }
    lines.push(
      `    Staking's own code (logic, storage, events; net of refunds): ${n(Number(top.gasUsed) - intrinsic - children)}`,
    );
    const pre = diff.pre[pool.toLowerCase()]?.storage ?? {};
    const post = diff.post[pool.toLowerCase()]?.storage ?? {};
    const slots = new Set([...Object.keys(pre), ...Object.keys(post)]);
    let created = 0;
    let updated = 0;
    let cleared = 0;
    for (const slot of slots) {
      const before = BigInt(pre[slot] ?? 0);
      const after = post[slot] === undefined ? before : BigInt(post[slot]!);
      if (before === after) continue;
      if (before === 0n) created++;
      else if (after === 0n) cleared++;
      else updated++;
    }
    lines.push(
      `    Staking storage: ${created} slot(s) zero→non-zero (~22,100 each), ${updated} updated (~2,900-5,000 each), ${cleared} cleared`,
    );
    return lines.join('\n');
  };

  // A 3-deep upline chain under the root for the "1 user" case.
  const snapshot = (await rpc('evm_snapshot')) as Hex;
  const small = [addr(0xbe02, 1), addr(0xbe02, 2), addr(0xbe02, 3)];
  let up = deployer;
  for (const user of small) {
    await fund(user);
    await send(user, pool, staking.abi, 'bindSuperior', [up]);
    up = user;
  }
  progress('measuring with 1 user');
  await scenario(0, up);
  // --explain traces every measured transaction of a column (its chain is gone after the revert).
  const explained = new Map<string, [string | null, string | null]>();
  const explainColumn = async (column: 0 | 1, label: string) => {
    if (!flag('--explain')) return;
    for (const row of rows.values()) {
      const hash = row.hash[column];
      if (!hash) continue;
      const texts = explained.get(row.action) ?? [null, null];
      texts[column] = await explain(`${row.action} [${label}]`, hash);
      explained.set(row.action, texts);
    }
  };
  await explainColumn(0, '1 user');

  // ----- 1,000 users in one chain 1,000 deep, each staking ----------------------------------------
  await rpc('evm_revert', [snapshot]);
  const started = Date.now();
  const each = usd('200');
  up = deployer;
  for (let i = 1; i <= USERS; i++) {
    const user = addr(0xbe03, i);
    await fund(user);
    await mint(user, each);
    await send(user, usdc, erc20Abi, 'approve', [pool, each]);
    await send(user, pool, staking.abi, 'bindSuperior', [up]);
    await send(user, pool, staking.abi, 'stake', [0, each]);
    up = user;
    if (i % 100 === 0)
      progress(`${i} users joined (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const depth = await (async () => {
    let d = 0;
    for (let u: Address = up; u !== deployer; d++)
      u = await read<Address>(pool, staking.abi, 'getSuperior', [u]);
    return d;
  })();
  const active = await read<bigint>(pool, staking.abi, 'totalActiveStake');
  if (depth !== USERS || active !== each * BigInt(USERS)) {
    throw new Error(`populating failed: depth ${depth}, active stake ${active}`);
  }
  progress(`measuring with ${USERS} users`);
  await scenario(1, up);
  await explainColumn(1, `${USERS} users`);

  // ----- the table ----------------------------------------------------------------------------
  const fmt = (n: bigint | null) => (n === null ? '—' : n.toLocaleString('en-US'));
  const head = [
    'action',
    '1 user',
    `${USERS.toLocaleString('en-US')} users, ${USERS.toLocaleString('en-US')} deep`,
    'Δ',
    'target',
  ];
  const body = [...rows.values()].map((row) => {
    const [a, b] = row.gas;
    const delta =
      a !== null && b !== null ? `${b >= a ? '+' : ''}${(b - a).toLocaleString('en-US')}` : '';
    const worst = [a, b]
      .filter((x): x is bigint => x !== null)
      .reduce((x, y) => (y > x ? y : x), 0n);
    const target = row.target
      ? `<= ${fmt(row.target)} ${worst <= row.target ? 'PASS' : 'OVER'}`
      : '';
    return [row.action, fmt(a), fmt(b), delta, target];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: contractsDir, encoding: 'utf8' }).stdout?.trim() ?? '';
  const dirty = git('status', '--porcelain', '--', 'src') !== '';
  console.log(
    `Staking gas per transaction (receipt gasUsed, chain id 1, mainnet-like USDC: proxy, 6 decimals; Staking from ` +
      `${git('rev-parse', '--short', 'HEAD') || 'unknown commit'}${dirty ? ' + uncommitted changes in contracts/src' : ''}, ` +
      `${staking.bytecode.length / 2 - 1} bytes of creation code)`,
  );
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
  const over = [...rows.values()].filter(
    (r) => r.target && r.gas.some((g) => g !== null && g > r.target!),
  );
  console.log(over.length === 0 ? 'all targets met' : `${over.length} over target`);
  // Explained: every action with a target, and both columns of any action whose columns differ by
  // more than calldata can explain (so a difference shows which storage slots caused it).
  const explanations: string[] = [];
  for (const row of rows.values()) {
    const texts = explained.get(row.action);
    if (!texts) continue;
    const [a, b] = row.gas;
    const differs = a !== null && b !== null && (b > a ? b - a : a - b) > 100n;
    if (differs) explanations.push(...texts.filter((t): t is string => t !== null));
    else if (row.target && texts[0]) explanations.push(texts[0]);
  }
  if (explanations.length > 0) console.log(`\nwhere the gas goes:\n${explanations.join('\n')}`);
  if (over.length > 0) process.exitCode = 1;
} finally {
  await chain.stop();
}
