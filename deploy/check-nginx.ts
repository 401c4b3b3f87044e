/**
 * `npx tsx deploy/check-nginx.ts`, with the env file's variables: is the nginx answering
 * NGINX_HTTP_LISTEN the one rendered from this env file? It must be, for the ACME challenge (Let's
 * Encrypt fetches the token from port 80) and for every reload to reach it. On a stock Debian host
 * the distribution's nginx (its default site, its own /run/nginx.pid) may answer there instead:
 * then this exits 1 and says so, rather than letting the TLS bootstrap carry on against the wrong
 * server (docs/OPERATIONS.md §4 "The host").
 *
 * Checks: the process in NGINX_PID_FILE runs; a probe file written into ACME_WEBROOT is served
 * back on the first NGINX_HTTP_LISTEN address for SERVER_NAME (only our config serves that folder
 * there). The probe is removed afterwards. Waits up to 5 s: a reload's new workers take a moment.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxVariables } from './render.ts';

/** Where to connect for a `listen` value: '80' → 127.0.0.1:80, '[::]:80' → [::1]:80. */
export function probeAddress(listen: string): { host: string; port: number } {
  const first = listen.split(',')[0]!.trim();
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[\w.-]+):)?(\d+)$/.exec(first);
  if (!match) throw new Error(`NGINX_HTTP_LISTEN: cannot read '${first}'`);
  let host = match[1] ?? '127.0.0.1';
  if (host === '0.0.0.0' || host === '*') host = '127.0.0.1';
  if (host === '[::]') host = '[::1]';
  return { host: host.replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

const get = (host: string, port: number, urlPath: string, hostHeader: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host, port, path: urlPath, headers: { host: hostHeader } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.setTimeout(2_000, () => req.destroy(new Error('no answer within 2 s')));
    req.once('error', reject);
  });

/** '' when our nginx answers; else what is wrong, in one sentence with what to do. */
export async function checkOurNginx(env: NodeJS.ProcessEnv, waitMs = 5_000): Promise<string> {
  const pidFile = env.NGINX_PID_FILE || nginxVariables.NGINX_PID_FILE;
  const webroot = env.ACME_WEBROOT || nginxVariables.ACME_WEBROOT;
  const listen = env.NGINX_HTTP_LISTEN || nginxVariables.NGINX_HTTP_LISTEN;
  const serverName = env.SERVER_NAME || 'localhost';
  const { host, port } = probeAddress(listen);
  const token = `honest-stake-probe-${randomBytes(8).toString('hex')}`;
  const dir = path.join(webroot, '.well-known', 'acme-challenge');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, token), token);
  let last = '';
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      last = await (async () => {
        let pid: number;
        try {
          pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
          process.kill(pid, 0);
        } catch {
          return `our nginx is not running: no live process in ${pidFile} (NGINX_PID_FILE)`;
        }
        const answer = await get(
          host,
          port,
          `/.well-known/acme-challenge/${token}`,
          serverName,
        ).catch((err: Error) => ({ status: 0, body: err.message }));
        if (answer.status === 200 && answer.body === token) return '';
        return (
          `port ${port} is not answered by our nginx (pid ${pid}): a probe in ${webroot} (ACME_WEBROOT) ` +
          `came back ${answer.status ? `HTTP ${answer.status}` : answer.body}; another server holds it ` +
          "(Debian's nginx? `systemctl disable --now nginx`, or move one of them to other ports)"
        );
      })();
      if (last === '' || Date.now() > deadline) return last;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    fs.rmSync(path.join(dir, token), { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = await checkOurNginx(process.env);
  if (problem) {
    console.error(`check-nginx: FAILED: ${problem}`);
    process.exit(1);
  }
  console.log('check-nginx: our nginx answers (pid file and ACME webroot are this env file’s)');
}
