/**
 * Nodes and founders on Mine, rendered on the contract's getters given to it: each offer's price,
 * seats sold and left as the contract counts them, the user's status, and the purchases the
 * contract would accept, with the reason on the card for the ones it would refuse (sold out,
 * paused) and the spec's message for a price above the balance, before anything is sent.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { localDeployments } from '@app/contracts/generated/deployments';
import { afterEach, describe, expect, test } from 'vitest';
import { chainKeys, type StakingAccount } from '../../../shared/chain/reads';
import { stakingAccount, USER } from '../../../test/chain';
import { inArabic, inEnglish } from '../../../test/language';
import { renderInApp, type QueryData } from '../../../test/render';
import { MEMBERSHIP, offerViews, type MembershipParams } from './membership';
import { MembershipSection } from './MembershipSection';

const CHAIN = 1;
const deployment = localDeployments[CHAIN]!;
const usdc = (whole: number) => BigInt(whole) * 1_000_000n;
const TREASURY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

const offers: MembershipParams = {
  nodePrice: usdc(1_000),
  nodeLimit: 10n,
  nodeSold: 3n,
  founderPrice: usdc(5_000),
  founderLimit: 2n,
  founderSold: 1n,
  paused: false,
};

const chainData = (params: Partial<MembershipParams> = {}): QueryData[] => [
  [
    chainKeys.values(CHAIN, [
      ...offerViews,
      'paused',
      'treasury',
      'feeBps',
      'ECOLOGICAL_SHARE_BPS',
    ]),
    { ...offers, ...params, treasury: TREASURY, feeBps: 100n, ECOLOGICAL_SHARE_BPS: 5_000n },
  ],
  [chainKeys.values(CHAIN, ['pendingChanges', 'feeBps']), null],
  [['chain', CHAIN, 'time'], { offsetMs: 0 }],
];

function renderSection(
  account: Partial<StakingAccount>,
  params: Partial<MembershipParams> = {},
  usdcBalance = usdc(10_000),
) {
  renderInApp(
    <MembershipSection
      network={networks.ETH}
      deployment={deployment}
      user={USER}
      account={stakingAccount(account)}
      usdcBalance={usdcBalance}
    />,
    { data: chainData(params) },
  );
  return within(screen.getByTestId('membership'));
}

const text = (card: ReturnType<typeof renderSection>, testId: string) =>
  card.getByTestId(testId).textContent;
const toastText = () => screen.getAllByRole('status').at(-1)!.textContent;

describe('MembershipSection', () => {
  afterEach(() => inEnglish());

  test('no membership: both offers as the contract counts them, both purchases offered', () => {
    const card = renderSection({});
    expect(text(card, 'membership-status')).toBe('No membership');
    expect([
      text(card, 'node-price'),
      text(card, 'node-sold'),
      text(card, 'node-remaining'),
    ]).toEqual(['1,000 USDC', '3 of 10', '7']);
    expect([
      text(card, 'founder-price'),
      text(card, 'founder-sold'),
      text(card, 'founder-remaining'),
    ]).toEqual(['5,000 USDC', '1 of 2', '1']);
    expect(card.getByTestId<HTMLButtonElement>('buy-node').disabled).toBe(false);
    expect(card.getByTestId<HTMLButtonElement>('buy-founder').disabled).toBe(false);
    expect(card.queryByTestId('upgrade-founder')).toBeNull();
  });

  test('a node: no second node; the upgrade at the difference this user will pay', () => {
    const card = renderSection({
      membership: MEMBERSHIP.node,
      purchasedNode: true,
      upgradePrice: usdc(4_000),
    });
    expect(text(card, 'membership-status')).toBe('Node address');
    expect(card.queryByTestId('buy-node')).toBeNull();
    expect(text(card, 'upgrade-founder')).toBe('Upgrade to founder (4,000 USDC)');
  });

  test('sold out and paused: the reason on the card, the button off', () => {
    let card = renderSection({}, { founderSold: 2n });
    expect(text(card, 'founder-remaining')).toBe('0');
    expect(text(card, 'buy-founder-blocked')).toBe('Sold out: every founder seat has been sold');
    expect(card.getByTestId<HTMLButtonElement>('buy-founder').disabled).toBe(true);
    expect(card.getByTestId<HTMLButtonElement>('buy-node').disabled).toBe(false);
    act(() => screen.getByTestId('membership').parentElement!.remove());

    card = renderSection({}, { paused: true });
    for (const offer of ['buy-node', 'buy-founder']) {
      expect(text(card, `${offer}-blocked`)).toBe('Purchases are closed while the pool is paused');
      expect(card.getByTestId<HTMLButtonElement>(offer).disabled).toBe(true);
    }
  });

  test("a price above the wallet's USDC: the spec's message, and no confirm dialog", async () => {
    const card = renderSection({}, {}, usdc(999));
    await act(async () => fireEvent.click(card.getByTestId('buy-node')));
    expect(toastText()).toBe('Your USDC balance is not enough for this price');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('in Arabic: right to left, the prices left to right', async () => {
    await inArabic();
    const card = renderSection({});
    expect(document.documentElement.dir).toBe('rtl');
    // The price is isolated left to right (U+2066 … U+2069), so '1,000 USDC' does not turn around.
    expect(text(card, 'node-price')).toBe('\u20661,000 USDC\u2069');
    expect(card.getByTestId('membership-status').textContent).not.toBe('No membership');
  });
});
