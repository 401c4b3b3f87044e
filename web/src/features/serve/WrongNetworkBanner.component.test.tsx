/**
 * The banner Serve shows when the wallet is on another network than the one chosen in the top bar:
 * it names both (the wallet's by name when it is one of ours, else by its chain id, never a blank)
 * and offers the switch to the chosen one, in English and in Arabic.
 */
import { screen } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { afterEach, describe, expect, test } from 'vitest';
import { inArabic, inEnglish } from '../../test/language';
import { renderInApp } from '../../test/render';
import { WrongNetworkBanner } from './WrongNetworkBanner';

const banner = (walletChainId: number) =>
  renderInApp(
    <WrongNetworkBanner
      network={networks.ETH}
      walletChainId={walletChainId}
      onSwitched={() => Promise.resolve()}
    />,
  );

describe('WrongNetworkBanner', () => {
  afterEach(() => inEnglish());

  test("names the wallet's network and offers the chosen one", () => {
    banner(networks.BSC.chainId);
    expect(screen.getByRole('alert').textContent).toContain('Your wallet is on BSC, not ETH.');
    expect(screen.getByRole('button', { name: 'Switch to ETH' })).toBeTruthy();
  });

  test('a network that is not ours is named by its chain id', () => {
    banner(137);
    expect(screen.getByTestId('wrong-network').textContent).toBe(
      'Your wallet is on chain 137, not ETH.',
    );
  });

  test('in Arabic: the same facts, right to left', async () => {
    await inArabic();
    banner(137);
    const text = screen.getByTestId('wrong-network').textContent ?? '';
    expect(document.documentElement.dir).toBe('rtl');
    expect(text).toContain('137');
    expect(text).toContain('ETH');
    expect(text).not.toMatch(/Your wallet/);
  });
});
