/** The general help and each command's help (options from the same specs the parser uses). */
import { allOptions, type Command } from './command.ts';
import { commandGroups } from './commands/index.ts';

export const invocation = 'npm run operator --';

export function generalHelp(): string {
  const width = Math.max(...commandGroups.flatMap((g) => g.commands.map((c) => c.name.length)));
  const lines = [
    'Honest Stake operator CLI: plans, reward budget, grants, timelocked parameters, pause,',
    'solvency and notices, on the local chains or a real one.',
    '',
    `usage: ${invocation} <command> [options]`,
  ];
  for (const group of commandGroups) {
    lines.push('', group.title);
    for (const c of group.commands) lines.push(`  ${c.name.padEnd(width)}  ${c.summary}`);
  }
  lines.push(
    '',
    'Every chain command takes --network ETH|BSC (default ETH), --deployment local|production',
    '(default local) and --rpc <url>. Writes print what they will send, dry-run it, and ask',
    'before sending (--yes to skip; required without a terminal). Amounts are in whole tokens and',
    "are converted with the token's own decimals.",
    '',
    'Environment',
    '  RPC_URL_1, RPC_URL_56, RPC_URL  JSON-RPC URL (local deployment default: the anvil port of npm start)',
    '  OPERATOR_PRIVATE_KEY            key that signs (local deployment default: anvil account 0, the owner)',
    '  DEPLOYMENT_FILE                 production addresses from this file (what deploy-production writes)',
    '  OPERATOR_API_URL                server for notice commands (default http://localhost:8080)',
    '',
    'Exit codes: 0 done; 1 failed (a revert, an unreachable RPC, a refusal; nothing further sent);',
    '2 bad arguments or settings (nothing sent).',
    '',
    `${invocation} help <command>   (or <command> --help) shows a command's options.`,
  );
  return lines.join('\n');
}

export function commandHelp(command: Command): string {
  const options = allOptions(command).filter((o) => !o.hidden);
  const labels = options.map((o) => `--${o.name}${o.value ? ` <${o.value}>` : ''}`);
  const width = Math.max(...labels.map((l) => l.length));
  const lines = [
    `usage: ${invocation} ${command.name} [options]`,
    '',
    command.summary,
    '',
    'options:',
    ...options.map((o, i) => `  ${labels[i]!.padEnd(width)}  ${o.help}`),
  ];
  if (command.notes?.length) lines.push('', ...command.notes);
  if (command.examples.length) {
    lines.push('', 'examples:', ...command.examples.map((e) => `  ${invocation} ${e}`));
  }
  return lines.join('\n');
}
