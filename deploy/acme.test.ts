/**
 * docs/OPERATIONS.md §4 "TLS certificate", block by block, against a real ACME exchange: Pebble
 * (Let's Encrypt's RFC 8555 test CA, Debian's `pebble`) validates the HTTP-01 challenge by fetching
 * the token from the repo's nginx, as Let's Encrypt would, and certbot (Debian's) gets, installs and
 * renews the certificate with the runbook's commands as written.
 *
 * What differs from a production host is outside the blocks: the ACME server, certbot's folders and
 * the CA it trusts come from a certbot config file ($XDG_CONFIG_HOME/letsencrypt/cli.ini, which
 * certbot reads by itself) and REQUESTS_CA_BUNDLE; the system paths the blocks name (/etc/...) are
 * moved into a temp folder; the env file sets free ports on 127.0.0.1; Pebble resolves the domain
 * through pebble-challtestsrv's DNS, which answers 127.0.0.1. No challenge is skipped (no
 * PEBBLE_VA_ALWAYS_VALID, no authorization reuse): each is fetched through nginx.
 *
 * After the blocks, the renewal the certbot timer runs (`certbot renew`), forced: the deploy hook
 * stored at the first issuance must reload nginx onto the new certificate. Needs certbot, pebble
 * and nginx (skipped, and reported so, without them); runs as root, as the runbook does.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
import { findFreePort } from '@app/contracts/local';
import { commandBlocks, type CommandBlock } from '../scripts/runbook/blocks.ts';
import { NGINX, selfSignedCertificate } from './topology/nginx.ts';
import { repoDir } from './topology/services.ts';

const CERTBOT = '/usr/bin/certbot';
const PEBBLE = '/usr/bin/pebble';
const CHALLTESTSRV = '/usr/bin/pebble-challtestsrv';
const missing = [CERTBOT, PEBBLE, CHALLTESTSRV, NGINX].filter((f) => !fs.existsSync(f));
const notRoot = process.getuid?.() !== 0;

const runbook = fs.readFileSync(path.join(repoDir, 'docs/OPERATIONS.md'), 'utf8');
/** The TLS blocks this test runs, by their runbook id (deploy/runbook.test.ts leaves them here). */
const tlsBlocks = commandBlocks(runbook).filter(
  (b) => b.mark.kind === 'run' && b.mark.id.startsWith('tls-'),
);
const block = (id: string): CommandBlock => {
  const found = tlsBlocks.find((b) => b.mark.kind === 'run' && b.mark.id === id);
  assert.ok(found, `OPERATIONS.md has no block marked 'run ${id}'`);
  return found;
};

const DOMAIN = 'app.honest-stake.test';

interface Served {
  issuer: string;
  serial: string;
  authorized: boolean;
}

/** The certificate nginx presents for DOMAIN, and whether it chains to `ca`. */
const servedCertificate = (port: number, ca?: string) =>
  new Promise<Served>((resolve, reject) => {
    const socket = tls.connect(
      { host: '127.0.0.1', port, servername: DOMAIN, ca, rejectUnauthorized: false },
      () => {
        const cert = socket.getPeerX509Certificate()!;
        resolve({ issuer: cert.issuer, serial: cert.serialNumber, authorized: socket.authorized });
        socket.end();
      },
    );
    socket.once('error', reject);
  });

