/**
 * The operator CLI against a real anvil chain with the real contracts (ETH, 6-decimal USDC), run
 * in-process through `runOperator` with the arguments an operator types.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseUnits, type Address } from 'viem';
import { localAccounts, localPrivateKeys } from '@app/contracts/accounts';
import { stakingAbi, stakingLensAbi, usdcAbi, wethAbi } from '@app/contracts/generated';
import { readAllPlans } from '@app/contracts/lens';
import { localDailyRate } from '@app/contracts/local';
import { tempDir } from '../testing/harness.ts';
import { runInProcess, startDeployedChain, type DeployedChain } from './test-support.ts';

const [owner, alice, bob, carol] = localAccounts.map((a) => a.address) as [
  Address,
  Address,
  Address,
  Address,
];
const DAY = 86_400;

describe('operator CLI on a local chain (ETH, 6-decimal USDC)', () => {
  let c: DeployedChain;
  const usdc = (whole: string) => parseUnits(whole, 6);
  const weth = (whole: string) => parseUnits(whole, 18);

  before(async () => {
    c = await startDeployedChain(1);
  });
  after(async () => {
    await c?.stop();
  });

  const op = (...argv: string[]) => runInProcess(argv, c.env);
  const staking = () => ({ address: c.deployment.staking, abi: stakingAbi }) as const;
  /** The read-only views (getPlans, getAccount, ...) live on the deployment's StakingLens. */
  const lens = () => ({ address: c.deployment.stakingLens, abi: stakingLensAbi }) as const;
  const budgetInfo = () =>
    c.client.readContract({ ...staking(), functionName: 'rewardBudgetInfo' });
  const wethBalance = (of: Address) =>
    c.client.readContract({
      address: c.deployment.rewardToken,
      abi: wethAbi,
      functionName: 'balanceOf',
      args: [of],
    });
  const allowance = (token: Address) =>
    c.client.readContract({
      address: token,
      abi: usdcAbi,
      functionName: 'allowance',
      args: [owner, c.deployment.staking],
    });

  /** Runs `fn` and asserts the owner sent no transaction meanwhile. */
  async function sendsNothing<T>(fn: () => Promise<T>): Promise<T> {
    const nonce = await c.nonceOf(owner);
    const result = await fn();
    assert.equal(await c.nonceOf(owner), nonce, 'a transaction was sent');
    return result;
  }

  it('plan:create turns a percent a day at the pool price into the plan rate', async () => {
    const count = await c.client.readContract({ ...staking(), functionName: 'planCount' });
    const res = await op(
      'plan:create',
      '--term-days',
      '45',
      '--daily-rate-percent',
      '0.5',
      '--cap',
      '250000.5',
      '--closes',
      '+30d',
      '--yes',
    );
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /daily yield\s+≈ 0\.5% a day at 3000 USDC\/WETH/);
    assert.match(res.out, /event PlanCreated\(planId=2,/);

    const plans = await readAllPlans(c.client, c.deployment.stakingLens);
    assert.equal(BigInt(plans.length), count + 1n);
    const plan = plans[Number(count)]!;
    assert.equal(plan.termDays, 45);
    // The seeded pool is 1,000 WETH : 3,000,000 USDC, the price the local plans are set at.
    assert.equal(plan.dailyRate, localDailyRate(50, 6));
    assert.equal(plan.cap, usdc('250000.5'));
    assert.equal(plan.closesAt - plan.opensAt, BigInt(30 * DAY));

    const list = await op('plan:list', '--json');
    assert.equal(list.code, 0, list.err);
    const listed = (JSON.parse(list.out) as { plans: Record<string, unknown>[] }).plans[2]!;
    assert.equal(listed.dailyRate, localDailyRate(50, 6).toString());
    assert.equal(listed.dailyPercent, '0.5%');
    assert.equal(listed.status, 'open');
  });

  it('plan:close ends a plan’s window; a raw --daily-rate is taken as given', async () => {
    const created = await op(
      'plan:create',
      '--term-days',
      '7',
      '--daily-rate',
      '123456789',
      '--cap',
      '1000',
      '--opens',
      '+1d',
      '--closes',
      '+2d',
      '--yes',
    );
    assert.equal(created.code, 0, created.err);
    const plan = await c.client.readContract({
      ...staking(),
      functionName: 'getPlan',
      args: [3n],
    });
    assert.equal(plan.dailyRate, 123456789n);
    const closed = await op('plan:close', '--plan', '3', '--yes');
    assert.equal(closed.code, 0, closed.err);
    const after = await c.client.readContract({
      ...staking(),
      functionName: 'getPlan',
      args: [3n],
    });
    assert.ok(after.closesAt < plan.closesAt);
    const again = await sendsNothing(() => op('plan:close', '--plan', '3', '--yes'));
    assert.equal(again.code, 1);
    assert.match(again.err, /SubscriptionEnded\(planId=3\)/);
    const missing = await sendsNothing(() => op('plan:close', '--plan', '99', '--yes'));
    assert.equal(missing.code, 2);
    assert.match(missing.err, /there is no plan 99/);
  });

  it('rewards:fund approves exactly the amount, moves exactly it and leaves no allowance', async () => {
    const refused = await sendsNothing(() => op('rewards:fund', '--amount', '12.345', '--yes'));
    assert.equal(refused.code, 1);
    assert.match(refused.err, /holds 0 WETH, 12\.345 WETH short: add --wrap/);

    // A leftover allowance is replaced by the exact amount, not added to.
    await c.client.waitForTransactionReceipt({
      hash: await c.wallet(0).writeContract({
        address: c.deployment.rewardToken,
        abi: wethAbi,
        functionName: 'approve',
        args: [c.deployment.staking, weth('7')],
      }),
    });
    const [budgetBefore] = await budgetInfo();
    const heldBefore = await wethBalance(c.deployment.staking);
    const res = await op('rewards:fund', '--amount', '12.345', '--wrap', '--yes');
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, new RegExp(`approve\\(${c.deployment.staking}, 12345000000000000000\\)`));
    const [budgetAfter] = await budgetInfo();
    assert.equal(budgetAfter - budgetBefore, weth('12.345'));
    assert.equal((await wethBalance(c.deployment.staking)) - heldBefore, weth('12.345'));
    assert.equal(await wethBalance(owner), 0n, 'wrapped exactly what was missing');
    assert.equal(await allowance(c.deployment.rewardToken), 0n);
    assert.match(res.out, /allowance left for Staking: 0 WETH/);
  });

  it('grants:deposit and grants:credit pay users from the budget with their reason code', async () => {
    const fromBlock = (await c.client.getBlockNumber()) + 1n;
    const deposit = await op('grants:deposit', '--amount', '100.5', '--yes');
    assert.equal(deposit.code, 0, deposit.err);
    assert.equal(
      await c.client.readContract({ ...staking(), functionName: 'grantsBudget' }),
      usdc('100.5'),
    );
    assert.equal(await allowance(c.deployment.usdc), 0n);

    const account = (user: Address) =>
      c.client.readContract({ ...lens(), functionName: 'getAccount', args: [user] });
    const aliceBefore = (await account(alice)).withdrawable;
    const activity = await op(
      'grants:credit',
      '--source',
      'activity',
      '--to',
      alice,
      '--amount',
      '25',
      '--to',
      bob.toLowerCase(),
      '--amount',
      '0.5',
      '--yes',
    );
    assert.equal(activity.code, 0, activity.err);
    const csv = path.join(await tempDir('operator-csv-'), 'winners.csv');
    await writeFile(csv, `address,amount\n# May prize pool\n${carol},1.25\n`);
    const promotion = await op('grants:credit', '--source', 'promotion', '--csv', csv, '--yes');
    assert.equal(promotion.code, 0, promotion.err);

    const events = await c.client.getContractEvents({
      ...staking(),
      eventName: 'IncomeCredited',
      fromBlock,
    });
    assert.deepEqual(
      events.map((e) => [e.args.user, e.args.source, e.args.amount, e.args.token]),
      [
        [alice, 5, usdc('25'), c.deployment.usdc],
        [bob, 5, usdc('0.5'), c.deployment.usdc],
        [carol, 6, usdc('1.25'), c.deployment.usdc],
      ],
    );
    assert.equal((await account(alice)).withdrawable - aliceBefore, usdc('25'));
    assert.equal((await account(carol)).withdrawable, usdc('1.25'));
    assert.equal(
      await c.client.readContract({ ...staking(), functionName: 'grantsBudget' }),
      usdc('100.5') - usdc('26.75'),
    );

    const tooMuch = await sendsNothing(() =>
      op('grants:credit', '--source', 'activity', '--to', alice, '--amount', '1000', '--yes'),
    );
    assert.equal(tooMuch.code, 1);
    assert.match(tooMuch.err, /grants budget is 73\.75 USDC, less than the 1000 USDC/);
  });

  it('param:queue waits 48 h: execute before the eta reverts with TimelockNotReady and changes nothing', async () => {
    const queued = await op('param:queue', '--param', 'fee-bps', '--value', '1.5%', '--yes');
    assert.equal(queued.code, 0, queued.err);
    const [event] = await c.client.getContractEvents({
      ...staking(),
      eventName: 'ParamQueued',
      fromBlock: await c.client.getBlockNumber(),
    });
    const queuedAt = (await c.client.getBlock({ blockNumber: event!.blockNumber })).timestamp;
    const [value, eta] = await c.client.readContract({
      ...staking(),
      functionName: 'pendingChanges',
      args: [0],
    });
    assert.equal(value, 150n);
    assert.equal(eta, queuedAt + 48n * 3600n);

    const list = JSON.parse((await op('param:list', '--json')).out) as {
      params: { name: string; value: string; pending: { value: string; eta: string } | null }[];
    };
    const fee = list.params.find((p) => p.name === 'fee-bps')!;
    assert.deepEqual(fee.pending, { value: '150', eta: eta.toString() });
    assert.equal(fee.value, '0');

    const early = await sendsNothing(() => op('param:execute', '--param', 'fee-bps', '--yes'));
    assert.equal(early.code, 1);
    assert.match(early.err, new RegExp(`reverted with TimelockNotReady\\(eta=${eta} \\(`));
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'feeBps' }), 0n);

    await c.advance(48 * 3600);
    const done = await op('param:execute', '--param', 'fee-bps', '--yes');
    assert.equal(done.code, 0, done.err);
    assert.match(done.out, /fee-bps is now 150 bps \(1\.5%\)/);
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'feeBps' }), 150n);

    const nothing = await sendsNothing(() => op('param:cancel', '--param', 'fee-bps', '--yes'));
    assert.equal(nothing.code, 1);
    assert.match(nothing.err, /NothingQueued\(param=fee-bps\)/);

    const over = await sendsNothing(() =>
      op('param:queue', '--param', 'min-withdrawal', '--value', '11', '--yes'),
    );
    assert.equal(over.code, 1);
    assert.match(over.err, /InvalidParamValue\(param=min-withdrawal, value=11 USDC\)/);
  });

  it('solvency reports the figures rewardBudgetInfo and the balances give', async () => {
    // A stake reserves rewards, so reserved and principal are not zero.
    const user = c.wallet(1);
    const send = async (hash: Promise<`0x${string}`>) =>
      c.client.waitForTransactionReceipt({ hash: await hash });
    await send(user.writeContract({ ...staking(), functionName: 'bindSuperior', args: [owner] }));
    await send(
      user.writeContract({
        address: c.deployment.usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [c.deployment.staking, usdc('1000')],
      }),
    );
    await send(
      user.writeContract({ ...staking(), functionName: 'stake', args: [0n, usdc('1000')] }),
    );

    const res = await op('solvency', '--json');
    assert.equal(res.code, 0, res.err);
    const s = JSON.parse(res.out) as {
      block: string;
      reward: Record<string, string | boolean>;
      usdc: Record<string, string | boolean>;
      enough: boolean;
    };
    const at = { blockNumber: BigInt(s.block) };
    const [budget, reserved, unreserved] = await c.client.readContract({
      ...staking(),
      functionName: 'rewardBudgetInfo',
      ...at,
    });
    assert.ok(reserved > 0n);
    assert.deepEqual(
      [s.reward.budget, s.reward.reserved, s.reward.unreserved],
      [budget, reserved, unreserved].map(String),
    );
    const usdcHeld = await c.client.readContract({
      address: c.deployment.usdc,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [c.deployment.staking],
      ...at,
    });
    assert.equal(s.usdc.principal, usdc('1000').toString());
    assert.equal(s.usdc.grantsBudget, usdc('73.75').toString());
    assert.equal(s.usdc.withdrawable, usdc('26.75').toString());
    assert.equal(s.usdc.held, usdcHeld.toString());
    assert.equal(s.reward.held, (await wethBalance(c.deployment.staking)).toString());
    assert.equal(s.enough, true);

    const text = await op('solvency');
    assert.equal(text.code, 0);
    assert.match(text.out, /The contract holds enough for everything it owes\./);
  });

  it('treasury:pay sends the membership proceeds accrued in the contract to the treasury', async () => {
    const buyer = c.wallet(2);
    const send = async (hash: Promise<`0x${string}`>) =>
      c.client.waitForTransactionReceipt({ hash: await hash });
    const usdcOf = (of: Address) =>
      c.client.readContract({
        address: c.deployment.usdc,
        abi: usdcAbi,
        functionName: 'balanceOf',
        args: [of],
      });
    const treasury = await c.client.readContract({ ...staking(), functionName: 'treasury' });
    const price = await c.client.readContract({ ...staking(), functionName: 'nodePrice' });
    await send(buyer.writeContract({ ...staking(), functionName: 'bindSuperior', args: [owner] }));
    await send(
      buyer.writeContract({
        address: c.deployment.usdc,
        abi: usdcAbi,
        functionName: 'approve',
        args: [c.deployment.staking, price],
      }),
    );
    const before = await usdcOf(treasury);
    await send(buyer.writeContract({ ...staking(), functionName: 'purchaseNode', args: [price] }));
    // The purchase paid into the contract: the treasury has not received it yet; solvency counts it.
    assert.equal(await usdcOf(treasury), before);
    const s = JSON.parse((await op('solvency', '--json')).out) as {
      usdc: Record<string, string | boolean>;
    };
    assert.equal(s.usdc.treasuryProceeds, price.toString());

    const res = await op('treasury:pay', '--yes');
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /event TreasuryPaid\(treasury=/);
    assert.equal((await usdcOf(treasury)) - before, price);
    assert.equal(
      await c.client.readContract({ ...staking(), functionName: 'treasuryProceeds' }),
      0n,
    );

    const again = await sendsNothing(() => op('treasury:pay', '--yes'));
    assert.notEqual(again.code, 0);
    assert.match(again.err, /no proceeds are waiting/);
  });

  it('refuses bad arguments with exit 2 and the usage, sending nothing', async () => {
    const cases: [string[], RegExp][] = [
      [['plan:craete'], /unknown command 'plan:craete'/],
      [['rewards:fund', '--amount', '-1', '--yes'], /--amount must not be negative/],
      [
        ['grants:deposit', '--amount', '1.0000001', '--yes'],
        /more decimal places than the token's 6/,
      ],
      [
        ['grants:credit', '--source', 'activity', '--to', '0x123', '--amount', '1', '--yes'],
        /--to #1 is not an address/,
      ],
      [
        ['grants:credit', '--source', 'gift', '--to', alice, '--amount', '1', '--yes'],
        /--source must be activity or promotion/,
      ],
      [
        ['param:queue', '--param', 'fee', '--value', '1', '--yes'],
        /--param must be one of fee-bps/,
      ],
      [['param:queue', '--param', 'fee-bps', '--value', '1.5', '--yes'], /whole number/],
      [
        ['param:queue', '--param', 'treasury', '--value', `0x${'0'.repeat(40)}`, '--yes'],
        /zero address/,
      ],
      [
        [
          'plan:create',
          '--term-days',
          '30',
          '--daily-rate-percent',
          '1',
          '--cap',
          '1000',
          '--opens',
          '1999-01-01',
          '--closes',
          '2000-01-01',
          '--yes',
        ],
        /--closes must be in the future/,
      ],
      [['pause', '--network', 'DOGE', '--yes'], /--network must be one of ETH, BSC/],
      [['pause', '--yes', 'now'], /unexpected argument 'now'/],
    ];
    for (const [argv, message] of cases) {
      const res = await sendsNothing(() => op(...argv));
      assert.equal(res.code, 2, `${argv.join(' ')}: ${res.err}`);
      assert.match(res.err, message);
      assert.match(res.err, /usage: npm run operator --/);
    }
  });

  it('checks the chain id before anything else', async () => {
    const res = await sendsNothing(() => op('pause', '--network', 'BSC', '--yes'));
    assert.equal(res.code, 1);
    assert.match(res.err, /is chain 1, not BSC \(chain 56\): nothing was sent/);
  });

  it('a key that is not the owner gets the contract’s decoded refusal', async () => {
    const res = await runInProcess(['pause', '--yes'], {
      ...c.env,
      OPERATOR_PRIVATE_KEY: localPrivateKeys[3],
    });
    assert.equal(res.code, 1);
    assert.match(
      res.err,
      new RegExp(`OwnableUnauthorizedAccount\\(account=${localAccounts[3]!.address}\\)`),
    );
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'paused' }), false);
  });

  it('asks before sending: no terminal and no --yes refuses, "n" cancels, "y" sends', async () => {
    const noTerminal = await sendsNothing(() => op('pause'));
    assert.equal(noTerminal.code, 2);
    assert.match(noTerminal.err, /no terminal to confirm on: add --yes/);
    assert.match(noTerminal.out, /Pause the pool/);

    const declined = await sendsNothing(() => runInProcess(['pause'], c.env, ['n']));
    assert.equal(declined.code, 1);
    assert.match(declined.err, /Send it\? \[y\/N\][\s\S]*cancelled: nothing was sent/);
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'paused' }), false);

    const accepted = await runInProcess(['pause'], c.env, ['y']);
    assert.equal(accepted.code, 0, accepted.err);
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'paused' }), true);
    const list = JSON.parse((await op('plan:list', '--json')).out) as {
      plans: { status: string }[];
    };
    assert.equal(list.plans[0]!.status, 'paused');
    assert.equal((await op('unpause', '--yes')).code, 0);
    assert.equal(await c.client.readContract({ ...staking(), functionName: 'paused' }), false);
  });

  it('rewards:withdraw-unreserved takes only what no stake has reserved', async () => {
    const [budget, reserved, unreserved] = await budgetInfo();
    const before = await wethBalance(owner);
    const res = await op('rewards:withdraw-unreserved', '--amount', 'all', '--yes');
    assert.equal(res.code, 0, res.err);
    assert.deepEqual(await budgetInfo(), [budget - unreserved, reserved, 0n]);
    assert.equal((await wethBalance(owner)) - before, unreserved);
    const more = await sendsNothing(() =>
      op('rewards:withdraw-unreserved', '--amount', '1', '--yes'),
    );
    assert.equal(more.code, 1);
    assert.match(more.err, /InsufficientBalance\(available=0 WETH\)/);
    assert.equal((await op('solvency')).code, 0);
  });
});
