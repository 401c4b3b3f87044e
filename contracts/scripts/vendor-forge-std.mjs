#!/usr/bin/env node
// Vendors forge-std into contracts/lib/forge-std/src (gitignored).
// forge-std is normally a git submodule, and no GitHub access is available here; the npm package
// @chainlink/contracts ships a current copy, but it cannot be `npm install`ed (it has a GitHub
// dependency). So: `npm pack` it into a temporary folder and extract only the forge-std sources.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = '@chainlink/contracts@1.5.0';
const INNER = 'package/src/v0.8/vendor/forge-std/src/';

const contractsDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(contractsDir, 'lib', 'forge-std', 'src');

if (existsSync(join(target, 'Test.sol'))) process.exit(0);

const tmp = mkdtempSync(join(tmpdir(), 'forge-std-'));
try {
  execFileSync('npm', ['pack', PACKAGE, '--pack-destination', tmp, '--silent'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${PACKAGE} produced no tarball`);
  mkdirSync(target, { recursive: true });
  const strip = INNER.split('/').filter(Boolean).length;
  execFileSync('tar', [
    '-xzf',
    join(tmp, tarball),
    '-C',
    target,
    `--strip-components=${strip}`,
    INNER,
  ]);
  if (!existsSync(join(target, 'Test.sol'))) throw new Error(`forge-std not found in ${PACKAGE}`);
  console.log(`vendored forge-std from ${PACKAGE} into ${target}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
