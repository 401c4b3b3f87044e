/**
 * What a user does in the app, as Playwright steps (English UI texts, roles and test ids of
 * web/src). Each step waits for what the user would wait for, and fails with a readable message.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { decodeFunctionData, type Abi, type Address, type Hex } from 'viem';
import type { WalletHandle, WalletLogEntry } from './wallet/index.ts';

/** Default wait for one step (a chain transaction on anvil plus the UI's refresh). */
export const STEP_MS = 20_000;

export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/** Opens `hashPath` (e.g. '/?code=0x..') of the app and waits for the top bar. */
export async function openApp(page: Page, baseUrl: string, hashPath = '/'): Promise<void> {
  await page.goto(`${baseUrl}/#${hashPath}`);
  // index.html's pre-rendered shell (web/src/shell/) has a wallet button too, and the app replaces
  // it when it renders: a test would otherwise act on the shell's button as it is removed.
  await page.locator('[data-shell]').waitFor({ state: 'detached', timeout: STEP_MS });
  await page.getByTestId('wallet-button').waitFor({ timeout: STEP_MS });
}

/** Texts of every toast shown since the page loaded (recorded by the harness). */
export async function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []),
  ]);
}

/**
 * Waits until the app has shown a toast matching `text` (a substring or a pattern) since toast
 * number `since`. Toasts last 2 s; the harness records each one, so none is missed.
 */
export async function expectToast(
  page: Page,
  text: string | RegExp,
  timeout = STEP_MS,
  since = 0,
): Promise<void> {
  const pattern =
    typeof text === 'string'
      ? { source: '', plain: text }
      : { source: text.source, flags: text.flags };
  try {
    await page.waitForFunction(
      ({ pattern, since }) => {
        const seen = ((window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []).slice(
          since,
        );
        return seen.some((t) =>
          'plain' in pattern
            ? t.includes(pattern.plain as string)
            : new RegExp(pattern.source, pattern.flags).test(t),
        );
      },
      { pattern, since },
      { timeout, polling: 100 },
    );
  } catch (err) {
    throw new Error(
      `expected a toast ${String(text)}; the app showed ${JSON.stringify(await toastsShown(page).catch(() => []))}`,
      { cause: err },
    );
  }
}

/**
 * Where the page's outcomes stand before a flow: the toasts shown so far and the transaction of the
 * receipt card on screen (if any). Pass it to `expectReceipt` so only the flow's own card counts.
 */
export interface OutcomeMark {
  toasts: number;
  receiptHash: string | null;
}

/** The whole hash of the receipt card on screen (its short hash's title), or null. */
function shownReceiptHash(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      document
        .querySelector('[data-testid="tx-receipt"] [data-testid="tx-hash-value"]')
        ?.getAttribute('title') ?? null,
  );
}

export async function outcomeMark(page: Page): Promise<OutcomeMark> {
  return { toasts: await toastMark(page), receiptHash: await shownReceiptHash(page) };
}

/**
 * Waits for a confirmed flow's outcome as the user gets it on the page where the flow ran (issue
 * 24, said once): the receipt card ('✓ Confirmed · `text`', `text` in the page's language) of a
 * transaction other than the one shown at `mark`, and no toast saying `text` since `mark` (the app
 * sets the card and would toast in one step, so a repeating toast is on screen by the time the
 * card is). Returns the card.
 */
export async function expectReceipt(
  page: Page,
  text: string,
  mark: OutcomeMark,
  timeout = 30_000,
): Promise<Locator> {
  const card = page.getByTestId('tx-receipt');
  try {
    await page.waitForFunction(
      ({ text, previous }) => {
        const shown = document.querySelector('[data-testid="tx-receipt"]');
        const hash = shown?.querySelector('[data-testid="tx-hash-value"]')?.getAttribute('title');
        return !!hash && hash !== previous && (shown?.textContent ?? '').includes(` · ${text}`);
      },
      { text, previous: mark.receiptHash },
      { timeout, polling: 100 },
    );
  } catch (err) {
    const shown = (await card.count()) > 0 ? await card.innerText().catch(() => '?') : 'none';
    throw new Error(
      `expected the receipt card '✓ Confirmed · ${text}'; card shown: ${JSON.stringify(shown)}; toasts: ${JSON.stringify(await toastsShown(page).catch(() => []))}`,
      { cause: err },
    );
  }
  const repeated = (await toastsShown(page)).slice(mark.toasts).filter((t) => t.includes(text));
  assert.deepEqual(repeated, [], `'${text}' is said by its card, not toasted as well`);
  return card;
}

