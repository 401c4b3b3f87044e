/**
 * The stake's 'Confirm operation' summary ends with the network fee of that exact stake (with its
 * exact approval when still needed), before the wallet opens: the figure the form showed, and the
 * first one a user sees who had to bind an invitation before staking (the form could not estimate
 * a stake the chain would have refused).
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
});
