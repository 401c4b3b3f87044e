/**
 * The operator CLI as an operator meets it: a child process (`npm run operator -- …` and `tsx
 * main.ts`), stdin not a terminal, against a real BSC-local chain (18-decimal USDC).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Address } from 'viem';
import { localAccounts } from '@app/contracts/accounts';
import { stakingAbi } from '@app/contracts/generated';
import {
  runChild,
  runProcess,
  startDeployedChain,
  type CliResult,
  type DeployedChain,
} from './test-support.ts';

const owner = localAccounts[0]!.address as Address;

/** `npm run operator -- <argv>` from the repository root, as the README shows it. */
function npmRun(argv: string[], env: Record<string, string>): Promise<CliResult> {
  return runProcess('npm', ['run', '--silent', 'operator', '--', ...argv], env);
}

describe('operator CLI as a child process (BSC, 18-decimal USDC)', () => {
  let c: DeployedChain;
  before(async () => {
    c = await startDeployedChain(56);
  });
  after(async () => {
    await c?.stop();
  });

  const grantsBudget = () =>
    c.client.readContract({
      address: c.deployment.staking,
      abi: stakingAbi,
      functionName: 'grantsBudget',
    });

  it('npm run operator -- solvency --network BSC --json reads the chain', async () => {
    const res = await npmRun(['solvency', '--network', 'BSC', '--json'], c.env);
    assert.equal(res.code, 0, res.err);
    const s = JSON.parse(res.out) as { chainId: number; reward: { budget: string } };
    assert.equal(s.chainId, 56);
    const [budget] = await c.client.readContract({
      address: c.deployment.staking,
      abi: stakingAbi,
      functionName: 'rewardBudgetInfo',
    });
    assert.equal(s.reward.budget, budget.toString());
  });

  it('help lists the commands and exits 0; no command exits 2', async () => {
    const help = await runChild(['help'], c.env);
    assert.equal(help.code, 0);
    for (const name of [
      'plan:create',
      'rewards:fund',
      'grants:credit',
      'param:queue',
      'solvency',
    ]) {
      assert.match(help.out, new RegExp(`\\n  ${name} `));
    }
    const commandHelp = await runChild(['grants:credit', '--help'], c.env);
    assert.equal(commandHelp.code, 0);
    assert.match(commandHelp.out, /--csv <file>/);
    assert.equal((await runChild([], c.env)).code, 2);
  });

  it('works in the token’s 18 decimals: one base unit is accepted, a 19th decimal is not', async () => {
    const before = await grantsBudget();
    const res = await runChild(
      ['grants:deposit', '--network', 'BSC', '--amount', '0.000000000000000001', '--yes'],
      c.env,
    );
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /amount\s+0\.000000000000000001 USDC/);
    assert.equal((await grantsBudget()) - before, 1n);

    const nonce = await c.nonceOf(owner);
    const tooPrecise = await runChild(
      ['grants:deposit', '--network', 'BSC', '--amount', '1.0000000000000000001', '--yes'],
      c.env,
    );
    assert.equal(tooPrecise.code, 2);
    assert.match(tooPrecise.err, /more decimal places than the token's 18/);
    assert.equal(await c.nonceOf(owner), nonce);
  });

  it('grants:deposit of more USDC than the key holds is refused before any approve', async () => {
    // An approve sent first would stay behind as an allowance when the deposit then fails.
    const nonce = await c.nonceOf(owner);
    const res = await runChild(
      ['grants:deposit', '--network', 'BSC', '--amount', '1000000000000', '--yes'],
      c.env,
    );
    assert.equal(res.code, 1, res.out);
    assert.match(res.err, /the key holds [\d.,]+ USDC, [\d.,]+ USDC short/);
    assert.doesNotMatch(res.out, /Approve/);
    assert.equal(await c.nonceOf(owner), nonce);
  });

  it('bad arguments and a missing --yes exit 2 and send nothing', async () => {
    const nonce = await c.nonceOf(owner);
    const cases: [string[], number, RegExp][] = [
      [['rewards:fund', '--network', 'BSC', '--amount', '-3', '--yes'], 2, /must not be negative/],
      [['withdraw-everything', '--yes'], 2, /unknown command 'withdraw-everything'/],
      [['param:queue', '--network', 'BSC', '--param', 'apr', '--value', '9'], 2, /--param must/],
      [['grants:deposit', '--network', 'BSC', '--amount', '5'], 2, /no terminal to confirm on/],
    ];
    for (const [argv, code, message] of cases) {
      const res = await runChild(argv, c.env);
      assert.equal(res.code, code, `${argv.join(' ')}: ${res.err}`);
      assert.match(res.err, message);
    }
    assert.equal(await c.nonceOf(owner), nonce);
  });

  it('a production run without OPERATOR_PRIVATE_KEY is refused before anything is read', async () => {
    const res = await runChild(
      ['pause', '--network', 'BSC', '--deployment', 'production', '--yes'],
      c.env,
    );
    assert.equal(res.code, 2);
    assert.match(res.err, /OPERATOR_PRIVATE_KEY is not set/);
  });
});