/** The names of the wallets the connect popup offers. */
export async function walletChoices(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Choose a wallet' });
  await dialog.waitFor({ timeout: STEP_MS });
  // EIP-6963 discovery and de-duplication settle right after the popup opens.
  await page.waitForTimeout(300);
  return (await dialog.locator('.wallet-list__item').allInnerTexts()).map((s) => s.trim());
}

/** 'Connect wallet' → choose 'E2E Wallet' (the popup lists it once). Does not wait for the outcome. */
export async function chooseE2eWallet(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Connect wallet' }).click();
  const names = await walletChoices(page);
  assert.equal(
    names.filter((n) => n === 'E2E Wallet').length,
    1,
    `the connect popup must list 'E2E Wallet' exactly once (window.ethereum and EIP-6963 are the same wallet); it lists ${JSON.stringify(names)}`,
  );
  assert.ok(
    !names.includes('Browser wallet'),
    `window.ethereum is the announced E2E Wallet and must not show again as 'Browser wallet': ${JSON.stringify(names)}`,
  );
  await page
    .getByRole('dialog', { name: 'Choose a wallet' })
    .getByRole('button', { name: 'E2E Wallet' })
    .click();
  return names;
}

/** Connect and sign in; waits for 'Login succeeded' and the short address on the wallet button. */
export async function signIn(page: Page, account: Address): Promise<string[]> {
  const names = await chooseE2eWallet(page);
  await expectToast(page, 'Login succeeded');
  await page
    .getByTestId('wallet-button')
    .filter({ hasText: shortAddress(account) })
    .waitFor({ timeout: STEP_MS });
  return names;
}

/**
 * Switches the app to `lang` the way a stored choice does (a reload at home applies it); checks the
 * document's language and direction.
 */
export async function useLanguage(page: Page, lang: string): Promise<void> {
  // Reloaded at home: the top bar (and its wallet button) is on the tab pages only.
  await page.evaluate((l) => {
    localStorage.setItem('lang', l);
    window.location.hash = '#/';
  }, lang);
  await page.reload();
  await page.getByTestId('wallet-button').waitFor({ timeout: STEP_MS });
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
  assert.equal(
    await page.evaluate(() => document.documentElement.dir),
    lang === 'ar' ? 'rtl' : 'ltr',
  );
}

export async function goToTab(page: Page, tab: 'Home' | 'Exchange' | 'Serve' | 'Mine') {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: tab })
    .click();
  await page.getByRole('heading', { name: tab, level: 1 }).waitFor({ state: 'attached' });
}

/**
 * The start of most flows: opens the app, signs `account` in, and goes to `tab` (when given).
 */
export async function openSignedIn(
  page: Page,
  baseUrl: string,
  account: Address,
  tab?: 'Home' | 'Exchange' | 'Serve' | 'Mine',
): Promise<void> {
  await openApp(page, baseUrl);
  await signIn(page, account);
  if (tab) await goToTab(page, tab);
}

/** Signed in on Serve with the wallet balance read (where staking starts); returns its text. */
export async function openServe(page: Page, baseUrl: string, account: Address): Promise<string> {
  await openSignedIn(page, baseUrl, account, 'Serve');
  return waitForBalance(page);
}

/** Waits until the Serve page shows the wallet balance (read from the chain) and returns its text. */
export async function waitForBalance(page: Page): Promise<string> {
  const balance = page.getByTestId('wallet-balance');
  await page.waitForFunction(
    () =>
      /^[\d,]+(\.\d+)?$/.test(
        document.querySelector('[data-testid="wallet-balance"]')?.textContent ?? '',
      ),
    undefined,
    { timeout: STEP_MS },
  );
  return (await balance.textContent()) ?? '';
}

/** Types the stake quantity and presses 'Stake now'. */
export async function pressStake(page: Page, amount: string): Promise<void> {
  await page.getByLabel('Stake quantity').fill(amount);
  await page.getByRole('button', { name: 'Stake now' }).click();
}

/**
 * On Serve, chooses the 7-day plan of chain.planWithRoomFor149 and stakes 150 USDC there: the app
 * lets it through, the chain refuses it, and the app says 'Stake failed'. Returns the summary the
 * user confirmed.
 */
