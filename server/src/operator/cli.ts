/**
 * `runOperator(argv, io)`: parses, runs one command and turns every outcome into an exit code and
 * a message. Bad arguments or settings exit 2 before anything is sent; failures exit 1.
 */
import { parseOptions } from './args.ts';
import { allOptions } from './command.ts';
import { commands } from './commands/index.ts';
import { ConfigError, ExitCode, OperatorError, UsageError, describeFailure } from './errors.ts';
import { commandHelp, generalHelp, invocation } from './help.ts';
import type { Io } from './io.ts';

export async function runOperator(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(generalHelp());
    return ExitCode.usage;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = rest[0];
    if (topic === undefined) {
      io.out(generalHelp());
      return ExitCode.ok;
    }
    const command = commands.get(topic);
    if (!command) {
      io.err(`error: unknown command '${topic}'\n\n${generalHelp()}`);
      return ExitCode.usage;
    }
    io.out(commandHelp(command));
    return ExitCode.ok;
  }
  const command = commands.get(name);
  if (!command) {
    io.err(`error: unknown command '${name}'\n\n${generalHelp()}`);
    return ExitCode.usage;
  }
  try {
    const options = parseOptions(rest, allOptions(command));
    if (options.flag('help')) {
      io.out(commandHelp(command));
      return ExitCode.ok;
    }
    return await command.run({ io, options });
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}\n\n${commandHelp(command)}`);
      return ExitCode.usage;
    }
    if (error instanceof ConfigError) {
      io.err(`error: ${error.message}`);
      return ExitCode.usage;
    }
    if (error instanceof OperatorError) {
      io.err(`error: ${error.message}`);
      return ExitCode.failed;
    }
    io.err(`error: ${describeFailure(error)}`);
    io.err(`(${invocation} ${command.name} failed; see above for anything already sent)`);
    return ExitCode.failed;
  }
}
