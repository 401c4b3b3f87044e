/**
 * Mine's earnings card, rendered with the page's own state (useMineState) on a chain read of the
 * user's account: the dividend in USDC with Claim only when there is one to claim, and the earned
 * reward coin in the digits people read with its own withdrawal (off while nothing is earned).
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { Amount } from '../../shared/ui/Amount';
import { signIn, stakingAccount, USER } from '../../test/chain';
import { renderInApp } from '../../test/render';
import type { StakingAccount } from '../../shared/chain/reads';
import { EarningsCard } from './EarningsCard';
import { useMineState } from './useMineState';

const CHAIN = 1;

function Earnings(props: { onClaim: () => void; onWithdrawCoin: () => void }) {
  const state = useMineState();
  return (
    <EarningsCard
      state={state}
      shown={(value, _failed, token = 'usdc') =>
        value === undefined ? '--' : <Amount value={value} token={token} hideUnit plain />
      }
      busy={false}
      {...props}
    />
  );
}

function renderCard(account: Partial<StakingAccount>) {
  const actions = { onClaim: vi.fn(), onWithdrawCoin: vi.fn() };
  renderInApp(<Earnings {...actions} />, {
    data: [[chainKeys.account(CHAIN, USER), stakingAccount(account)]],
  });
  return actions;
}

const button = (name: string) => screen.queryByRole<HTMLButtonElement>('button', { name });

describe('EarningsCard', () => {
  beforeEach(() => signIn());
  afterEach(() => clearSession());

  test('a dividend to claim and earned coin: both figures readable, both actions offered', () => {
    const actions = renderCard({
      pendingDividend: 12_345_678n, // 12.345678 USDC
      earned: 1_234_567_890_123_456_789n, // 1.234567890123456789 WETH
    });
    expect(screen.getByTestId('mine-dividend').textContent).toBe('12.35');
    expect(screen.getByTestId('mine-earned').textContent).toBe('1.2346');
    fireEvent.click(button('Claim')!);
    fireEvent.click(button('Withdraw WETH')!);
    expect([actions.onClaim.mock.calls.length, actions.onWithdrawCoin.mock.calls.length]).toEqual([
      1, 1,
    ]);
  });

  test('nothing to claim: no Claim, and why; nothing earned: the coin withdrawal is off', () => {
    renderCard({ pendingDividend: 0n, earned: 0n });
    expect(button('Claim')).toBeNull();
    expect(
      screen.getByText(
        'Node and founder holders receive dividends from exchange fees; there is none to claim now.',
      ),
    ).toBeTruthy();
    expect(button('Withdraw WETH')!.disabled).toBe(true);
  });
});
