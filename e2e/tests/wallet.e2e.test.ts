/**
 * The injected test wallet on its own: a plain page on a local origin, two bare anvil chains. Checks
 * that it behaves like a real wallet (EIP-6963 discovery, accounts, real signatures, chain switching
 * and adding, transactions, user rejection) before the app scenarios rely on it.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from 'viem';
import { localAccounts } from '@app/contracts/accounts';
import { startAnvil } from '@app/contracts/local';
import { chromiumArgs, chromiumPath, mobileViewport } from '../browser.ts';
import { installWallet, type WalletHandle } from '../wallet/index.ts';

const account = localAccounts[9]!.address;
const other = localAccounts[8]!.address;

type Anvil = Awaited<ReturnType<typeof startAnvil>>;

/** Runs `request` in the page and returns `{ok, result}` or `{ok: false, code, message}`. */
async function call(page: Page, method: string, params?: unknown) {
  return page.evaluate(
    async ({ method, params }) => {
      const eth = (
        window as unknown as {
          ethereum: { request(a: { method: string; params?: unknown }): Promise<unknown> };
        }
      ).ethereum;
      try {
        return { ok: true as const, result: await eth.request({ method, params }) };
      } catch (err) {
        const e = err as { code: number; message: string };
        return { ok: false as const, code: e.code, message: e.message };
      }
    },
    { method, params },
  );
}

async function ok(page: Page, method: string, params?: unknown): Promise<unknown> {
  const r = await call(page, method, params);
  assert.ok(r.ok, `${method} failed: ${JSON.stringify(r)}`);
  return r.result;
}

