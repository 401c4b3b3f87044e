/**
 * Issue 18 §1: "not known yet" is not "disconnected". After a reload a signed-in user's wallet is
 * reconnected silently, but real wallets are not all there when the page starts (TokenPocket's
 * in-app browser sets window.ethereum about 800 ms in and announces itself by EIP-6963 at 1.5 s).
 * wagmi's one reconnect at start cannot tell "no wallet yet" from "the wallet said no", so this
 * module tries again whenever a wallet appears (an EIP-6963 announcement adds a connector,
 * `ethereum#initialized`, the provider's `connect` event) and records whether the session's wallet
 * has ANSWERED that it is not connected: only then does the app say so (the banner, "Reconnect
 * wallet"). Like Uniswap's and Lido's front ends, nothing is claimed before the wallet has spoken;
 * past them, a late wallet is picked up instead of being missed.
 */
import type { Config } from 'wagmi';
import { getConnection, reconnect, watchConnectors } from 'wagmi/actions';
import { createStore, useStore } from '../../../shared/store';
import type { Eip1193 } from '../runtime/chain';
import { recentConnectorId, settledStatus } from './reconnectWallet';
import { subscribeInjected, watchInjected } from '../connect/injectedWatch';

/**
 * How long after the page started a session's wallet may take to appear at all. A wallet that has
 * not shown up by then is taken as gone (the user then gets "Reconnect wallet"); one that shows up
 * later is still reconnected.
 */
export const WALLET_APPEAR_MS = 10_000;
/** A wallet that does not answer eth_accounts within this is "not known yet", not "disconnected". */
const ANSWER_TIMEOUT_MS = 5_000;

/** What the wallet the user connected with says about this site right now. */
export type WalletAnswer = 'unknown' | 'notConnected';

const answeredStore = createStore(false);

/** True once the session's wallet has answered that it is not connected (or never appeared). */
export function useWalletAnswered(): boolean {
  return useStore(answeredStore);
}

/**
 * Asks the wallet the user connected with last whether it still allows this site. 'unknown' while
 * that wallet is not there (not injected, not announced yet) or does not answer.
 */
export async function askRecentWallet(config: Config): Promise<WalletAnswer> {
  const id = await recentConnectorId(config);
  // No wallet was ever connected on this site: there is nothing to wait for.
  if (!id) return 'notConnected';
  const connector = config.connectors.find((c) => c.id === id);
  if (!connector) return 'unknown';
  const provider = (await connector.getProvider().catch(() => undefined)) as Eip1193 | undefined;
  if (!provider) return 'unknown';
  try {
    const accounts = await Promise.race([
      provider.request({ method: 'eth_accounts' }),
      new Promise((_, reject) => setTimeout(reject, ANSWER_TIMEOUT_MS)),
    ]);
    // The wallet answered. With accounts, wagmi's reconnect (just before) still found the site not
    // allowed (e.g. the user disconnected it here): either way there is no usable connection.
    return Array.isArray(accounts) ? 'notConnected' : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Starts at boot (runtime/runtimeChunk.ts): with a session, reconnects now and again whenever a wallet
 * appears, until the session's wallet is connected or has answered that it is not.
 */
export function watchWalletAnswer(config: Config, hasSession: boolean): void {
  if (!hasSession) {
    answeredStore.set(true);
    return;
  }
  let running = false;
  let again = false;

  async function tryOnce(): Promise<void> {
    if (getConnection(config).status === 'connected') return;
    await settledStatus(config);
    await reconnect(config).catch(() => undefined);
    await settledStatus(config);
    if (getConnection(config).status === 'connected') return;
    if ((await askRecentWallet(config)) === 'notConnected') answeredStore.set(true);
  }

  /** One attempt at a time; a wallet appearing during one asks for another after it. */
  function attempt(): void {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void (async () => {
      do {
        again = false;
        await tryOnce().catch(() => undefined);
      } while (again);
      running = false;
    })();
  }

  // An EIP-6963 announcement adds a connector; a late window.ethereum fires ethereum#initialized
  // (or is seen by injectedWatch's polling) and its `connect` event says it reached a chain.
  watchConnectors(config, { onChange: attempt });
  window.addEventListener('ethereum#initialized', attempt);
  let listenedTo: Eip1193 | undefined;
  const listenToInjected = () => {
    const ethereum = (window as unknown as { ethereum?: Eip1193 & { on?: unknown } }).ethereum;
    if (!ethereum || ethereum === listenedTo) return;
    listenedTo = ethereum;
    if (typeof ethereum.on === 'function')
      (ethereum.on as (event: string, fn: () => void) => void)('connect', attempt);
    attempt();
  };
  watchInjected();
  subscribeInjected(listenToInjected);
  listenToInjected();

  // A connection the wallet ends later (accountsChanged [], disconnect) is an answer too.
  config.subscribe(
    (state) => state.status,
    (status, previous) => {
      if (previous === 'connected' && status === 'disconnected') answeredStore.set(true);
    },
  );
  // A wallet that never shows up must not leave the header waiting forever.
  setTimeout(
    () => {
      if (getConnection(config).status !== 'connected') answeredStore.set(true);
    },
    Math.max(0, WALLET_APPEAR_MS - performance.now()),
  );
  attempt();
}
