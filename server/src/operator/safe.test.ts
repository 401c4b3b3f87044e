/**
 * The Staking owner as a team: a real Safe (Safe's published v1.4.1 bytecode, scripts/safe.ts) with
 * 2 of 3 owners on a real anvil chain takes ownership in two steps (the acceptance executed by the
 * Safe), then every owner action goes through the operator CLI's --safe-sign / safe:sign /
 * safe:exec: a fee change queued, refused before the timelock's delay with the contract's error,
 * executed after it; a single owner's signature refused by the CLI and by the Safe itself; approve +
 * fund as one Safe transaction; a Transaction Builder batch file.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { decodeFunctionData, getAddress, parseEther, type Address, type Hex } from 'viem';
import { localAccounts, localPrivateKeys } from '@app/contracts/accounts';
import { stakingAbi, usdcAbi, wethAbi } from '@app/contracts/generated';
import { execTransactionArgs, safeAbi, safeAddresses } from '@app/contracts/safe';
import { deploySafeContracts } from '@app/contracts/safe-deploy';
import { tempDir } from '../testing/harness.ts';
import { readSafeTxFile, safeTxOf } from './safe.ts';
import { runInProcess, startDeployedChain, type DeployedChain } from './test-support.ts';

const [deployer, alice, bob, carol, dave] = localAccounts.map((a) => a.address) as Address[];
const keyOf = (index: number) => ({ OPERATOR_PRIVATE_KEY: localPrivateKeys[index]! });

describe('a 2-of-3 Safe owns Staking (operator CLI --safe, safe:sign, safe:exec)', () => {
  let c: DeployedChain;
  let safe: Address;
  let dir: string;
  const file = (name: string) => path.join(dir, name);
  const op = (env: Record<string, string>, ...argv: string[]) =>
    runInProcess(argv, { ...c.env, ...env });

  before(async () => {
    c = await startDeployedChain(1);
    dir = await tempDir('safe-owner-');
    // What mainnet holds: Safe's contracts, deployed by someone else (anvil account 9).
    await deploySafeContracts({ publicClient: c.client, walletClient: c.wallet(9) });
    const created = await op(
      {},
      'safe:create',
      ...['--owner', alice!, '--owner', bob!, '--owner', carol!, '--threshold', '2', '--yes'],
    );
    assert.equal(created.code, 0, created.err);
    safe = getAddress(/^safe=(0x\w{40})$/m.exec(created.out)![1]!);
  });
  after(async () => {
    await c?.stop();
  });

  const staking = () => ({ address: c.deployment.staking, abi: stakingAbi }) as const;
  const read = <F extends 'owner' | 'pendingOwner' | 'feeBps'>(functionName: F) =>
    c.client.readContract({ ...staking(), functionName });
  const safeNonce = () =>
    c.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });

  it("deploys Safe's contracts at their canonical mainnet addresses, the Safe with 2 of 3 owners", async () => {
    for (const address of Object.values(safeAddresses)) {
      assert.ok(await c.client.getCode({ address }), `no code at ${address}`);
    }
    const res = await op({}, 'safe', '--safe', safe);
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /threshold\s+2 of 3 owners/);
    assert.ok(res.out.includes(alice!) && res.out.includes(bob!) && res.out.includes(carol!));
  });

  it('hands ownership to the Safe in two steps; the acceptance is executed by the Safe', async () => {
    const proposed = await op({}, 'ownership:transfer', '--to', safe, '--yes');
    assert.equal(proposed.code, 0, proposed.err);
    assert.equal(await read('pendingOwner'), safe);

    const a = await op(
      keyOf(1),
      'ownership:accept',
      '--safe',
      safe,
      '--safe-sign',
      file('accept.alice.json'),
    );
    assert.equal(a.code, 0, a.err);
    assert.match(a.out, /1 of 2 signatures; nothing was sent/);
    assert.equal(await read('owner'), deployer, 'writing a signed file changed the owner');

    // One owner's signature is not enough: the CLI refuses before sending anything...
    const nonce = await c.nonceOf(deployer!);
    const alone = await op({}, 'safe:exec', '--file', file('accept.alice.json'), '--yes');
    assert.equal(alone.code, 1);
    assert.match(alone.err, /1 of 2 owner signatures: the Safe requires 2; nothing was sent/);
    assert.equal(await c.nonceOf(deployer!), nonce);
    // ...and the Safe itself refuses it (GS020: signatures too short for the threshold).
    const signed = await readSafeTxFile(file('accept.alice.json'));
    const tx = safeTxOf(signed);
    await assert.rejects(
      c.client.simulateContract({
        account: deployer!,
        address: safe,
        abi: safeAbi,
        functionName: 'execTransaction',
        args: execTransactionArgs(tx, signed.signatures),
      }),
      /GS020/,
    );

    // A key that is not an owner cannot add a signature.
    const outsider = await op(
      keyOf(4),
      'safe:sign',
      '--file',
      file('accept.alice.json'),
      '--out',
      file('x.json'),
    );
    assert.equal(outsider.code, 1);
    assert.match(outsider.err, new RegExp(`${dave} is not an owner of the Safe`));

    const b = await op(
      keyOf(2),
      'safe:sign',
      '--file',
      file('accept.alice.json'),
      '--out',
      file('accept.bob.json'),
    );
    assert.equal(b.code, 0, b.err);
    const exec = await op(
      {},
      'safe:exec',
      '--file',
      file('accept.alice.json'),
      '--file',
      file('accept.bob.json'),
      '--yes',
    );
    assert.equal(exec.code, 0, exec.err);
    assert.match(exec.out, /event OwnershipTransferred/);
    assert.equal(await read('owner'), safe);

    // The deployer key no longer has any owner right.
    const direct = await op({}, 'pause', '--yes');
    assert.equal(direct.code, 1);
    assert.match(direct.err, /OwnableUnauthorizedAccount/);
  });

  it('a fee change through the Safe: queued, refused before the delay (TimelockNotReady), executed after it', async () => {
    const before = await read('feeBps');
    const q1 = await op(
      keyOf(1),
      'param:queue',
      '--param',
      'fee-bps',
      '--value',
      '2%',
      '--safe',
      safe,
      '--safe-sign',
      file('queue.alice.json'),
    );
    assert.equal(q1.code, 0, q1.err);
    const q3 = await op(
      keyOf(3),
      'safe:sign',
      '--file',
      file('queue.alice.json'),
      '--out',
      file('queue.carol.json'),
    );
    assert.equal(q3.code, 0, q3.err);
    const queued = await op(
      {},
      'safe:exec',
      '--file',
      file('queue.alice.json'),
      '--file',
      file('queue.carol.json'),
      '--yes',
    );
    assert.equal(queued.code, 0, queued.err);
    assert.match(queued.out, /event ParamQueued\(param=0, value=200/);

    // The owners sign the execution ahead; the Safe cannot run it before the eta.
    const e1 = await op(
      keyOf(1),
      'param:execute',
      '--param',
      'fee-bps',
      '--safe',
      safe,
      '--safe-sign',
      file('exec.alice.json'),
    );
    assert.equal(e1.code, 0, e1.err);
    assert.match(e1.out, /warning: .*TimelockNotReady/);
    const e2 = await op(
      keyOf(2),
      'safe:sign',
      '--file',
      file('exec.alice.json'),
      '--out',
      file('exec.bob.json'),
    );
    assert.equal(e2.code, 0, e2.err);
    const safeNonceBefore = await safeNonce();
    const early = await op(
      {},
      'safe:exec',
      '--file',
      file('exec.alice.json'),
      '--file',
      file('exec.bob.json'),
      '--yes',
    );
    assert.equal(early.code, 1);
    assert.match(
      early.err,
      /nothing was sent: Staking\.executeParam from the Safe reverted with TimelockNotReady\(eta=\d+\)/,
    );
    assert.equal(await read('feeBps'), before);
    assert.equal(await safeNonce(), safeNonceBefore);

    const delay = await c.client.readContract({ ...staking(), functionName: 'TIMELOCK_DELAY' });
    await c.advance(Number(delay) + 1);
    const late = await op(
      {},
      'safe:exec',
      '--file',
      file('exec.alice.json'),
      '--file',
      file('exec.bob.json'),
      '--yes',
    );
    assert.equal(late.code, 0, late.err);
    assert.match(late.out, /event ParamChanged\(param=0, value=200\)/);
    assert.equal(await read('feeBps'), 200n);

    // The same signed transaction cannot run twice (the Safe's nonce moved on).
    const again = await op(
      {},
      'safe:exec',
      '--file',
      file('exec.alice.json'),
      '--file',
      file('exec.bob.json'),
      '--yes',
    );
    assert.equal(again.code, 1);
    assert.match(again.err, /was executed or replaced already/);
  });

  it('rewards:fund from the Safe: approve + fund as one Transaction Builder batch, and as one signed Safe transaction', async () => {
    const weth = c.deployment.rewardToken;
    const owner = c.wallet(0);
    await c.client.waitForTransactionReceipt({
      hash: await owner.writeContract({
        address: weth,
        abi: wethAbi,
        functionName: 'deposit',
        value: parseEther('2'),
      }),
    });
    await c.client.waitForTransactionReceipt({
      hash: await owner.writeContract({
        address: weth,
        abi: wethAbi,
        functionName: 'transfer',
        args: [safe, parseEther('2')],
      }),
    });

    const batch = await op(
      {},
      'rewards:fund',
      '--amount',
      '1.5',
      '--safe',
      safe,
      '--safe-batch',
      file('fund.batch.json'),
    );
    assert.equal(batch.code, 0, batch.err);
    const json = JSON.parse(await readFile(file('fund.batch.json'), 'utf8')) as {
      chainId: string;
      meta: { createdFromSafeAddress: string };
      transactions: { to: Address; value: string; data: Hex }[];
    };
    assert.equal(json.chainId, '1');
    assert.equal(json.meta.createdFromSafeAddress, safe);
    assert.deepEqual(
      json.transactions.map((t) => [
        t.to,
        decodeFunctionData({ abi: [...usdcAbi, ...stakingAbi], data: t.data }),
      ]),
      [
        [weth, { functionName: 'approve', args: [c.deployment.staking, parseEther('1.5')] }],
        [c.deployment.staking, { functionName: 'fundRewards', args: [parseEther('1.5')] }],
      ],
    );

    const [budgetBefore] = await c.client.readContract({
      ...staking(),
      functionName: 'rewardBudgetInfo',
    });
    const f1 = await op(
      keyOf(2),
      'rewards:fund',
      '--amount',
      '1.5',
      '--safe',
      safe,
      '--safe-sign',
      file('fund.bob.json'),
    );
    assert.equal(f1.code, 0, f1.err);
    const f3 = await op(
      keyOf(3),
      'safe:sign',
      '--file',
      file('fund.bob.json'),
      '--out',
      file('fund.carol.json'),
    );
    assert.equal(f3.code, 0, f3.err);
    const funded = await op(
      {},
      'safe:exec',
      '--file',
      file('fund.bob.json'),
      '--file',
      file('fund.carol.json'),
      '--yes',
    );
    assert.equal(funded.code, 0, funded.err);
    const [budgetAfter] = await c.client.readContract({
      ...staking(),
      functionName: 'rewardBudgetInfo',
    });
    assert.equal(budgetAfter - budgetBefore, parseEther('1.5'));
    const left = await c.client.readContract({
      address: weth,
      abi: usdcAbi,
      functionName: 'allowance',
      args: [safe, c.deployment.staking],
    });
    assert.equal(left, 0n, 'the exact approval was not used up');
  });
});
