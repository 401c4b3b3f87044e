/**
 * Checks what the browser tests need before any of them starts, and clears old artifacts.
 * Run as `npm test`'s pretest step; the harness calls `assertPrerequisites` too.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './browser.ts';

export const e2eDir = fileURLToPath(new URL('.', import.meta.url));
export const repoDir = join(e2eDir, '..');
/** The web production build under test (E2E_WEB_DIST overrides, e.g. a build kept elsewhere). */
export const webDist = process.env.E2E_WEB_DIST ?? join(repoDir, 'web', 'dist');
export const artifactsDir = join(e2eDir, 'artifacts');

/** Fails with a clear message when the production web build or Chromium is missing. */
export function assertPrerequisites(): void {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(
      `The web production build is missing (${join(webDist, 'index.html')}).\n` +
        'Build it first from the repository root:  VITE_DEPLOYMENT=local npm run build -w web\n' +
        '(`npm test` at the root does this before the e2e step.)',
    );
  }
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}. Install Debian's: apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH).',
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    assertPrerequisites();
  } catch (err) {
    console.error(`e2e: ${(err as Error).message}`);
    process.exit(1);
  }
  rmSync(artifactsDir, { recursive: true, force: true });
}