describe('injected test wallet', { timeout: 120_000 }, () => {
  let anvils: Record<1 | 56, Anvil>;
  let site: Server;
  let siteUrl: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let wallet: WalletHandle;

  before(async () => {
    const [a1, a56] = await Promise.all([
      startAnvil({ chainId: 1, port: 0 }),
      startAnvil({ chainId: 56, port: 0 }),
    ]);
    anvils = { 1: a1, 56: a56 };
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>wallet test</title><p>wallet test</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    context = await browser.newContext({ viewport: mobileViewport });
    wallet = await installWallet(context, {
      rpcUrls: { 1: a1.rpcUrl, 56: a56.rpcUrl },
      account,
      initialChainId: 1,
      unaddedChains: [56],
    });
    page = await context.newPage();
    await page.goto(siteUrl);
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await Promise.all([anvils?.[1]?.stop(), anvils?.[56]?.stop()]);
  });

  test('announces itself by EIP-6963 on load and on every request, and sets window.ethereum', async () => {
    const found = await page.evaluate(() => {
      const seen: Array<{ name: string; rdns: string; icon: string; uuid: string; same: boolean }> =
        [];
      window.addEventListener('eip6963:announceProvider', (event) => {
        const { info, provider } = (event as CustomEvent).detail as {
          info: { name: string; rdns: string; icon: string; uuid: string };
          provider: unknown;
        };
        seen.push({
          ...info,
          same: provider === (window as unknown as { ethereum: unknown }).ethereum,
        });
      });
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      return seen;
    });
    assert.equal(found.length, 2);
    for (const info of found) {
      assert.equal(info.name, 'E2E Wallet');
      assert.equal(info.rdns, 'dev.e2e.wallet');
      assert.match(info.icon, /^data:image\/svg\+xml/);
      assert.match(info.uuid, /^[0-9a-f-]{36}$/);
      assert.equal(info.same, true);
    }
  });

  test('gives the account only after eth_requestAccounts', async () => {
    assert.deepEqual(await ok(page, 'eth_accounts'), []);
    assert.deepEqual(await ok(page, 'eth_requestAccounts'), [account.toLowerCase()]);
    assert.deepEqual(await ok(page, 'eth_accounts'), [account.toLowerCase()]);
    assert.equal(await ok(page, 'eth_chainId'), '0x1');
    assert.equal(await ok(page, 'net_version'), '1');
  });

  test('personal_sign makes a real signature by the account, params [message, address]', async () => {
    const text = 'Sign in to e2e\nNonce: 1234';
    const sig = (await ok(page, 'personal_sign', [text, account])) as `0x${string}`;
    assert.ok(await verifyMessage({ address: account, message: text, signature: sig }));
    const hexSig = (await ok(page, 'personal_sign', ['0x68656c6c6f', account])) as `0x${string}`;
    assert.ok(await verifyMessage({ address: account, message: 'hello', signature: hexSig }));
    const swapped = await call(page, 'personal_sign', [account, text]);
    assert.equal(swapped.ok, false);
    assert.match(String(!swapped.ok && swapped.message), /wrong order/);
  });

  test('eth_signTypedData_v4 signs for the active chain only', async () => {
    const typed = (chainId: number) => ({
      domain: { name: 'USD Coin', version: '1', chainId, verifyingContract: other },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit' as const,
      message: {
        owner: account,
        spender: other,
        value: '150000000',
        nonce: '0',
        deadline: '99999999999',
      },
    });
    const data = typed(1);
    const sig = (await ok(page, 'eth_signTypedData_v4', [
      account,
      JSON.stringify(data),
    ])) as `0x${string}`;
    const { EIP712Domain: _domain, ...types } = data.types;
    assert.ok(
      await verifyTypedData({
        address: account,
        domain: data.domain,
        types,
        primaryType: 'Permit',
        message: {
          ...data.message,
          value: 150_000_000n,
          nonce: 0n,
          deadline: 99_999_999_999n,
        },
        signature: sig,
      }),
    );
    const wrongChain = await call(page, 'eth_signTypedData_v4', [
      account,
      JSON.stringify(typed(56)),
    ]);
    assert.equal(wrongChain.ok, false);
  });

  test('switching to a chain not added yet fails with 4902 until wallet_addEthereumChain', async () => {
    await page.evaluate(() => {
      const w = window as unknown as {
        ethereum: { on(e: string, fn: (p: unknown) => void): void };
        __chainEvents: unknown[];
      };
      w.__chainEvents = [];
      w.ethereum.on('chainChanged', (p) => w.__chainEvents.push(p));
    });
    const first = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x38' }]);
    assert.deepEqual([first.ok, !first.ok && first.code], [false, 4902]);
    const badAdd = await call(page, 'wallet_addEthereumChain', [{ chainId: '56' }]);
    assert.equal(badAdd.ok, false);
    await ok(page, 'wallet_addEthereumChain', [
      {
        chainId: '0x38',
        chainName: 'BSC',
        rpcUrls: ['http://127.0.0.1/rpc/56'],
        nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
      },
    ]);
    assert.equal(await ok(page, 'eth_chainId'), '0x38');
    await ok(page, 'wallet_switchEthereumChain', [{ chainId: '0x1' }]);
    await ok(page, 'wallet_switchEthereumChain', [{ chainId: '0x38' }]);
    const unknown = await call(page, 'wallet_switchEthereumChain', [{ chainId: '0x89' }]);
    assert.deepEqual([unknown.ok, !unknown.ok && unknown.code], [false, 4902]);
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { __chainEvents: unknown[] }).__chainEvents),
      ['0x38', '0x1', '0x38'],
    );
  });

  test('eth_sendTransaction sends a real transaction on the current chain', async () => {
    const client = createPublicClient({ transport: http(anvils[56].rpcUrl) });
    const before = await client.getBalance({ address: other });
    const hash = (await ok(page, 'eth_sendTransaction', [
      { from: account, to: other, value: `0x${parseEther('1').toString(16)}` },
    ])) as `0x${string}`;
    const receipt = await client.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');
    assert.equal(receipt.from.toLowerCase(), account.toLowerCase());
    assert.equal((await client.getBalance({ address: other })) - before, parseEther('1'));
  });

  test('rejectNext makes exactly the next call fail with 4001', async () => {
    await wallet.rejectNext(page, 'personal_sign');
    const rejected = await call(page, 'personal_sign', ['0x01', account]);
    assert.deepEqual(rejected, { ok: false, code: 4001, message: 'User rejected the request.' });
    await ok(page, 'personal_sign', ['0x01', account]);
  });

  test('state and the request log survive a reload', async () => {
    const before = wallet.log.length;
    await page.reload();
    assert.equal(await ok(page, 'eth_chainId'), '0x38');
    assert.deepEqual(await ok(page, 'eth_accounts'), [account.toLowerCase()]);
    assert.equal(wallet.log.length, before + 2);
    const sends = wallet.requests('eth_sendTransaction');
    assert.equal(sends.length, 1);
    assert.equal(sends[0]?.chainId, 56);
    assert.equal(sends[0]?.outcome?.ok, true);
  });
});
