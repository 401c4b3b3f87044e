/**
 * The app shell, its top bar and dialogs (spec §2, §4, §8, §9) in a real browser against the real
 * server:
 * the anonymous and the logged-in header, the account sheet and the logout confirmation, the
 * language choice (relaunch at the index page, reload, restored), network choices the wallet
 * refuses or that follow the wallet at sign-in, the four tabs and the navigation rules, the notify
 * banner of a notice that arrives while the app is open (3000 ms, next to the 2000 ms toast), and
 * a write the server refuses toasting the server's own message, and the 'Tip' dialog of a link the
 * browser would not copy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { localAccounts } from '@app/contracts/accounts';
import {
  busyViewShown,
  chooseNetwork,
  expectLifetime,
  expectToast,
  goToTab,
  holdPageClock,
  openApp,
  openSignedIn,
  shortAddress,
  signIn,
  STEP_MS,
  toastMark,
  toastsShown,
} from '../app.ts';
import { api, apiLogin } from '../data.ts';
import { advanceClockUntilVisible, startStack, withSession, type Stack } from '../harness.ts';

/** Spec §9: how long a toast and the notify banner stay. */
const TOAST_MS = 2000;
const NOTIFY_MS = 3000;

const ROOT_INDEX = 0;
const account = (index: number): Address => {
  const a = localAccounts[index];
  assert.ok(a);
  return a.address;
};

/** Writes (mark read, admin) per IP and address before the server answers 1006. */
const WRITE_LIMIT = 3;

