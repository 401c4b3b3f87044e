/**
 * The pages that show server data, in a real browser against the real server and its chain
 * indexer: home (pool, market, the user's income, operator content), the invite link with an
 * InviteCode pre-filling a newcomer's bind dialog, team and income filling once the indexer has
 * read a harvest, notices (unread badge, details mark read, mark all read, timelock notices),
 * empty states of a new user, and a session revoked on the server logging the app out once.
 *
 * Chain actions that are not the subject of a scenario (an upline's own stake, a harvest, a
 * timelock queue) are sent with anvil's keys outside the browser; what the user does, the user
 * does in the app.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { decodeQR } from 'qr/decode.js';
import { localAccounts } from '@app/contracts/accounts';
import { stakingAbi } from '@app/contracts/generated';
import {
  bindInvitation,
  confirmOperation,
  expectToast,
  goToTab,
  openApp,
  openSignedIn,
  pressStake,
  shortAddress,
  signIn,
  STEP_MS,
  waitForBalance,
  expectReceipt,
  outcomeMark,
} from '../app.ts';
import {
  api,
  apiLogin,
  chainActor,
  earnedOf,
  openPage,
  savePage,
  textOf,
  waitForIndexer,
} from '../data.ts';
import { advanceTime, stakeAs } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import { rasteriseQrPath } from '../../web/src/shared/qr/qrRaster.ts';

const ROOT_INDEX = 0;
const account = (index: number): Address => {
  const a = localAccounts[index];
  assert.ok(a);
  return a.address;
};

/** `text` as a literal inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The app's en writing of an amount (issue 19 §1), stated here on its own: rounded half up to
 * cents for USDC from 1 up (none when whole), to 4 decimals for the reward coin from 1 up, and to 4
 * significant digits below 1; trailing zeros dropped (cents kept as two digits).
 */
