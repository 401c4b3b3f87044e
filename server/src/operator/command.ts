/**
 * The shape of one CLI command and the steps every chain command shares: resolve the target and
 * key (settings errors before anything is read), connect (chain id checked), and for writes build
 * the `WriteRun` that `sendSteps` needs.
 */
import type { OptionSpec, Options } from './args.ts';
import {
  chainOptions,
  connect,
  operatorAccount,
  rpcUrlFor,
  targetFrom,
  useDeploymentFile,
  type ChainContext,
} from './context.ts';
import type { Io } from './io.ts';
import { readSafe, safeOptions, safeRequestFrom } from './safe.ts';
import type { WriteRun } from './transact.ts';

export type CommandKind = 'read' | 'write' | 'safe' | 'api' | 'help';

export interface CommandInput {
  io: Io;
  options: Options;
}

export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** read: chain reads (+ --json); write: chain transactions (+ --yes); api: server admin API. */
  kind: CommandKind;
  /** The command's own options (the shared ones are added by kind). */
  options: OptionSpec[];
  /** Full invocations, shown in help. */
  examples: string[];
  /** Longer explanation, shown in the command's help. */
  notes?: string[];
  /** Returns the exit code. */
  run(input: CommandInput): Promise<number>;
}

export const yesOption: OptionSpec = {
  name: 'yes',
  help: 'send without asking (required when not on a terminal)',
};
export const jsonOption: OptionSpec = {
  name: 'json',
  help: 'print JSON (amounts in base units) instead of text',
};
export const helpOption: OptionSpec = { name: 'help', help: 'show this help' };

/** Every option a command accepts: its own plus the shared ones of its kind. */
export function allOptions(command: Command): OptionSpec[] {
  const shared: Record<CommandKind, OptionSpec[]> = {
    read: [...chainOptions, jsonOption],
    write: [...chainOptions, ...safeOptions, yesOption],
    safe: [...chainOptions, yesOption],
    api: [yesOption],
    help: [],
  };
  return [...command.options, ...shared[command.kind], helpOption];
}

/** Connects for a read-only command (no key needed). */
export async function openChain({ io, options }: CommandInput): Promise<ChainContext> {
  const target = targetFrom(options);
  useDeploymentFile(target, io.env);
  return connect(target, rpcUrlFor(target, options, io.env));
}

/**
 * Resolves the key, then connects, for a command that sends transactions. With --safe the calls
 * come from the Safe and a file is written instead (a batch file needs no key).
 */
export async function openWriter({ io, options }: CommandInput): Promise<WriteRun> {
  const target = targetFrom(options);
  const safe = safeRequestFrom(options);
  const rpcUrl = rpcUrlFor(target, options, io.env);
  const account = safe?.kind === 'batch' ? undefined : operatorAccount(target.deployment, io.env);
  useDeploymentFile(target, io.env);
  const ctx = await connect(target, rpcUrl);
  const yes = options.flag('yes');
  if (!safe) return { io, ctx, sender: account!.address, account, yes };
  const info = await readSafe(ctx, safe.address);
  return { io, ctx, sender: safe.address, account, safe: { ...safe, info }, yes };
}