describe('app shell, top bar and dialogs', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack({
      adminAddresses: [account(ROOT_INDEX)],
      // Only the notify scenario writes; the window outlasts the whole file.
      writeRateLimit: { max: WRITE_LIMIT, timeWindowMs: 60 * 60_000 },
    });
  });

  after(async () => {
    await stack?.stop();
  });

  test('anonymous header, four tabs, the spec routes and the navigation rules', async () => {
    await withSession(
      stack,
      'anonymous shell',
      { account: account(2), initialChainId: 1 },
      async ({ page }) => {
        // /pages/index/index is the home tab as well as /.
        await openApp(page, stack.server.url, '/pages/index/index');
        await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });

        // Dark navy (the theme colour of the manifest too).
        assert.equal(
          await page.evaluate(
            () => getComputedStyle(document.querySelector('.app') as Element).backgroundColor,
          ),
          'rgb(11, 23, 51)',
        );

        // Top bar: logo on the left, then network, language, notices and the wallet button.
        const header = page.getByRole('banner');
        const logo = header.getByRole('link', { name: 'Honest Stake' });
        const network = header.getByRole('button', { name: 'Select network' });
        const language = header.getByRole('button', { name: 'Select language' });
        const bell = header.getByRole('button', { name: 'Notify' });
        const walletButton = header.getByTestId('wallet-button');
        const xs = await Promise.all(
          [logo, network, language, bell, walletButton].map(
            async (l) => (await l.boundingBox())?.x,
          ),
        );
        assert.ok(
          xs.every((x, i) => x !== undefined && (i === 0 || x > (xs[i - 1] ?? Infinity))),
          `left to right: logo, network, language, notices, wallet: ${JSON.stringify(xs)}`,
        );
        assert.equal((await walletButton.innerText()).trim(), 'Connect wallet');

        await network.click();
        const networkMenu = page.getByRole('menu', { name: 'Select network' });
        assert.deepEqual(await networkMenu.getByRole('menuitemradio').allInnerTexts(), [
          'ETH',
          'BSC',
        ]);
        assert.equal(
          await networkMenu
            .getByRole('menuitemradio', { name: 'ETH' })
            .getAttribute('aria-checked'),
          'true',
          'ETH is the default network',
        );
        await page.keyboard.press('Escape');
        await language.click();
        const languageMenu = page.getByRole('menu', { name: 'Select language' });
        assert.deepEqual(await languageMenu.getByRole('menuitemradio').allInnerTexts(), [
          'English',
          '繁體中文',
          '日本語',
          'Русский',
          '한국어',
          'Español',
          'Tiếng Việt',
          'العربية',
          'Français',
          'ไทย',
        ]);
        await page.keyboard.press('Escape');

        // Logged out, the wallet button opens the centered wallet popup, never the account sheet.
        await walletButton.click();
        const popup = page.getByRole('dialog', { name: 'Choose a wallet' });
        await popup.waitFor();
        assert.match((await popup.getAttribute('class')) ?? '', /modal--center/);
        // Spec §9: a popup opens in 300 ms.
        assert.equal(await popup.evaluate((el) => getComputedStyle(el).animationDuration), '0.3s');
        assert.equal(await page.getByRole('dialog', { name: 'Account' }).count(), 0);
        await popup.getByRole('button', { name: 'Close' }).click();

        // The bottom tab bar: exactly four tabs.
        const tabs = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button');
        assert.deepEqual(
          (await tabs.allInnerTexts()).map((t) => t.trim()),
          ['Home', 'Exchange', 'Serve', 'Mine'],
        );
        // Navigating to the page already shown is ignored (no new history entry).
        const depth = () => page.evaluate(() => window.history.length);
        const before = await depth();
        await goToTab(page, 'Home');
        assert.equal(await depth(), before, 'tapping the shown tab adds no page');
        await goToTab(page, 'Serve');
        assert.equal(await depth(), before + 1);

        // The bell leads to the notices, a titled page with Back.
        await bell.click();
        await page.getByRole('heading', { name: 'Notify', level: 1 }).waitFor();
        assert.equal(await page.getByTestId('wallet-button').count(), 0, 'no top bar here');
        await page.getByRole('button', { name: 'Back' }).click();
        await page.getByRole('heading', { name: 'Serve', level: 1 }).waitFor({ state: 'attached' });

        // A titled page opened directly has nothing to go back to: Back relaunches at home.
        await page.goto(`${stack.server.url}/#/pages/invite/invite`);
        await page.getByRole('heading', { name: 'Invite', level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Back' }).click();
        await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
        assert.equal(new URL(page.url()).hash, '#/');
        // An unknown path goes home too.
        await page.goto(`${stack.server.url}/#/pages/nowhere`);
        await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
      },
    );
  });

  test('the first tap on "Connect wallet" opens the popup even when the wallet code arrives while the finger is down', async () => {
    await withSession(
      stack,
      'first tap connect',
      { account: account(4), initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url);
        const box = await page.getByTestId('wallet-button').boundingBox();
        assert.ok(box, 'the wallet button is shown');
        // The press starts loading the wallet code (a slow phone's long press, or a fast load
        // from the cache): it arrives and renders before the finger is lifted.
        const walletCode = page.waitForResponse(/\/assets\/WalletMenus-[\w-]+\.js$/, {
          timeout: STEP_MS,
        });
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await walletCode;
        await page.waitForTimeout(500);
        await page.mouse.up();
        await page.getByRole('dialog', { name: 'Choose a wallet' }).waitFor({ timeout: STEP_MS });
      },
    );
  });

  test('logged in: short address; the sheet; logout asks, Cancel keeps the session, Confirm ends it', async () => {
    const user = account(3);
    await withSession(
      stack,
      'logged-in header',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url);
        await page.evaluate(() => {
          const w = window as unknown as { __logins: number };
          w.__logins = 0;
          window.addEventListener('login-success', () => w.__logins++);
        });
        await signIn(page, user);
        // Spec §4: the session is stored, a login-success event is emitted, the dialog closes.
        assert.equal(
          await page.evaluate(() => (window as unknown as { __logins: number }).__logins),
          1,
        );
        const session = await page.evaluate(() => ({
          token: localStorage.getItem('token'),
          uid: localStorage.getItem('uid'),
          userAddress: localStorage.getItem('userAddress'),
          loginInfo: JSON.parse(localStorage.getItem('loginInfo') ?? '{}') as { Token?: string },
        }));
        assert.ok(session.token && session.uid, 'token and uid stored');
        assert.equal(session.userAddress, user);
        assert.equal(session.loginInfo.Token, session.token, 'the whole login info is kept');
        assert.equal(await page.getByRole('dialog', { name: 'Choose a wallet' }).count(), 0);
        // The sign-in is told once (how long a toast stays is timed below, on the page's clock).
        assert.deepEqual(
          (await toastsShown(page)).filter((t) => t === 'Login succeeded'),
          ['Login succeeded'],
        );

        const walletButton = page.getByTestId('wallet-button');
        assert.equal((await walletButton.innerText()).trim(), shortAddress(user));
        assert.match(shortAddress(user), /^0x[0-9a-fA-F]{2}\.\.\.[0-9a-fA-F]{4}$/);

        const openSheet = async () => {
          await walletButton.click();
          const sheet = page.getByRole('dialog', { name: 'Account' });
          await sheet.waitFor();
          assert.match((await sheet.getAttribute('class')) ?? '', /modal--sheet/);
          assert.equal(
            await sheet.evaluate((el) => getComputedStyle(el).animationDuration),
            '0.3s',
          );
          assert.equal((await sheet.getByTestId('account-address').innerText()).trim(), user);
          await sheet.getByRole('button', { name: 'Disconnect' }).click();
          const confirm = page.getByRole('dialog', { name: 'Logout' });
          await confirm.getByText('Confirm logout?').waitFor();
          return confirm;
        };

        let mark = await toastMark(page);
        const asking = await openSheet();
        // Spec §9: a toast stays 2000 ms, counted on the page's clock, which the test moves.
        await holdPageClock(page);
        await asking.getByRole('button', { name: 'Cancel' }).click();
        await expectToast(page, /^Operation cancelled$/, STEP_MS, mark);
        await expectLifetime(page, 'toast', /^Operation cancelled$/, TOAST_MS);
        await page.clock.resume();
        assert.equal((await walletButton.innerText()).trim(), shortAddress(user));
        assert.ok(await page.evaluate(() => localStorage.getItem('token')));

        mark = await toastMark(page);
        const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
        await (await openSheet()).getByRole('button', { name: 'Confirm' }).click();
        await reloaded;
        await walletButton.filter({ hasText: 'Connect wallet' }).waitFor({ timeout: STEP_MS });
        const stored = await page.evaluate(() => ({
          token: localStorage.getItem('token'),
          uid: localStorage.getItem('uid'),
          userAddress: localStorage.getItem('userAddress'),
          loginInfo: localStorage.getItem('loginInfo'),
        }));
        assert.deepEqual(stored, { token: null, uid: null, userAddress: null, loginInfo: null });
      },
    );
  });

  test('a new language relaunches the app at the index page, reloads, and is kept', async () => {
    await withSession(
      stack,
      'language',
      { account: account(4), initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url, '/pages/serve/serve');
        await page.getByRole('heading', { name: 'Serve', level: 1 }).waitFor({ state: 'attached' });
        await page.getByRole('button', { name: 'Select language' }).click();
        const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
        await page.getByRole('menuitemradio', { name: '日本語' }).click();
        await reloaded;
        await page
          .getByRole('heading', { name: 'ホーム', level: 1 })
          .waitFor({ state: 'attached' });
        assert.equal(new URL(page.url()).hash, '#/', 'relaunched at the index page');
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
        assert.equal(await page.evaluate(() => localStorage.getItem('lang')), 'ja');
        await page.getByTestId('wallet-button').filter({ hasText: 'ウォレットを接続' }).waitFor();

        // Restored on the next visit.
        await page.reload();
        await page
          .getByRole('heading', { name: 'ホーム', level: 1 })
          .waitFor({ state: 'attached' });
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'ja');
      },
    );
  });

  test('network: a switch refused in the wallet changes nothing; at sign-in the selection follows the wallet (56 → BSC, else ETH)', async () => {
    const refuser = account(5);
    await withSession(
      stack,
      'network switch refused',
      { account: refuser, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openSignedIn(page, stack.server.url, refuser, 'Serve');
        let loads = 0;
        page.on('load', () => loads++);
        await wallet.rejectNext(page, 'wallet_switchEthereumChain');
        const mark = await toastMark(page);
        await page.getByTestId('network-select').click();
        await page.getByRole('menuitemradio', { name: 'BSC' }).click();
        await expectToast(page, 'Network switch was rejected in the wallet', STEP_MS, mark);
        await page.waitForTimeout(500);
        assert.equal(loads, 0, 'no reload');
        assert.equal((await page.getByTestId('network-current').innerText()).trim(), 'ETH');
        assert.notEqual(await page.evaluate(() => localStorage.getItem('networkType')), 'BSC');
        assert.equal(await wallet.chainId(page), 1);
        await page.getByRole('heading', { name: 'Serve', level: 1 }).waitFor({ state: 'attached' });
      },
    );

    const onBsc = account(6);
    await withSession(
      stack,
      'network follows the wallet',
      { account: onBsc, initialChainId: 56 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url);
        assert.equal((await page.getByTestId('network-current').innerText()).trim(), 'ETH');
        await signIn(page, onBsc);
        await page.getByTestId('network-select').filter({ hasText: 'BSC' }).waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem('networkType')), 'BSC');
        assert.equal(await wallet.chainId(page), 56);
        assert.equal(wallet.requests('wallet_switchEthereumChain').length, 0, 'nothing to switch');
        assert.equal(await busyViewShown(page), false);
        // The sign-in message names the wallet's chain (BSC), not the app's earlier selection.
        const [messageHex] = wallet.requests('personal_sign')[0]?.params as [string];
        assert.match(Buffer.from(messageHex.slice(2), 'hex').toString('utf8'), /Chain ID: 56\b/);
      },
    );

    // BSC chosen before signing in, the wallet on chain 1: the selection becomes ETH.
    const onEth = account(9);
    await withSession(
      stack,
      'network follows the wallet to ETH',
      { account: onEth, initialChainId: 1 },
      async ({ page, wallet }) => {
        await openApp(page, stack.server.url);
        await chooseNetwork(page, 'BSC');
        assert.equal(wallet.requests('wallet_switchEthereumChain').length, 0, 'no wallet yet');
        await signIn(page, onEth);
        await page.getByTestId('network-select').filter({ hasText: 'ETH' }).waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem('networkType')), 'ETH');
        assert.equal(await wallet.chainId(page), 1);
      },
    );
  });

  test('a notice that arrives while the app is open: "New notification" for 3000 ms, tapping opens it; a refused write shows the server message', async () => {
    const reader = account(7);
    const admin = await apiLogin(stack, ROOT_INDEX);
    const publish = (title: string, body: string) =>
      api(stack, 'POST', '/v1/admin/notice', { title_en: title, body_en: body }, admin);
    // Headless Chromium keeps every tab visible; this is the event (it bubbles) the browser fires
    // when the user comes back to the app from another tab or app.
    const comeBack = (page: import('playwright-core').Page) =>
      page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

    await withSession(
      stack,
      'notify banner',
      { account: reader, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, reader, 'Mine');
        // The count the app starts from: no notices yet, so no banner.
        await page.waitForTimeout(500);
        await comeBack(page);
        await page.waitForTimeout(1000);
        assert.equal(await page.getByTestId('notify-banner').count(), 0);

        await publish('Pool maintenance', 'The pool is read-only on Sunday.');
        // Spec §9: the banner stays 3000 ms (a toast 2000 ms), on the page's clock, which the test
        // moves; the page stays where it was.
        await holdPageClock(page);
        await comeBack(page);
        const banner = page.getByTestId('notify-banner');
        await advanceClockUntilVisible(
          page,
          banner.filter({ hasText: 'New notification: Pool maintenance' }),
          NOTIFY_MS,
        );
        await expectLifetime(page, 'notify', 'Pool maintenance', NOTIFY_MS);
        await page.clock.resume();
        await page.getByRole('heading', { name: 'Mine', level: 1 }).waitFor({ state: 'attached' });

        // A second one: tapping the banner opens that notice (which marks it read).
        await publish('Fee change', 'The fee stays 0% this month.');
        await comeBack(page);
        await banner
          .filter({ hasText: 'New notification: Fee change' })
          .click({ timeout: STEP_MS });
        await page.getByRole('heading', { name: 'Notification details', level: 1 }).waitFor();
        await page
          .getByTestId('notice-body')
          .filter({ hasText: 'The fee stays 0% this month.' })
          .waitFor();
        await page.getByRole('button', { name: 'Back' }).click();
        await page.getByRole('heading', { name: 'Mine', level: 1 }).waitFor({ state: 'attached' });
        await page.getByTestId('unread-badge').filter({ hasText: /^1$/ }).waitFor();

        // Two notices published and one marked read used up the server's write limit: 'Mark all
        // read' is refused with code 1006, and the app shows the server's message as it is.
        await page.getByTestId('notice-bell').click();
        await page.getByRole('heading', { name: 'Notify', level: 1 }).waitFor();
        await page.getByTestId('notice-row').nth(1).waitFor({ timeout: STEP_MS });
        const mark = await toastMark(page);
        await page.getByRole('button', { name: 'Mark all read' }).click();
        await expectToast(page, 'Too many requests. Please try again later.', STEP_MS, mark);
        assert.equal(await page.getByTestId('unread-mark').count(), 1, 'nothing was marked');
      },
    );
  });

  test("a browser that will not copy: the 'Tip' dialog shows the invite link to copy by hand", async () => {
    const user = account(8);
    await withSession(
      stack,
      'copy tip',
      { account: user, initialChainId: 1 },
      async ({ page, context }) => {
        // Like some in-app wallet browsers: no clipboard access at all.
        await context.addInitScript({
          content: `
            Object.defineProperty(navigator, 'clipboard', {
              value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
            });
            document.execCommand = () => false;`,
        });
        await openSignedIn(page, stack.server.url, user);
        await page.getByRole('button', { name: 'Invite' }).click();
        const link = (await page.getByTestId('invite-link').innerText({ timeout: STEP_MS })).trim();
        assert.match(link, /\?code=/);
        const mark = await toastMark(page);
        await page.getByRole('button', { name: 'Copy' }).click();
        const tip = page.getByRole('dialog', { name: 'Tip' });
        await tip.getByText('Could not copy. Select the link and copy it by hand.').waitFor();
        assert.equal(await tip.getByTestId('copy-by-hand').inputValue(), link);
        assert.ok(
          !(await page.evaluate(() => (window as unknown as { __e2eToasts: string[] }).__e2eToasts))
            .slice(mark)
            .includes('Copied'),
          "no 'Copied' when nothing was copied",
        );
        await tip.getByRole('button', { name: 'Confirm' }).click();
        await tip.waitFor({ state: 'detached' });
      },
    );
  });
});
