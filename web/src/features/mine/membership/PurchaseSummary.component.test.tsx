/**
 * A node / founder purchase's summary, as 'Confirm operation' shows it before the wallet opens:
 * the price rounded in the sentence and to the last unit in the approval step and under
 * "Everything the wallet will show", the treasury 4…4 with the whole address on request, what the
 * seat earns, the network fee of the purchase, and the same in Arabic, right to left.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { localDeployments } from '@app/contracts/generated/deployments';
import { afterEach, describe, expect, test } from 'vitest';
import { chainKeys } from '../../../shared/chain/reads';
import { FEE, USER } from '../../../test/chain';
import { inArabic, inEnglish } from '../../../test/language';
import { renderInApp, type QueryData } from '../../../test/render';
import type { Purchase } from './membership';
import { PurchaseSummary } from './PurchaseSummary';

const CHAIN = 1;
const deployment = localDeployments[CHAIN]!;
const TREASURY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const PRICE = 1_234_567_891n; // 1,234.567891 USDC

const chainData = (kind: Purchase, price: bigint): QueryData[] => [
  [chainKeys.pool(CHAIN), { usdcReserve: 3_000_000n * 10n ** 6n, rewardReserve: 10n ** 21n }],
  [[...chainKeys.all, CHAIN, 'networkFee', USER, 'payment', kind, price.toString()], FEE],
];

function renderSummary(kind: Purchase, price: bigint, feeBps = 100n) {
  renderInApp(
    <PurchaseSummary
      network={networks.ETH}
      deployment={deployment}
      user={USER}
      kind={kind}
      price={price}
      treasury={TREASURY}
      feeBps={feeBps}
      ecologicalShareBps={3_000n}
      now={1_700_000_000}
    />,
    { data: chainData(kind, price) },
  );
  return within(screen.getByTestId('purchase-summary'));
}

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

describe('PurchaseSummary', () => {
  afterEach(() => inEnglish());

  test('a node: the price rounded, exact in the approval step and in the list', () => {
    const summary = renderSummary('node', PRICE);
    expect(summary.getByText(/^You are about to buy a node/).textContent).toBe(
      'You are about to buy a node for 1,234.57 USDC.',
    );
    expect(texts(summary.getAllByRole('term')).slice(0, 5)).toEqual([
      'Staking contract',
      'USDC token',
      "Paid to (operator's treasury)",
      'Network',
      'Price',
    ]);
    const rows = summary.getAllByRole('definition');
    expect(rows[3]!.textContent).toBe('ETH');
    expect(rows[4]!.textContent).toBe('1,234.57 USDC');
    expect(summary.getByText(/^Step 1/).textContent).toContain(
      'approve exactly 1,234.567891 USDC for the staking contract',
    );
    const everything = within(summary.getByTestId('summary-exact'));
    expect(everything.getByText('1,234.567891 USDC')).toBeTruthy();
    expect(summary.getByText(/^A node shares/).textContent).toBe(
      'A node shares 30% of every exchange fee with the other nodes, as the ecological dividend.',
    );
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
  });

  test('the treasury 4…4, the whole address on a tap and in the list', () => {
    const summary = renderSummary('founder', PRICE);
    const treasury = within(summary.getByTestId('summary-treasury-shown'));
    const value = treasury.getByRole('button', { name: '0x3C...93BC' });
    expect(treasury.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    fireEvent.click(value);
    expect(value.textContent).toBe(TREASURY);
    expect(summary.getByTestId('summary-treasury').textContent).toBe(TREASURY);
    expect(summary.getByText(/^A founder seat shares/).textContent).toContain('70%');
  });

  test('a 0% exchange fee is said; an upgrade with nothing to pay still shows its network fee', () => {
    const summary = renderSummary('upgrade', 0n, 0n);
    expect(
      summary.getByText('Nothing is paid: the founder price is not above the node price.'),
    ).toBeTruthy();
    expect(
      summary.getByText('The exchange fee is 0% now, so there is nothing to share at the moment.'),
    ).toBeTruthy();
    // No USDC moves, but the call is a transaction: its fee is shown as for any other.
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'Network fee, at most 0.0001 ETH ≈ 0.30 USDC',
    );
  });

  test('in Arabic: the labels right to left, the price and the treasury left to right', async () => {
    await inArabic();
    const summary = renderSummary('node', PRICE);
    expect(document.documentElement.dir).toBe('rtl');
    expect(texts(summary.getAllByRole('term')).slice(0, 5)).toEqual([
      'عقد التخزين',
      'رمز USDC',
      'يُدفع إلى (خزينة المشغّل)',
      'الشبكة',
      'السعر',
    ]);
    expect(summary.getByText(/^أنت على وشك شراء عقدة/).textContent).toBe(
      'أنت على وشك شراء عقدة مقابل \u20661,234.57 USDC\u2069.',
    );
    const price = summary.getAllByRole('definition')[4]!.firstElementChild!;
    expect([price.tagName, price.getAttribute('dir'), price.textContent]).toEqual([
      'BDI',
      'ltr',
      '1,234.57 USDC',
    ]);
    const treasury = summary.getByTestId('summary-treasury-shown').firstElementChild!;
    expect([treasury.getAttribute('dir'), treasury.textContent]).toEqual(['ltr', '0x3C...93BC']);
    expect(screen.getByTestId('network-fee').textContent).toBe(
      'رسوم الشبكة، بحد أقصى 0.0001 ETH ≈ 0.30 USDC',
    );
  });
});
