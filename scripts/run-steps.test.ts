/**
 * The `npm test` scheduler on tiny shell steps: independent steps overlap, a step waits for its
 * prerequisites, a failure skips what needs it and fails the run, `only` runs just the named step.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { checkGraph, parseCounts, runSteps, type Step } from './run-steps.ts';

const dir = mkdtempSync(join(tmpdir(), 'run-steps-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const log = join(dir, 'log');

/** A step that appends "<id> start", sleeps, then "<id> end" (or fails) to the log. */
const step = (id: string, extra: Partial<Step> = {}, fail = false): Step => ({
  id,
  name: id,
  seconds: 1,
  command: `echo "${id} start" >> ${log}; sleep 0.3; echo "${id} end" >> ${log}; exit ${fail ? 1 : 0}`,
  ...extra,
});

async function run(steps: Step[], only?: string[]): Promise<{ code: number; lines: string[] }> {
  rmSync(log, { force: true });
  const code = await runSteps(steps, { only, heavySlots: 2, print: () => {} });
  return { code, lines: readFileSync(log, 'utf8').trim().split('\n') };
}

describe('npm test scheduler', () => {
  test('independent steps overlap, dependants wait, at most two heavy at once', async () => {
    const { code, lines } = await run([
      step('a'),
      step('b', { after: ['a'] }),
      step('c', { after: ['a'] }),
      step('d', { after: ['a'] }),
    ]);
    assert.equal(code, 0);
    assert.deepEqual(lines.slice(0, 2), ['a start', 'a end'], 'b, c, d wait for a');
    const rest = lines.slice(2);
    // Two of b, c, d start before either ends; the third only after one ended.
    assert.deepEqual(
      rest.slice(0, 2).map((l) => l.split(' ')[1]),
      ['start', 'start'],
    );
    assert.equal(rest[2]!.split(' ')[1], 'end');
  });

  test('a failed step fails the run and skips the steps that need it', async () => {
    const { code, lines } = await run([
      step('a', {}, true),
      step('b', { after: ['a'] }),
      step('c'),
    ]);
    assert.equal(code, 1);
    assert.ok(!lines.includes('b start'), 'b never ran');
    assert.ok(lines.includes('c end'), 'c, which does not need a, ran');
  });

  test('only runs the named step', async () => {
    const { code, lines } = await run([step('a'), step('b', { after: ['a'] })], ['b']);
    assert.equal(code, 0);
    assert.deepEqual(lines, ['b start', 'b end']);
  });

  test('a cycle or an unknown prerequisite is refused', () => {
    assert.throws(
      () => checkGraph([step('a', { after: ['b'] }), step('b', { after: ['a'] })]),
      /depend on each other/,
    );
    assert.throws(() => checkGraph([step('a', { after: ['x'] })]), /unknown step "x"/);
  });

  test('counts the tests of forge, node:test and Vitest', () => {
    const output = [
      'Ran 2 test suites in 1.2s (3.4s CPU time): 25 tests passed, 0 failed, 1 skipped (26 total tests)',
      'ℹ pass 7',
      'ℹ fail 1',
      '      Tests  1 failed | 2 passed | 3 skipped (6)',
    ].join('\n');
    assert.deepEqual(parseCounts(output), { passed: 34, failed: 2, skipped: 4 });
  });
});