/** A long-running child whose output is kept, up once `ready` appears in it. */
async function daemon(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp) {
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command}: no ${ready}:\n${out}`)), 20_000);
    const take = (c: Buffer) => {
      out += c.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    child.once('exit', () => reject(new Error(`${command} exited:\n${out}`)));
  });
  return { child, output: () => out };
}

describe(
  'OPERATIONS.md §4 TLS certificate: certbot + nginx against Pebble',
  {
    skip:
      (missing.length > 0 && `missing ${missing.join(', ')} (apt-get install certbot pebble)`) ||
      (notRoot && 'the runbook runs these commands as root'),
  },
  () => {
    let dir: string;
    let env: Record<string, string>;
    let httpsPort: number;
    let accessLog: string;
    let pidFile: string;
    /** /etc/... of the blocks → the temp folder. */
    let moved: (code: string) => string;
    let pebbleRoots: string;
    const daemons: ChildProcess[] = [];

    before(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'acme-'));
      // nginx's workers (nobody) read the tokens certbot writes under here.
      fs.chmodSync(dir, 0o755);
      const etc = path.join(dir, 'etc');
      moved = (code) =>
        code.replace(/\/etc\/(honest-stake|nginx\/honest-stake|letsencrypt)\b/g, `${etc}/$1`);
      for (const d of [
        'etc/honest-stake',
        'etc/nginx',
        'etc/letsencrypt',
        'dist',
        'temp',
        'xdg/letsencrypt',
        'pebble',
      ])
        fs.mkdirSync(path.join(dir, d), { recursive: true });
      fs.writeFileSync(path.join(dir, 'dist/index.html'), '<!doctype html><title>x</title>');

      const httpPort = await findFreePort();
      httpsPort = await findFreePort();
      const ports = {
        acme: await findFreePort(),
        management: await findFreePort(),
        tlsAlpn: await findFreePort(),
        dns: await findFreePort(),
        dnsManagement: await findFreePort(),
      };
      // Pebble's own HTTPS listener (the ACME directory), trusted by certbot through REQUESTS_CA_BUNDLE.
      const pebbleTls = await selfSignedCertificate(path.join(dir, 'pebble'));
      const config = path.join(dir, 'pebble/config.json');
      fs.writeFileSync(
        config,
        JSON.stringify({
          pebble: {
            listenAddress: `127.0.0.1:${ports.acme}`,
            managementListenAddress: `127.0.0.1:${ports.management}`,
            certificate: pebbleTls.cert,
            privateKey: pebbleTls.key,
            // The challenge is fetched from nginx's plain-HTTP server (port 80 in production).
            httpPort,
            tlsPort: ports.tlsAlpn,
            ocspResponderURL: '',
            externalAccountBindingRequired: false,
          },
        }),
      );
      const dns = await daemon(
        CHALLTESTSRV,
        [
          '-dns01',
          `127.0.0.1:${ports.dns}`,
          '-management',
          `127.0.0.1:${ports.dnsManagement}`,
          '-defaultIPv4',
          '127.0.0.1',
          '-defaultIPv6',
          '',
          '-http01',
          '',
          '-https01',
          '',
          '-tlsalpn01',
          '',
        ],
        {},
        /Starting management server/,
      );
      daemons.push(dns.child);
      const pebble = await daemon(
        PEBBLE,
        ['-config', config, '-dnsserver', `127.0.0.1:${ports.dns}`],
        // Every order validated afresh (no reused authorization), at once (no random sleep).
        { PEBBLE_VA_NOSLEEP: '1', PEBBLE_AUTHZREUSE: '0', PEBBLE_WFE_NONCEREJECT: '0' },
        /Listening on/,
      );
      daemons.push(pebble.child);
      // Pebble's CA: generated at its start, served by its management interface.
      const roots = await fetchTrusting(
        `https://127.0.0.1:${ports.management}/roots/0`,
        pebbleTls.cert,
      );
      pebbleRoots = roots;

      fs.writeFileSync(
        path.join(dir, 'xdg/letsencrypt/cli.ini'),
        [
          `server = https://127.0.0.1:${ports.acme}/dir`,
          `config-dir = ${etc}/letsencrypt`,
          `work-dir = ${dir}/certbot-work`,
          `logs-dir = ${dir}/certbot-logs`,
          // Without a terminal, `certbot renew` first sleeps up to 8 min (spreading the timers'
          // load on the CA); the test has no such load to spread.
          'no-random-sleep-on-renew = True',
          '',
        ].join('\n'),
      );
      accessLog = path.join(dir, 'access.log');
      pidFile = path.join(dir, 'nginx.pid');
      const live = `${etc}/letsencrypt/live/${DOMAIN}`;
      // The env file as deploy/env.example has it, on free ports and in the temp folder.
      const envFile = {
        SERVER_NAME: DOMAIN,
        NGINX_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        NGINX_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        TLS_CERT: `${live}/fullchain.pem`,
        TLS_KEY: `${live}/privkey.pem`,
        ACME_WEBROOT: path.join(dir, 'var/www/acme'),
        ACME_EMAIL: 'ops@honest-stake.test',
        WEB_DIST: path.join(dir, 'dist'),
        API_UPSTREAMS: `127.0.0.1:${await findFreePort()}`,
        NGINX_PID_FILE: pidFile,
        NGINX_ERROR_LOG: path.join(dir, 'error.log'),
        NGINX_ACCESS_LOG: accessLog,
        NGINX_TEMP_DIR: path.join(dir, 'temp'),
      };
      fs.writeFileSync(
        path.join(etc, 'honest-stake/env'),
        Object.entries(envFile)
          .map(([k, v]) => `${k}=${v}\n`)
          .join(''),
      );
      env = {
        XDG_CONFIG_HOME: path.join(dir, 'xdg'),
        REQUESTS_CA_BUNDLE: pebbleTls.cert,
      };
    });

    after(async () => {
      if (pidFile && fs.existsSync(pidFile)) {
        const pid = Number(fs.readFileSync(pidFile, 'utf8'));
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // gone already
        }
        for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) await sleep(50);
      }
      for (const child of daemons) {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
      }
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('the runbook has the three TLS blocks this test runs', () => {
      assert.deepEqual(
        tlsBlocks.map((b) => (b.mark as { id: string }).id),
        ['tls-bootstrap', 'tls-issue', 'tls-renew'],
      );
    });

    it('tls-bootstrap: nginx starts on the throwaway self-signed pair', async () => {
      await runBlock(moved(block('tls-bootstrap').code), env);
      const served = await servedCertificate(httpsPort);
      assert.match(served.issuer, new RegExp(`CN=${DOMAIN.replaceAll('.', '\\.')}`));
      assert.ok(fs.existsSync(pidFile), 'nginx runs (daemonized, its pid file written)');
    });

    let issued: X509Certificate;
    it('tls-issue: Pebble fetches the token through nginx; nginx then serves the issued certificate', async () => {
      await runBlock(moved(block('tls-issue').code), env);
      const challenges = fs
        .readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { uri: string; status: number })
        .filter((r) => r.uri.startsWith('/.well-known/acme-challenge/'));
      assert.ok(challenges.length > 0, 'the CA fetched the token from nginx');
      assert.ok(
        challenges.every((r) => r.status === 200),
        JSON.stringify(challenges),
      );
      issued = new X509Certificate(
        fs.readFileSync(path.join(dir, `etc/letsencrypt/live/${DOMAIN}/cert.pem`)),
      );
      assert.match(issued.issuer, /Pebble Intermediate CA/);
      const served = await servedAfterReload(httpsPort, pebbleRoots, issued.serialNumber);
      assert.equal(served.serial, issued.serialNumber);
      assert.equal(served.issuer, issued.issuer);
      assert.ok(served.authorized, 'the served chain verifies against Pebble’s root');
      assert.ok(!fs.existsSync(path.join(dir, 'etc/honest-stake/bootstrap-tls')));
    });

    it('tls-renew: the dry run renews against the CA and replaces nothing', async () => {
      const out = await runBlock(moved(block('tls-renew').code), env);
      assert.match(out, /simulated renewals succeeded/);
      assert.match(out, /succeeded/);
      assert.equal((await servedCertificate(httpsPort)).serial, issued.serialNumber);
    });

    it('the timer’s `certbot renew`, forced: the stored deploy hook reloads nginx onto the new certificate', async () => {
      const challengesBefore = countChallenges(accessLog);
      await runBlock('certbot -q renew --force-renewal', env);
      assert.ok(countChallenges(accessLog) > challengesBefore, 'the renewal fetched a new token');
      const renewed = new X509Certificate(
        fs.readFileSync(path.join(dir, `etc/letsencrypt/live/${DOMAIN}/cert.pem`)),
      );
      assert.notEqual(renewed.serialNumber, issued.serialNumber);
      const served = await servedAfterReload(httpsPort, pebbleRoots, renewed.serialNumber);
      assert.equal(served.serial, renewed.serialNumber, 'nginx serves the renewed certificate');
      assert.ok(served.authorized);
    });
  },
);

/**
 * The certificate served once nginx's reload is through: `nginx -s reload` returns once it has
 * signalled the master, and the old workers answer until the new ones run (up to 5 s here).
 */
async function servedAfterReload(port: number, ca: string, serial: string): Promise<Served> {
  let served = await servedCertificate(port, ca);
  for (let i = 0; i < 100 && served.serial !== serial; i++) {
    await sleep(50);
    served = await servedCertificate(port, ca);
  }
  return served;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const countChallenges = (log: string) =>
  fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.includes('"uri":"/.well-known/acme-challenge/')).length;

/** A runbook block in bash -euo pipefail, in the repository root; it must succeed. */
async function runBlock(code: string, env: Record<string, string>): Promise<string> {
  const child = spawn('bash', ['-euo', 'pipefail', '-c', code], {
    cwd: repoDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const code_ = await new Promise<number | null>((r) => child.once('exit', r));
  assert.equal(code_, 0, `${code}\nfailed:\n${out}`);
  return out;
}

/** GET over HTTPS trusting `ca` (Pebble's management interface). */
async function fetchTrusting(url: string, caFile: string): Promise<string> {
  const https = await import('node:https');
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca: fs.readFileSync(caFile) }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      })
      .once('error', reject);
  });
}
