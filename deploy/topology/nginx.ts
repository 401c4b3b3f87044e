/**
 * The repo's production nginx config (deploy/render.ts), run as a child process on a free port with
 * a self-signed certificate made here, its pid, logs and temp files in a temp directory.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { renderNginx } from '../render.ts';

export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Nginx {
  port: number;
  /** Port of the plain-HTTP server (redirects to HTTPS, except ACME challenges). */
  httpPort: number;
  /** Where the plain-HTTP server finds ACME HTTP-01 tokens (ACME_WEBROOT). */
  acmeWebroot: string;
  origin: string;
  accessLog: string;
  /** The certificate clients must trust (self-signed, for localhost, 127.0.0.1 and ::1). */
  certFile: string;
  stop(): Promise<void>;
}

/** A key and a certificate for localhost, 127.0.0.1 and ::1, valid one day. */
export async function selfSignedCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
  ]);
  return { cert, key };
}

export async function startNginx(options: {
  dir: string;
  port: number;
  httpPort: number;
  upstreams: string[];
  webDist: string;
  /** Listen on [::1] too, on the same ports. */
  ipv6?: boolean;
  /**
   * proxy_read_timeout instead of the template's 60 s, so that a test sees an API that stopped
   * answering turn into a 504 in seconds.
   */
  proxyReadTimeout?: string;
}): Promise<Nginx> {
  const { dir, port, httpPort } = options;
  fs.mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const { cert, key } = await selfSignedCertificate(dir);
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  const acmeWebroot = path.join(dir, 'acme');
  const listen = (p: number) => `127.0.0.1:${p}${options.ipv6 ? `,[::1]:${p}` : ''}`;
  const conf = renderNginx(
    {
      SERVER_NAME: 'localhost',
      NGINX_HTTP_LISTEN: listen(httpPort),
      NGINX_HTTPS_LISTEN: listen(port),
      TLS_CERT: cert,
      TLS_KEY: key,
      ACME_WEBROOT: acmeWebroot,
      WEB_DIST: options.webDist,
      API_UPSTREAMS: options.upstreams.join(','),
      NGINX_PID_FILE: path.join(dir, 'nginx.pid'),
      NGINX_ERROR_LOG: errorLog,
      NGINX_ACCESS_LOG: accessLog,
      NGINX_TEMP_DIR: path.join(dir, 'temp'),
    },
    path.join(dir, 'conf'),
  );
  if (options.proxyReadTimeout) {
    const proxyConf = path.join(dir, 'conf', 'proxy.conf');
    const text = fs.readFileSync(proxyConf, 'utf8');
    const changed = text.replace(
      /^proxy_read_timeout \S+;$/m,
      `proxy_read_timeout ${options.proxyReadTimeout};`,
    );
    if (changed === text) throw new Error('proxy.conf has no proxy_read_timeout line');
    fs.writeFileSync(proxyConf, changed);
  }
  // As root (CI), workers would run as `nobody` and could not read the test's private temp files.
  const user = process.getuid?.() === 0 ? ' user root;' : '';
  const args = ['-p', dir, '-c', conf, '-e', errorLog, '-g', `daemon off;${user}`];
  await promisify(execFile)(NGINX, ['-t', '-q', ...args]);
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `https://127.0.0.1:${port}`;
  // Up when the port answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`nginx did not start: ${stderr}\n${fs.readFileSync(errorLog, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    httpPort,
    acmeWebroot,
    origin,
    accessLog,
    certFile: cert,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
