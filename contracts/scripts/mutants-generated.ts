/**
 * `npm run mutants -w contracts -- --generated`: the mechanical mutants of mutants/generate.ts, from
 * every contract source in src/ (not src/local, the local token stand-ins), each applied alone to a
 * scratch copy and run against the default forge suite (fail-fast). Prints the mutation score per file
 * and per operator and lists the survivors; exits 1 while any survivor is neither killed nor listed in
 * mutants/equivalent.json.
 *
 * Slow (a build of src/ and a suite run per mutant): run it with `nice`. Resumable: each outcome is
 * saved at once in mutants/outcomes.json (committed: `--report` prints the last run's table on a
 * fresh clone), keyed by a hash of the sources and the edit, so a second run only runs what has no
 * outcome yet. A killed or stillborn outcome stays valid while the
 * sources are the same; a survivor is run again when the tests changed (a new test may kill it).
 *
 * Options: --file A,B        only files whose name contains one of these (StakingPositions, Lens, ...)
 *          --operator x,y    only these operators (storage-write, comparison, revert-false, arithmetic,
 *                            constant, modifier, emit; same-type-read, two-places, argument-swap,
 *                            effect-delete, call-before-writes), or the groups mechanical, semantic
 *          --limit N         run at most N mutants that have no outcome yet, then report
 *          --list            list the selected mutants and exit (no forge)
 *          --report          report the saved outcomes only (no forge)
 *          --fresh           forget the saved outcomes
 *          --keep            keep the scratch directory
 * Any other option is refused (exit 2), so a misspelt one never starts a run of hours.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import {
  baselinePasses,
  compileFailed,
  forgeTest,
  killer,
  repoDir,
  scratchCopy,
  table,
  unknownOptions,
  UsageError,
} from '../mutants/forge.ts';
import {
  applyMutant,
  compileErrors,
  generateMutants,
  mechanicalOperators,
  operators,
  type GeneratedMutant,
  type Operator,
} from '../mutants/generate.ts';
import { semanticOperators } from '../mutants/semantic.ts';
import { contractsDir } from './artifacts.ts';

/** Most critical first (where the money moves), so a time-boxed run covers what matters most. */
const fileOrder = [
  'StakingPositions',
  'StakingExchange',
  'StakingMemberships',
  'StakingGovernance',
  'StakingLens',
  'StakingStorage',
  'StakingReferrals',
  'StakingGrants',
  'StakingMath',
  'Staking',
];

const stateFile = join(contractsDir, 'mutants', 'outcomes.json');
const equivalentFile = join(contractsDir, 'mutants', 'equivalent.json');

type Status = 'killed' | 'survived' | 'stillborn';

interface Outcome {
  status: Status;
  /** The first failing test (killed), or the first compile error (stillborn). */
  by: string;
  seconds: number;
  /** Fingerprint of the tests the outcome was measured with. */
  tests: string;
}

/** A survivor judged equivalent (or not worth a test), matched by what a reader sees, not by offsets. */
export interface Equivalent {
  file: string;
  operator: Operator;
  scope: string;
  original: string;
  mutated: string;
  reason: string;
}

interface Options {
  files: string[] | null;
  operators: Operator[] | null;
  limit: number;
  list: boolean;
  report: boolean;
  fresh: boolean;
  keep: boolean;
}

const valued = ['--file', '--operator', '--limit'];
const flags = ['--list', '--report', '--fresh', '--keep'];

