/** `startServer(config)`: open the database, migrate, build the app, listen (docs/CONTRACTS-OF-WORK.md). */
import { deriveOrigin, resolveConfig, type ServerConfig } from './config.ts';
import { openDb, type Db } from './db/db.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { parseOrigin } from './auth/siwe.ts';
import type { AuthContext } from './auth/login.ts';

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
  /** The server's database handle (tests and tools). */
  db: Db;
}

export async function startServer(input: ServerConfig): Promise<RunningServer> {
  const config = resolveConfig(input);
  // A configured origin must be a valid URL: fail before opening anything.
  const configuredOrigin = config.appOrigin ? parseOrigin(config.appOrigin) : undefined;
  const db = await openDb(config);
  try {
    await migrate(db);
    // The SIWE origin is known only after listening when the port is 0: fill it in then.
    const auth: AuthContext = { db, config, origin: parseOrigin('http://pending.invalid') };
    const app = await buildApp(config, db, auth);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = deriveOrigin(config.host, port);
    auth.origin = configuredOrigin ?? parseOrigin(url);
    let closed = false;
    return {
      url,
      port,
      db,
      async close() {
        if (closed) return;
        closed = true;
        await app.close();
        await db.close();
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
}
