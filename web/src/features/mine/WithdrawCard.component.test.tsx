/**
 * Mine's withdraw card, rendered with the page's own state and actions (useMineState,
 * useMineActions) on chain reads given to it: the contract's minimum, Max taking the exact
 * withdrawable balance, the warning when a withdrawal would leave less than the minimum behind
 * with its one-tap "Withdraw all" (issue 24 §2), and the spec's toasts for an amount it refuses.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { Amount } from '../../shared/ui/Amount';
import { toasts } from '../../shared/ui/toast';
import { FEE, signIn, stakingAccount, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { useMineActions } from './useMineActions';
import { useMineState } from './useMineState';
import { WithdrawCard } from './WithdrawCard';

const CHAIN = 1;
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const WITHDRAWABLE = 250_123_456n; // 250.123456 USDC

/** Chain reads of a user with `withdrawable` USDC in the contract; the minimum is 10 USDC. */
const chainData = (withdrawable: bigint): QueryData[] => [
  [chainKeys.usdcBalance(CHAIN, USER), usdc(42)],
  [chainKeys.account(CHAIN, USER), stakingAccount({ withdrawable })],
  [chainKeys.values(CHAIN, ['minWithdrawal']), { minWithdrawal: usdc(10) }],
  [chainKeys.pool(CHAIN), { usdcReserve: usdc(3_000_000), rewardReserve: 1_000n * 10n ** 18n }],
];
/** The fee of a withdrawal of exactly `amount`. */
const withdrawalFee = (amount: bigint): QueryData => [
  [...chainKeys.all, CHAIN, 'networkFee', USER, 'withdraw', amount.toString()],
  FEE,
];

function Withdraw() {
  const state = useMineState();
  const actions = useMineActions(state);
  return (
    <WithdrawCard
      state={state}
      shown={(value) =>
        value === undefined ? '--' : <Amount value={value} token="usdc" hideUnit plain />
      }
      busy={false}
      onWithdraw={() => void actions.withdraw()}
    />
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Withdraw amount' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const remainder = () => screen.queryByTestId('withdraw-remainder');
/** Taps Withdraw and lets its check finish (the next write waits for the one before). */
const withdraw = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
const feeLine = () => screen.getByTestId('network-fee').textContent;
// The toast region is the last status in the page (renderInApp puts it after the card).
const toastText = () => screen.getAllByRole('status').at(-1)!.textContent;

describe('WithdrawCard', () => {
  beforeEach(() => signIn());
  afterEach(() => {
    clearSession();
    act(() => toasts.store.set(null));
  });

  test('the withdrawable balance, the wallet balance and the contract minimum', () => {
    renderInApp(<Withdraw />, { data: chainData(WITHDRAWABLE) });
    expect(screen.getByTestId('mine-withdrawable').textContent).toBe('250.12');
    expect(screen.getByTestId('mine-wallet-usdc').textContent).toBe('42');
    expect(screen.getByTestId('mine-min-withdrawal').textContent).toBe(
      'Minimum withdrawal: 10 USDC. The USDC goes to your own wallet address.',
    );
  });

  test('Max takes the exact withdrawable amount: nothing is left behind', () => {
    renderInApp(<Withdraw />, { data: [...chainData(WITHDRAWABLE), withdrawalFee(WITHDRAWABLE)] });
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('250.12');
    // The 0.003456 USDC that 250.12 would leave is not left: no warning, the fee of all of it.
    expect(remainder()).toBeNull();
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });

  test('a rest below the minimum is pointed out, and "Withdraw all" takes the whole balance', () => {
    renderInApp(<Withdraw />, {
      data: [...chainData(WITHDRAWABLE), withdrawalFee(usdc(245)), withdrawalFee(WITHDRAWABLE)],
    });
    type('245');
    const warning = remainder()!;
    expect(warning.getAttribute('role')).toBe('status');
    expect(within(warning).getByRole('paragraph').textContent).toBe(
      'This leaves 5.12 USDC, less than the 10 USDC minimum: it could then only leave on its own, in a separate withdrawal with its own network fee.',
    );
    fireEvent.click(within(warning).getByRole('button', { name: 'Withdraw all' }));
    expect(input().value).toBe('250.12');
    expect(remainder()).toBeNull();
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });

  test('a rest of at least the minimum: no warning', () => {
    renderInApp(<Withdraw />, { data: [...chainData(WITHDRAWABLE), withdrawalFee(usdc(240))] });
    type('240');
    expect(remainder()).toBeNull();
  });

  test('Withdraw refuses less than the minimum and more than the balance, saying why', async () => {
    renderInApp(<Withdraw />, { data: chainData(WITHDRAWABLE) });
    type('5');
    expect(feeLine()).toBe('Network fee, at most shown once the amount is valid');
    await withdraw();
    expect(toastText()).toBe('The withdrawal amount cannot be less than the minimum of 10 USDC');
    type('300');
    await withdraw();
    expect(toastText()).toBe('Amount exceeds balance');
  });

  test('a balance below the minimum leaves only as a whole: Max takes it, a part is refused', async () => {
    renderInApp(<Withdraw />, { data: [...chainData(usdc(5)), withdrawalFee(usdc(5))] });
    type('3');
    await withdraw();
    expect(toastText()).toBe(
      'Your balance is below the minimum of 10 USDC: withdraw all of it (5 USDC)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('5');
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });
});
