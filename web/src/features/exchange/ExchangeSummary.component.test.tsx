/**
 * Exchange's two 'Confirm operation' summaries show the network fee of the exact call they lead
 * to, right after their rows: the exchange with the guard taken from the fresh quote, and Collect
 * mining's harvest (the same query as the card's line, so no second estimate).
 */
import { screen } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { localDeployments } from '@app/contracts/generated/deployments';
import { describe, expect, test } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { FEE, USER } from '../../test/chain';
import { renderInApp } from '../../test/render';
import { ExchangeSummary, HarvestSummary } from './ExchangeSummary';

const CHAIN = 1;
const deployment = localDeployments[CHAIN]!;
const reserves = { usdcReserve: 3_000_000n * 10n ** 6n, rewardReserve: 10n ** 21n };
const feeKey = (...key: string[]) => [...chainKeys.all, CHAIN, 'networkFee', USER, ...key];
const rowsThenFee = (summaryId: string) => {
  const summary = screen.getByTestId(summaryId);
  const fee = screen.getByTestId('network-fee');
  const rows = summary.querySelector('dl')!;
  return (
    summary.contains(fee) &&
    Boolean(rows.compareDocumentPosition(fee) & Node.DOCUMENT_POSITION_FOLLOWING)
  );
};

describe('Exchange summaries', () => {
  test("the exchange's fee, for the guard of the fresh quote", () => {
    const amountIn = 10n ** 18n;
    const quote = {
      grossUsdc: 3_000_000_000n,
      feeBps: 100n,
      fee: 30_000_000n,
      netUsdc: 2_970_000_000n,
    };
    const minUsdcOut = 2_955_150_000n;
    renderInApp(
      <ExchangeSummary
        network={networks.ETH}
        deployment={deployment}
        user={USER}
        symbol="WETH"
        amountIn={amountIn}
        quote={quote}
        minUsdcOut={minUsdcOut}
        toleranceBps={50}
      />,
      {
        data: [
          [chainKeys.pool(CHAIN), reserves],
          [feeKey('exchange', amountIn.toString(), minUsdcOut.toString()), FEE],
        ],
      },
    );
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
    expect(rowsThenFee('exchange-summary')).toBe(true);
  });

  test("Collect mining's fee, the card's own query", () => {
    renderInApp(
      <HarvestSummary
        network={networks.ETH}
        deployment={deployment}
        user={USER}
        symbol="WETH"
        pending={12_345_678_901_234_567n}
        positions={2}
      />,
      {
        data: [
          [chainKeys.pool(CHAIN), reserves],
          [feeKey('harvest'), FEE],
        ],
      },
    );
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
    expect(rowsThenFee('harvest-summary')).toBe(true);
  });
});
