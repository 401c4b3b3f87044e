/**
 * An HTTP/2 client for the test's nginx (TLS with the test's self-signed certificate, pinned as the
 * only trusted CA), and a bounded GET load that counts what was sent and what failed.
 */
import fs from 'node:fs';
import http2 from 'node:http2';

export interface H2Response {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

export interface H2Client {
  /** The protocol ALPN settled on ('h2' when HTTP/2 was negotiated). */
  alpn: string | false;
  /** Streams the server refused unprocessed (REFUSED_STREAM, GOAWAY) and this client sent again. */
  resent: number;
  request(
    path: string,
    options?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<H2Response>;
  close(): void;
}

/** Errors that, by HTTP/2's rules, mean the server did not process the stream: safe to resend. */
const unprocessed = /REFUSED_STREAM|GOAWAY|session has been destroyed|session is closed/i;

/**
 * As a browser does: one connection at a time, a new one once nginx ends the current one (after
 * `keepalive_requests` it sends GOAWAY), and a stream refused unprocessed is sent again.
 */
export async function h2Connect(origin: string, certFile: string): Promise<H2Client> {
  const ca = fs.readFileSync(certFile);
  let current: Promise<http2.ClientHttp2Session> | null = null;
  const session = () => {
    current ??= new Promise((resolve, reject) => {
      const s = http2.connect(origin, { ca, servername: 'localhost' });
      const drop = () => {
        if (current === pending) current = null;
      };
      s.on('goaway', drop).on('close', drop).on('error', drop);
      s.once('connect', () => resolve(s));
      s.once('error', reject);
    });
    const pending = current;
    return current;
  };
  const once = async (
    path: string,
    options: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<H2Response> => {
    const s = await session();
    return new Promise((resolve, reject) => {
      const stream = s.request({
        ':method': options.method ?? 'GET',
        ':path': path,
        ...options.headers,
      });
      stream.setTimeout(15_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      let headers: http2.IncomingHttpHeaders = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (h) => (headers = h));
      stream.on('data', (c: string) => (body += c));
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
      stream.on('error', reject);
      if (options.body !== undefined) stream.end(options.body);
      else stream.end();
    });
  };
  const client: H2Client = {
    alpn: (await session()).alpnProtocol ?? false,
    resent: 0,
    async request(path, options = {}) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await once(path, options);
        } catch (err) {
          if (attempt >= 3 || !unprocessed.test(err instanceof Error ? err.message : '')) throw err;
          client.resent += 1;
        }
      }
    },
    close: () => void current?.then((s) => s.close()),
  };
  return client;
}

export interface LoadResult {
  sent: number;
  failed: number;
  /** Status codes and errors of the failures, for the assertion message. */
  failures: string[];
}

/**
 * GETs `paths` round-robin with `concurrency` requests in flight until `stop()` resolves or
 * `maxRequests` were sent — bounded both ways.
 */
export async function getLoad(
  client: H2Client,
  paths: string[],
  options: { concurrency: number; maxRequests: number; until: Promise<unknown> },
): Promise<LoadResult> {
  const result: LoadResult = { sent: 0, failed: 0, failures: [] };
  let done = false;
  void options.until.then(() => (done = true));
  const worker = async () => {
    while (!done && result.sent < options.maxRequests) {
      const path = paths[result.sent % paths.length]!;
      result.sent += 1;
      try {
        const res = await client.request(path);
        if (res.status !== 200) {
          result.failed += 1;
          result.failures.push(`${path}: HTTP ${res.status} ${res.body.slice(0, 120)}`);
        }
      } catch (err) {
        result.failed += 1;
        result.failures.push(`${path}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return result;
}

/** Requests nginx passed to more than one upstream (a retry), from its JSON access log. */
export function retriedInAccessLog(accessLog: string): number {
  if (!fs.existsSync(accessLog)) return 0;
  return fs
    .readFileSync(accessLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"upstream_addr":"') && /"upstream_addr":"[^"]*, /.test(line))
    .length;
}
