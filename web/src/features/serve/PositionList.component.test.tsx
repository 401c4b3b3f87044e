/**
 * Serve's staking history, rendered with the page's own state (useServeState) on chain reads given
 * to it: newest stake first, each with its status, and "Withdraw principal" exactly where the
 * contract lets the principal leave: after the term, or at once, early, while the pool is paused
 * (exit always works: docs/ARCHITECTURE.md, trust rule 4). Never for a stake still mining in an
 * open pool, never twice.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { chainKeys } from '../../shared/chain/reads';
import { clearSession } from '../../shared/session';
import { signIn, USER } from '../../test/chain';
import { inArabic, inEnglish } from '../../test/language';
import { renderInApp, type QueryData } from '../../test/render';
import { PositionList } from './PositionList';
import { serveKeys, type PlansView, type PositionView } from './useServeData';
import { useServeState } from './useServeState';

const CHAIN = 1;
const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;

const plans: PlansView = {
  plans: [
    {
      id: 0,
      termDays: 30,
      open: true,
      dailyRate: 10n ** 24n,
      opensAt: now - 100 * DAY,
      closesAt: now + 100 * DAY,
      cap: usdc(1_000_000),
      totalStaked: 0n,
    },
  ],
  reserves: { usdcReserve: usdc(3_000_000), rewardReserve: 10n ** 21n },
};

/** getPositions as the lens returns it, oldest first: ended, still mining, already withdrawn. */
const rows = [
  { id: 0, planId: 0, amount: usdc(150), startTime: now - 31 * DAY, endTime: now - DAY },
  { id: 1, planId: 0, amount: 1_234_567_891n, startTime: now - DAY, endTime: now + 29 * DAY },
  { id: 2, planId: 0, amount: usdc(200), startTime: now - 40 * DAY, endTime: now - 10 * DAY },
].map((row) => ({ ...row, withdrawn: row.id === 2 }));

const chainData = (paused: boolean): QueryData[] => [
  [serveKeys.plans(CHAIN), plans],
  [serveKeys.positions(CHAIN, USER), rows],
  [chainKeys.values(CHAIN, ['paused', 'minStakeExclusive']), { paused, minStakeExclusive: 0n }],
  [['chain', CHAIN, 'time'], { offsetMs: 0 }],
];

function History({ onWithdraw }: { onWithdraw: (p: PositionView, early: boolean) => void }) {
  const serve = useServeState();
  return <PositionList serve={serve} busy={false} onWithdraw={onWithdraw} />;
}

/** Each row as a reader scans it: its status, its amount, and whether it offers a withdrawal. */
const shownRows = () =>
  screen
    .getAllByTestId('position-row')
    .map((row) => [
      within(row).getByTestId('position-status').textContent,
      within(row).getByTestId('position-amount').textContent,
      within(row).queryByTestId('withdraw-principal') !== null,
    ]);

describe('PositionList', () => {
  afterEach(() => {
    clearSession();
    inEnglish();
  });

  test('newest first; only the ended stake offers its principal, as a withdrawal after the term', () => {
    signIn();
    const onWithdraw = vi.fn();
    renderInApp(<History onWithdraw={onWithdraw} />, { data: chainData(false) });
    expect(shownRows()).toEqual([
      ['Principal withdrawn', '200 USDC', false],
      ['In mining', '1,234.57 USDC', false],
      ['Finished', '150 USDC', true],
    ]);
    expect(screen.queryByTestId('paused-note')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw principal' }));
    expect(onWithdraw).toHaveBeenCalledTimes(1);
    const [position, early] = onWithdraw.mock.calls[0]!;
    expect([position.id, early]).toEqual([0, false]);
  });

  test('while the pool is paused every stake not yet withdrawn can leave, early without penalty', () => {
    signIn();
    const onWithdraw = vi.fn();
    renderInApp(<History onWithdraw={onWithdraw} />, { data: chainData(true) });
    expect(screen.getByTestId('paused-note').textContent).toBe(
      'The pool is paused: you can withdraw the principal of every position now, without penalty.',
    );
    expect(shownRows().map(([, , offered]) => offered)).toEqual([false, true, true]);
    for (const button of screen.getAllByRole('button', { name: 'Withdraw principal' }))
      fireEvent.click(button);
    expect(onWithdraw.mock.calls.map(([p, early]) => [p.id, early])).toEqual([
      [1, true],
      [0, false],
    ]);
  });

  test('signed out: asked to connect, no stake shown', () => {
    renderInApp(<History onWithdraw={() => {}} />, { data: chainData(false) });
    expect(screen.getByText('Connect your wallet to see your stakes.')).toBeTruthy();
    expect(screen.queryAllByTestId('position-row')).toEqual([]);
  });

  test('in Arabic: right to left, with each amount left to right', async () => {
    await inArabic();
    signIn();
    renderInApp(<History onWithdraw={() => {}} />, { data: chainData(false) });
    expect(document.documentElement.dir).toBe('rtl');
    const amount = screen.getAllByTestId('position-amount')[1]!;
    expect(amount.textContent).toBe('1,234.57 USDC');
    expect(amount.querySelector('[dir="ltr"]')).not.toBeNull();
  });
});
