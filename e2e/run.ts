/**
 * `npm test -w e2e [-- <file name>… [--grep <scenario name>]]`: the browser test files, longest
 * first, two at a time (each file starts its own chains, server and browser on free ports, so files
 * never share state). Arguments narrow the run:
 *   npm test -w e2e -- wallets                     one file (any part of its name)
 *   npm test -w e2e -- stake withdraw              two files
 *   npm test -w e2e -- wallets --grep "Trust"      the scenarios of that file whose name matches
 * E2E_JOBS sets how many files run at once (default 2; 1 runs them one after another).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { e2eDir } from './preflight.ts';

/**
 * Files from the longest to the shortest, so the long ones start first and the short ones fill in
 * beside them: the durations node:test printed per file in a whole run (2026-11-28, one file at a
 * time beside two CPU hogs: screens 210 s … wallet 7 s). A file missing here runs last.
 */
const LONGEST_FIRST = [
  'screens',
  'rehearsal',
  'network-fee',
  'a11y',
  'stake',
  'data-pages',
  'second-tab',
  'walletconnect',
  'withdraw',
  'membership',
  'batch',
  'topbar',
  'reconnect',
  'earnings',
  'exchange',
  'wallets',
  'fold',
  'standalone-exit',
  'offline',
  'usdc-issuer',
  'shell',
  'smart-account',
  'transparency',
  'rtl-scroll',
  'notice-network',
  'read-fallback',
  'layout-rules',
  'wallet',
];

export interface E2eArgs {
  /** Parts of file names to run (all files when empty). */
  files: string[];
  /** A scenario name pattern (node:test's --test-name-pattern). */
  grep?: string;
}

export function parseArgs(argv: string[]): E2eArgs {
  const args: E2eArgs = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--grep' || arg === '-g') {
      const pattern = argv[++i];
      if (!pattern) throw new Error(`${arg} needs a scenario name (or a part of one)`);
      args.grep = pattern;
    } else if (arg.startsWith('--grep=')) args.grep = arg.slice('--grep='.length);
    else args.files.push(arg.replace(/\.e2e\.test\.ts$/, '').replace(/^.*\//, ''));
  }
  return args;
}

/** The test files to run, longest first; a name matches a file exactly, else as a part of it. */
export function selectFiles(all: string[], wanted: string[]): string[] {
  const rank = (name: string) => {
    const i = LONGEST_FIRST.indexOf(name);
    return i === -1 ? LONGEST_FIRST.length : i;
  };
  const ordered = [...all].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  if (wanted.length === 0) return ordered;
  const chosen = new Set<string>();
  for (const want of wanted) {
    const exact = ordered.filter((name) => name === want);
    const matches = exact.length ? exact : ordered.filter((name) => name.includes(want));
    if (matches.length === 0)
      throw new Error(`no e2e test file matches "${want}"; files: ${ordered.join(', ')}`);
    for (const m of matches) chosen.add(m);
  }
  return ordered.filter((name) => chosen.has(name));
}

function testFileNames(): string[] {
  return readdirSync(join(e2eDir, 'tests'))
    .filter((f) => f.endsWith('.e2e.test.ts'))
    .map((f) => f.replace(/\.e2e\.test\.ts$/, ''));
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const files = selectFiles(testFileNames(), args.files);
  const jobs = Math.max(1, Number(process.env.E2E_JOBS ?? 2) || 2);
  const nodeArgs = [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${Math.min(jobs, files.length)}`,
    '--test-timeout=600000',
    ...(args.grep ? ['--test-name-pattern', args.grep] : []),
    ...files.map((name) => join('tests', `${name}.e2e.test.ts`)),
  ];
  console.log(
    `e2e: ${files.length} file(s), ${Math.min(jobs, files.length)} at a time` +
      (args.grep ? `, scenarios matching /${args.grep}/` : '') +
      `: ${files.join(', ')}`,
  );
  const child = spawn(process.execPath, nodeArgs, { cwd: e2eDir, stdio: 'inherit' });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

if (process.argv[1] && join(process.argv[1]) === join(e2eDir, 'run.ts')) {
  process.exit(await main());
}