function parseOptions(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const unknown = unknownOptions(argv, [...flags, ...valued], valued);
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown option ${unknown.join(' ')} for --generated (${[...valued, ...flags].join(', ')})`,
    );
  }
  // `mechanical` and `semantic` name the operators of issue 20 and of issue 28.
  const ops = value('--operator')
    ?.split(',')
    .flatMap((op) =>
      op === 'semantic' ? [...semanticOperators] : op === 'mechanical' ? mechanicalOperators : [op],
    );
  for (const op of ops ?? []) {
    if (!(operators as readonly string[]).includes(op)) {
      throw new UsageError(
        `unknown operator ${op} (one of ${operators.join(', ')}, or mechanical, semantic)`,
      );
    }
  }
  return {
    files: value('--file')?.split(',') ?? null,
    operators: (ops as Operator[] | undefined) ?? null,
    limit: Number(value('--limit') ?? Infinity),
    list: argv.includes('--list'),
    report: argv.includes('--report'),
    fresh: argv.includes('--fresh'),
    keep: argv.includes('--keep'),
  };
}

function solidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.sol'))
    .map((e) => relative(contractsDir, join(e.parentPath, e.name)))
    .sort();
}

/** Every source of src/ (path under contracts/ → text) and the files to mutate. */
function readSources(dir: string): { sources: Record<string, string>; targets: string[] } {
  const sources: Record<string, string> = {};
  for (const path of solidityFiles(join(dir, 'src')))
    sources[path] = readFileSync(join(dir, path), 'utf8');
  const rank = (path: string) => {
    const name = path.replace(/^.*\//, '').replace(/\.sol$/, '');
    const i = fileOrder.indexOf(name);
    return i < 0 ? fileOrder.length : i;
  };
  const targets = Object.keys(sources)
    .filter((p) => !p.startsWith('src/local/'))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return { sources, targets };
}

/** Imports of the sources: OpenZeppelin from node_modules (as the remapping in foundry.toml does). */
function resolveImport(path: string): { contents: string } | { error: string } {
  const file = path.startsWith('@openzeppelin/')
    ? join(repoDir, 'node_modules', path)
    : resolve(contractsDir, path);
  return existsSync(file)
    ? { contents: readFileSync(file, 'utf8') }
    : { error: `File not found: ${path}` };
}

function fingerprint(paths: string[], base: string): string {
  const hash = createHash('sha256');
  for (const path of paths) hash.update(`${path}\n`).update(readFileSync(join(base, path)));
  return hash.digest('hex').slice(0, 16);
}

/** The key of a mutant's outcome: the mutant's own key (its file and edit) and every other source. */
function outcomeKey(m: GeneratedMutant, sourcesPrint: string): string {
  return createHash('sha256').update(`${sourcesPrint}:${m.key}`).digest('hex').slice(0, 20);
}

function loadState(fresh: boolean): Record<string, Outcome> {
  if (fresh || !existsSync(stateFile)) return {};
  return (JSON.parse(readFileSync(stateFile, 'utf8')) as { outcomes: Record<string, Outcome> })
    .outcomes;
}

/**
 * Saves the outcomes this run measured (`changed`) into the file, over what is on disk: two runs may
 * share the file (say, one per core, each with its own --file), so each writes only its own new
 * outcomes and takes in the other's (its copy of them, loaded at its start, may be stale).
 */
function saveState(outcomes: Record<string, Outcome>, changed: Set<string>): void {
  mkdirSync(dirname(stateFile), { recursive: true });
  const lock = `${stateFile}.lock`;
  for (let tries = 0; ; tries++) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      // A lock still held after 200 tries (10 s) is a run that died while holding it.
      if (tries > 200) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  try {
    const onDisk = loadState(false);
    for (const key of changed) onDisk[key] = outcomes[key]!;
    Object.assign(outcomes, onDisk);
    const tmp = `${stateFile}.${process.pid}.tmp`;
    // One outcome per line, sorted: a committed file whose diffs read.
    const lines = Object.keys(outcomes)
      .sort()
      .map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(outcomes[key])}`);
    writeFileSync(tmp, `{ "outcomes": {\n${lines.join(',\n')}\n} }\n`);
    renameSync(tmp, stateFile);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function loadEquivalents(path = equivalentFile): Equivalent[] {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Equivalent[]) : [];
}

export function isListedEquivalent(m: GeneratedMutant, list: Equivalent[]): Equivalent | undefined {
  return list.find(
    (e) =>
      e.file === m.file &&
      e.operator === m.operator &&
      e.scope === m.scope &&
      e.original === m.original &&
      e.mutated === m.mutated,
  );
}

