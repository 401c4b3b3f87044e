#!/usr/bin/env node
// Runs a Foundry tool (forge, cast, anvil) from its native @foundry-rs/<tool>-<platform>-<arch>
// package and exits with the tool's exit code. The npm packages' own `bin` wrappers (node_modules/.bin/
// forge etc.) exit 0 even when the tool fails, which would turn failing builds and tests green.
// Usage: node tools/foundry.mjs forge test [args...]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const [tool, ...args] = process.argv.slice(2);
if (!['forge', 'cast', 'anvil', 'chisel'].includes(tool ?? '')) {
  console.error('usage: node tools/foundry.mjs <forge|cast|anvil|chisel> [args...]');
  process.exit(2);
}
const arch = process.arch === 'x64' ? 'amd64' : process.arch;
const require = createRequire(import.meta.url);
let binary;
try {
  const pkg = require.resolve(`@foundry-rs/${tool}-${process.platform}-${arch}/package.json`);
  binary = join(dirname(pkg), 'bin', process.platform === 'win32' ? `${tool}.exe` : tool);
} catch {
  binary = undefined;
}
if (!binary || !existsSync(binary)) {
  console.error(
    `${tool} for ${process.platform}-${arch} not found: run npm install at the repository root`,
  );
  process.exit(1);
}
const result = spawnSync(binary, args, { stdio: 'inherit' });
if (result.error) throw result.error;
process.exit(result.status ?? 1);
