/**
 * Issue 24 §3: a notice of a chain event names its network, and only the selected network's chain
 * notices (plus the operator's) are listed and counted by the bell; an announced change says
 * where it stands from the chain index ("Applied on …" after ParamChanged; "Expired on …, never
 * applied" past eta + the contract's 7-day grace with no event); "mark all read" marks the listed
 * ones only. In English and Arabic.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { localAccounts } from '@app/contracts/accounts';
import { timelockParams } from '@app/contracts/enums';
import { chooseNetwork, expectToast, openSignedIn, STEP_MS, useLanguage } from '../app.ts';
import { api, apiLogin, chainActor, openPage, textOf, waitForIndexer } from '../data.ts';
import { advanceTime, stakingCallAs } from '../chain.ts';
import { startStack, withSession, type Stack } from '../harness.ts';
import { appText } from '../texts.ts';

const ROOT_INDEX = 0;
const HOUR = 3600;
const param = (name: (typeof timelockParams)[number]) => timelockParams.indexOf(name);

/** The rows of the notice list once it shows `count` of them: title and change state each. */
async function noticeRows(page: Page, count: number) {
  const rows = page.getByTestId('notice-row');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="notice-row"]').length === n,
    count,
    { timeout: STEP_MS },
  );
  return rows.evaluateAll((all) =>
    all.map((row) => ({
      title: row.querySelector('.notice-row__title')?.textContent?.trim() ?? '',
      state: row.querySelector('[data-testid="notice-change"]')?.textContent?.trim() ?? null,
    })),
  );
}

describe('notices per network', { timeout: 600_000 }, () => {
  let stack: Stack;

  before(async () => {
    stack = await startStack({ adminAddresses: [localAccounts[ROOT_INDEX]!.address] });
    const eth = stack.chains[1];
    const admin = await apiLogin(stack, ROOT_INDEX);
    await api(
      stack,
      'POST',
      '/v1/admin/notice',
      { title_en: 'Maintenance window', body_en: 'Sunday.' },
      admin,
    );
    // On Ethereum: a fee change queued and applied after the 48 h delay; a node-limit change
    // queued and left until its 7-day grace ran out (no event: expired by the chain's time).
    const owner = chainActor(eth, ROOT_INDEX);
    await owner.queueParam(param('feeBps'), 100n);
    await owner.queueParam(param('nodeLimit'), 150n);
    await advanceTime(eth, 48 * HOUR + 60);
    await stakingCallAs(eth, ROOT_INDEX, 'executeParam', [param('feeBps')]);
    await advanceTime(eth, 7 * 24 * HOUR);
    await waitForIndexer(stack, eth);
  });

  after(async () => {
    await stack?.stop();
  });

  test('the BSC bell does not count an Ethereum notice; the list names the network (en, ar)', async () => {
    const reader = localAccounts[5]!.address;
    await withSession(
      stack,
      'notices per network',
      { account: reader, initialChainId: 56 },
      async ({ page }) => {
        await openSignedIn(page, stack.server.url, reader);
        // BSC: only the operator's notice, in the badge and in the list.
        await textOf(page, 'unread-badge', /^1$/);
        await openPage(page, '/pages/notice/notice', 'Notify');
        assert.deepEqual(await noticeRows(page, 1), [{ title: 'Maintenance window', state: null }]);

        await home(page);
        await chooseNetwork(page, 'ETH');
        await textOf(page, 'unread-badge', /^3$/);
        await openPage(page, '/pages/notice/notice', 'Notify');
        const rows = await noticeRows(page, 3);
        const byTitle = (title: string) => rows.find((r) => r.title === title);
        assert.match(
          byTitle('ETH: Exchange fee change scheduled')?.state ?? '',
          /^Applied on .*\d/,
        );
        assert.match(
          byTitle('ETH: Number of nodes for sale change scheduled')?.state ?? '',
          /^Expired on .*\d.*, never applied$/,
        );
        // The details page says it too.
        await page
          .getByTestId('notice-row')
          .filter({ hasText: 'Number of nodes for sale' })
          .click();
        const details = page.getByTestId('notice-details');
        await details.waitFor({ timeout: STEP_MS });
        assert.match(
          (await details.getByTestId('notice-change').innerText()).trim(),
          /^Expired on .*\d.*, never applied$/,
        );
        // Opening it marked it read: the ETH badge counts one fewer.
        await home(page);
        await textOf(page, 'unread-badge', /^2$/);

        // Arabic: the same, right to left.
        await useLanguage(page, 'ar');
        await textOf(page, 'unread-badge', /^[2٢]$/);
        await openPage(page, '/pages/notice/notice', 'الإشعارات');
        const ar = await noticeRows(page, 3);
        const arTitle = (title: string) => ar.find((r) => r.title === title);
        assert.match(arTitle('ETH: تغيير مجدول في رسوم التحويل')?.state ?? '', /^طُبِّق في /);
        assert.match(
          arTitle('ETH: تغيير مجدول في عدد العقد المعروضة للبيع')?.state ?? '',
          /^انتهت صلاحيته في .* ولم يُطبَّق قط$/,
        );
        await home(page);
        await chooseNetworkAr(page, 'BSC');
        await textOf(page, 'unread-badge', /^[1١]$/);
        await openPage(page, '/pages/notice/notice', 'الإشعارات');
        assert.deepEqual(await noticeRows(page, 1), [{ title: 'Maintenance window', state: null }]);

        // "Mark all read" marks what this list shows: the operator's notice, not the Ethereum
        // change still unread, which the ETH bell goes on counting.
        await page.getByRole('button', { name: appText('ar', 'notice.markAllRead') }).click();
        await expectToast(page, appText('ar', 'notice.allMarked'));
        await home(page);
        await page.getByTestId('notice-bell').waitFor({ timeout: STEP_MS });
        await page.waitForFunction(
          () => !document.querySelector('[data-testid="unread-badge"]'),
          undefined,
          { timeout: STEP_MS },
        );
        await chooseNetworkAr(page, 'ETH');
        await textOf(page, 'unread-badge', /^[1١]$/);
      },
    );
  });
});

/** Back at home, where the top bar's network menu is (the notice pages have a back bar). */
async function home(page: Page) {
  await page.evaluate(() => {
    window.location.hash = '#/';
  });
  await page.getByTestId('network-select').waitFor({ timeout: STEP_MS });
}

/** chooseNetwork's steps without its English heading check (the page is in Arabic). */
async function chooseNetworkAr(page: Page, label: 'ETH' | 'BSC') {
  await page.getByTestId('network-select').click();
  const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
  await page.getByRole('menuitemradio', { name: label }).click();
  await reloaded;
  await page.getByTestId('network-select').filter({ hasText: label }).waitFor({ timeout: STEP_MS });
}
