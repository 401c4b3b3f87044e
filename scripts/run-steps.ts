/**
 * Runs the steps of `npm test` one after another, streams their output, and sums the test counts
 * the runners print (forge and node:test), so the last line says how many tests passed, failed and
 * were skipped — never a skipped test counted as passed.
 */
import { spawn } from 'node:child_process';

export interface Step {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Skip with this reason instead of running (reported as skipped). */
  skipReason?: string;
}

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Reads test counts from forge's and node:test's summaries. */
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
  counts.passed += node('pass');
  counts.failed += node('fail');
  counts.skipped += node('skipped') + node('todo');
  return counts;
}

function runStep(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, {
      shell: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0', ...step.env },
    });
    let output = '';
    const collect = (chunk: Buffer, sink: NodeJS.WriteStream) => {
      output += chunk.toString();
      sink.write(chunk);
    };
    child.stdout.on('data', (c: Buffer) => collect(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => collect(c, process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function runSteps(steps: Step[]): Promise<number> {
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const timings: string[] = [];
  const started = Date.now();
  for (const step of steps) {
    if (step.skipReason) {
      console.log(`\n=== ${step.name}: SKIPPED (${step.skipReason})`);
      timings.push(`${step.name.padEnd(34)} skipped: ${step.skipReason}`);
      continue;
    }
    console.log(`\n=== ${step.name}: ${step.command}`);
    const t0 = Date.now();
    const { code, output } = await runStep(step);
    const counts = parseCounts(output);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    timings.push(`${step.name.padEnd(34)} ${code === 0 ? 'ok' : 'FAILED'} in ${seconds}s`);
    if (code !== 0) {
      console.log(`\n=== ${step.name} failed (exit ${code})`);
      if (counts.failed === 0) total.failed += 1; // a step that broke before counting still fails the run
      break;
    }
  }
  console.log('\n=== Summary');
  for (const line of timings) console.log(line);
  console.log(`total time ${((Date.now() - started) / 1000).toFixed(0)}s`);
  console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return total.failed === 0 && timings.every((t) => !t.includes('FAILED')) ? 0 : 1;
}
