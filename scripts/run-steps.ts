/**
 * Runs the steps of `npm test` as a small dependency graph: a step starts once the steps it needs
 * have passed, and steps that do not depend on each other run side by side, at most `heavySlots`
 * heavy ones at a time (a light step, such as prettier, runs beside them). Each step's output is
 * kept and printed whole when it ends, so two steps never interleave their lines. The summary gives
 * each step's time and result and sums the test counts the runners print (forge and node:test), so
 * the last line says how many tests passed, failed and were skipped — never a skipped test counted
 * as passed. A step whose prerequisite failed is reported as skipped, and the run fails.
 */
import { spawn } from 'node:child_process';

export interface Step {
  /** Short name for `npm test -- --only <id>`. */
  id: string;
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Ids of the steps that must pass before this one starts. */
  after?: string[];
  /** A light step (little CPU) runs beside the heavy ones without taking a slot. */
  light?: boolean;
  /** Seconds it takes on a quiet 2-core machine: longer chains of steps start first. */
  seconds: number;
  /** Skip with this reason instead of running (reported as skipped). */
  skipReason?: string;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Reads test counts from forge's, node:test's and Vitest's summaries. */
export function parseCounts(output: string): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  // forge: "Ran 3 test suites in 1.2s (3.4s CPU time): 25 tests passed, 0 failed, 1 skipped (26 total tests)"
  for (const m of output.matchAll(
    /Ran \d+ test suites?.*?: (\d+) tests passed, (\d+) failed, (\d+) skipped/g,
  )) {
    counts.passed += Number(m[1]);
    counts.failed += Number(m[2]);
    counts.skipped += Number(m[3]);
  }
  // node:test (TAP/spec reporter summary lines)
  const node = (label: string) =>
    [...output.matchAll(new RegExp(`^[#ℹ] ${label} (\\d+)$`, 'gm'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  // Vitest: "      Tests  1 failed | 2 passed | 1 skipped (4)"
  for (const m of output.matchAll(/^\s*Tests\s+(.+)\(\d+\)\s*$/gm)) {
    const part = (label: string) => Number(m[1]!.match(new RegExp(`(\\d+) ${label}`))?.[1] ?? 0);
    counts.passed += part('passed');
    counts.failed += part('failed');
    counts.skipped += part('skipped') + part('todo');
  }
  counts.passed += node('pass');
  counts.failed += node('fail');
  counts.skipped += node('skipped') + node('todo');
  return counts;
}

function runCommand(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...step.env },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Checks ids are unique and every prerequisite exists; throws on a cycle. */
export function checkGraph(steps: Step[]): void {
  const byId = new Map(steps.map((s) => [s.id, s]));
  if (byId.size !== steps.length) throw new Error('two steps share an id');
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (id: string, path: string[]) => {
    if (done.has(id)) return;
    if (visiting.has(id))
      throw new Error(`steps depend on each other: ${[...path, id].join(' → ')}`);
    const step = byId.get(id);
    if (!step) throw new Error(`unknown step "${id}" (needed by ${path.at(-1)})`);
    visiting.add(id);
    for (const dep of step.after ?? []) visit(dep, [...path, id]);
    visiting.delete(id);
    done.add(id);
  };
  for (const s of steps) visit(s.id, []);
}

/** Seconds from a step's start to the end of the longest chain of steps that wait for it. */
export function criticalPath(steps: Step[]): Map<string, number> {
  const memo = new Map<string, number>();
  const after = (id: string) => steps.filter((s) => s.after?.includes(id));
  const length = (step: Step): number => {
    const known = memo.get(step.id);
    if (known !== undefined) return known;
    const value = step.seconds + Math.max(0, ...after(step.id).map(length));
    memo.set(step.id, value);
    return value;
  };
  for (const s of steps) length(s);
  return memo;
}

type Outcome =
  | { status: 'ok' | 'failed'; seconds: number; counts: Counts }
  | { status: 'skipped'; reason: string };

/** `only`: run just these steps (their prerequisites are assumed done, e.g. by an earlier run). */
export async function runSteps(
  allSteps: Step[],
  options: { only?: string[]; heavySlots?: number; print?: (text: string) => void } = {},
): Promise<number> {
  checkGraph(allSteps);
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const say = (line: string) => print(`${line}\n`);
  const unknown = (options.only ?? []).filter((id) => !allSteps.some((s) => s.id === id));
  if (unknown.length) {
    say(`unknown step(s): ${unknown.join(', ')}`);
    say(`steps: ${allSteps.map((s) => s.id).join(', ')}`);
    return 2;
  }
  const selected = options.only?.length
    ? allSteps
        .filter((s) => options.only!.includes(s.id))
        .map((s) => ({ ...s, after: (s.after ?? []).filter((d) => options.only!.includes(d)) }))
    : allSteps;
  const heavySlots = options.heavySlots ?? 2;
  const priority = criticalPath(selected);
  const outcomes = new Map<string, Outcome>();
  const running = new Map<string, Promise<void>>();
  const started = Date.now();
  say(
    `npm test: ${selected.length} step(s), up to ${heavySlots} heavy at a time; ` +
      'each step prints its output when it ends',
  );

  const finish = (step: Step, outcome: Outcome) => {
    outcomes.set(step.id, outcome);
    if (outcome.status === 'skipped')
      say(`\n=== ${step.name} [${step.id}]: SKIPPED (${outcome.reason})`);
  };

  while (outcomes.size < selected.length) {
    for (const step of selected) {
      if (outcomes.has(step.id) || running.has(step.id)) continue;
      if (step.skipReason) finish(step, { status: 'skipped', reason: step.skipReason });
      const blocked = (step.after ?? []).find((d) => {
        const o = outcomes.get(d);
        return o && o.status !== 'ok';
      });
      if (blocked && !outcomes.has(step.id))
        finish(step, { status: 'skipped', reason: `needs "${blocked}", which did not pass` });
    }
    const heavyRunning = [...running.keys()].filter(
      (id) => !selected.find((s) => s.id === id)!.light,
    ).length;
    const ready = selected
      .filter(
        (s) =>
          !outcomes.has(s.id) &&
          !running.has(s.id) &&
          (s.after ?? []).every((d) => outcomes.get(d)?.status === 'ok'),
      )
      .sort((a, b) => priority.get(b.id)! - priority.get(a.id)!);
    let free = heavySlots - heavyRunning;
    for (const step of ready) {
      if (!step.light) {
        if (free <= 0) continue;
        free--;
      }
      const t0 = Date.now();
      running.set(
        step.id,
        runCommand(step).then(({ code, output }) => {
          const seconds = (Date.now() - t0) / 1000;
          const status = code === 0 ? 'ok' : 'failed';
          say(`\n=== ${step.name} [${step.id}]: ${step.command}`);
          print(output.endsWith('\n') || output === '' ? output : `${output}\n`);
          say(
            `=== ${step.name} [${step.id}]: ${status === 'ok' ? 'ok' : `FAILED (exit ${code})`} in ${seconds.toFixed(1)}s`,
          );
          outcomes.set(step.id, { status, seconds, counts: parseCounts(output) });
          running.delete(step.id);
        }),
      );
    }
    if (outcomes.size >= selected.length) break;
    if (running.size === 0) {
      // Nothing runs and nothing can start: only possible if the graph check missed something.
      for (const s of selected)
        if (!outcomes.has(s.id)) finish(s, { status: 'skipped', reason: 'could not start' });
      break;
    }
    await Promise.race(running.values());
  }

  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  say('\n=== Summary');
  for (const step of selected) {
    const o = outcomes.get(step.id)!;
    if (o.status === 'skipped') {
      say(`${step.name.padEnd(48)} skipped: ${o.reason}`);
      continue;
    }
    total.passed += o.counts.passed;
    total.failed += o.counts.failed;
    total.skipped += o.counts.skipped;
    // A step that broke before counting still fails the run.
    if (o.status === 'failed' && o.counts.failed === 0) total.failed += 1;
    say(
      `${step.name.padEnd(48)} ${o.status === 'ok' ? 'ok    ' : 'FAILED'} ${o.seconds.toFixed(1).padStart(6)}s`,
    );
  }
  say(`total time ${((Date.now() - started) / 1000).toFixed(0)}s (steps side by side)`);
  say(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  const failed = [...outcomes.values()].some(
    (o) => o.status === 'failed' || (o.status === 'skipped' && o.reason.startsWith('needs')),
  );
  return failed || total.failed > 0 ? 1 : 0;
}
