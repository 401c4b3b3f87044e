/**
 * A small, realistic history on a test chain: a three-level team under the root stakes, a day of
 * mining is harvested (mining + 10/8/5% commissions), the bottom member exchanges half its coin on
 * the local DEX and withdraws 1 USDC, the top member buys a node and the bottom one pays the
 * proceeds to the treasury, and the operator queues a fee change (1%) through the timelock.
 */
import { stakingLensAbi } from '@app/contracts/generated';
import { maxUint256, parseUnits } from 'viem';
import type { Actor, TestChain } from './chain.ts';

export interface TeamScenario {
  /** a ← b ← c ← d: a is bound to the root, d is three levels below a. */
  a: Actor;
  b: Actor;
  c: Actor;
  d: Actor;
}

export async function playTeamScenario(chain: TestChain): Promise<TeamScenario> {
  const [a, b, c, d] = [chain.account(1), chain.account(2), chain.account(3), chain.account(4)];
  await a.bind(chain.operator.address);
  await b.bind(a.address);
  await c.bind(b.address);
  await d.bind(c.address);
  await a.stake(0, '1000');
  await b.stake(0, '500');
  await c.stake(0, '200.55');
  await d.stake(1, '1500');
  await chain.advance(24 * 60 * 60);
  await d.staking('harvest', [d.address, [0n]]);
  const { earned } = await chain.client.readContract({
    address: chain.deployment.stakingLens,
    abi: stakingLensAbi,
    functionName: 'getAccount',
    args: [d.address],
  });
  await d.staking('exchange', [earned / 2n, 0n, maxUint256]); // no deadline: a test chain
  await d.staking('withdraw', [parseUnits('1', chain.deployment.usdcDecimals)]);
  await a.approveUsdc(parseUnits('1000', chain.deployment.usdcDecimals));
  await a.staking('purchaseNode', [parseUnits('1000', chain.deployment.usdcDecimals)]);
  await d.staking('payTreasury');
  await chain.operator.staking('queueParam', [0, 100n]);
  return { a, b, c, d };
}
