/**
 * A transaction's outcome said once (issue 24): after a confirmed flow the receipt card on the
 * flow's page says it, read out by screen readers and brought into view, and no success toast
 * repeats it; a user who went to another page meanwhile is told by the toast. The flow runs for
 * real (runTx) with the wallet, the chain and Confirm answered here.
 */
import { act, screen } from '@testing-library/react';
import type { NetworkInfo } from '@app/contracts/chains';
import type { Config } from 'wagmi';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { toasts } from '../../shared/ui/toast';
import { renderInApp } from '../../test/render';
import { runTx } from './flow';
import { receiptStore } from './progress';
import { TxReceiptBanner } from './TxProgress';

const HASH = `0x${'ab'.repeat(32)}` as const;
const USER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

vi.mock('../../shared/chain/client', () => ({ publicClientFor: () => ({}) }));
vi.mock('../../shared/ui/confirm', async (original) => ({
  ...(await original<typeof import('../../shared/ui/confirm')>()),
  confirmOrCancel: async () => {},
}));
vi.mock('../wallet/connected', async (original) => ({
  ...(await original<typeof import('../wallet/connected')>()),
  walletClientOn: async () => ({}),
}));
vi.mock('./receipt', async (original) => ({
  ...(await original<typeof import('./receipt')>()),
  waitForSuccess: async () => ({ status: 'success' }),
}));

/** A one-transaction flow; `whileSent` runs before the wallet returns its hash. */
function sendOne(options: { success?: string; receiptCard?: false; whileSent?: () => void } = {}) {
  return runTx({
    config: {} as Config,
    network: { chainId: 1, label: 'ETH' } as NetworkInfo,
    user: USER,
    summary: null,
    success: options.success ?? 'toast.txSucceeded',
    failure: 'toast.txFailed',
    receiptCard: options.receiptCard,
    steps: async (tx) => {
      await tx.send('loading.paying', async () => {
        options.whileSent?.();
        return HASH;
      });
    },
  });
}

const toastText = () => toasts.store.get()?.value;

describe('the receipt card and the success toast', () => {
  const scrolled = vi.fn();
  beforeEach(() => {
    window.location.hash = '#/pages/mine/mine';
    Element.prototype.scrollIntoView = scrolled;
  });
  afterEach(() => {
    act(() => receiptStore.set(null));
    toasts.store.set(null);
    scrolled.mockReset();
  });

  test('on the flow page: the card says it, announced and brought into view, no toast', async () => {
    renderInApp(<TxReceiptBanner />);
    await act(() => sendOne());
    const card = screen.getByTestId('tx-receipt');
    expect(card.textContent).toContain('✓ Confirmed · Transaction succeeded');
    expect(screen.getByTestId('tx-receipt-said').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('tx-receipt-said').textContent).toBe(
      'Confirmed · Transaction succeeded',
    );
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(toastText()).toBeUndefined();
  });

  test('the user went to another page while it was mined: the toast says it', async () => {
    renderInApp(<TxReceiptBanner />);
    await act(() =>
      sendOne({
        whileSent: () => {
          window.location.hash = '#/pages/serve/serve';
          window.dispatchEvent(new HashChangeEvent('hashchange'));
        },
      }),
    );
    expect(toastText()).toBe('Transaction succeeded');
    expect(screen.queryByTestId('tx-receipt')).toBeNull();
    expect(screen.getByTestId('tx-receipt-said').textContent).toBe('');
    expect(scrolled).not.toHaveBeenCalled();
  });

  test('a flow that leaves no card (binding before the stake) is toasted', async () => {
    renderInApp(<TxReceiptBanner />);
    await act(() => sendOne({ success: 'toast.bindSucceeded', receiptCard: false }));
    expect(toastText()).toBe('Binding succeeded');
    expect(screen.queryByTestId('tx-receipt')).toBeNull();
  });

  test('no card in the page at all: the toast says it', async () => {
    renderInApp(<p>no card here</p>);
    await act(() => sendOne());
    expect(toastText()).toBe('Transaction succeeded');
  });
});
