/** `npm start -w server`: configuration from the environment (see config.ts), stop on SIGINT/SIGTERM. */
import { pino } from 'pino';
import { configFromEnv } from './config.ts';
import { exitOnSignals } from './observability/shutdown.ts';
import { startServer } from './start.ts';

const config = configFromEnv();
// JSON lines like the request logs (pino), so one log pipeline reads every line. The start and
// stop lines are written at any LOG_LEVEL but silent: supervisors and scripts wait for them.
const log = pino({ level: config.logLevel ? 'info' : 'silent', base: { process: 'api' } });
const server = await startServer(config);
log.info(
  `server listening on ${server.url} (database: ${server.db.engine}, deployment: ${config.deployment}${server.metricsUrl ? `, metrics: ${server.metricsUrl}` : ''})`,
);
exitOnSignals(() => server.close(), { log: (m) => log.info(`server: ${m}`) });
// SIGHUP: switch RPC providers without a restart (RPC_URLS_FILE re-read; the outcome is logged).
process.on('SIGHUP', () => server.reloadRpc());
