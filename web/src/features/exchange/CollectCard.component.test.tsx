/**
 * Exchange's Collect mining card, rendered with the page's own state (useExchangeState) on chain
 * reads given to it: the mining not yet collected in the digits people read, Collect offered only
 * when there is some, the network fee of that harvest, and the warning when the mining is worth
 * less than that fee (0.00000009 WETH was offered for a fee a thousand times its worth).
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { chainKeys, type StakingAccount } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { Amount } from '../../shared/ui/Amount';
import { FEE, signIn, stakingAccount, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { CollectCard } from './ExchangeCards';
import { useExchangeState } from './useExchangeState';

const CHAIN = 1;
const coin = (whole: number) => BigInt(whole) * 10n ** 18n;
// 3,000 USDC a coin: the fee of 0.0001 ETH is 0.30 USDC.
const reserves = { usdcReserve: 3_000_000n * 10n ** 6n, rewardReserve: coin(1_000) };

function Collect(props: { onCollect: () => void }) {
  const state = useExchangeState();
  return (
    <CollectCard
      state={state}
      accountValue={(value) =>
        value === undefined ? '--' : <Amount value={value} token="reward" hideUnit plain />
      }
      busy={false}
      {...props}
    />
  );
}

function renderCard(account: Partial<StakingAccount> | undefined) {
  const onCollect = vi.fn();
  const data: QueryData[] = [
    [chainKeys.pool(CHAIN), reserves],
    [[...chainKeys.all, CHAIN, 'networkFee', USER, 'harvest'], FEE],
  ];
  if (account) data.push([chainKeys.account(CHAIN, USER), stakingAccount(account)]);
  renderInApp(<Collect onCollect={onCollect} />, { data });
  return onCollect;
}

const collect = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Collect mining' });

describe('CollectCard', () => {
  beforeEach(() => signIn());
  afterEach(() => clearSession());

  test('mining to collect: readable, its fee shown, Collect offered', () => {
    const onCollect = renderCard({ pendingMining: 12_345_678_901_234_567n }); // 0.0123… WETH
    expect(screen.getByTestId('pending-mining').textContent).toBe('0.01235');
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
    expect(screen.queryByTestId('worth-less-than-fee')).toBeNull();
    fireEvent.click(collect());
    expect(onCollect).toHaveBeenCalledTimes(1);
  });

  test('mining worth less than its fee: the warning, Collect still the user’s choice', () => {
    renderCard({ pendingMining: 90_000_000_000n }); // 0.00000009 WETH ≈ 0.00027 USDC
    expect(screen.getByTestId('worth-less-than-fee').textContent).toBe(
      'This amount is worth less than the network fee to move it: you would pay more in fees than you get.',
    );
    expect(collect().disabled).toBe(false);
  });

  test('nothing to collect: Collect off, and no fee for a harvest that would not be sent', () => {
    renderCard({ pendingMining: 0n });
    expect(collect().disabled).toBe(true);
    expect(screen.queryByTestId('network-fee')).toBeNull();
  });

  test('the account not read yet: no figure made up, Collect off', () => {
    renderCard(undefined);
    expect(screen.getByTestId('pending-mining').textContent).toBe('--');
    expect(collect().disabled).toBe(true);
  });
});
