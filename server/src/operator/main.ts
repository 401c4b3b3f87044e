/** `npm run operator -- <command> [options]` (see `help`). */
import { runOperator } from './cli.ts';
import { processIo } from './io.ts';

process.exitCode = await runOperator(process.argv.slice(2), processIo());
