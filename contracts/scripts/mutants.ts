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
 *          --generated      the mechanical mutants instead (scripts/mutants-generated.ts has its options)
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  baselinePasses,
  compileFailed,
  forgeTest,
  killer,
  scratchCopy,
  table,
  unknownOptions,
  UsageError,
} from '../mutants/forge.ts';
import { mutants, type Mutant } from '../mutants/mutants.ts';
import { contractsDir } from './artifacts.ts';

interface Outcome {
  mutant: Mutant;
  status: 'killed' | 'SURVIVED' | 'NO COMPILE';
  by: string;
  seconds: number;
}

/**
 * The options of each list, so a mistyped or misplaced one (`--report` without `--generated`, whose
 * outcomes only the generated list keeps) is refused instead of ignored by a full run.
 */
const handWrittenOptions = ['--only', '--keep', '--check'];

function parseArgs(argv: string[]): { only: Set<string> | null; keep: boolean; check: boolean } {
  const unknown = unknownOptions(argv, handWrittenOptions, ['--only']);
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown option ${unknown.join(' ')} for the hand-written mutants (${handWrittenOptions.join(', ')});` +
        ` the generated ones take --file, --operator, --limit, --list, --report, --fresh and --keep after --generated`,
    );
  }
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

function apply(dir: string, m: Mutant): () => void {
  const path = join(dir, m.file);
  const original = readFileSync(path, 'utf8');
  const count = original.split(m.find).length - 1;
  if (count !== 1) throw new Error(`mutant ${m.id}: its text occurs ${count} times in ${m.file}`);
  writeFileSync(path, original.replace(m.find, m.replace));
  return () => writeFileSync(path, original);
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
    if (!baselinePasses(dir, started)) return 1;
    const outcomes: Outcome[] = [];
    for (const [n, m] of chosen.entries()) {
      const t0 = Date.now();
      const restore = apply(dir, m);
      let outcome: Outcome;
      try {
        const run = forgeTest(dir);
        const seconds = (Date.now() - t0) / 1000;
        if (run.code === 0) outcome = { mutant: m, status: 'SURVIVED', by: '-', seconds };
        else if (compileFailed(run.output))
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
    console.log('');
    console.log(table(header, rows));
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

try {
  if (process.argv.includes('--generated')) {
    const { runGenerated } = await import('./mutants-generated.ts');
    process.exitCode = runGenerated(process.argv.slice(2).filter((a) => a !== '--generated'));
  } else {
    process.exitCode = main();
  }
} catch (error) {
  if (!(error instanceof Error) || error.name !== 'UsageError') throw error;
  console.error(error.message);
  process.exitCode = 2;
}