export async function stakeRefusedByChain(page: Page): Promise<string> {
  await page.getByTestId('plan-option').filter({ hasText: '7-day term' }).click();
  const mark = await toastMark(page);
  await pressStake(page, '150');
  const summary = await confirmOperation(page);
  await expectToast(page, 'Stake failed', 30_000, mark);
  return summary;
}

/** In the 'Bind invitation' dialog: checks the prefilled Invitation Address, binds, confirms. */
export async function bindInvitation(page: Page, expectedUpline: Address): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Bind invitation' });
  await dialog.waitFor({ timeout: STEP_MS });
  const input = dialog.getByLabel('Invitation Address');
  assert.equal((await input.inputValue()).toLowerCase(), expectedUpline.toLowerCase());
  await dialog.getByRole('button', { name: 'Bind' }).click();
  await confirmOperation(page);
  await expectToast(page, 'Binding succeeded');
}

/**
 * An <Address> as the user reads it: 4...4 first, the whole address after a tap on it (issue 24
 * §1). Returns both texts.
 */
export async function readAddress(address: Locator): Promise<{ short: string; full: string }> {
  const value = address.getByRole('button').first();
  const short = (await value.innerText()).trim();
  await value.click();
  await address.locator('button[aria-expanded="true"]').waitFor({ timeout: STEP_MS });
  return { short, full: (await value.innerText()).trim() };
}

/**
 * A transaction hash as the user reads it (issue 24 §1): "0x54...3484" first, the whole hash after a
 * tap on it. Returns both texts (and leaves it shortened again).
 */
export async function readTxHash(line: Locator): Promise<{ short: string; full: string }> {
  const value = line.getByTestId('tx-hash-value');
  const short = (await value.innerText({ timeout: STEP_MS })).trim();
  await value.click();
  await line.locator('[data-testid="tx-hash-value"][aria-expanded="true"]').waitFor();
  const full = (await value.innerText()).trim();
  await value.click();
  return { short, full };
}

/**
 * Opens a confirm dialog's 'Everything the wallet will show' (issue 24 §1: the exact amounts and
 * full addresses are there, the dialog shows them rounded and short), as a user checking them does.
 */
export async function openEverything(dialog: Locator): Promise<void> {
  const expander = dialog.getByTestId('summary-exact');
  if ((await expander.count()) === 0) return;
  if ((await expander.getAttribute('open')) === null)
    await expander.locator(':scope > summary').click();
}

/**
 * Presses Confirm in the 'Confirm operation' dialog (the plain-language summary before the wallet).
 * Returns the summary's text with 'Everything the wallet will show' open.
 */
export async function confirmOperation(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Confirm operation' });
  await dialog.waitFor({ timeout: STEP_MS });
  await openEverything(dialog);
  const summary = (await dialog.innerText()).trim();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  return summary;
}

/**
 * Switches the network in the top bar; the app asks the wallet, then (spec §4) reloads and goes to
 * the home tab, with the choice stored.
 */
export async function chooseNetwork(page: Page, label: 'ETH' | 'BSC'): Promise<void> {
  await page.getByTestId('network-select').click();
  const reloaded = page.waitForEvent('load', { timeout: STEP_MS });
  await page.getByRole('menuitemradio', { name: label }).click();
  await reloaded;
  await page.getByTestId('network-select').filter({ hasText: label }).waitFor({ timeout: STEP_MS });
  assert.equal(new URL(page.url()).hash, '#/', 'after a network switch the app is at home');
  await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => localStorage.getItem('networkType')), label);
}

/** Texts of the position rows' amounts on the Serve page. */
export async function positionAmounts(page: Page): Promise<string[]> {
  return (await page.getByTestId('position-amount').allInnerTexts()).map((s) => s.trim());
}

/** Waits until a position row with `amountText` (e.g. '150 USDC') shows. */
export async function waitForPosition(page: Page, amountText: string): Promise<void> {
  await page
    .getByTestId('position-row')
    .filter({ has: page.getByTestId('position-amount').filter({ hasText: amountText }) })
    .first()
    .waitFor({ timeout: STEP_MS });
}

// ---------------------------------------------------------------------------------------------
// Reading the wallet log
// ---------------------------------------------------------------------------------------------

export interface SentTx {
  entry: WalletLogEntry;
  to: Address | undefined;
  data: Hex | undefined;
  chainId: number;
}

