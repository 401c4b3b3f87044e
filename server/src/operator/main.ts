/** `npm run operator -- <command> [options]` (see `help`). */
import { runOperator } from './cli.ts';
import { processIo } from './io.ts';

// npm runs a script in its package's folder; the files an operator names (--safe-sign, --file,
// --out, --safe-batch) belong in the folder the command was typed in, which npm passes as INIT_CWD.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

process.exitCode = await runOperator(process.argv.slice(2), processIo());
