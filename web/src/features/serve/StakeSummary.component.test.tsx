/**
 * The stake's 'Confirm operation' summary shows the network fee of that exact stake (with its
 * exact approval when still needed), before the wallet opens: the figure the form showed, and the
 * first one a user sees who had to bind an invitation before staking (the form could not estimate
 * a stake the chain would have refused). It comes right after the rows, above the long notes, so
 * it is on screen when the dialog opens on a phone.
 */
import { screen } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { localDeployments } from '@app/contracts/generated/deployments';
import { describe, expect, test } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { FEE, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { stakeEarnings } from './earnings';
import { StakeSummary } from './StakeSummary';

const CHAIN = 1;
const deployment = localDeployments[CHAIN]!;
const AMOUNT = 150_000_000n; // 150 USDC
const reserves = { usdcReserve: 3_000_000n * 10n ** 6n, rewardReserve: 10n ** 21n };

function renderSummary(data: QueryData[]) {
  renderInApp(
    <StakeSummary
      network={networks.ETH}
      deployment={deployment}
      user={USER}
      planId={2}
      amount={AMOUNT}
      termDays={30}
      symbol="WETH"
      uplinesKnown
      permit
      earnings={stakeEarnings({
        amount: AMOUNT,
        dailyRate: 10n ** 24n,
        termDays: 30,
        reserves,
        uplineCount: 1,
        nowSeconds: 1_700_000_000,
      })}
    />,
    { data: [[chainKeys.pool(CHAIN), reserves], ...data] },
  );
}

describe('StakeSummary', () => {
  test("the fee of this stake, under the form's own query (plan and amount)", () => {
    renderSummary([
      [[...chainKeys.all, CHAIN, 'networkFee', USER, 'payment', 'stake', 2, '150000000'], FEE],
    ]);
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
  });

  test('the fee comes right after the rows: before the exact list and the notes', () => {
    renderSummary([]);
    const summary = screen.getByTestId('stake-summary');
    const fee = screen.getByTestId('network-fee');
    expect(summary.contains(fee)).toBe(true);
    const rows = summary.querySelector('dl')!;
    const after = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(after(rows, fee)).toBe(true);
    expect(after(fee, screen.getByTestId('summary-exact'))).toBe(true);
    expect(
      after(fee, screen.getByText(/withdrawable to your own address when the 30-day term ends/)),
    ).toBe(true);
  });
});
