/**
 * The injected test wallet: an EIP-1193 provider, announced by EIP-6963 and set as window.ethereum,
 * that behaves like a browser wallet extension whose user approves every prompt (unless a test says
 * "reject the next one"). Accounts, chain switching and chain adding are handled here like a real
 * wallet; signing and sending are forwarded by fetch to the current chain's anvil, which holds the
 * dev keys unlocked, so signatures are real ECDSA by the account's key and transactions are real.
 *
 * This file runs in the browser. It must stay self-contained: it may import types only (they are
 * erased). `index.ts` transpiles it to a script and injects it before the app's own scripts.
 */
import type {
  Eip6963Info,
  Hex,
  SafeRequest,
  WalletConfig,
  WalletControls,
  WalletLogEntry,
} from './types.ts';

type Listener = (payload: unknown) => void;

interface RequestArguments {
  method: string;
  params?: unknown;
}

interface PersistedState {
  chainId: number;
  connected: boolean;
  added: number[];
  rejectNext: string[];
  /** EIP-5792 batches sent: id → chain id (the id is the hash of the one transaction). */
  batches: Record<string, number>;
}

export function installE2eWallet(config: WalletConfig): void {
  const account = config.account.toLowerCase() as Hex;
  const storageKey = `__e2eWallet:${account}`;

  const defaultIcon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0e7c66"/><text x="16" y="21" font-size="12" text-anchor="middle" fill="#fff" font-family="sans-serif">E2E</text></svg>',
    );
  const info: Eip6963Info = Object.freeze({
    uuid:
      config.info?.uuid ??
      (typeof crypto.randomUUID === 'function'
        ? crypto.randomUUID()
        : '00000000-0000-4000-8000-' + Date.now().toString(16).padStart(12, '0').slice(-12)),
    name: config.info?.name ?? 'E2E Wallet',
    icon: config.info?.icon ?? defaultIcon,
    rdns: config.info?.rdns ?? 'dev.e2e.wallet',
  });

  // --- state, kept in sessionStorage so that it survives the reloads a real wallet survives ----------
  function loadState(): PersistedState {
    try {
      const raw = sessionStorage.getItem(storageKey);
      if (raw) return JSON.parse(raw) as PersistedState;
    } catch {
      // no storage (opaque origin): start fresh
    }
    const unadded = config.unaddedChains ?? [];
    return {
      chainId: config.initialChainId,
      connected: config.preconnected ?? false,
      added: Object.keys(config.rpcUrls)
        .map(Number)
        .filter((id) => !unadded.includes(id)),
      rejectNext: [],
      batches: {},
    };
  }
  const state = loadState();
  state.batches ??= {};
  if (config.forgetOnReload) state.connected = false;
  function saveState(): void {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(state));
    } catch {
      // ignore
    }
  }
  saveState();

  const listeners = new Map<string, Set<Listener>>();
  const loadId = Math.random().toString(36).slice(2, 10);
  let requestCount = 0;
  const log: WalletLogEntry[] = [];

  // --- errors ------------------------------------------------------------------------------------------
  class ProviderRpcError extends Error {
    code: number;
    data?: unknown;
    constructor(code: number, message: string, data?: unknown) {
      super(message);
      this.name = 'ProviderRpcError';
      this.code = code;
      if (data !== undefined) this.data = data;
    }
  }
  const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.');
  const invalidParams = (message: string) => new ProviderRpcError(-32602, message);

  // --- helpers -----------------------------------------------------------------------------------------
  const toHex = (n: number): Hex => `0x${n.toString(16)}`;
  const isHex = (v: unknown): v is Hex => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v);
  const sameAddress = (a: unknown, b: string) =>
    typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
  function utf8ToHex(text: string): Hex {
    let out = '0x';
    for (const byte of new TextEncoder().encode(text)) out += byte.toString(16).padStart(2, '0');
    return out as Hex;
  }
  function paramsArray(params: unknown): unknown[] {
    if (params === undefined) return [];
    if (!Array.isArray(params)) throw invalidParams('Expected params to be an array.');
    return params;
  }
  function parseChainId(value: unknown): number {
    if (typeof value !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]*$/.test(value)) {
      throw invalidParams(
        `Expected a 0x-prefixed, unpadded, non-zero hexadecimal chainId, got ${JSON.stringify(value)}.`,
      );
    }
    return Number.parseInt(value, 16);
  }

  function emit(event: string, payload: unknown): void {
    for (const fn of [...(listeners.get(event) ?? [])]) {
      try {
        fn(payload);
      } catch (err) {
        console.error(`[e2e wallet] ${event} listener threw`, err);
      }
    }
  }

  let rpcId = 0;
  let nodeDown = false;
  async function forward(
    method: string,
    params: unknown[],
    chainId = state.chainId,
  ): Promise<unknown> {
    if (nodeDown) throw new ProviderRpcError(-32603, `RPC ${method} failed: the node is down`);
    const url = config.rpcUrls[chainId];
    if (!url) throw new ProviderRpcError(4901, `The wallet has no RPC for chain ${chainId}.`);
    const payload = JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params });
    const send = config.rpcBinding
      ? ((window as unknown as Record<string, unknown>)[config.rpcBinding] as (
          url: string,
          body: string,
        ) => Promise<{ status: number; body: string }>)
      : async (to: string, body: string) => {
          const r = await fetch(to, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
          });
          return { status: r.status, body: await r.text() };
        };
    const response = await send(url, payload);
    if (response.status < 200 || response.status > 299) {
      throw new ProviderRpcError(-32603, `RPC ${method} failed: HTTP ${response.status}`);
    }
    const body = JSON.parse(response.body) as {
      result?: unknown;
      error?: { code: number; message: string; data?: unknown };
    };
    if (body.error)
      throw new ProviderRpcError(body.error.code, body.error.message, body.error.data);
    return body.result;
  }

  function switchTo(chainId: number): void {
    if (chainId === state.chainId) return;
    state.chainId = chainId;
    saveState();
    emit('chainChanged', toHex(chainId));
  }

  // --- the methods a wallet answers itself ---------------------------------------------------------------
  async function handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        const wasConnected = state.connected;
        state.connected = true;
        saveState();
        if (!wasConnected) emit('accountsChanged', [account]);
        if (method === 'wallet_requestPermissions') return permissions();
        return [account];
      }
      case 'eth_accounts':
        return state.connected ? [account] : [];
      case 'eth_coinbase':
        return state.connected ? account : null;
      case 'wallet_getPermissions':
        return state.connected ? permissions() : [];
      case 'wallet_revokePermissions': {
        if (state.connected) {
          state.connected = false;
          saveState();
          emit('accountsChanged', []);
        }
        return null;
      }
      case 'eth_chainId':
        return toHex(state.chainId);
      case 'net_version':
        return String(state.chainId);

      case 'wallet_switchEthereumChain': {
        const chainId = parseChainId((params[0] as { chainId?: unknown } | undefined)?.chainId);
        if (!config.rpcUrls[chainId] || !state.added.includes(chainId)) {
          throw new ProviderRpcError(
            4902,
            `Unrecognized chain ID "${toHex(chainId)}". Try adding the chain using wallet_addEthereumChain first.`,
          );
        }
        switchTo(chainId);
        return null;
      }

      case 'wallet_addEthereumChain': {
        const p = params[0] as
          | {
              chainId?: unknown;
              chainName?: unknown;
              rpcUrls?: unknown;
              nativeCurrency?: { name?: unknown; symbol?: unknown; decimals?: unknown };
            }
          | undefined;
        if (!p || typeof p !== 'object') throw invalidParams('Expected a chain parameter object.');
        const chainId = parseChainId(p.chainId);
        if (typeof p.chainName !== 'string' || p.chainName === '') {
          throw invalidParams('Expected chainName to be a non-empty string.');
        }
        if (!Array.isArray(p.rpcUrls) || p.rpcUrls.length === 0) {
          throw invalidParams('Expected rpcUrls to be a non-empty array of URLs.');
        }
        const nc = p.nativeCurrency;
        if (
          !nc ||
          typeof nc.name !== 'string' ||
          typeof nc.symbol !== 'string' ||
          nc.decimals !== 18
        ) {
          throw invalidParams('Expected nativeCurrency {name, symbol, decimals: 18}.');
        }
        if (!config.rpcUrls[chainId]) {
          // A real wallet would use the dapp's RPC URL; this one only talks to the test's chains.
          throw invalidParams(`The E2E wallet has no RPC for chain ${chainId}.`);
        }
        if (!state.added.includes(chainId)) {
          state.added.push(chainId);
          saveState();
        }
        if (config.switchOnAdd ?? true) switchTo(chainId);
        return null;
      }

      case 'personal_sign': {
        // EIP-1193/MetaMask order: [message, address].
        const [message, address] = params;
        if (!sameAddress(address, account)) {
          throw invalidParams(
            sameAddress(message, account)
              ? 'personal_sign params are in the wrong order: expected [message, address].'
              : `personal_sign: the address ${String(address)} is not this wallet's account.`,
          );
        }
        if (typeof message !== 'string')
          throw invalidParams('personal_sign: message must be a string.');
        const bytes = isHex(message) ? message : utf8ToHex(message);
        if (config.safeOwner)
          return askSafe({ op: 'sign', chainId: state.chainId, message: bytes });
        return forward('personal_sign', [bytes, account]);
      }

      case 'eth_signTypedData_v4': {
        const [address, data] = params;
        if (!sameAddress(address, account)) {
          throw invalidParams(
            `eth_signTypedData_v4: expected [address, typedData] for ${account}.`,
          );
        }
        if (config.safeOwner) {
          throw new ProviderRpcError(4200, 'This Safe does not sign typed data here.');
        }
        const json = typeof data === 'string' ? data : JSON.stringify(data);
        let typed: { domain?: { chainId?: unknown } };
        try {
          typed = JSON.parse(json) as typeof typed;
        } catch {
          throw invalidParams('eth_signTypedData_v4: typed data is not valid JSON.');
        }
        const domainChain = typed.domain?.chainId;
        if (domainChain !== undefined && Number(domainChain) !== state.chainId) {
          // MetaMask refuses to sign typed data for another chain than the active one.
          throw invalidParams(
            `Provided chainId "${String(domainChain)}" must match the active chainId "${state.chainId}"`,
          );
        }
        return forward('eth_signTypedData_v4', [account, json]);
      }

      case 'eth_sendTransaction': {
        const tx = params[0] as { from?: unknown; chainId?: unknown } | undefined;
        if (!tx || typeof tx !== 'object') throw invalidParams('Expected a transaction object.');
        if (tx.from !== undefined && !sameAddress(tx.from, account)) {
          throw invalidParams(`eth_sendTransaction: from ${String(tx.from)} is not this account.`);
        }
        if (tx.chainId !== undefined && Number(tx.chainId) !== state.chainId) {
          throw invalidParams(
            `eth_sendTransaction: chainId ${String(tx.chainId)} is not the active chain ${state.chainId}.`,
          );
        }
        if (config.safeOwner) {
          const { to, data, value } = tx as { to?: unknown; data?: unknown; value?: unknown };
          return askSafe({
            op: 'send',
            url: config.rpcUrls[state.chainId]!,
            chainId: state.chainId,
            calls: [checkedCall({ to, data, value })],
          });
        }
        return forward('eth_sendTransaction', [{ ...tx, from: account }]);
      }

      // EIP-5792, for real: the account is delegated with EIP-7702 to LocalBatchExecutor, so a
      // batch is ONE transaction that runs every call or none (index.ts sends it from Node).
      case 'wallet_getCapabilities': {
        const executors = batchExecutors();
        const [address, chainIds] = params;
        if (!sameAddress(address, account)) {
          throw new ProviderRpcError(
            4100,
            `wallet_getCapabilities: ${String(address)} is not this account.`,
          );
        }
        const capabilities: Record<string, unknown> = {};
        for (const id of Object.keys(executors).map(Number)) {
          if (Array.isArray(chainIds) && !chainIds.some((c) => Number(c) === id)) continue;
          capabilities[toHex(id)] = { atomic: { status: 'supported' } };
        }
        return capabilities;
      }

      case 'wallet_sendCalls': {
        const executors = batchExecutors();
        const p = params[0] as
          | { chainId?: unknown; from?: unknown; calls?: unknown; atomicRequired?: unknown }
          | undefined;
        if (!p || typeof p !== 'object') throw invalidParams('Expected a calls parameter object.');
        const chainId = parseChainId(p.chainId);
        const executor = executors[chainId];
        if (chainId !== state.chainId || !executor) {
          throw new ProviderRpcError(5710, `Unsupported chain id ${toHex(chainId)}.`);
        }
        if (p.from !== undefined && !sameAddress(p.from, account)) {
          throw invalidParams(`wallet_sendCalls: from ${String(p.from)} is not this account.`);
        }
        if (!Array.isArray(p.calls) || p.calls.length === 0) {
          throw invalidParams('wallet_sendCalls: expected a non-empty array of calls.');
        }
        const calls = (p.calls as { to?: unknown; data?: unknown; value?: unknown }[]).map(
          checkedCall,
        );
        if (config.safeOwner) {
          const id = await askSafe({ op: 'send', url: config.rpcUrls[chainId]!, chainId, calls });
          state.batches[id] = chainId;
          saveState();
          return { id };
        }
        const send = (window as unknown as Record<string, unknown>)[config.batchBinding!] as (
          url: string,
          chainId: number,
          executor: Hex,
          calls: { to: Hex; data: Hex; value: Hex }[],
        ) => Promise<Hex>;
        const hash = await send(config.rpcUrls[chainId]!, chainId, executor, calls);
        state.batches[hash] = chainId;
        saveState();
        return { id: hash };
      }

      case 'wallet_getCallsStatus': {
        const [id] = params;
        const chainId = typeof id === 'string' ? state.batches[id] : undefined;
        if (chainId === undefined) throw new ProviderRpcError(5730, 'Unknown bundle id.');
        const receipt = (await forward('eth_getTransactionReceipt', [id], chainId)) as {
          status: Hex;
          logs: unknown[];
          blockHash: Hex;
          blockNumber: Hex;
          gasUsed: Hex;
          transactionHash: Hex;
        } | null;
        const base = { version: '2.0.0', id, chainId: toHex(chainId), atomic: true };
        if (!receipt) return { ...base, status: 100 };
        const { status, logs, blockHash, blockNumber, gasUsed, transactionHash } = receipt;
        return {
          ...base,
          // 200: every call done; 500: the one transaction reverted, so none of them happened.
          status: status === '0x1' ? 200 : 500,
          receipts: [{ status, logs, blockHash, blockNumber, gasUsed, transactionHash }],
        };
      }

      case 'wallet_showCallsStatus':
        return null;

      case 'eth_sign':
        // Wallets disable eth_sign (it signs arbitrary hashes); an app must not depend on it.
        throw new ProviderRpcError(4200, 'eth_sign is not supported by this wallet.');

      default:
        return forward(method, params);
    }
  }

  /** The batch executor per chain; a wallet without them does not batch (like most wallets). */
  function batchExecutors(): Record<number, Hex> {
    // A Safe batches through MultiSendCallOnly, on every chain the wallet knows.
    if (config.safeOwner && config.safeBatches !== false) {
      return Object.fromEntries(Object.keys(config.rpcUrls).map((id) => [id, account]));
    }
    if (!config.batchExecutors || !config.batchBinding) {
      throw new ProviderRpcError(4200, 'This wallet does not support EIP-5792 batches.');
    }
    return config.batchExecutors;
  }

  /** One call of a transaction or batch, checked and with the defaults a wallet fills in. */
  function checkedCall(c: { to?: unknown; data?: unknown; value?: unknown } | undefined) {
    if (typeof c?.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(c.to)) {
      throw invalidParams('every call needs a `to` address.');
    }
    return {
      to: c.to as Hex,
      data: isHex(c.data) ? c.data : ('0x' as Hex),
      value: isHex(c.value) ? c.value : ('0x0' as Hex),
    };
  }

  /** Signs or sends for the Safe, from Node (the owner's key stays there, as in a wallet). */
  async function askSafe(request: SafeRequest): Promise<Hex> {
    const binding = (window as unknown as Record<string, unknown>)[config.safeBinding!] as (
      r: SafeRequest,
    ) => Promise<Hex>;
    return binding(request);
  }

  function permissions() {
    return [
      {
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [account] }],
      },
    ];
  }

  function report(entry: WalletLogEntry): void {
    const binding = config.reportBinding
      ? (window as unknown as Record<string, unknown>)[config.reportBinding]
      : undefined;
    if (typeof binding === 'function') {
      try {
        const ret = (binding as (e: WalletLogEntry) => unknown)({ ...entry });
        if (ret instanceof Promise) ret.catch(() => {});
      } catch {
        // the page is going away
      }
    }
  }

  async function request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
      throw new ProviderRpcError(-32600, 'Expected a request object {method, params}.');
    }
    const { method } = args;
    let snapshot: unknown;
    try {
      snapshot = args.params === undefined ? undefined : JSON.parse(JSON.stringify(args.params));
    } catch {
      snapshot = String(args.params);
    }
    const entry: WalletLogEntry = {
      id: `${loadId}:${++requestCount}`,
      method,
      params: snapshot,
      chainId: state.chainId,
      at: Date.now(),
    };
    log.push(entry);
    report(entry);
    try {
      // Entries are `method`, or `method#n`: let n calls through first, then reject one.
      const rejectAt = state.rejectNext.findIndex((r) => r.split('#')[0] === method);
      if (rejectAt >= 0) {
        const skip = Number(state.rejectNext[rejectAt]!.split('#')[1] ?? 0);
        if (skip > 0) state.rejectNext[rejectAt] = `${method}#${skip - 1}`;
        else state.rejectNext.splice(rejectAt, 1);
        saveState();
        if (skip === 0) throw userRejected();
      }
      const result = await handle(method, paramsArray(args.params));
      entry.outcome = { ok: true, result };
      return result;
    } catch (err) {
      const e = err as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'number' ? e.code : -32603;
      const message = typeof e.message === 'string' ? e.message : String(err);
      entry.outcome = { ok: false, code, message };
      throw err instanceof ProviderRpcError ? err : new ProviderRpcError(code, message);
    } finally {
      report(entry);
    }
  }

  const provider = {
    isE2eWallet: true,
    request,
    on(event: string, fn: Listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(fn);
      return provider;
    },
    removeListener(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
    isConnected: () => true,
  };
  Object.assign(provider, { addListener: provider.on, off: provider.removeListener });

  const controls: WalletControls = {
    rejectNext(method: string, skip = 0) {
      state.rejectNext.push(skip > 0 ? `${method}#${skip}` : method);
      saveState();
    },
    nodeDown(down: boolean) {
      nodeDown = down;
    },
    log,
    chainId: () => state.chainId,
    addedChains: () => [...state.added],
    emit,
  };
  Object.defineProperty(window, '__e2eWallet', { value: controls, configurable: true });

  // Real wallets are not all there when the page starts: TokenPocket's in-app browser sets
  // window.ethereum about 800 ms in and announces itself by EIP-6963 at about 1.5 s. With those
  // delays set, the wallet does the same (and, as MetaMask's convention has it, fires
  // `ethereum#initialized` when it injects late).
  const injectAfterMs = config.injectAfterMs ?? 0;
  const announceAfterMs = Math.max(config.announceAfterMs ?? 0, injectAfterMs);
  const later = (ms: number, fn: () => void) => (ms > 0 ? setTimeout(fn, ms) : fn());

  later(injectAfterMs, () => {
    if (config.setWindowEthereum ?? true) {
      Object.defineProperty(window, 'ethereum', {
        value: provider,
        configurable: true,
        writable: true,
      });
      if (injectAfterMs > 0) window.dispatchEvent(new Event('ethereum#initialized'));
    }
    // EIP-1193: the provider is connected to a chain from the moment it exists.
    setTimeout(() => emit('connect', { chainId: toHex(state.chainId) }), 0);
  });

  if (config.announce ?? true) {
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info, provider }),
        }),
      );
    later(announceAfterMs, () => {
      // Answer every request from now on (an app that starts listening later asks), and announce once now.
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    });
  }
}
