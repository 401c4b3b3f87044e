#!/usr/bin/env node
// A stand-in for a native solc binary, backed by the npm `solc` package (solc-js).
// forge calls `solc --version` to learn the version, then `solc --standard-json ...` with the
// standard JSON input on stdin. No native solc can be downloaded here, so forge is pointed at this.
import { createRequire } from 'node:module';
import { appendFileSync, existsSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc');
const args = process.argv.slice(2);
if (process.env.SOLC_SHIM_LOG)
  appendFileSync(process.env.SOLC_SHIM_LOG, JSON.stringify(args) + '\n');

if (args.includes('--version') || args.includes('-v')) {
  const version = solc.version().replace('.Emscripten.clang', '.Linux.g++');
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${version}\n`);
  process.exit(0);
}

// Like native solc, resolve imports that are not in the input against --base-path and
// --include-path, and only inside --allow-paths.
function optionValues(name) {
  const values = [];
  args.forEach((arg, i) => {
    if (arg === name && args[i + 1] !== undefined) values.push(args[i + 1]);
    else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
  });
  return values;
}
const basePath = optionValues('--base-path')[0] ?? process.cwd();
const roots = [basePath, ...optionValues('--include-path')].map((p) => resolve(p));
// Compare real paths: forge passes canonical --allow-paths, while imports may go through symlinks.
const real = (p) => (existsSync(p) ? realpathSync(p) : resolve(p));
const allowed = [...roots, ...optionValues('--allow-paths').flatMap((v) => v.split(','))]
  .filter(Boolean)
  .map(real);

function findImports(path) {
  const candidates = isAbsolute(path) ? [path] : roots.map((root) => resolve(root, path));
  for (const file of candidates) {
    if (!existsSync(file)) continue;
    const target = realpathSync(file);
    const inside = allowed.some((dir) => target === dir || target.startsWith(`${dir}/`));
    if (inside) return { contents: readFileSync(target, 'utf8') };
  }
  return { error: `File not found: ${path}` };
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const input = Buffer.concat(chunks).toString('utf8');
process.stdout.write(solc.compile(input, { import: findImports }));
