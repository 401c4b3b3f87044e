/**
 * Issue 24 §3: a second tab of the app refreshes within seconds after a transaction confirmed in
 * the first, a purchase on Mine or a stake on Serve. Pages of one browser context (same origin,
 * same session, same wallet); the other tabs are in the background (document hidden), as they are
 * while the user acts in tab A, so their own 15 s timers do not read the chain again (TanStack
 * Query polls only a visible page): only tab A's "user data changed" message can make them show
 * the new figures.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  closeTo,
  confirmOperation,
  goToTab,
  isNumberText,
  openApp,
  openSignedIn,
  pressStake,
  waitForBalance,
  waitForPosition,
  waitForText,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import { accountAddress, getAccount, parseShown, stakingCallAs, usdcBalance } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';

/** Tab B is a background tab: hidden, as a browser reports a tab the user is not looking at. */
const hiddenTabScript = `(() => {
  Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
  Object.defineProperty(document, 'hidden', { get: () => true });
})();`;

/** How long tab B may take: generous for a busy machine, far below "never" (the broken case). */
const SECOND_TAB_MS = 12_000;

const walletUsdc = async (page: Page) => waitForText(page, 'mine-wallet-usdc', isNumberText);

/** A background tab of the app in `context`, signed in through the session tab A stored, on `tab`. */
async function backgroundTab(
  context: BrowserContext,
  baseUrl: string,
  tab: 'Serve' | 'Mine',
): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: hiddenTabScript });
  await openApp(page, baseUrl);
  await goToTab(page, tab);
  return page;
}

/** What a page shows: the text of each test id, and how many position rows, read at one moment. */
type Shown = Record<string, string> & { positions: string };
// No named function inside: tsx would wrap it in a helper the page does not have.
const shownTogether = (page: Page, testIds: string[]): Promise<Shown> =>
  page.evaluate(
    (ids) =>
      ({
        ...Object.fromEntries(
          ids.map((id) => [
            id,
            document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '',
          ]),
        ),
        positions: String(document.querySelectorAll('[data-testid="position-row"]').length),
      }) as Shown,
    testIds,
  );

/**
 * Waits until one reading of the page's figures is all as `expected` says: a tab that showed the
 * new wallet balance next to an old position never gets there. Fails with the last reading.
 */
async function waitForShownTogether(
  page: Page,
  what: string,
  testIds: string[],
  expected: (shown: Shown) => boolean,
  timeout = SECOND_TAB_MS,
): Promise<Shown> {
  const started = Date.now();
  let last = await shownTogether(page, testIds);
  while (!expected(last)) {
    if (Date.now() - started > timeout)
      throw new Error(
        `${what} never showed the new figures together; last: ${JSON.stringify(last)}`,
      );
    await page.waitForTimeout(150);
    last = await shownTogether(page, testIds);
  }
  return last;
}

/** A shown USDC amount is `exact` base units, to the cent the page rounds to. */
const showsUsdc = (text: string | undefined, exact: bigint, decimals: number) =>
  isNumberText((text ?? '').replace(/\s*USDC$/, '')) &&
  closeTo(parseShown(text ?? '', decimals), exact);

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

  for (const { chainId, network, account } of [
    { chainId: 1, network: 'Ethereum', account: 6 },
    { chainId: 56, network: 'BSC', account: 7 },
  ] as const) {
    test(`${network}: a stake on Serve in tab A shows in Serve and Mine tabs without a reload`, async () => {
      const user = accountAddress(account);
      const chain = stack.chains[chainId];
      const decimals = chain.deployment.usdcDecimals;
      // Bound beforehand: the stake is the one transaction of tab A.
      await stakingCallAs(chain, account, 'bindSuperior', [chain.deployment.root]);
      const balanceBefore = await usdcBalance(chain, user);
      await withSession(
        stack,
        `second tab stake ${network}`,
        { account: user, initialChainId: chainId },
        async ({ context, page: tabA }) => {
          await openSignedIn(tabA, stack.server.url, user, 'Serve');
          await waitForBalance(tabA);

          const serve = await backgroundTab(context, stack.server.url, 'Serve');
          const serveIds = ['wallet-balance'];
          await waitForShownTogether(
            serve,
            'the Serve tab before',
            serveIds,
            (s) => showsUsdc(s['wallet-balance'], balanceBefore, decimals) && s.positions === '0',
          );
          const mine = await backgroundTab(context, stack.server.url, 'Mine');
          const mineIds = ['mine-wallet-usdc', 'mine-withdrawable', 'my-position-stake'];
          const before = await getAccount(chain, user);
          await waitForShownTogether(
            mine,
            'the Mine tab before',
            mineIds,
            (s) =>
              showsUsdc(s['mine-wallet-usdc'], balanceBefore, decimals) &&
              showsUsdc(s['mine-withdrawable'], before.withdrawable, decimals) &&
              showsUsdc(s['my-position-stake'], 0n, decimals),
          );

          const mark = await outcomeMark(tabA);
          await pressStake(tabA, '150');
          await confirmOperation(tabA);
          await expectReceipt(tabA, 'Stake confirmed', mark);
          await waitForPosition(tabA, '150 USDC');

          // The chain's figures after the stake; the background tabs, never reloaded nor shown,
          // show all of them at once: wallet balance, position and withdrawable together (a stake
          // leaves withdrawable as it was: it is held to the chain's value, not to a move).
          const [balanceAfter, after] = await Promise.all([
            usdcBalance(chain, user),
            getAccount(chain, user),
          ]);
          assert.equal(balanceBefore - balanceAfter, 150n * 10n ** BigInt(decimals));
          assert.equal(after.activeStake, 150n * 10n ** BigInt(decimals));
          await waitForShownTogether(
            serve,
            'the Serve tab',
            [...serveIds, 'position-amount'],
            (s) =>
              showsUsdc(s['wallet-balance'], balanceAfter, decimals) &&
              s.positions === '1' &&
              showsUsdc(s['position-amount'], after.activeStake, decimals),
          );
          await waitForShownTogether(
            mine,
            'the Mine tab',
            mineIds,
            (s) =>
              showsUsdc(s['mine-wallet-usdc'], balanceAfter, decimals) &&
              showsUsdc(s['mine-withdrawable'], after.withdrawable, decimals) &&
              showsUsdc(s['my-position-stake'], after.activeStake, decimals),
          );
          await serve.close();
          await mine.close();
        },
      );
    });
  }
});
