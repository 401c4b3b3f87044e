/**
 * What both mutation runners share: a scratch copy of the contracts to mutate, one run of the default
 * forge suite there (fail-fast), and the name of the test that failed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractsDir } from '../scripts/artifacts.ts';

export const repoDir = join(contractsDir, '..');
const foundry = join(contractsDir, 'tools', 'foundry.mjs');

/** A scratch copy whose `../node_modules` resolves as in the repository (remappings, solc shim). */
export function scratchCopy(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'honest-mutants-'));
  symlinkSync(join(repoDir, 'node_modules'), join(root, 'node_modules'));
  const dir = join(root, 'contracts');
  for (const part of ['src', 'test', 'lib', 'tools', 'foundry.toml']) {
    cpSync(join(contractsDir, part), join(dir, part), { recursive: true });
  }
  return { root, dir };
}

export interface ForgeRun {
  code: number;
  output: string;
  timedOut: boolean;
  /** Ended by a signal that was not our timeout (the run was interrupted): no outcome. */
  interrupted: boolean;
}

/** The default forge suite in `dir`, stopping at the first failing test. */
export function forgeTest(dir: string, timeoutMs = 20 * 60_000): ForgeRun {
  const result = spawnSync('node', [foundry, 'forge', 'test', '--fail-fast'], {
    cwd: dir,
    encoding: 'utf8',
    // The default profile: exactly what `npm test` runs.
    env: { ...process.env, FOUNDRY_PROFILE: 'default' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  return {
    code: result.status ?? 1,
    output: `${result.stdout}\n${result.stderr}`,
    timedOut: result.error !== undefined && /ETIMEDOUT/.test(String(result.error)),
    interrupted: result.signal !== null && !/ETIMEDOUT/.test(String(result.error)),
  };
}

/** True when forge's output says the build failed (the mutant did not compile). */
export function compileFailed(output: string): boolean {
  return /Compiler run failed|Error \(\d+\)/.test(output);
}

/** The first failing test as Contract.test, from forge's output. */
export function killer(output: string): string {
  let suite = '?';
  for (const line of output.split('\n')) {
    const ran = /^Ran \d+ tests? for [^:]+:(\w+)/.exec(line);
    if (ran) suite = ran[1]!;
    // The reason may itself contain brackets: take the test name after the last '] '.
    const fail = /^\[FAIL.*\] ((?:test|invariant|setUp)\w*)\(/.exec(line);
    if (fail) return `${suite}.${fail[1]}`;
  }
  return 'forge failed';
}

export function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

/** A Markdown-style table, columns padded to their widest cell. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n');
}

/**
 * The baseline builds every test file from scratch (a mutant rebuilds only `src/`): with solc-js on a
 * loaded machine that alone took 18 min (issue 28, load 19 on 2 cores), so it gets an hour, not the
 * mutants' 20 minutes.
 */
export const BASELINE_TIMEOUT_MS = 60 * 60_000;

/**
 * Runs the unmutated suite in the scratch copy first (both runners): a mutant "killed" by a suite
 * that already fails would mean nothing. Prints the outcome; false when the suite fails or did not
 * finish in time (said as such: a timeout is not a failing test).
 */
export function baselinePasses(dir: string, started: number): boolean {
  const baseline = forgeTest(dir, BASELINE_TIMEOUT_MS);
  if (baseline.code !== 0) {
    console.error(baseline.output);
    console.error(
      baseline.timedOut
        ? `the unmutated suite did not finish within ${BASELINE_TIMEOUT_MS / 60_000} min (a busy machine?): run again when it is quieter`
        : 'the unmutated suite fails: fix it before mutation testing',
    );
    return false;
  }
  console.log(
    `baseline: the default suite passes (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  return true;
}

/** A wrong command line: the message, and exit 2 before any forge run. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Options not in `known` (a value after an option that takes one is not an option). */
export function unknownOptions(argv: string[], known: string[], withValue: string[]): string[] {
  return argv.filter(
    (arg, i) =>
      arg.startsWith('-') && !known.includes(arg) && !withValue.includes(argv[i - 1] ?? ''),
  );
}
