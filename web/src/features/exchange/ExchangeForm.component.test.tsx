/**
 * Exchange's form, rendered with the page's own state and actions (useExchangeState,
 * useExchangeActions) on chain reads given to it: the quantity field and Max, "You receive at
 * least" once the quantity has settled, the slippage choices moving that guaranteed minimum, and
 * the spec's toast for a quantity over the exchangeable balance.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { minusTolerance } from '../../shared/amount';
import { chainKeys } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { Amount } from '../../shared/ui/Amount';
import { toasts } from '../../shared/ui/toast';
import { THROTTLE_MS } from '../../shared/useDebounced';
import { FEE, signIn, stakingAccount, USER } from '../../test/chain';
import { renderInApp, type QueryData } from '../../test/render';
import { ExchangeForm } from './ExchangeForm';
import type { ExchangeQuote } from './exchangeFlow';
import { useExchangeActions } from './useExchangeActions';
import { useExchangeState } from './useExchangeState';

const CHAIN = 1;
const coin = (whole: number) => BigInt(whole) * 10n ** 18n;
const EARNED = 1_234_567_891_234_567_891n; // 1.234567891234567891 WETH
const reserves = { usdcReserve: 3_000_000n * 10n ** 6n, rewardReserve: coin(1_000) };

/** The contract's quote at 3,000 USDC a coin, 1% fee. */
const quoteOf = (amountIn: bigint): ExchangeQuote => {
  const grossUsdc = (amountIn * 3_000n) / 10n ** 12n;
  const fee = grossUsdc / 100n;
  return { grossUsdc, feeBps: 100n, fee, netUsdc: grossUsdc - fee };
};
/** The quote of `amountIn` and the network fee of the exchange it leads to at `toleranceBps`. */
const quoted = (amountIn: bigint, ...toleranceBps: number[]): QueryData[] => [
  [[...chainKeys.account(CHAIN, USER), 'quote', amountIn.toString()], quoteOf(amountIn)],
  ...toleranceBps.map((bps): QueryData => {
    const minOut = minusTolerance(quoteOf(amountIn).netUsdc, bps);
    const key = ['exchange', amountIn.toString(), minOut.toString()];
    return [[...chainKeys.all, CHAIN, 'networkFee', USER, ...key], FEE];
  }),
];

const chainData: QueryData[] = [
  [chainKeys.account(CHAIN, USER), stakingAccount({ earned: EARNED })],
  [chainKeys.pool(CHAIN), reserves],
  [
    chainKeys.values(CHAIN, ['feeBps', 'MAX_FEE_BPS', 'FREE_EXCHANGES', 'FEE_FREE_LEVEL']),
    { feeBps: 100n, MAX_FEE_BPS: 1_000n, FREE_EXCHANGES: 0n, FEE_FREE_LEVEL: 5n },
  ],
  [chainKeys.values(CHAIN, ['pendingChanges', 'feeBps']), null],
];

function Exchange() {
  const state = useExchangeState();
  const actions = useExchangeActions(state);
  return (
    <ExchangeForm
      state={state}
      accountValue={(value) =>
        value === undefined ? '--' : <Amount value={value} token="reward" hideUnit plain />
      }
      now={1_700_000_000}
      busy={false}
      onExchange={() => void actions.exchange()}
    />
  );
}

const input = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Exchange quantity' });
/** Types a quantity and lets it settle (the quote follows the typing after 500 ms). */
const type = (text: string) => {
  fireEvent.change(input(), { target: { value: text } });
  act(() => vi.advanceTimersByTime(THROTTLE_MS));
};
/** Taps Exchange and lets its check finish (the next write waits for the one before). */
const exchange = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exchange' })));
const atLeast = () => screen.getByTestId('quote-min').textContent;

describe('ExchangeForm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signIn();
  });
  afterEach(() => {
    clearSession();
    act(() => toasts.store.set(null));
    vi.useRealTimers();
  });

  test('a quantity typed: "You receive at least" the quote less 0.5%, its parts behind it', () => {
    renderInApp(<Exchange />, { data: [...chainData, ...quoted(coin(1), 50)] });
    expect(screen.getByTestId('exchange-quote-hint').textContent).toBe(
      'Enter a quantity to see what you would receive.',
    );
    type('1');
    const quote = within(screen.getByTestId('exchange-quote'));
    // 1 WETH at 3,000 USDC, 1% fee: 2,970 USDC; at least 2,955.15 with 0.5% slippage.
    expect(quote.getByText('You receive at least')).toBeTruthy();
    expect(atLeast()).toBe('2,955.15 USDC');
    expect(screen.getByTestId('quote-gross').textContent).toBe('3,000 USDC');
    expect(screen.getByTestId('quote-fee').textContent).toBe('30 USDC');
    expect(screen.getByTestId('quote-net').textContent).toBe('2,970 USDC');
    expect(quote.getByText('Minimum received (slippage 0.5%)')).toBeTruthy();
  });

  test('Max fills the exchangeable balance in readable digits and quotes all of it', () => {
    renderInApp(<Exchange />, { data: [...chainData, ...quoted(EARNED, 50)] });
    expect(screen.getByTestId('exchangeable-amount').textContent).toBe('1.2346');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect(input().value).toBe('1.2345');
    // The minimum of 1.234567891234567891 WETH's quote (the 1.2345 shown would be 3,648.13).
    expect(atLeast()).toBe('3,648.33 USDC');
  });

  test('the slippage choices: 0.5% first, 1% lowers the minimum received', () => {
    renderInApp(<Exchange />, { data: [...chainData, ...quoted(coin(1), 50, 100)] });
    type('1');
    const choices = within(screen.getByRole('radiogroup', { name: 'Slippage tolerance' }));
    expect(choices.getAllByRole('radio').map((choice) => choice.textContent)).toEqual([
      '0.1%',
      '0.5%',
      '1%',
      '3%',
    ]);
    expect(choices.getByRole('radio', { checked: true }).textContent).toBe('0.5%');
    fireEvent.click(choices.getByRole('radio', { name: '1%' }));
    expect(choices.getByRole('radio', { checked: true }).textContent).toBe('1%');
    expect(atLeast()).toBe('2,940.30 USDC');
    expect(screen.getByText('Minimum received (slippage 1%)')).toBeTruthy();
  });

  test('more than the exchangeable balance: no quote, and Exchange says "Amount exceeds balance"', async () => {
    renderInApp(<Exchange />, { data: chainData });
    type('2');
    expect(screen.queryByTestId('exchange-quote')).toBeNull();
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most shown once the amount is valid',
    );
    await exchange();
    expect(screen.getByRole('status').textContent).toBe('Amount exceeds balance');
  });

  test('nothing typed: Exchange asks for the quantity', async () => {
    renderInApp(<Exchange />, { data: chainData });
    await exchange();
    expect(screen.getByRole('status').textContent).toBe('Please enter the exchange quantity');
  });
});