/** The eth_sendTransaction requests the app made, optionally on one chain. */
export function sentTransactions(wallet: WalletHandle, chainId?: number): SentTx[] {
  return wallet
    .requests('eth_sendTransaction')
    .filter((e) => chainId === undefined || e.chainId === chainId)
    .map((entry) => {
      const tx = (entry.params as Array<{ to?: Address; data?: Hex; input?: Hex }>)[0] ?? {};
      return { entry, to: tx.to, data: tx.data ?? tx.input, chainId: entry.chainId };
    });
}

/** Decodes a transaction's calldata with `abi` (function name and arguments). */
export function decodeCall(abi: Abi, data: Hex | undefined) {
  assert.ok(data, 'transaction without calldata');
  return decodeFunctionData({ abi, data });
}

/**
 * Waits for `ms`, then asserts the app requested no transaction and no permit signature from the
 * wallet since log entry `since`.
 */
export async function assertNothingSent(page: Page, wallet: WalletHandle, since = 0, ms = 1000) {
  await page.waitForTimeout(ms);
  const asked = wallet.log
    .slice(since)
    .filter((e) =>
      [
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'eth_sendRawTransaction',
        'wallet_sendCalls',
      ].includes(e.method),
    )
    .map((e) => e.method);
  assert.deepEqual(asked, [], 'no transaction or permit signature may be requested');
}

/** Waits until the element with test id `testId` shows text for which `accept` holds; returns it. */
export async function waitForText(
  page: Page,
  testId: string,
  accept: (text: string) => boolean,
  timeout = STEP_MS,
): Promise<string> {
  const locator = page.getByTestId(testId).first();
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeout) {
    last = ((await locator.textContent({ timeout }).catch(() => '')) ?? '').trim();
    if (accept(last)) return last;
    await page.waitForTimeout(150);
  }
  throw new Error(
    `test id ${testId} never showed the expected text; last: ${JSON.stringify(last)}`,
  );
}

/** A number shown by the app (grouping commas removed); false for '--', 'Loading' and the like. */
export function isNumberText(text: string): boolean {
  return /^[\d,]+(\.\d+)?$/.test(text);
}

/** The transaction hashes the app's eth_sendTransaction requests returned, in order. */
export function sentHashes(wallet: WalletHandle): string[] {
  return wallet
    .requests('eth_sendTransaction')
    .flatMap((e) => (e.outcome?.ok ? [String(e.outcome.result)] : []));
}

/** How many toasts the page has shown so far: pass it to expectToast to wait for a new one. */
export async function toastMark(page: Page): Promise<number> {
  return (await toastsShown(page)).length;
}

/** A toast or notify banner as the harness recorded it (times in the page's performance.now()). */
export interface ShownRecord {
  kind: 'toast' | 'notify';
  text: string;
  shownAt: number;
  hiddenAt: number | null;
}

/** Every toast and notify banner the page has shown, with when it appeared and went. */
export async function shownRecords(page: Page): Promise<ShownRecord[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __e2eShown?: ShownRecord[] }).__e2eShown ?? []),
  ]);
}

/**
 * Waits until a `kind` message matching `text` has come and gone; returns how long it stayed (ms).
 */
export async function shownFor(
  page: Page,
  kind: 'toast' | 'notify',
  text: string | RegExp,
  timeout = STEP_MS,
): Promise<number> {
  const matches = (t: string) => (typeof text === 'string' ? t.includes(text) : text.test(t));
  const deadline = Date.now() + timeout;
  for (;;) {
    const record = (await shownRecords(page)).find(
      (r) => r.kind === kind && matches(r.text) && r.hiddenAt !== null,
    );
    if (record && record.hiddenAt !== null) return record.hiddenAt - record.shownAt;
    if (Date.now() > deadline)
      throw new Error(
        `no ${kind} ${String(text)} came and went; shown: ${JSON.stringify(await shownRecords(page))}`,
      );
    await page.waitForTimeout(100);
  }
}

/**
 * Stops the page's clock where it is (Date, timers, performance.now; installed on the running page,
 * so timers already set keep real time, and those set from now on wait for `page.clock.runFor`).
 * For an app time window that starts after this call: the test then moves the clock itself, so
 * what it measures does not depend on how fast the machine runs. `page.clock.resume()` lets time
 * flow again.
 */