function amountText(value: bigint, decimals: number, token: 'usdc' | 'reward' = 'reward'): string {
  const one = 10n ** BigInt(decimals);
  const below = Math.min(decimals - value.toString().length + 4, token === 'usdc' ? 6 : 8);
  const fraction = Math.min(value >= one ? (token === 'usdc' ? 2 : 4) : below, decimals);
  const step = 10n ** BigInt(decimals - fraction);
  const digits = ((value + step / 2n) / step).toString().padStart(fraction + 1, '0');
  const whole = digits.slice(0, digits.length - fraction);
  let cut = digits.slice(digits.length - fraction).replace(/0+$/, '');
  if (token === 'usdc' && cut.length === 1) cut += '0';
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${cut ? `.${cut}` : ''}`;
}

/** Draws the invite page's QR path into pixels and scans it. */
function scanQrPath(path: string, modules: number): string {
  return decodeQR(rasteriseQrPath(path, modules, 4));
}

describe('data pages in the browser', { timeout: 900_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack({ adminAddresses: [account(ROOT_INDEX)] });
  });

  after(async () => {
    await stack?.stop();
  });

  test('an anonymous visitor sees pool and market figures per network, operator content labelled, and a connect prompt', async () => {
    const eth = stack.chains[1];
    const bsc = stack.chains[56];
    // Someone staked 200 USDC on BSC only: the ETH home must not show it.
    const staker = chainActor(bsc, 8);
    await staker.bind(bsc.deployment.root);
    await staker.stake(0, '200');
    await waitForIndexer(stack, bsc);
    await waitForIndexer(stack, eth);

    const admin = await apiLogin(stack, ROOT_INDEX);
    await withSession(
      stack,
      'anonymous home',
      { account: account(9), initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url);
        await page.getByTestId('connect-prompt').getByText('Please connect the wallet').waitFor();
        // The seeded local pool: 1,000 WETH : 3,000,000 USDC.
        await textOf(page, 'market-price', /^1 WETH = 3,000 USDC$/);
        await textOf(page, 'pool-total-staked', /^0 USDC$/);
        await textOf(page, 'pool-stakers', /^0$/);
        const features = page.getByTestId('features');
        await features.getByText('From the operator').waitFor();
        await features
          .getByTestId('empty-state')
          .filter({ hasText: 'The operator has not published any project features.' })
          .waitFor();
        const partners = page.getByTestId('partners');
        await partners.getByText('From the operator').waitFor();
        await partners
          .getByTestId('empty-state')
          .filter({ hasText: 'The operator has not listed any partners.' })
          .waitFor();

        // The operator publishes features: they show, still labelled as the operator's.
        await api(
          stack,
          'POST',
          '/v1/admin/content',
          {
            key: 'features',
            en: JSON.stringify([{ title: 'Audited contract', body: 'Line one\nLine two' }]),
          },
          admin,
        );
        await page.reload();
        await features
          .getByRole('heading', { name: 'Audited contract' })
          .waitFor({ timeout: STEP_MS });
        assert.match(await features.innerText(), /From the operator/);
        assert.match(await features.innerText(), /Written by the operator, last changed/);

        // BSC: its own pool (18-decimal USDC), the 200 USDC stake and its staker.
        await page.getByTestId('network-select').click();
        const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
        await page.getByRole('menuitemradio', { name: 'BSC' }).click();
        await reloaded;
        await textOf(page, 'pool-total-staked', /^200 USDC$/);
        await textOf(page, 'pool-stakers', /^1$/);
        await savePage(page, 'data-home-anonymous');
      },
    );
  });

  test('invite link with an InviteCode → the newcomer binds the inviter and stakes → team and income fill in', async () => {
    const eth = stack.chains[1];
    const inviterIndex = 2;
    const inviter = chainActor(eth, inviterIndex);
    const newcomer = account(3);

    // The inviter signs in, opens the invite page and copies the link (not in the tree yet).
    let link = '';
    let code = '';
    await withSession(
      stack,
      'inviter invite page',
      { account: inviter.address, initialChainId: 1 },
      async (s) => {
        const { page, context } = s;
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: stack.server.url,
        });
        await openSignedIn(page, stack.server.url, inviter.address);
        await page.getByRole('button', { name: 'Invite' }).click();
        await page.getByRole('heading', { name: 'Invite', level: 1 }).waitFor();
        link = await textOf(page, 'invite-link', /\?code=/);
        code = (await page.getByTestId('invite-code').innerText()).trim();
        assert.equal(link, `${stack.server.url}/#/?code=${code}`);
        assert.match(code, /^[A-Z0-9]{8}$/);
        await page.getByTestId('invite-not-in-tree').waitFor();

        // The QR code on the page scans to exactly the link.
        const qr = page.getByTestId('invite-qr');
        const path = await qr.locator('path').getAttribute('d');
        const modules = Number(await qr.getAttribute('viewBox').then((v) => v?.split(' ')[2]));
        assert.ok(path && modules > 0);
        assert.equal(scanQrPath(path, modules), link);

        await page.getByRole('button', { name: 'Copy' }).click();
        await expectToast(page, 'Copied');
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);

        // The inviter joins the tree (binds the root and stakes, outside the browser).
        await inviter.bind(eth.deployment.root);
        await inviter.stake(0, '1000');
        await waitForIndexer(stack, eth);
        await page.reload();
        await page.getByTestId('invite-link').waitFor({ timeout: STEP_MS });
        assert.equal(await page.getByTestId('invite-not-in-tree').count(), 0);
        await savePage(page, 'data-invite');
      },
    );

    // The newcomer opens the link: the bind dialog before the first stake names the inviter.
    await withSession(
      stack,
      'newcomer binds by invite code',
      { account: newcomer, initialChainId: 1 },
      async (s) => {
        const { page } = s;
        await page.goto(link);
        await page.getByTestId('wallet-button').waitFor({ timeout: STEP_MS });
        await page.waitForFunction(
          (expected) => localStorage.getItem('inviteCode') === expected,
          inviter.address,
          { timeout: STEP_MS },
        );
        await signIn(page, newcomer);
        await goToTab(page, 'Serve');
        await waitForBalance(page);
        const stakeMark = await outcomeMark(page);
        await pressStake(page, '20000');
        await bindInvitation(page, inviter.address);
        await confirmOperation(page);
        await expectReceipt(page, 'Stake confirmed', stakeMark);
      },
    );
    const superior = await eth.client.readContract({
      address: eth.deployment.staking,
      abi: stakingAbi,
      functionName: 'getSuperior',
      args: [newcomer],
    });
    assert.equal(superior, inviter.address, 'the newcomer is bound to the inviter on chain');

    // A while of mining, then a harvest credits the newcomer's mining and the inviter's 10%.
    const latest = await eth.client.getBlock({ blockTag: 'latest' });
    const untilMidnight = 86_400 - (Number(latest.timestamp) % 86_400);
    await advanceTime(eth, Math.max(60, Math.min(3_600, untilMidnight - 600)));
    await chainActor(eth, 8).harvest(newcomer, [0n]);
    await waitForIndexer(stack, eth);
    const referral = await earnedOf(eth, inviter.address);
    const mining = await earnedOf(eth, newcomer);
    assert.ok(referral > 0n && mining > 0n);
    const referralText = `${amountText(referral, 18)} WETH`;

    await withSession(
      stack,
      'inviter sees team and income',
      { account: inviter.address, initialChainId: 1 },
      async (s) => {
        const { page } = s;
        await openSignedIn(page, stack.server.url, inviter.address);

        // Home: the inviter's income (reward coin and USDC apart), team, pool totals.
        const total = await textOf(page, 'my-income-total', /WETH/);
        // Valued at the pool's 3,000 USDC per WETH, cut to 2 decimals.
        const worth = amountText((referral * 3_000n * 10n ** 6n) / 10n ** 18n, 6, 'usdc');
        assert.equal(total, `${referralText}\n(≈ ${worth} USDC at the pool price)\n0 USDC`);
        await textOf(page, 'my-team-members', /^1$/);
        await textOf(page, 'my-direct-members', /^1$/);
        await textOf(page, 'pool-total-staked', /^21,000 USDC$/);
        await textOf(page, 'pool-stakers', /^2$/);
        await savePage(page, 'data-home');

        // My team: one member at depth 1, 20,000 USDC of team performance = level 3.
        await page.getByRole('button', { name: 'My team' }).click();
        await page.getByRole('heading', { name: 'My team', level: 1 }).waitFor();
        await textOf(page, 'team-level', /^Level 3$/);
        await textOf(page, 'team-performance', /^20,000 USDC$/);
        await textOf(page, 'team-depth-1', /^1/);
        await textOf(page, 'team-total', /^1$/);
        await textOf(page, 'team-commission-referral', new RegExp(`^${literal(referralText)}$`));
        await textOf(page, 'team-next-level', /30,000 USDC more team performance reaches level 4/);
        await textOf(page, 'member-address', new RegExp(`^${literal(shortAddress(newcomer))}$`));
        await page.getByRole('tab', { name: 'Level 2 members' }).click();
        await page
          .getByTestId('empty-state')
          .filter({ hasText: 'No members at this level yet.' })
          .waitFor();
        await savePage(page, 'data-team');

        // Income details: the referral credit from the newcomer; mining alone is empty.
        await openPage(page, '/pages/income/income', 'Income details');
        const row = page.getByTestId('income-row').first();
        await row.waitFor({ timeout: STEP_MS });
        assert.equal(await row.getAttribute('data-source'), 'referral');
        assert.equal(
          (await row.getByTestId('income-amount').innerText()).trim(),
          `+${referralText}`,
        );
        assert.match(await row.innerText(), new RegExp(`From ${literal(shortAddress(newcomer))}`));
        assert.match(await row.innerText(), /Tx 0x/);
        await textOf(page, 'income-total', new RegExp(`^${literal(referralText)}`));
        // The chart's figures (as a table) have the harvest's day.
        const harvestDay = new Date(Number((await eth.client.getBlock()).timestamp) * 1000)
          .toISOString()
          .slice(0, 10);
        const today = new Date().toISOString().slice(0, 10);
        const chart = page.getByTestId('income-chart');
        if (harvestDay === today) {
          await chart.getByText('Show the figures').click();
          await chart.getByRole('cell', { name: amountText(referral, 18), exact: true }).waitFor();
          assert.match(
            (await chart.getByRole('img').getAttribute('aria-label')) ?? '',
            /highest day .*: /,
          );
        } else {
          // The chain's clock ran into tomorrow (UTC): the server's 30 days end today, so no bar.
          assert.match(
            (await chart.getByRole('img').getAttribute('aria-label')) ?? '',
            /No income/,
          );
        }
        await savePage(page, 'data-income');
        await page.getByRole('tab', { name: 'Mining (static rewards)' }).click();
        await page
          .getByTestId('empty-state')
          .filter({ hasText: 'No income from this source yet.' })
          .waitFor({ timeout: STEP_MS });
      },
    );

    // The newcomer exchanges half of the coin and withdraws the rest (outside the browser: the
    // exchange and withdraw screens are another suite's); records and withdrawals list them.
    const half = mining / 2n;
    const newcomerActor = chainActor(eth, 3);
    await newcomerActor.exchange(half);
    await newcomerActor.withdrawRewardCoin(mining - half);
    await waitForIndexer(stack, eth);

    await withSession(
      stack,
      'newcomer sees mining, activity, exchange and withdrawal',
      { account: newcomer, initialChainId: 1 },
      async (s) => {
        const { page } = s;
        await openSignedIn(page, stack.server.url, newcomer);
        await openPage(page, '/pages/income/income', 'Income details');
        const row = page.getByTestId('income-row').first();
        await row.waitFor({ timeout: STEP_MS });
        assert.equal(await row.getAttribute('data-source'), 'mining');
        assert.equal(
          (await row.getByTestId('income-amount').innerText()).trim(),
          `+${amountText(mining, 18)} WETH`,
        );
        await openPage(page, '/pages/activity/activity', 'Activity record');
        await page.getByTestId('activity-row').first().waitFor({ timeout: STEP_MS });
        const types = await page
          .getByTestId('activity-row')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
        assert.deepEqual(
          types,
          ['withdrawRewardCoin', 'exchange', 'stake', 'bind'],
          'every action, newest first',
        );
        const activity = page.getByTestId('activity-row');
        assert.match(
          await activity.nth(0).innerText(),
          new RegExp(
            `^Withdrawal \\(reward coin\\)\\s+${literal(amountText(mining - half, 18))} WETH`,
          ),
        );
        assert.match(
          await activity.nth(1).innerText(),
          new RegExp(`Exchanged ${literal(amountText(half, 18))} WETH`),
        );
        assert.match(await activity.nth(2).innerText(), /20,000 USDC/);
        assert.match(
          await activity.nth(3).innerText(),
          new RegExp(`Inviter ${literal(shortAddress(inviter.address))}`),
        );
        await savePage(page, 'data-activity');

        await openPage(page, '/pages/records/records', 'Exchange record');
        const swap = await textOf(page, 'exchange-swap', / → /);
        assert.match(swap, new RegExp(`^${literal(amountText(half, 18))} WETH → [\\d.,]+ USDC$`));
        assert.equal(await page.getByTestId('exchange-row').count(), 1);
        await page.getByTestId('records-totals').waitFor();

        await openPage(page, '/pages/withdraws/withdraws', 'Withdrawal history');
        await textOf(
          page,
          'withdraw-amount',
          new RegExp(`^${literal(amountText(mining - half, 18))} WETH$`),
        );
        assert.equal(
          await page.getByTestId('withdraw-row').first().getAttribute('data-kind'),
          'rewardCoin',
        );
        assert.match(await page.getByTestId('withdraw-row').first().innerText(), /Reward coin/);
      },
    );
  });

  test('notices: unread badge, details mark read, mark all read, timelock notices apart; anonymous sees no marks', async () => {
    const eth = stack.chains[1];
    const admin = await apiLogin(stack, ROOT_INDEX);
    await api(
      stack,
      'POST',
      '/v1/admin/notice',
      {
        title_en: 'Maintenance window',
        body_en: 'The site is read-only on Sunday.\nFunds stay on chain.',
      },
      admin,
    );
    // A fee change queued in the contract: the indexer writes a timelock notice.
    await chainActor(eth, ROOT_INDEX).queueParam(0, 100n);
    await waitForIndexer(stack, eth);
    const reader = account(5);

    await withSession(
      stack,
      'notices',
      { account: reader, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, reader);
        await textOf(page, 'unread-badge', /^2$/);
        await page.getByTestId('notice-bell').click();
        await page.getByRole('heading', { name: 'Notify', level: 1 }).waitFor();
        const rows = page.getByTestId('notice-row');
        await rows.nth(1).waitFor({ timeout: STEP_MS });
        assert.equal(await rows.count(), 2);
        assert.equal(await page.getByTestId('unread-mark').count(), 2);
        const kinds = await page.getByTestId('notice-kind').allInnerTexts();
        assert.deepEqual(kinds.map((k) => k.trim()).sort(), [
          'Operator notice',
          'Timelock: parameter change',
        ]);
        await savePage(page, 'data-notices');

        await rows.filter({ hasText: 'Maintenance window' }).click();
        await page.getByRole('heading', { name: 'Notification details', level: 1 }).waitFor();
        await textOf(page, 'notice-body', /read-only on Sunday\.\nFunds stay on chain\./);
        await page.getByRole('button', { name: 'Back' }).click();
        await page.getByRole('heading', { name: 'Notify', level: 1 }).waitFor();
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="unread-mark"]').length === 1,
          undefined,
          { timeout: STEP_MS },
        );
        assert.equal(
          await rows.filter({ hasText: 'Maintenance window' }).getAttribute('data-read'),
          'true',
        );

        const timelock = rows.filter({ has: page.getByText('Timelock: parameter change') });
        assert.match(await timelock.innerText(), /fee/i, 'the timelock notice names the parameter');
        await page.getByRole('button', { name: 'Mark all read' }).click();
        await expectToast(page, 'All notifications marked read');
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="unread-mark"]').length === 0,
          undefined,
          { timeout: STEP_MS },
        );
        assert.ok(await page.getByRole('button', { name: 'Mark all read' }).isDisabled());
        await page.getByRole('button', { name: 'Back' }).click();
        await page.getByTestId('notice-bell').waitFor();
        assert.equal(
          await page.getByTestId('unread-badge').count(),
          0,
          'no badge when all are read',
        );
      },
    );

    await withSession(
      stack,
      'anonymous notices',
      { account: account(9), initialChainId: 1 },
      async ({ page }) => {
        await openApp(page, stack.server.url);
        assert.equal(await page.getByTestId('unread-badge').count(), 0);
        await page.getByTestId('notice-bell').click();
        await page.getByTestId('notice-row').nth(1).waitFor({ timeout: STEP_MS });
        assert.equal(await page.getByTestId('unread-mark').count(), 0);
        await page.getByText('Sign in to see which notifications you have not read.').waitFor();
        assert.equal(await page.getByRole('button', { name: 'Mark all read' }).count(), 0);
      },
    );
  });

  test('a new user sees empty states, not made-up figures', async () => {
    const user = account(4);
    await withSession(
      stack,
      'empty states',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user);
        await textOf(page, 'my-income-total', /^0 WETH\n0 USDC$/);
        await textOf(page, 'my-income-today', /^0 WETH\n0 USDC$/);
        await textOf(page, 'my-team-members', /^0$/);

        const empties: [string, string, string][] = [
          ['/pages/income/income', 'Income details', 'No income yet.'],
          ['/pages/activity/activity', 'Activity record', 'No actions yet.'],
          ['/pages/withdraws/withdraws', 'Withdrawal history', 'No withdrawals yet.'],
          ['/pages/records/records', 'Exchange record', 'No exchanges yet.'],
          ['/pages/teams/teams', 'My team', 'No members at this level yet.'],
        ];
        for (const [path, title, text] of empties) {
          await openPage(page, path, title);
          await page
            .getByTestId('empty-state')
            .filter({ hasText: text })
            .waitFor({ timeout: STEP_MS });
        }
        await textOf(page, 'team-level', /^No level yet$/);
        await textOf(page, 'team-dividend-shareholder', /^0 USDC$/);
        await textOf(page, 'team-dividend-ecological', /^0 USDC$/);
        await openPage(page, '/pages/income/income', 'Income details');
        assert.match(
          (await page.getByTestId('income-chart').getByRole('img').getAttribute('aria-label')) ??
            '',
          /^No income in WETH in the last 30 days\.$/,
        );
        await openPage(page, '/pages/invite/invite', 'Invite');
        await page.getByTestId('invite-not-in-tree').waitFor({ timeout: STEP_MS });
        await textOf(page, 'invite-referral', /^0 WETH$/);
        await textOf(page, 'invite-team', /^0 WETH$/);

        // In Arabic the pages run right to left, with their own texts.
        await page.evaluate(() => localStorage.setItem('lang', 'ar'));
        await page.reload();
        await openPage(page, '/pages/teams/teams', 'فريقي');
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await page
          .getByTestId('empty-state')
          .filter({ hasText: 'لا أعضاء في هذا المستوى بعد.' })
          .waitFor({ timeout: STEP_MS });
        await savePage(page, 'data-team-ar');
      },
    );
  });

  test('a session revoked on the server logs the app out once and relaunches at home', async () => {
    const user = account(6);
    await withSession(
      stack,
      'revoked session',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user);
        const token = await page.evaluate(() => localStorage.getItem('token'));
        assert.ok(token);
        await api(stack, 'POST', '/v1/user/logout', {}, token);

        let loads = 0;
        page.on('load', () => loads++);
        await page.evaluate(() => {
          window.location.hash = '#/pages/income/income';
        });
        await page
          .getByTestId('wallet-button')
          .filter({ hasText: 'Connect wallet' })
          .waitFor({ timeout: STEP_MS });
        await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
        await page.waitForTimeout(1500);
        assert.equal(loads, 1, 'logged out with one reload');
        assert.equal(new URL(page.url()).hash, '#/');
        assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
      },
    );
  });

  test('a long list shows its first 20 rows and loads the rest after the last one shown: each row once, none missing', async () => {
    const eth = stack.chains[1];
    const user = account(8);
    const stakes = 21;
    for (let i = 0; i < stakes; i++) await stakeAs(eth, 8, String(101 + i));
    await waitForIndexer(stack, eth);
    await withSession(
      stack,
      'load more',
      { account: user, initialChainId: 1 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, user);
        await openPage(page, '/pages/activity/activity', 'Activity record');
        const rows = page.getByTestId('activity-row');
        await rows.first().waitFor({ timeout: STEP_MS });
        const total = stakes + 1; // the binding, then every stake
        assert.equal(await rows.count(), 20);
        assert.equal(await textOf(page, 'list-count', /^Showing 20 of/), `Showing 20 of ${total}`);
        await page.getByRole('button', { name: 'Load more' }).click();
        await rows.nth(total - 1).waitFor({ timeout: STEP_MS });
        assert.equal(await rows.count(), total);
        assert.equal(
          await textOf(page, 'list-count', new RegExp(`^Showing ${total} of`)),
          `Showing ${total} of ${total}`,
        );
        assert.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0);
        // Newest first across the two pages: 121, 120, ... 101 USDC, then the binding.
        const amounts = (await page.getByTestId('activity-amount').allInnerTexts()).map((a) =>
          a.trim(),
        );
        assert.deepEqual(
          amounts,
          Array.from({ length: stakes }, (_, i) => `${101 + stakes - 1 - i} USDC`),
        );
        assert.equal(await rows.last().getAttribute('data-type'), 'bind');
      },
    );
  });
});
