/**
 * What 'Confirm operation' says before Mine's one-button writes open the wallet (issue 24 §2): a
 * dividend's claim and the reward coin's withdrawal each show the network fee of their call, in
 * the chain's coin and in USDC at the pool's price, and warn (without blocking) when what moves is
 * worth less than that fee; a withdrawal of USDC has its fee on its form instead, not twice.
 */
import { screen, within } from '@testing-library/react';
import { localDeployments } from '@app/contracts/generated/deployments';
import { networks } from '@app/contracts/chains';
import { describe, expect, test } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { FEE, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { MineSummary, type MineKind } from './MineSummaries';

const CHAIN = 1;
const deployment = localDeployments[CHAIN]!;
const usdc = (cents: number) => BigInt(cents) * 10_000n;
const WETH = 10n ** 18n;
const networkFee = (...key: string[]) => [...chainKeys.all, CHAIN, 'networkFee', USER, ...key];

/** A pool at 3,000 USDC for one WETH, and the chain's fee estimate of each call (0.0001 ETH). */
const chainData = (amount: bigint): QueryData[] => [
  [chainKeys.pool(CHAIN), { usdcReserve: usdc(300_000_000), rewardReserve: 1_000n * WETH }],
  [networkFee('claimDividends'), FEE],
  [networkFee('withdrawRewardCoin', amount.toString()), FEE],
];

function renderSummary(kind: MineKind, amount: bigint) {
  renderInApp(
    <MineSummary
      kind={kind}
      network={networks.ETH}
      deployment={deployment}
      user={USER}
      amount={amount}
    />,
    { data: chainData(amount) },
  );
  return within(screen.getByTestId(`${kind}-summary`));
}

const feeLine = () => screen.getByTestId('network-fee').textContent;
const warned = () => screen.queryByTestId('worth-less-than-fee') !== null;

describe('MineSummary', () => {
  test("a dividend's claim: its fee, and no warning when the dividend is worth more", () => {
    const summary = renderSummary('claim', usdc(1_250)); // 12.50 USDC
    expect(summary.getByText(/adds your dividend of/).textContent).toBe(
      'Your wallet will ask you to send a transaction to the staking contract that adds your dividend of 12.50 USDC to your withdrawable balance.',
    );
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
    expect(warned()).toBe(false);
  });

  test('a dividend worth less than its fee is pointed out before signing', () => {
    renderSummary('claim', usdc(10)); // 0.10 USDC against a fee of 0.30 USDC
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
    expect(warned()).toBe(true);
  });

  test("the coin's withdrawal is valued at the pool's price against its fee", () => {
    // 0.00005 WETH is 0.15 USDC at 3,000: less than the fee.
    renderSummary('withdrawCoin', 5n * 10n ** 13n);
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
    expect(warned()).toBe(true);
  });

  test("the coin's withdrawal worth more than its fee: no warning", () => {
    renderSummary('withdrawCoin', WETH / 100n); // 30 USDC
    expect(warned()).toBe(false);
  });

  test('a withdrawal of USDC: no second fee line (its form shows it above the button)', () => {
    renderSummary('withdraw', usdc(1_000));
    expect(screen.queryByTestId('network-fee')).toBeNull();
  });
});
