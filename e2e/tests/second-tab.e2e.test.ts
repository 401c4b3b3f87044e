/**
 * Issue 24 §3: a second tab of the app refreshes within seconds after a transaction confirmed in
 * the first. Two pages of one browser context (same origin, same session, same wallet); tab B is
 * in the background (document hidden), as it is while the user buys in tab A, so its own 15 s
 * timers do not read the chain again (TanStack Query polls only a visible page): only tab A's
 * "user data changed" message can make tab B show the new figures.
 */
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  confirmOperation,
  goToTab,
  isNumberText,
  openApp,
  openSignedIn,
  waitForText,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import { accountAddress } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

/** Tab B is a background tab: hidden, as a browser reports a tab the user is not looking at. */
const hiddenTabScript = `(() => {
  Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { get: () => true });
})();`;

/** How long tab B may take: generous for a busy machine, far below "never" (the broken case). */
const SECOND_TAB_MS = 12_000;

const walletUsdc = async (page: Page) => waitForText(page, 'mine-wallet-usdc', isNumberText);

describe('a second tab of the app', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack();
  });

  after(async () => {
    await stack?.stop();
  });

  for (const { chainId, network, account, noBroadcastChannel } of [
    { chainId: 1, network: 'Ethereum', account: 3, noBroadcastChannel: false },
    { chainId: 56, network: 'BSC', account: 4, noBroadcastChannel: false },
    // A browser without BroadcastChannel: the message goes through a localStorage write instead.
    { chainId: 1, network: 'Ethereum, no BroadcastChannel', account: 5, noBroadcastChannel: true },
  ] as const) {
    test(`${network}: a node bought in tab A shows in tab B without a reload`, async () => {
      const user = accountAddress(account);
      await withSession(
        stack,
        `second tab ${network}`,
        { account: user, initialChainId: chainId },
        async ({ context, page: tabA }) => {
          if (noBroadcastChannel) {
            await context.addInitScript({ content: 'delete window.BroadcastChannel;' });
          }
          await openSignedIn(tabA, stack.server.url, user, 'Mine');
          await waitForText(tabA, 'membership-status', (t) => t === 'No membership');

          // Tab B: the same app, signed in through the session tab A stored; in the background.
          const tabB = await context.newPage();
          await tabB.addInitScript({ content: hiddenTabScript });
          await openApp(tabB, stack.server.url);
          await goToTab(tabB, 'Mine');
          await waitForText(tabB, 'membership-status', (t) => t === 'No membership');
          const balanceBefore = await walletUsdc(tabB);

          const mark = await outcomeMark(tabA);
          await tabA.getByTestId('buy-node').click();
          await confirmOperation(tabA);
          await expectReceipt(tabA, 'Transaction succeeded', mark);
          await waitForText(tabA, 'membership-status', (t) => t === 'Node address');

          // Tab B, never reloaded nor shown: the membership and the wallet balance both moved.
          await waitForText(tabB, 'membership-status', (t) => t === 'Node address', SECOND_TAB_MS);
          await waitForText(
            tabB,
            'mine-wallet-usdc',
            (t) => isNumberText(t) && t !== balanceBefore,
            SECOND_TAB_MS,
          );
          await tabB.close();
        },
      );
    });
  }
});
