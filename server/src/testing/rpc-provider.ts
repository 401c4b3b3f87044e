/**
 * An RPC provider in front of a real node for tests: it passes every call on, or plays a provider
 * that is down (HTTP 502, as a provider's load balancer answers), one that refuses the load (HTTP
 * 429, as a provider over its plan's rate answers) or one that lies (a head far below the
 * chain's, as a stale node answers). `calls` counts what reached it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** 'chunked': passes every call on, its answer sent in 64 KB chunks with no Content-Length. */
export type ProviderMode = 'pass' | 'chunked' | 'down' | 'busy' | 'lie';

export interface TestProvider {
  url: string;
  /** host:port, as logs and metrics name a provider. */
  host: string;
  mode: ProviderMode;
  calls: number;
  close(): Promise<void>;
}

/** The head a lying provider gives. */
export const LIED_HEAD = '0x1';

export async function startTestProvider(upstream: string): Promise<TestProvider> {
  const provider = { mode: 'pass' as ProviderMode, calls: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      provider.calls += 1;
      if (provider.mode === 'down') {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
        return;
      }
      if (provider.mode === 'busy') {
        res
          .writeHead(429, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":null,"error":{"code":-32005,"message":"rate limited"}}');
        return;
      }
      const body = Buffer.concat(chunks).toString();
      fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (r) => {
          let text = await r.text();
          if (provider.mode === 'lie') text = lieAboutHead(body, text);
          if (provider.mode === 'chunked') {
            res.writeHead(r.status, { 'content-type': 'application/json' });
            for (let at = 0; at < text.length; at += 65536) res.write(text.slice(at, at + 65536));
            res.end();
            return;
          }
          res.writeHead(r.status, { 'content-type': 'application/json' }).end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(provider, {
    url: `http://127.0.0.1:${port}/v2/SECRET-KEY`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The answers with every eth_blockNumber result replaced by LIED_HEAD (single calls and batches). */
function lieAboutHead(requestBody: string, responseBody: string): string {
  const request = JSON.parse(requestBody) as
    { id: unknown; method: string }[] | { id: unknown; method: string };
  const asked = new Set(
    (Array.isArray(request) ? request : [request])
      .filter((c) => c.method === 'eth_blockNumber')
      .map((c) => JSON.stringify(c.id)),
  );
  if (asked.size === 0) return responseBody;
  const response = JSON.parse(responseBody) as
    { id: unknown; result?: unknown }[] | { id: unknown; result?: unknown };
  for (const answer of Array.isArray(response) ? response : [response]) {
    if (asked.has(JSON.stringify(answer.id)) && 'result' in answer) answer.result = LIED_HEAD;
  }
  return JSON.stringify(response);
}
