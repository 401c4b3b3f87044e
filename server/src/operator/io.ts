/**
 * Where the CLI reads and writes: the process's streams and environment in `main.ts`, buffers in
 * tests. Results go to stdout; errors and the confirmation prompt go to stderr.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable } from 'node:stream';
import { ConfigError, OperatorError } from './errors.ts';

export interface Io {
  env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
  /** Asks a yes/no question; undefined when there is no terminal to ask on. */
  ask?: (question: string) => Promise<string>;
}

export function processIo(): Io {
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  return {
    env: process.env,
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    ask: interactive ? (question) => askOn(process.stdin, question) : undefined,
  };
}

async function askOn(input: Readable, question: string): Promise<string> {
  const rl = createInterface({ input, output: process.stderr });
  try {
    return await rl.question(question);
  } finally {
    rl.close();
  }
}

/**
 * Confirmation before anything is sent: `--yes` skips it; otherwise the operator must answer yes
 * on a terminal. Without a terminal (a script, a pipe) and without --yes nothing is sent.
 */
export async function requireConfirmation(io: Io, yes: boolean, question: string): Promise<void> {
  if (yes) return;
  if (!io.ask) {
    throw new ConfigError('no terminal to confirm on: add --yes to send; nothing was sent');
  }
  const answer = (await io.ask(`${question} [y/N] `)).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new OperatorError('cancelled: nothing was sent');
}
