/**
 * curl against the test's nginx: what a browser (HTTP/2) or a script (HTTP/1.1) gets, with the
 * test's self-signed certificate as the only trusted CA and `localhost` resolved to the address
 * under test (IPv4 or IPv6).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export interface CurlAnswer {
  /** 0 when nginx sent no HTTP answer (reset, GOAWAY): see `exitCode`. */
  status: number;
  /** '2' or '1.1': the protocol the answer came over. */
  httpVersion: string;
  contentType: string;
  body: string;
  /** curl's exit code (0: a complete answer, whatever its status). */
  exitCode: number;
  stderr: string;
}

export async function curl(
  url: string,
  options: {
    dir: string;
    ca: string;
    http2: boolean;
    /** The address `localhost` resolves to ('127.0.0.1', '[::1]'). */
    address?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer;
  },
): Promise<CurlAnswer> {
  const out = path.join(options.dir, `curl-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const args = ['-sS', '-o', `${out}.body`, '-w', '%{json}', '--cacert', options.ca];
  args.push(options.http2 ? '--http2' : '--http1.1');
  const port = new URL(url).port;
  args.push('--resolve', `localhost:${port}:${options.address ?? '127.0.0.1'}`);
  if (options.method) args.push('-X', options.method);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    args.push('-H', `${name}: ${value}`);
  }
  if (options.body) {
    fs.writeFileSync(`${out}.request`, options.body);
    args.push('--data-binary', `@${out}.request`);
  }
  // Over 100 kB of arguments (a long URI) is fine for execve; the body goes through a file.
  const result = await promisify(execFile)('curl', [...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    (r) => ({ ...r, code: 0 }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  const written = JSON.parse(result.stdout || '{}') as {
    http_code?: number;
    http_version?: string;
    content_type?: string | null;
  };
  const bodyFile = `${out}.body`;
  const body = fs.existsSync(bodyFile) ? fs.readFileSync(bodyFile, 'utf8') : '';
  fs.rmSync(bodyFile, { force: true });
  fs.rmSync(`${out}.request`, { force: true });
  return {
    status: written.http_code ?? 0,
    httpVersion: written.http_version ?? '',
    contentType: written.content_type ?? '',
    body,
    exitCode: result.code,
    stderr: result.stderr,
  };
}
