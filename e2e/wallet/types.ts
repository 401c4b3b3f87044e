/** Types shared by the injected test wallet (browser) and the tests (Node). No runtime code. */

export type Hex = `0x${string}`;

export interface WalletConfig {
  /** JSON-RPC URL (an anvil) per chain id the wallet knows. */
  rpcUrls: Record<number, string>;
  /** The wallet's single account; anvil must have it unlocked (its dev accounts are). */
  account: Hex;
  /** Chain the wallet is on when the page loads (the first time; later loads restore the last one). */
  initialChainId: number;
  /**
   * Chains the wallet knows an RPC for but that the user has "not added" yet:
   * wallet_switchEthereumChain to them fails with 4902 until wallet_addEthereumChain is called.
   */
  unaddedChains?: number[];
  /** Whether eth_accounts returns the account before eth_requestAccounts (a previously approved site). */
  preconnected?: boolean;
  /**
   * Like a mobile wallet's in-app browser that drops its site connections: every page load starts
   * disconnected (eth_accounts is empty until the app asks with eth_requestAccounts again), as a
   * locked wallet answers. Without it the wallet remembers the site across reloads (the default).
   */
  forgetOnReload?: boolean;
  /** Set window.ethereum (default true). */
  setWindowEthereum?: boolean;
  /**
   * Milliseconds after the page starts before window.ethereum is set (then `ethereum#initialized`
   * is fired and the provider emits `connect`), like TokenPocket's in-app browser (about 800 ms).
   * Default 0: set before the page's scripts run.
   */
  injectAfterMs?: number;
  /**
   * Milliseconds after the page starts before the EIP-6963 announcement (and before
   * `eip6963:requestProvider` is answered); TokenPocket's is about 1500 ms. Never before the
   * injection. Default 0.
   */
  announceAfterMs?: number;
  /** Announce by EIP-6963 (default true). */
  announce?: boolean;
  /** Like MetaMask, switch to a chain right after wallet_addEthereumChain added it (default true). */
  switchOnAdd?: boolean;
  /** EIP-6963 provider info overrides (name, rdns, uuid). */
  info?: Partial<Eip6963Info>;
  /** Name of a function on window (a Playwright binding) each finished request is reported to. */
  reportBinding?: string;
  /**
   * LocalBatchExecutor's address per chain: with it the wallet supports EIP-5792 atomic batches
   * (wallet_getCapabilities says `atomic: supported`; wallet_sendCalls sends one EIP-7702
   * transaction; wallet_getCallsStatus follows it). Without it those methods fail with 4200.
   */
  batchExecutors?: Record<number, Hex>;
  /** Name of the page binding that sends a batch from Node (set by installWallet). */
  batchBinding?: string;
  /**
   * The account is a Safe (`account` is its address) and `safeOwner`, an anvil key, is an owner
   * with threshold 1, as Safe{Wallet} connects a site: personal_sign gives the Safe's ERC-1271
   * signature; eth_sendTransaction and EIP-5792 batches (`atomic: supported` on every chain the
   * wallet knows) run as one Safe transaction the owner executes (wallet/safe.ts, from Node).
   * Typed data is not signed (a permit needs a key's signature).
   */
  safeOwner?: Hex;
  /** With `safeOwner`: false for a Safe wallet that does not offer EIP-5792 batches (default true). */
  safeBatches?: boolean;
  /** Name of the page binding that signs and sends for the Safe from Node (set by installWallet). */
  safeBinding?: string;
  /**
   * Name of the page binding that sends a JSON-RPC body to a URL from Node, as a wallet extension
   * sends from its own background context: the page's Content-Security-Policy (connect-src 'self')
   * does not apply to it. Set by installWallet; without it the page fetches the node itself.
   */
  rpcBinding?: string;
}

/** What the page asks of the Safe binding (index.ts): a message signature, or calls to run. */
export type SafeRequest =
  | { op: 'sign'; chainId: number; message: Hex }
  | { op: 'send'; url: string; chainId: number; calls: { to: Hex; data: Hex; value: Hex }[] };

export interface Eip6963Info {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/** One request the app made to the wallet. */
export interface WalletLogEntry {
  /** Unique per request (page load + counter); an entry is reported when it starts and again when it ends. */
  id: string;
  method: string;
  params: unknown;
  /** Chain the wallet was on when the request arrived. */
  chainId: number;
  /** How it ended: the result, or the error code and message. */
  outcome?: { ok: true; result: unknown } | { ok: false; code: number; message: string };
  /** Milliseconds since the epoch. */
  at: number;
}

/** Test controls on `window.__e2eWallet`. */
export interface WalletControls {
  /** The next call of `method` fails with EIP-1193 code 4001 'User rejected the request.' */
  rejectNext(method: string, skip?: number): void;
  /**
   * While true, the wallet's own node does not answer (every forwarded request fails with -32603,
   * as a wallet whose RPC is down does): the app's reads cannot fall back to the wallet either.
   */
  nodeDown(down: boolean): void;
  /** Every request the app made since this page loaded (the harness keeps one across reloads). */
  log: WalletLogEntry[];
  /** The wallet's current chain id. */
  chainId(): number;
  /** Chain ids added so far. */
  addedChains(): number[];
  /** Emit an EIP-1193 event to the app's listeners. */
  emit(event: string, payload: unknown): void;
}
