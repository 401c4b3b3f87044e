/**
 * A transaction's summary in 'Confirm operation' (docs/TRUST.md rule 7, issue 24 §1), rendered in
 * the dialog: amounts rounded by the one display rule with every unit under "Everything the wallet
 * will show", addresses 4…4 with the whole one on a tap and in that list, and in Arabic the labels
 * right to left while amounts and addresses stay left to right.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { localDeployments } from '@app/contracts/generated/deployments';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { t } from '../../i18n';
import { answerConfirm, ConfirmHost, confirmOrCancel } from '../../shared/ui/confirm';
import { USER } from '../../test/chain';
import { inArabic, inEnglish } from '../../test/language';
import { renderInApp } from '../../test/render';
import { TxSummary } from './TxSummary';

const deployment = localDeployments[1]!;
const TREASURY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** Opens 'Confirm operation' with `summary`, as a flow does before the wallet opens. */
function confirming(summary: ReactNode): HTMLElement {
  renderInApp(<ConfirmHost />);
  act(() => {
    confirmOrCancel({
      title: t('dialog.confirmOperation'),
      content: summary,
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    }).catch(() => {});
  });
  return screen.getByRole('dialog');
}

const rows = [
  { label: 'Amount', amount: 1_000_123_456n, token: 'usdc' as const, testId: 'amount' },
  { label: 'Coin', amount: 123_456_789_012_345_678n, token: 'reward' as const, testId: 'coin' },
  { label: 'Paid to', address: TREASURY.toLowerCase(), testId: 'to' },
  { label: 'Network', value: 'ETH', testId: 'network' },
];

describe('TxSummary', () => {
  afterEach(async () => {
    act(() => answerConfirm(false));
    await inEnglish();
  });

  test('amounts rounded; every unit under "Everything the wallet will show"', () => {
    const dialog = within(confirming(<TxSummary testId="s" intro="Intro" rows={rows} />));
    expect(dialog.getByTestId('amount-shown').textContent).toBe('1,000.12 USDC');
    expect(dialog.getByTestId('coin-shown').textContent).toBe('0.1235 WETH');
    const everything = dialog.getByTestId('summary-exact') as HTMLDetailsElement;
    expect(everything.open).toBe(false);
    expect(within(everything).getByText('Everything the wallet will show').tagName).toBe('SUMMARY');
    expect(dialog.getByTestId('amount').textContent).toBe('1,000.123456 USDC');
    expect(dialog.getByTestId('coin').textContent).toBe('0.123456789012345678 WETH');
  });

  test('addresses 4…4, the whole one on a tap and in the list, checksummed', () => {
    const dialog = within(confirming(<TxSummary testId="s" intro="Intro" rows={rows} />));
    const shown = dialog.getByTestId('to-shown');
    const address = within(shown).getByRole('button', { name: '0x3C...93BC' });
    expect(address.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(address);
    expect(address.textContent).toBe(TREASURY);
    expect(dialog.getByTestId('to').textContent).toBe(TREASURY);
  });

  test('a value row is shown as given, and not repeated in the list', () => {
    const dialog = within(confirming(<TxSummary testId="s" intro="Intro" rows={rows} />));
    expect(dialog.getByTestId('network').textContent).toBe('ETH');
    const everything = within(dialog.getByTestId('summary-exact'));
    expect(everything.queryByText('Network')).toBeNull();
    expect(everything.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Amount',
      'Coin',
      'Paid to',
    ]);
  });

  test('in Arabic: the labels right to left, amounts and addresses left to right', async () => {
    await inArabic();
    // The withdrawal's summary (MineSummary) as it is built: the labels are the app's texts.
    const dialog = confirming(
      <TxSummary
        testId="withdraw-summary"
        intro={t('mine.summary.withdrawNote')}
        rows={[
          { label: t('serve.summary.contract'), address: deployment.staking },
          { label: t('serve.summary.network'), value: networks.ETH.label },
          {
            label: t('serve.summary.amount'),
            amount: 250_123_456n,
            token: 'usdc',
            testId: 'summary-amount',
          },
          { label: t('mine.summary.to'), address: USER },
        ]}
      />,
    );
    expect(document.documentElement.dir).toBe('rtl');
    expect(within(dialog).getByRole('heading').textContent).toBe('تأكيد العملية');
    const summary = within(within(dialog).getByTestId('withdraw-summary'));
    expect(summary.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'عقد التخزين',
      'الشبكة',
      'الكمية',
      'إلى',
      'عقد التخزين',
      'الكمية',
      'إلى',
    ]);
    expect(summary.getByText('كل ما ستعرضه المحفظة').tagName).toBe('SUMMARY');
    const amount = summary.getByTestId('summary-amount-shown').firstElementChild!;
    expect([amount.tagName, amount.getAttribute('dir'), amount.textContent]).toEqual([
      'BDI',
      'ltr',
      '250.12 USDC',
    ]);
    expect(summary.getByTestId('summary-amount').textContent).toBe('\u2066250.123456 USDC\u2069');
    const to = summary.getAllByRole('button', { name: '0x70...79C8' })[0]!.closest('bdi')!;
    expect([to.getAttribute('dir'), to.textContent]).toEqual(['ltr', '0x70...79C8']);
  });
});
