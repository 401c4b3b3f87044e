/**
 * `npm run mutants -w contracts`: mutation testing of the trust rules. Copies the contract sources and
 * tests to a scratch directory, checks the default forge suite passes there, then applies each mutant
 * of mutants/mutants.ts on its own, runs the default forge suite (fail-fast) and records which test
 * killed it. Prints a table and a total; exits 1 if any mutant survived or did not compile.
 * Too slow for `npm test` (one compile and suite run per mutant).
 *
 * Options: --only id1,id2   run only these mutants
 *          --keep           keep the scratch directory (its path is printed)
 *          --check          only check that every mutant's text occurs exactly once (seconds, no forge)
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mutants, type Mutant } from '../mutants/mutants.ts';
import { contractsDir } from './artifacts.ts';

const repoDir = join(contractsDir, '..');
const foundry = join(contractsDir, 'tools', 'foundry.mjs');

interface Outcome {
  mutant: Mutant;
  status: 'killed' | 'SURVIVED' | 'NO COMPILE';
  by: string;
  seconds: number;
}

function parseArgs(argv: string[]): { only: Set<string> | null; keep: boolean; check: boolean } {
  const i = argv.indexOf('--only');
  const only = i >= 0 && argv[i + 1] ? new Set(argv[i + 1]!.split(',')) : null;
  return { only, keep: argv.includes('--keep'), check: argv.includes('--check') };
}

/** Mutants whose text does not occur exactly once in their file (after a refactor, say). */
function unmatched(dir: string, list: Mutant[]): string[] {
  return list.flatMap((m) => {
    const count = readFileSync(join(dir, m.file), 'utf8').split(m.find).length - 1;
    return count === 1 ? [] : [`${m.id}: its text occurs ${count} times in ${m.file}`];
  });
}

/** A scratch copy whose `../node_modules` resolves as in the repository (remappings, solc shim). */
function scratchCopy(): { root: string; dir: string } {
  const root = mkdtempSync(join(tmpdir(), 'honest-mutants-'));
  symlinkSync(join(repoDir, 'node_modules'), join(root, 'node_modules'));
  const dir = join(root, 'contracts');
  for (const part of ['src', 'test', 'lib', 'tools', 'foundry.toml']) {
    cpSync(join(contractsDir, part), join(dir, part), { recursive: true });
  }
  return { root, dir };
}

function forgeTest(dir: string): { code: number; output: string } {
  const result = spawnSync('node', [foundry, 'forge', 'test', '--fail-fast'], {
    cwd: dir,
    encoding: 'utf8',
    // The default profile: exactly what `npm test` runs.
    env: { ...process.env, FOUNDRY_PROFILE: 'default' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status ?? 1, output: `${result.stdout}\n${result.stderr}` };
}

/** The first failing test as Contract.test, from forge's output. */
function killer(output: string): string {
  let suite = '?';
  for (const line of output.split('\n')) {
    const ran = /^Ran \d+ tests? for [^:]+:(\w+)/.exec(line);
    if (ran) suite = ran[1]!;
    // The reason may itself contain brackets: take the test name after the last '] '.
    const fail = /^\[FAIL.*\] ((?:test|invariant)\w*)\(/.exec(line);
    if (fail) return `${suite}.${fail[1]}`;
  }
  return 'forge failed';
}

function apply(dir: string, m: Mutant): () => void {
  const path = join(dir, m.file);
  const original = readFileSync(path, 'utf8');
  const count = original.split(m.find).length - 1;
  if (count !== 1) throw new Error(`mutant ${m.id}: its text occurs ${count} times in ${m.file}`);
  writeFileSync(path, original.replace(m.find, m.replace));
  return () => writeFileSync(path, original);
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

function main(): number {
  const { only, keep, check } = parseArgs(process.argv.slice(2));
  const chosen = mutants.filter((m) => !only || only.has(m.id));
  const ids = new Set<string>();
  for (const m of mutants) {
    if (ids.has(m.id)) throw new Error(`duplicate mutant id ${m.id}`);
    ids.add(m.id);
  }
  if (only) {
    const unknown = [...only].filter((id) => !ids.has(id));
    if (unknown.length > 0) throw new Error(`no mutant with id ${unknown.join(', ')}`);
  }
  // Every pattern is checked before any forge run, so a stale one fails in seconds, all listed.
  const stale = unmatched(contractsDir, mutants);
  if (stale.length > 0) {
    for (const line of stale) console.error(line);
    console.error(
      `${stale.length} mutant(s) no longer match the sources: update mutants/mutants.ts`,
    );
    return 1;
  }
  if (check) {
    console.log(`all ${mutants.length} mutants match their source text exactly once`);
    return 0;
  }
  const started = Date.now();
  const { root, dir } = scratchCopy();
  console.log(`scratch copy: ${dir}`);
  try {
    const baseline = forgeTest(dir);
    if (baseline.code !== 0) {
      console.error(baseline.output);
      console.error('the unmutated suite fails: fix it before mutation testing');
      return 1;
    }
    console.log(
      `baseline: the default suite passes (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
    const outcomes: Outcome[] = [];
    for (const [n, m] of chosen.entries()) {
      const t0 = Date.now();
      const restore = apply(dir, m);
      let outcome: Outcome;
      try {
        const run = forgeTest(dir);
        const seconds = (Date.now() - t0) / 1000;
        if (run.code === 0) outcome = { mutant: m, status: 'SURVIVED', by: '-', seconds };
        else if (/Compiler run failed|Error \(\d+\)/.test(run.output))
          outcome = { mutant: m, status: 'NO COMPILE', by: '-', seconds };
        else outcome = { mutant: m, status: 'killed', by: killer(run.output), seconds };
      } finally {
        restore();
      }
      outcomes.push(outcome);
      console.log(
        `[${n + 1}/${chosen.length}] ${m.id}: ${outcome.status} ${outcome.by} (${outcome.seconds.toFixed(0)} s)`,
      );
    }

    const header = ['#', 'mutant', 'rule', 'result', 'killed by'];
    const rows = outcomes.map((o, i) => [
      String(i + 1),
      o.mutant.id,
      o.mutant.rule,
      o.status,
      o.by,
    ]);
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i]!)).join(' | ')} |`;
    console.log('');
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    const killed = outcomes.filter((o) => o.status === 'killed').length;
    const survived = outcomes.filter((o) => o.status === 'SURVIVED').length;
    const broken = outcomes.length - killed - survived;
    const minutes = ((Date.now() - started) / 60000).toFixed(1);
    console.log('');
    console.log(
      `total: ${outcomes.length} mutants, ${killed} killed, ${survived} survived, ${broken} did not compile (${minutes} min)`,
    );
    return survived + broken === 0 ? 0 : 1;
  } finally {
    if (keep) console.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = main();
