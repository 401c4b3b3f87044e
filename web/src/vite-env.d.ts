/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which set of contract deployments this build talks to (defined in vite.config.ts). */
  readonly VITE_DEPLOYMENT: 'local' | 'production';
  /**
   * JSON of the production contracts read from DEPLOYMENT_FILE at build time (vite.config.ts), or
   * '' to use the generated module's.
   */
  readonly VITE_DEPLOYMENT_CONTRACTS: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
