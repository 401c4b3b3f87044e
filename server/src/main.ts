/** `npm start -w server`: configuration from the environment (see config.ts), stop on SIGINT/SIGTERM. */
import { configFromEnv } from './config.ts';
import { startServer } from './start.ts';

const config = configFromEnv();
const server = await startServer(config);
console.log(
  `server listening on ${server.url} (database: ${server.db.engine}, deployment: ${config.deployment})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
