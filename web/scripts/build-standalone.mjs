/**
 * `npm run build:standalone -w web` (issue 18 §3): the app as a plain folder (web/dist-standalone)
 * that works from any static host and any path, with no operator server behind it, and prints the
 * folder's SHA-256 so anyone can check that their build of a commit is the same bytes as another's
 * (docs/EXIT.md). VITE_DEPLOYMENT picks the contracts (default local), as for the normal build.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { folderDigest } from './folder-digest.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url));
export const defaultOutDir = resolve(webDir, 'dist-standalone');

/** Builds the standalone folder into `outDir` (emptied first); resolves with its SHA-256. */
export async function buildStandalone(outDir = defaultOutDir, env = {}) {
  const code = await new Promise((done, fail) => {
    const child = spawn(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: webDir,
        stdio: 'inherit',
        env: { ...process.env, ...env, VITE_STANDALONE: 'true' },
      },
    );
    child.on('error', fail);
    child.on('exit', done);
  });
  if (code !== 0) throw new Error(`standalone build failed (exit ${code})`);
  return folderDigest(outDir);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const digest = await buildStandalone();
  console.log(`standalone build: ${defaultOutDir}`);
  console.log(`sha256 ${digest}`);
}
