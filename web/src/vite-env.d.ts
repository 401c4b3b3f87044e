/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which set of contract deployments this build talks to (defined in vite.config.ts). */
  readonly VITE_DEPLOYMENT: 'local' | 'production';
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
