import type { Deployment } from '@app/contracts/chains';

/**
 * Whether Vite's build-time values exist: unit tests run these modules under Node (tsx), where
 * `import.meta.env` is undefined. (The reads below stay `import.meta.env.X` for Vite's `define`.)
 */
function viteEnv(): boolean {
  return typeof import.meta.env === 'object';
}

/**
 * Which deployment this build talks to (VITE_DEPLOYMENT, default local). Its own module so the
 * first chunk can know it without the generated contract module (ABIs) that contracts.ts loads.
 */
export const deployment: Deployment = viteEnv() ? import.meta.env.VITE_DEPLOYMENT : 'local';

/**
 * The standalone build (issue 18 §3): served from anywhere, with no operator server behind it.
 * Chain reads skip /rpc, and pages that need the indexer say they need the operator's server.
 */
export const standalone: boolean = viteEnv() && import.meta.env.VITE_STANDALONE === 'true';

/** The guide to leaving without this site (docs/EXIT.md, copied next to index.html by the build). */
export const exitGuideHref = 'EXIT.md';
