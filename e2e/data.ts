/**
 * Helpers of the data-page scenarios: chain actions signed with anvil's keys (outside the browser),
 * the server's API as a script would call it (admin sign-in, notices, operator content), waiting
 * for the server's indexer, and the app's non-tab pages.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { maxUint256, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { localPrivateKeys } from '@app/contracts/accounts';
import { stakingLensAbi } from '@app/contracts/generated';
import { STEP_MS } from './app.ts';
import { accountAddress, approveAs, stakingCallAs, usdc } from './chain.ts';
import { artifactsDir, type LocalChain, type Stack } from './harness.ts';

// ---- Chain --------------------------------------------------------------------------------------

/**
 * Anvil account `index` acting on `chain` with real signed transactions (outside the browser):
 * the steps of chain.ts, named for what the data-page scenarios do.
 */
export function chainActor(chain: LocalChain, index: number) {
  const call = (functionName: Parameters<typeof stakingCallAs>[2], args: readonly unknown[]) =>
    stakingCallAs(chain, index, functionName, args);
  return {
    address: accountAddress(index),
    bind: (upline: Address) => call('bindSuperior', [upline]),
    /** Approves exactly and stakes `whole` USDC into `planId`. */
    async stake(planId: number, whole: string) {
      const amount = usdc(chain, whole);
      await approveAs(chain, index, chain.deployment.staking, amount);
      await call('stake', [BigInt(planId), amount]);
    },
    /** Credits `user`'s mining (and its uplines' commissions) of `positionIds`. */
    harvest: (user: Address, positionIds: bigint[]) => call('harvest', [user, positionIds]),
    /**
     * Swaps `amountIn` of earned reward coin to USDC (no minimum: the local pool is deep; no deadline:
     * the tests move the chain's clock).
     */
    exchange: (amountIn: bigint) => call('exchange', [amountIn, 0n, maxUint256]),
    /** Sends `amount` of earned reward coin to the account's own address. */
    withdrawRewardCoin: (amount: bigint) => call('withdrawRewardCoin', [amount]),
    /** Sends `amount` (USDC base units) of the account's withdrawable USDC to its own address. */
    withdrawUsdc: (amount: bigint) => call('withdraw', [amount]),
    /** Owner only: queues a timelocked parameter change (0 = FeeBps). */
    queueParam: (param: number, value: bigint) => call('queueParam', [param, value]),
  };
}

/** `earned` of an account (income credited in reward coin), read from the chain. */
export async function earnedOf(chain: LocalChain, user: Address): Promise<bigint> {
  const account = await chain.client.readContract({
    address: chain.deployment.stakingLens,
    abi: stakingLensAbi,
    functionName: 'getAccount',
    args: [user],
  });
  return account.earned;
}

/** An account's positions as the chain stores them (the lens's `getPositions`), oldest first. */
export async function positionsOf(chain: LocalChain, user: Address) {
  return chain.client.readContract({
    address: chain.deployment.stakingLens,
    abi: stakingLensAbi,
    functionName: 'getPositions',
    args: [user],
  });
}

// ---- Server -------------------------------------------------------------------------------------

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A form-encoded call to the server's API, as the app makes it; throws unless code is 0. */
export async function api<T>(
  stack: Stack,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
  token?: string,
): Promise<T> {
  const body = new URLSearchParams(params).toString();
  const url =
    method === 'GET' && body ? `${stack.server.url}${path}?${body}` : stack.server.url + path;
  const response = await fetch(url, {
    method,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(token ? { Token: token } : {}),
    },
    body: method === 'POST' ? body : undefined,
  });
  const envelope = (await response.json()) as Envelope<T>;
  assert.equal(envelope.code, 0, `${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Signs in anvil account `index` with Sign-In with Ethereum (getcode → sign → login); its token. */
export async function apiLogin(stack: Stack, index: number): Promise<string> {
  const account = privateKeyToAccount(localPrivateKeys[index] as Hex);
  const code = await api<{ Message: string }>(stack, 'POST', '/v1/user/getcode', {
    address: account.address,
    chain: '1',
  });
  const signature = await account.signMessage({ message: code.Message });
  const login = await api<{ Token: string }>(stack, 'POST', '/v1/user/metamasklogin', {
    address: account.address,
    signature,
  });
  return login.Token;
}

/** Waits until the server's indexer of `chain` has read the chain's current head. */
export async function waitForIndexer(stack: Stack, chain: LocalChain): Promise<void> {
  const head = Number(await chain.client.getBlockNumber({ cacheTime: 0 }));
  const deadline = Date.now() + STEP_MS;
  let last: unknown;
  while (Date.now() < deadline) {
    const health = await fetch(`${stack.server.url}/v1/health`).then(
      (r) =>
        r.json() as Promise<
          Envelope<{ indexer?: { chainId: number; indexedBlock: number | null }[] }>
        >,
    );
    last = health.data.indexer;
    const status = health.data.indexer?.find((i) => i.chainId === chain.chainId);
    if (
      status?.indexedBlock !== null &&
      status?.indexedBlock !== undefined &&
      status.indexedBlock >= head
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `indexer of chain ${chain.chainId} did not reach block ${head}: ${JSON.stringify(last)}`,
  );
}

// ---- App pages ----------------------------------------------------------------------------------

/**
 * Opens a page of the app by its hash path (as a link inside the app would) and waits for its
 * title. Non-tab pages have no wallet button, so openApp's wait does not apply to them.
 */
export async function openPage(page: Page, path: string, title: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor({ timeout: STEP_MS });
}

/**
 * The text of a test id (as the user reads it: innerText, lines kept) once it matches `pattern`
 * (figures arrive after the page).
 */
export async function textOf(page: Page, testId: string, pattern: RegExp): Promise<string> {
  const locator = page.getByTestId(testId).first();
  const deadline = Date.now() + STEP_MS;
  let seen = '(not shown)';
  while (Date.now() < deadline) {
    seen = await locator
      .innerText({ timeout: 500 })
      .then((text) => text.trim())
      .catch(() => '(not shown)');
    if (pattern.test(seen)) return seen;
    await page.waitForTimeout(150);
  }
  throw new Error(`${testId} should match ${pattern}; it shows ${JSON.stringify(seen)}`);
}

/** A full-page screenshot of the current page into e2e/artifacts/ (for people to look at). */
export async function savePage(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (size)
    await page.setViewportSize({ width: size.width, height: Math.max(size.height, height) });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  if (size) await page.setViewportSize(size);
}
