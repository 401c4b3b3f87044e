/** `npm start -w server`: configuration from the environment (see config.ts), stop on SIGINT/SIGTERM. */
import { configFromEnv } from './config.ts';
import { exitOnSignals } from './observability/shutdown.ts';
import { startServer } from './start.ts';

const config = configFromEnv();
const server = await startServer(config);
console.log(
  `server listening on ${server.url} (database: ${server.db.engine}, deployment: ${config.deployment}${server.metricsUrl ? `, metrics: ${server.metricsUrl}` : ''})`,
);
exitOnSignals(() => server.close(), { log: (m) => console.log(`server: ${m}`) });