export async function holdPageClock(page: Page): Promise<void> {
  await page.clock.install();
  // The installed clock runs until paused: pause a little ahead of the page's time, again if a busy
  // machine let the page's time pass that point first.
  for (let attempt = 0; ; attempt++) {
    const pageNow = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(pageNow + 200);
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('to the past')) throw err;
    }
  }
}

/** One animation frame of the page's clock (Playwright's fake clock draws a frame every 16 ms). */
const FRAME_MS = 16;

/**
 * On a held page clock (`holdPageClock`), with a `kind` message matching `text` in the page: moves
 * the clock to 1 ms before the message's lifetime ends (it must still be there), then on (it must be
 * gone within one animation frame more: the app counts from the first frame that paints it). Times
 * are page time, from when the message's node entered the page.
 */
export async function expectLifetime(
  page: Page,
  kind: 'toast' | 'notify',
  text: string | RegExp,
  lifetimeMs: number,
): Promise<void> {
  const matches = (t: string) => (typeof text === 'string' ? t.includes(text) : text.test(t));
  const open = async () =>
    (await shownRecords(page)).filter((r) => r.kind === kind && matches(r.text));
  const [shown, ...more] = await open();
  assert.ok(shown && more.length === 0, `one ${kind} ${String(text)}: ${JSON.stringify(shown)}`);
  assert.equal(shown.hiddenAt, null, `the ${kind} is still on screen when the clock was held`);
  const now = await page.evaluate(() => performance.now());
  await page.clock.runFor(Math.max(0, shown.shownAt + lifetimeMs - 1 - now));
  assert.equal((await open())[0]?.hiddenAt, null, `the ${kind} is there 1 ms before its end`);
  await page.clock.runFor(FRAME_MS + 1);
  const gone = await shownFor(page, kind, text);
  assert.ok(
    gone >= lifetimeMs && gone <= lifetimeMs + FRAME_MS,
    `the ${kind} stayed ${gone} ms of page time`,
  );
}

/**
 * The texts of the blocking busy views (loading modal, transaction stages) since the page loaded,
 * in order; the same text twice in a row counts once. 'Loading' (the stage view before the wallet
 * is reached) is left out unless `withLoading`.
 */
export async function busyTexts(page: Page, withLoading = false): Promise<string[]> {
  const seen = await page.evaluate(() =>
    ((window as unknown as { __e2eBusy?: (string | null)[] }).__e2eBusy ?? []).filter(
      (t): t is string => t !== null,
    ),
  );
  return seen
    .filter((t) => withLoading || t !== 'Loading')
    .filter((t, i, all) => i === 0 || all[i - 1] !== t);
}

/** True while a blocking busy view (loading modal or transaction stages) is on screen. */
export async function busyViewShown(page: Page): Promise<boolean> {
  return (await page.locator('[role="dialog"][aria-busy="true"]').count()) > 0;
}

/**
 * The exact value of an `<Amount>` inside `locator` (issue 19 §1: the page rounds, a tap shows every
 * decimal): taps it, reads the text, taps again so the page reads as before. Text as the user sees
 * it, the unit included.
 */
export async function exactAmountText(locator: Locator): Promise<string> {
  const tap = locator.locator('.amount__tap').first();
  if ((await tap.count()) === 0) return (await locator.innerText()).trim();
  await tap.click();
  await locator.locator('.amount__tap[aria-pressed="true"]').first().waitFor();
  const text = (await locator.innerText()).trim();
  await tap.click();
  return text;
}

/** Whether `shown` is `exact` to the 4 significant digits the page rounds to (issue 19 §1). */
export function closeTo(shown: bigint, exact: bigint): boolean {
  const diff = shown > exact ? shown - exact : exact - shown;
  return diff * 1000n <= (exact < 0n ? -exact : exact);
}

/**
 * Goes to `path` as a link would (the hash changes, no reload) and waits until the page has its
 * title and none of `busy` (what shows while something is loading) is left, then lets fonts and
 * late reads settle the layout.
 */
export async function visitByLink(
  page: Page,
  path: string,
  busy = '.spinner, .inline-loading, [aria-busy="true"]',
): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
  await page.waitForFunction(
    (busy) =>
      (document.querySelector('h1')?.textContent ?? '').trim() !== '' &&
      document.querySelector(busy) === null,
    busy,
    { timeout: STEP_MS },
  );
  await page.waitForTimeout(300);
}