function label(m: GeneratedMutant): string {
  return `${m.file.replace(/^src\//, '')}:${m.line} ${m.operator} ${m.scope}`;
}

function score(killed: number, survived: number): string {
  return killed + survived === 0 ? '-' : `${((100 * killed) / (killed + survived)).toFixed(1)}%`;
}

function report(
  chosen: GeneratedMutant[],
  outcomeOf: (m: GeneratedMutant) => Outcome | undefined,
  equivalents: Equivalent[],
): number {
  type Counts = {
    total: number;
    killed: number;
    survived: number;
    equivalent: number;
    stillborn: number;
  };
  const empty = (): Counts => ({ total: 0, killed: 0, survived: 0, equivalent: 0, stillborn: 0 });
  const byFile = new Map<string, Counts>();
  const byOperator = new Map<string, Counts>();
  const all = empty();
  const survivors: GeneratedMutant[] = [];
  const explained: [GeneratedMutant, Equivalent][] = [];
  let seconds = 0;
  let timed = 0;
  for (const m of chosen) {
    const o = outcomeOf(m);
    const file = m.file.replace(/^src\//, '');
    if (!byFile.has(file)) byFile.set(file, empty());
    if (!byOperator.has(m.operator)) byOperator.set(m.operator, empty());
    for (const c of [byFile.get(file)!, byOperator.get(m.operator)!, all]) {
      c.total++;
      if (!o) continue;
      if (o.status === 'killed') c.killed++;
      else if (o.status === 'stillborn') c.stillborn++;
      else if (isListedEquivalent(m, equivalents)) c.equivalent++;
      else c.survived++;
    }
    if (o && o.status !== 'stillborn') {
      seconds += o.seconds;
      timed++;
    }
    if (o?.status === 'survived') {
      const e = isListedEquivalent(m, equivalents);
      if (e) explained.push([m, e]);
      else survivors.push(m);
    }
  }
  const rows = (map: Map<string, Counts>) =>
    [...map.entries(), ['all', all] as const].map(([name, c]) => {
      const run = c.killed + c.survived + c.equivalent + c.stillborn;
      return [
        name,
        String(c.total),
        String(run),
        String(c.killed),
        String(c.survived),
        String(c.equivalent),
        String(c.stillborn),
        score(c.killed, c.survived),
      ];
    });
  const header = ['', 'mutants', 'run', 'killed', 'survived', 'equivalent', 'stillborn', 'score'];
  console.log('\nby file (score = killed / (killed + unexplained survivors))');
  console.log(table(['file', ...header.slice(1)], rows(byFile)));
  console.log('\nby operator');
  console.log(table(['operator', ...header.slice(1)], rows(byOperator)));
  if (explained.length > 0) {
    console.log(`\nsurvivors listed as equivalent in mutants/equivalent.json: ${explained.length}`);
  }
  if (survivors.length > 0) {
    console.log(`\nunexplained survivors (${survivors.length}):`);
    for (const m of survivors)
      console.log(`  ${label(m)}\n    - ${m.original}\n    + ${m.mutated}`);
  }
  const notRun = chosen.filter((m) => !outcomeOf(m)).length;
  if (timed > 0) {
    const mean = seconds / timed;
    console.log(
      `\n${timed} mutants run at ${mean.toFixed(0)} s each on average (stillborn ones take ~0 s);` +
        ` ${notRun} not run yet ≈ ${((notRun * mean) / 3600).toFixed(1)} h more;` +
        ` all ${chosen.length} ≈ ${((chosen.length * mean) / 3600).toFixed(1)} h`,
    );
  }
  return survivors.length === 0 && notRun === 0 ? 0 : 1;
}

export function runGenerated(argv: string[]): number {
  const options = parseOptions(argv);
  const { sources, targets } = readSources(contractsDir);
  const files = targets.filter(
    (f) => !options.files || options.files.some((part) => f.includes(part)),
  );
  if (files.length === 0) throw new Error(`no source matches --file ${options.files?.join(',')}`);
  const chosen = generateMutants(sources, files, resolveImport).filter(
    (m) => !options.operators || options.operators.includes(m.operator),
  );
  const equivalents = loadEquivalents();
  if (!options.files && !options.operators) {
    // An entry that matches no mutant any more (the code moved on) must not linger as an excuse.
    const all = chosen;
    const stale = equivalents.filter((e) => !all.some((m) => isListedEquivalent(m, [e])));
    for (const e of stale)
      console.warn(`equivalent.json: no mutant matches ${e.scope}: ${e.mutated}`);
  }
  if (options.list) {
    for (const m of chosen) console.log(`${label(m)}\n    - ${m.original}\n    + ${m.mutated}`);
    console.log(`${chosen.length} mutants`);
    return 0;
  }
  const sourcesPrint = fingerprint(Object.keys(sources), contractsDir);
  const testsPrint = fingerprint(
    [...solidityFiles(join(contractsDir, 'test')), 'foundry.toml'],
    contractsDir,
  );
  if (options.fresh) rmSync(stateFile, { force: true });
  const outcomes = loadState(options.fresh);
  const outcomeOf = (m: GeneratedMutant) => outcomes[outcomeKey(m, sourcesPrint)];
  const pending = (m: GeneratedMutant) => {
    const o = outcomeOf(m);
    return !o || (o.status === 'survived' && o.tests !== testsPrint);
  };
  const todo = chosen.filter(pending).slice(0, options.limit);
  console.log(
    `${chosen.length} mutants in ${files.length} files; ${chosen.length - chosen.filter(pending).length} have an outcome; running ${todo.length}`,
  );
  if (options.report || todo.length === 0) return report(chosen, outcomeOf, equivalents);

  const started = Date.now();
  const changed = new Set<string>();
  const { root, dir } = scratchCopy();
  console.log(`scratch copy: ${dir}`);
  try {
    if (!baselinePasses(dir, started)) return 1;
    for (const [n, m] of todo.entries()) {
      const t0 = Date.now();
      const path = join(dir, m.file);
      const original = sources[m.file]!;
      const mutatedText = applyMutant(original, m);
      let outcome: Outcome;
      // Analysis only (no code generation) takes seconds: a stillborn mutant costs no forge build.
      const errors = compileErrors({ ...sources, [m.file]: mutatedText }, resolveImport).messages;
      if (errors.length > 0) {
        outcome = {
          status: 'stillborn',
          by: errors[0]!.split('\n')[0]!,
          seconds: 0,
          tests: testsPrint,
        };
      } else {
        writeFileSync(path, mutatedText);
        try {
          const run = forgeTest(dir);
          if (run.interrupted) throw new Error('forge was interrupted: no outcome recorded');
          const seconds = (Date.now() - t0) / 1000;
          if (run.code === 0) outcome = { status: 'survived', by: '-', seconds, tests: testsPrint };
          else if (compileFailed(run.output))
            outcome = { status: 'stillborn', by: 'forge build failed', seconds, tests: testsPrint };
          else {
            const by = run.timedOut ? 'timeout' : killer(run.output);
            outcome = { status: 'killed', by, seconds, tests: testsPrint };
          }
        } finally {
          writeFileSync(path, original);
        }
      }
      const key = outcomeKey(m, sourcesPrint);
      outcomes[key] = outcome;
      changed.add(key);
      saveState(outcomes, changed);
      console.log(
        `[${n + 1}/${todo.length}] ${label(m)}: ${outcome.status} ${outcome.by} (${outcome.seconds.toFixed(0)} s)\n    + ${m.mutated}`,
      );
    }
    console.log(
      `\nthis run: ${todo.length} mutants in ${((Date.now() - started) / 60000).toFixed(1)} min`,
    );
    return report(chosen, outcomeOf, equivalents);
  } finally {
    if (options.keep) console.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}
