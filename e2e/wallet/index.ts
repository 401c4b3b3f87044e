/**
 * Node side of the test wallet: turns provider.ts into a self-contained browser script and installs
 * it in a Playwright browser context, keeping a log of the app's wallet requests across reloads.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { BrowserContext, Page } from 'playwright-core';
import { sendBatch, type BatchCall } from './batch.ts';
import { sendAsSafe, signAsSafeOwner } from './safe.ts';
import type { Hex, SafeRequest, WalletConfig, WalletLogEntry } from './types.ts';

export type { WalletConfig, WalletLogEntry } from './types.ts';

const providerPath = fileURLToPath(new URL('./provider.ts', import.meta.url));
let transpiled: string | undefined;

/** provider.ts as plain JavaScript in CommonJS shape (it imports types only, so it has no requires). */
function providerJs(): string {
  if (transpiled === undefined) {
    const out = ts.transpileModule(readFileSync(providerPath, 'utf8'), {
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        verbatimModuleSyntax: false,
      },
      fileName: 'provider.ts',
    });
    if (/\brequire\(/.test(out.outputText)) {
      throw new Error('e2e/wallet/provider.ts must stay self-contained (type imports only)');
    }
    transpiled = out.outputText;
  }
  return transpiled;
}

/** The init script: the wallet, installed with `config`, before any of the page's own scripts. */
export function walletScript(config: WalletConfig): string {
  return `(() => {
  const exports = {};
  const module = { exports };
  ${providerJs()}
  exports.installE2eWallet(${JSON.stringify(config)});
})();`;
}

export interface WalletHandle {
  config: WalletConfig;
  /** Every request the app made to the wallet in this context, across reloads, in order. */
  log: WalletLogEntry[];
  /** Requests of one method. */
  requests(method: string): WalletLogEntry[];
  /**
   * Make the next call of `method` fail with 4001 'User rejected the request.' (on `page`); with
   * `skip`, let that many calls through first (e.g. 1: the approve goes, the stake is rejected).
   */
  rejectNext(page: Page, method: string, skip?: number): Promise<void>;
  /** The wallet's current chain id, read from the page. */
  chainId(page: Page): Promise<number>;
}

let bindingCounter = 0;

/** Adds the wallet to every page of `context` (call before opening the app). */
export async function installWallet(
  context: BrowserContext,
  config: WalletConfig,
): Promise<WalletHandle> {
  const log: WalletLogEntry[] = [];
  const reportBinding = `__e2eWalletReport${++bindingCounter}`;
  await context.exposeBinding(reportBinding, (_source, entry: WalletLogEntry) => {
    const at = log.findIndex((e) => e.id === entry.id);
    if (at >= 0) log[at] = entry;
    else log.push(entry);
  });
  const rpcBinding = `__e2eWalletRpc${bindingCounter}`;
  await context.exposeBinding(rpcBinding, async (_source, url: string, body: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, body: await response.text() };
  });
  const batchBinding = `__e2eWalletBatch${bindingCounter}`;
  await context.exposeBinding(
    batchBinding,
    (_source, url: string, chainId: number, executor: Hex, calls: BatchCall[]) =>
      sendBatch(config.account, url, chainId, executor, calls),
  );
  const safeBinding = `__e2eWalletSafe${bindingCounter}`;
  await context.exposeBinding(safeBinding, (_source, request: SafeRequest) => {
    const owner = config.safeOwner;
    if (!owner) throw new Error('the test wallet is not a Safe');
    return request.op === 'sign'
      ? signAsSafeOwner(config.account, owner, request.chainId, request.message)
      : sendAsSafe(config.account, owner, request.url, request.chainId, request.calls);
  });
  const full: WalletConfig = { ...config, reportBinding, rpcBinding, batchBinding, safeBinding };
  await context.addInitScript({ content: walletScript(full) });
  return {
    config: full,
    log,
    requests: (method) => log.filter((e) => e.method === method),
    async rejectNext(page, method, skip = 0) {
      await page.evaluate(
        ([m, n]) => {
          (
            window as unknown as { __e2eWallet: { rejectNext(m: string, n: number): void } }
          ).__e2eWallet.rejectNext(m, n);
        },
        [method, skip] as const,
      );
    },
    async chainId(page) {
      return page.evaluate(() =>
        (window as unknown as { __e2eWallet: { chainId(): number } }).__e2eWallet.chainId(),
      );
    },
  };
}
