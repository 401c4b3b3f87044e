/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which set of contract deployments this build talks to (defined in vite.config.ts). */
  readonly VITE_DEPLOYMENT: 'local' | 'production';
  /**
   * JSON of the production contracts read from DEPLOYMENT_FILE at build time (vite.config.ts), or
   * '' to use the generated module's.
   */
  readonly VITE_DEPLOYMENT_CONTRACTS: string;
  /**
   * 'true' in the standalone build (`npm run build:standalone`, issue 18 §3): no operator server,
   * no /v1 and no /rpc; reads only through the user's RPC, the network's public RPC and the wallet.
   */
  readonly VITE_STANDALONE: 'true' | 'false';
  /** 'off' turns EIP-5792 batching off (features/tx/batch.ts); read from the build's environment. */
  readonly VITE_WALLET_BATCHING?: string;
  /**
   * WalletConnect Cloud project id (issue 18 §6): set, the connect popup offers WalletConnect
   * (features/wallet/connect/walletConnectOption.ts); '' leaves it out. A literal (vite.config.ts).
   */
  readonly VITE_WALLETCONNECT_PROJECT_ID: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
