/**
 * The production rehearsal's first step: fresh chains holding only what mainnet holds, and
 * `deploy-production.ts --check` (the real CLI) passes against them with the rehearsal config,
 * sending nothing. Needs `npm run build -w contracts` first.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { defaultConfigFile, loadProductionConfig } from './deploy-production.ts';
import { rehearsalConfigFile, rehearseCheck } from './rehearsal.ts';

it('the rehearsal config describes mainnet tokens: same decimals and permit domain as networks.json', () => {
  const mainnet = loadProductionConfig(defaultConfigFile);
  const rehearsal = loadProductionConfig(rehearsalConfigFile);
  for (const key of ['ETH', 'BSC'] as const) {
    const [m, r] = [mainnet.networks[key]!, rehearsal.networks[key]!];
    assert.equal(r.chainId, m.chainId);
    assert.deepEqual(
      { decimals: r.usdc.decimals, permit: r.usdc.permit },
      { decimals: m.usdc.decimals, permit: m.usdc.permit },
    );
    assert.equal(r.rewardToken.symbol, m.rewardToken.symbol);
  }
  assert.deepEqual(rehearsal.staking, mainnet.staking);
});

it('deploy-production --check passes on both mainnet-like chains and sends nothing', async () => {
  const lines: string[] = [];
  await rehearseCheck((line) => lines.push(line));
  const output = lines.join('\n');
  assert.match(output, /network {6}ETH \(chain 1\)/);
  assert.match(output, /USDC {9}0x\w+ \(6 decimals, permit 'USD Coin' v2\)/);
  assert.match(output, /network {6}BSC \(chain 56\)/);
  assert.match(output, /USDC {9}0x\w+ \(18 decimals, no permit\)/);
  assert.equal(output.match(/check only: nothing was sent/g)?.length, 2, output);
});
