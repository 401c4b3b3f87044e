/**
 * Command-line options: `--name value`, `--name=value` and flags (`--yes`). Each command declares
 * its options; anything else (an unknown option, a stray word, a missing or repeated value) is a
 * usage error before anything is read or sent.
 */
import { UsageError } from './errors.ts';

export interface OptionSpec {
  /** Without the leading dashes. */
  name: string;
  /** Placeholder of the value shown in help; a flag has none. */
  value?: string;
  /** May be given more than once (values kept in order). */
  multiple?: boolean;
  help: string;
  /** Accepted but left out of help (a family documented by one entry, e.g. --title-<lang>). */
  hidden?: boolean;
}

export class Options {
  constructor(
    private readonly values: ReadonlyMap<string, readonly string[]>,
    private readonly flags: ReadonlySet<string>,
  ) {}

  has(name: string): boolean {
    return this.values.has(name) || this.flags.has(name);
  }

  flag(name: string): boolean {
    return this.flags.has(name);
  }

  /** A single value, or undefined when the option was not given. */
  optional(name: string): string | undefined {
    return this.values.get(name)?.[0];
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw new UsageError(`--${name} is required`);
    return value;
  }

  /** Every value of a repeatable option, in the order given. */
  list(name: string): readonly string[] {
    return this.values.get(name) ?? [];
  }
}

export function parseOptions(argv: readonly string[], specs: readonly OptionSpec[]): Options {
  const byName = new Map(specs.map((s) => [s.name, s]));
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith('--') || token === '--') {
      throw new UsageError(`unexpected argument '${token}' (options start with --)`);
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    const spec = byName.get(name);
    if (!spec) throw new UsageError(`unknown option --${name}`);
    if (spec.value === undefined) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      flags.add(name);
      continue;
    }
    let value: string;
    if (eq !== -1) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) {
        throw new UsageError(`--${name} needs a value (${spec.value})`);
      }
      value = next;
      i++;
    }
    const seen = values.get(name);
    if (seen && !spec.multiple) throw new UsageError(`--${name} is given more than once`);
    values.set(name, [...(seen ?? []), value]);
  }
  return new Options(values, flags);
}
