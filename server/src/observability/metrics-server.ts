/**
 * /metrics on its own port (METRICS_PORT), bound to METRICS_HOST (default 127.0.0.1): Prometheus
 * scrapes it from inside the network and nothing public (nginx never proxies it) can read it.
 * POST /-/reload (Prometheus's own convention) re-reads what the process can change without a
 * restart (the RPC providers of RPC_URLS_FILE), as SIGHUP does; it takes no input from the request,
 * and answers the outcome as JSON (400 when refused).
 *
 * Prometheus scrapes without credentials, but a reload changes what the process does: with
 * METRICS_RELOAD_TOKEN set it needs `Authorization: Bearer <token>` (401 otherwise), and on an
 * address other than loopback (METRICS_HOST opened to the network) it is refused without a token
 * set (403): anyone who can reach the port could otherwise make every process re-read its file at
 * will. SIGHUP needs no token (it needs the process's user).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

/** 127.0.0.0/8, ::1, localhost: only this host reaches it. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '::ffff:127.0.0.1';
}

/** Compares digests, so neither the length nor the first differing byte shows in the timing. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/** Why a POST /-/reload is refused (status and message), or null when it may run. */
export function reloadRefusal(
  authorization: string | undefined,
  host: string,
  token: string | undefined,
): { status: number; error: string } | null {
  if (!token) {
    if (isLoopback(host)) return null;
    return {
      status: 403,
      error: `reload refused: the metrics port listens on ${host}, not loopback; set METRICS_RELOAD_TOKEN and send it as 'Authorization: Bearer <token>' (or send SIGHUP)`,
    };
  }
  const m = /^Bearer (.+)$/.exec(authorization ?? '');
  if (m && sameToken(m[1]!, token)) return null;
  return {
    status: 401,
    error: "reload refused: send METRICS_RELOAD_TOKEN as 'Authorization: Bearer <token>'",
  };
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(
  registry: Registry,
  port: number,
  host = '127.0.0.1',
  reload?: () => { ok: boolean },
  reloadToken?: string,
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const route = req.url?.split('?')[0];
    if (reload && req.method === 'POST' && route === '/-/reload') {
      const refused = reloadRefusal(req.headers.authorization, host, reloadToken);
      if (refused) {
        res
          .writeHead(refused.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error: refused.error }));
        return;
      }
      const outcome = reload();
      res
        .writeHead(outcome.ok ? 200 : 400, { 'content-type': 'application/json' })
        .end(JSON.stringify(outcome));
      return;
    }
    if (req.method !== 'GET' || route !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
