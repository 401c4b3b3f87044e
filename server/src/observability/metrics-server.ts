/**
 * /metrics on its own port (METRICS_PORT), bound to METRICS_HOST (default 127.0.0.1): Prometheus
 * scrapes it from inside the network and nothing public (nginx never proxies it) can read it.
 * POST /-/reload (Prometheus's own convention) re-reads what the process can change without a
 * restart (the RPC providers of RPC_URLS_FILE), as SIGHUP does; it takes no input from the request,
 * and answers the outcome as JSON (400 when refused).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(
  registry: Registry,
  port: number,
  host = '127.0.0.1',
  reload?: () => { ok: boolean },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const route = req.url?.split('?')[0];
    if (reload && req.method === 'POST' && route === '/-/reload') {
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
