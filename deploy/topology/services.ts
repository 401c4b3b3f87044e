/**
 * The topology test's processes: API instances and the indexer as real `node` children (so they
 * can be SIGKILLed and SIGTERMed), with their output kept in a log file per process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverDir = path.join(repoDir, 'server');

export interface Service {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<number | string>;
  output(): string;
}

/**
 * Starts `server/src/<script>` with `env` and waits until it prints a line matching `ready`;
 * `cwd`: another tree's server folder (deploy/upgrade.test.ts's previous release).
 */
export async function startService(
  name: string,
  script: string,
  env: Record<string, string>,
  logDir: string,
  ready: RegExp,
  timeoutMs = 60_000,
  cwd = serverDir,
): Promise<Service> {
  const log = fs.createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    // A clean environment: only what a deployment would set, plus PATH for anvil-less tools.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} not ready within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { name, child, exited, output: () => output };
}

/** Sends `signal` and waits for the exit; returns how long it took. */
export async function stopService(service: Service, signal: NodeJS.Signals): Promise<number> {
  const start = Date.now();
  if (service.child.exitCode === null && service.child.signalCode === null) {
    service.child.kill(signal);
    await service.exited;
  }
  return Date.now() - start;
}
