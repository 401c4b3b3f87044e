/**
 * RPC settings (issue 18 §2), rendered as the app shows it with URLs this device saved earlier: each
 * network lists its own in the order they are tried, Remove takes one out (and off the device), and
 * a URL the app refuses before asking it anything (not http(s), already listed, one too many) gets
 * its translated reason and changes nothing. Whether a URL answers for the right chain needs a node:
 * e2e/tests/read-fallback.e2e.test.ts does that against anvil.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { networks } from '@app/contracts/chains';
import { beforeEach, describe, expect, test, vi } from 'vitest';

const ETH = networks.ETH.chainId;
const BSC = networks.BSC.chainId;
const saved = {
  [ETH]: ['https://eth.one.example', 'http://127.0.0.1:8545'],
  [BSC]: ['https://bsc.one.example'],
};

/** The page, with the settings module loaded afresh from what this device stored. */
async function renderPage(stored: Record<number, string[]>) {
  localStorage.setItem('rpcUrls', JSON.stringify(stored));
  vi.resetModules();
  // (The toast region too: the page's toasts go to the toast module loaded with it.)
  const [{ default: RpcSettingsPage }, { renderInApp }] = await Promise.all([
    import('./RpcSettingsPage'),
    import('../../test/render'),
  ]);
  renderInApp(<RpcSettingsPage />);
}

const card = (chainId: number) => within(screen.getByTestId(`rpc-settings-${chainId}`));
const listed = (chainId: number) =>
  card(chainId)
    .queryAllByTestId('rpc-url')
    .map((u) => u.textContent);
const stored = () =>
  JSON.parse(localStorage.getItem('rpcUrls') ?? '{}') as Record<string, string[]>;
const toastText = () => screen.getAllByRole('status').at(-1)!.textContent;

async function add(chainId: number, url: string) {
  fireEvent.change(card(chainId).getByRole('textbox'), { target: { value: url } });
  await act(async () =>
    fireEvent.click(card(chainId).getByRole('button', { name: 'Check and save' })),
  );
}

describe('RpcSettingsPage', () => {
  beforeEach(() => localStorage.clear());

  test("each network lists this device's URLs in the order they are tried; Remove takes one out", async () => {
    await renderPage(saved);
    expect(listed(ETH)).toEqual(saved[ETH]);
    expect(listed(BSC)).toEqual(saved[BSC]);
    fireEvent.click(card(ETH).getAllByRole('button', { name: 'Remove' })[0]!);
    expect(listed(ETH)).toEqual(['http://127.0.0.1:8545']);
    expect(stored()).toEqual({ [ETH]: ['http://127.0.0.1:8545'], [BSC]: saved[BSC] });
    fireEvent.click(card(BSC).getByRole('button', { name: 'Remove' }));
    expect(card(BSC).getByTestId('rpc-none').textContent).toBe('No RPC URL of your own yet.');
  });

  test('a URL refused before it is asked anything: its reason, translated, and nothing saved', async () => {
    await renderPage(saved);
    await add(ETH, 'ftp://eth.example');
    expect(toastText()).toBe('Enter a web address starting with https:// · http://');
    await add(ETH, 'https://user:secret@eth.example');
    expect(toastText()).toBe('Enter a web address starting with https:// · http://');
    await add(BSC, ' https://bsc.one.example ');
    expect(toastText()).toBe('This URL is already in the list');
    expect(stored()).toEqual(saved);
    expect(listed(ETH)).toEqual(saved[ETH]);
  });

  test('at most three per network', async () => {
    const full = { [ETH]: ['https://a.example', 'https://b.example', 'https://c.example'] };
    await renderPage(full);
    await add(ETH, 'https://d.example');
    expect(toastText()).toBe('At most 3 URLs per network');
    expect(stored()).toEqual(full);
  });
});
