/** `npm start -w server`: configuration from the environment (see config.ts), stop on SIGINT/SIGTERM. */
import { pino } from 'pino';
import { configFromEnv } from './config.ts';
import { exitIfSchemaTooNew } from './db/migrate.ts';
import { exitOnSignals } from './observability/shutdown.ts';
import { exitOnStartFailure } from './observability/startup.ts';
import { startServer, type RunningServer } from './start.ts';

const config = (() => {
  try {
    return configFromEnv();
  } catch (err) {
    return exitOnStartFailure(err, 'api');
  }
})();
// JSON lines like the request logs (pino), so one log pipeline reads every line. The start and
// stop lines are written at any LOG_LEVEL but silent: supervisors and scripts wait for them.
const log = pino({ level: config.logLevel ? 'info' : 'silent', base: { process: 'api' } });
// SIGHUP re-reads RPC_URLS_FILE (switching RPC providers without a restart). Handled from the
// first line: Node's default for SIGHUP ends the process.
const started: { server?: RunningServer } = {};
process.on('SIGHUP', () => {
  if (started.server) started.server.reloadRpc();
  else log.warn('server: SIGHUP while starting: ignored (send it again once listening)');
});
// A start that fails (PostgreSQL unreachable, a configuration error) is one JSON line and an exit
// status by the rule of observability/startup.ts, not a stack trace.
const server = await startServer(config)
  .catch(exitIfSchemaTooNew(log))
  .catch((err: unknown) => exitOnStartFailure(err, 'api'));
started.server = server;
log.info(
  `server listening on ${server.url} (database: ${server.db.engine}, deployment: ${config.deployment}${server.metricsUrl ? `, metrics: ${server.metricsUrl}` : ''})`,
);
exitOnSignals(() => server.close(), { log: (m) => log.info(`server: ${m}`) });
