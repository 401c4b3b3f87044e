/**
 * A server entry point (src/main.ts, src/indexer/main.ts, …) run as its own Node process from the
 * server folder, as `npm start`/`npm run indexer` run it, with its output kept line by line, for
 * the tests that start real processes (entry points, RPC switch).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../config.ts';

export const serverDir = path.join(repoRoot, 'server');

export interface ServerProcess {
  child: ChildProcess;
  /** Every line written so far (stdout and stderr). */
  lines: string[];
  /**
   * Resolves with the first line matching, rejects when the process exits first or, only when
   * `timeoutMs` is given, when that time passes. Without it there is no timer: how long a start
   * takes depends on the machine (over 180 s at load 20 on 2 cores), so the hang guard is the
   * test runner's own `--test-timeout` (server/package.json), not a guess at the machine's speed.
   */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
}

export function runServerScript(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    for (const l of [...listeners]) l();
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    lines,
    exited,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = lines.find((l) => pattern.test(l));
          if (!hit) return;
          cleanup();
          resolve(hit);
        };
        const timer =
          timeoutMs === undefined
            ? undefined
            : setTimeout(() => {
                cleanup();
                reject(
                  new Error(`no line matching ${pattern} in ${timeoutMs} ms:\n${lines.join('\n')}`),
                );
              }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then(() => {
          if (!listeners.has(check)) return;
          // The last output may arrive with the exit: look once more before giving up.
          check();
          if (!listeners.has(check)) return;
          cleanup();
          reject(new Error(`exited before ${pattern}:\n${lines.join('\n')}`));
        });
        check();
      });
    },
  };
}
