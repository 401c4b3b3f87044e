/**
 * Serve's stake form, rendered with the page's own state (useServeState) on chain reads given to
 * it: the plan chips choose the plan, Max fills the balance or the chosen plan's smaller room in
 * the digits people read, "You will receive" appears once there is an amount, and the network fee
 * line waits for a valid amount (and a bound invitation) before it shows the fee of that exact stake.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { FEE, signIn, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { StakeForm } from './StakeForm';
import { serveKeys, type PlansView } from './useServeData';
import { useServeState } from './useServeState';

const CHAIN = 1;
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const BALANCE = 1_000_123_456n; // 1,000.123456 USDC
const reserves = { usdcReserve: usdc(3_000_000), rewardReserve: 1_000n * 10n ** 18n };
const plan = { dailyRate: 10n ** 24n, opensAt: 1_700_000_000, closesAt: 2_000_000_000 };
const plans: PlansView = {
  plans: [
    { ...plan, id: 0, termDays: 30, open: true, cap: usdc(1_000_000), totalStaked: 0n },
    // 500 USDC of room left: less than the balance.
    { ...plan, id: 1, termDays: 90, open: true, cap: usdc(10_000), totalStaked: usdc(9_500) },
    { ...plan, id: 2, termDays: 180, open: false, cap: usdc(10_000), totalStaked: 0n },
  ],
  reserves,
};
/** The fee of a stake of `amount` into `planId`, as the chain would estimate it (0.0001 ETH). */
const stakeFee = (planId: number, amount: bigint): QueryData => [
  [...chainKeys.all, CHAIN, 'networkFee', USER, 'payment', 'stake', planId, amount.toString()],
  FEE,
];

const chainData: QueryData[] = [
  [chainKeys.usdcBalance(CHAIN, USER), BALANCE],
  [serveKeys.plans(CHAIN), plans],
  [serveKeys.positions(CHAIN, USER), []],
  // Bound to an inviter: in the referral tree, so the chain would take the stake.
  [serveKeys.uplines(CHAIN, USER), 1],
  [
    chainKeys.values(CHAIN, ['paused', 'minStakeExclusive']),
    { paused: false, minStakeExclusive: usdc(100) },
  ],
  [['chain', CHAIN, 'time'], { offsetMs: 0 }],
  [chainKeys.pool(CHAIN), reserves],
];

function ServeForm() {
  const serve = useServeState();
  return <StakeForm serve={serve} busy={false} onStake={() => {}} />;
}

const amountInput = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Stake quantity' });
const type = (text: string) => fireEvent.change(amountInput(), { target: { value: text } });
const feeLine = () => screen.getByTestId('network-fee').textContent;

describe('StakeForm', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => clearSession());

  test('the chips: the first open plan is chosen, a tap chooses another, an ended one is off', () => {
    renderInApp(<ServeForm />, { data: chainData });
    const chips = within(screen.getByRole('group', { name: 'Subscription plans' }));
    const [thirty, ninety, ended] = chips.getAllByRole<HTMLInputElement>('radio');
    expect(chips.getAllByTestId('plan-option').map((chip) => chip.textContent)).toEqual([
      '30-day term',
      '90-day term',
      '180-day termSubscription has ended',
    ]);
    expect([thirty!.checked, ninety!.checked, ended!.disabled]).toEqual([true, false, true]);
    expect(screen.getByTestId('plan-cap').textContent).toBe('Room left: 1,000,000 USDC');
    fireEvent.click(ninety!);
    expect([thirty!.checked, ninety!.checked]).toEqual([false, true]);
    expect(screen.getByTestId('plan-cap').textContent).toBe('Room left: 500 USDC');
  });

  test('Max fills the balance as readable digits, and stands for all of it', () => {
    renderInApp(<ServeForm />, { data: [...chainData, stakeFee(0, BALANCE)] });
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,000.12');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('1000.12');
    // The fee shown is the one of a stake of the whole balance, to the last unit.
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });

  test("Max in a plan with less room than the balance fills the plan's room", () => {
    renderInApp(<ServeForm />, { data: [...chainData, stakeFee(1, usdc(500))] });
    fireEvent.click(screen.getByRole('radio', { name: '90-day term' }));
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(amountInput().value).toBe('500');
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });

  test('"You will receive" shows for an amount: when it is withdrawable and the coin reserved', () => {
    renderInApp(<ServeForm />, { data: [...chainData, stakeFee(0, usdc(500))] });
    expect(screen.queryByText('You will receive')).toBeNull();
    type('500');
    const receive = screen.getByTestId('stake-earnings');
    expect(within(receive).getByRole('heading').textContent).toBe('You will receive');
    // 500 USDC × 0.001 WETH a day per 1,000 USDC × 30 days = 0.015 WETH, worth 45 USDC at 3,000.
    expect(screen.getByTestId('earn-mining').textContent).toBe('0.015 WETH');
    expect(screen.getByTestId('earn-value').textContent).toBe('45 USDC');
    expect(screen.getByTestId('earn-withdrawable').textContent).not.toBe('');
  });

  test('the network fee says "shown once the amount is valid" until the amount is valid', () => {
    renderInApp(<ServeForm />, { data: [...chainData, stakeFee(0, usdc(500))] });
    const waiting = 'Network fee, at most shown once the amount is valid';
    expect(feeLine()).toBe(waiting);
    type('100'); // the contract takes more than 100 USDC
    expect(feeLine()).toBe(waiting);
    type('2000'); // more than the balance
    expect(feeLine()).toBe(waiting);
    type('500');
    expect(feeLine()).toBe('Network fee, at most 0.0001 ETH ≈ 0.30 USDC');
  });

  test('before the invitation is bound the fee waits for it (the chain would refuse the stake)', () => {
    const unbound = chainData.map(([key, value]): QueryData =>
      key.join() === serveKeys.uplines(CHAIN, USER).join() ? [key, 0] : [key, value],
    );
    renderInApp(<ServeForm />, { data: [...unbound, stakeFee(0, usdc(500))] });
    type('500');
    expect(feeLine()).toBe('Network fee, at most shown once your invitation is bound');
  });
});
