/**
 * Writes the production nginx config from deploy/*.template: `npx tsx deploy/render.ts <outDir>`
 * with the variables of deploy/env.example in the environment, then
 * `nginx -t -c <outDir>/nginx.conf`. The security headers are the server's own definition
 * (server/src/http/security-headers.ts), with the style hashes of the web build being served, so
 * nginx and the API send the same policy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  securityHeaders,
  webStyleHashes,
  webUsesWalletConnect,
} from '../server/src/http/security-headers.ts';
import { ErrorCode } from '../server/src/api-schema/errors.ts';
import { languages, t } from '../server/src/i18n/index.ts';

const deployDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(deployDir, '..');

/**
 * Every variable the templates use, with its default (undefined: required). A LISTEN value is a
 * comma-separated list of nginx `listen` addresses: IPv4 and IPv6 by default.
 */
export const nginxVariables = {
  SERVER_NAME: '_',
  NGINX_HTTP_LISTEN: '80,[::]:80',
  NGINX_HTTPS_LISTEN: '443,[::]:443',
  TLS_CERT: undefined,
  TLS_KEY: undefined,
  ACME_WEBROOT: '/var/www/acme',
  WEB_DIST: path.join(repoDir, 'web', 'dist'),
  API_UPSTREAMS: undefined,
  // Not Debian's /run/nginx.pid: `nginx -s reload` with this config must signal our nginx, never
  // the distribution's (deploy/systemd/honest-stake-nginx.service has the same PIDFile).
  NGINX_PID_FILE: '/run/honest-stake-nginx.pid',
  NGINX_ERROR_LOG: '/var/log/nginx/error.log',
  NGINX_ACCESS_LOG: '/var/log/nginx/access.log',
  NGINX_TEMP_DIR: '/var/lib/nginx',
  NGINX_MIME_TYPES: '/etc/nginx/mime.types',
} satisfies Record<string, string | undefined>;

export type NginxEnv = Partial<Record<keyof typeof nginxVariables, string>>;

/** `host:port` → an upstream server line (a failed instance is skipped for 5 s, then retried). */
const upstreamLine = (address: string): string => {
  if (!/^[\w.-]+:\d+$/.test(address)) throw new Error(`API_UPSTREAMS: not host:port: '${address}'`);
  return `    server ${address} max_fails=1 fail_timeout=5s;`;
};

/** The `listen` addresses of a LISTEN value ('443,[::]:443', '127.0.0.1:8443'). */
function listenAddresses(name: string, value: string): string[] {
  const addresses = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of addresses) {
    if (!/^(?:\d+|[\w.-]+:\d+|\[[0-9a-fA-F:.]+\]:\d+)$/.test(a)) {
      throw new Error(`${name}: not a port, host:port or [ipv6]:port: '${a}'`);
    }
  }
  if (addresses.length === 0) throw new Error(`${name}: no address`);
  return addresses;
}

/** The port part of a `listen` address ('443', '127.0.0.1:8443', '[::]:443'). */
const listenPort = (listen: string): string => /(?:^|:)(\d+)$/.exec(listen)?.[1] ?? '443';

/**
 * The lines of a `map $http_lang` whose value is the API's envelope for `code` with the message
 * `key`, in each language, matched on the Lang header as sent by the app (exact language code,
 * any case); any other value gets English, as the API's fallback.
 */
function envelopeByLang(code: number, key: 'bodyTooLarge' | 'unavailable'): string {
  // Non-ASCII and quotes as \u escapes: the value sits in single quotes in nginx's config.
  const envelope = (lang: (typeof languages)[number]) =>
    JSON.stringify({ code, msg: t(lang, key), data: null }).replace(
      /[^\x20-\x7e]|'/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return [
    `    default '${envelope('en')}';`,
    ...languages.map((lang) => `    "~*^${lang}$" '${envelope(lang)}';`),
  ].join('\n');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{([A-Z_0-9]+)\}\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for {{${name}}}`);
    return value;
  });
}

/** Renders nginx.conf, proxy.conf and security-headers.conf into `outDir`; returns nginx.conf. */
export function renderNginx(env: NginxEnv, outDir: string): string {
  const values: Record<string, string> = {};
  for (const [name, fallback] of Object.entries(nginxVariables)) {
    const value = env[name as keyof NginxEnv] || fallback;
    if (value === undefined) throw new Error(`${name} must be set (see deploy/env.example)`);
    values[name] = value;
  }
  values.NGINX_CONF_DIR = path.resolve(outDir);
  const httpsListen = listenAddresses('NGINX_HTTPS_LISTEN', values.NGINX_HTTPS_LISTEN!);
  const httpListen = listenAddresses('NGINX_HTTP_LISTEN', values.NGINX_HTTP_LISTEN!);
  values.NGINX_HTTPS_LISTEN_LINES = httpsListen.map((a) => `    listen ${a} ssl http2;`).join('\n');
  values.NGINX_HTTP_LISTEN_LINES = httpListen.map((a) => `    listen ${a};`).join('\n');
  const httpsPort = listenPort(httpsListen[0]!);
  values.HTTPS_PORT_SUFFIX = httpsPort === '443' ? '' : `:${httpsPort}`;
  values.REQUEST_TOO_LARGE_BY_LANG = envelopeByLang(ErrorCode.bodyTooLarge, 'bodyTooLarge');
  values.API_UNAVAILABLE_BY_LANG = envelopeByLang(ErrorCode.unavailable, 'unavailable');
  values.API_UPSTREAM_SERVERS = values
    .API_UPSTREAMS!.split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map(upstreamLine)
    .join('\n');
  // The same policy as the server's for this build (WalletConnect's relay only if it offers it).
  const headers = securityHeaders(webStyleHashes(values.WEB_DIST), {
    walletConnect: webUsesWalletConnect(values.WEB_DIST),
  });
  const headerLines = Object.entries(headers).map(
    ([name, value]) => `add_header ${name} "${value}" always;`,
  );
  fs.mkdirSync(outDir, { recursive: true });
  const read = (file: string) => fs.readFileSync(path.join(deployDir, file), 'utf8');
  fs.writeFileSync(
    path.join(outDir, 'security-headers.conf'),
    `# Rendered from server/src/http/security-headers.ts by deploy/render.ts.\n${headerLines.join('\n')}\nadd_header X-Request-Id $request_id always;\n`,
  );
  fs.writeFileSync(path.join(outDir, 'proxy.conf'), read('proxy.conf.template'));
  const conf = path.join(outDir, 'nginx.conf');
  fs.writeFileSync(conf, fill(read('nginx.conf.template'), values));
  return conf;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: npx tsx deploy/render.ts <outDir>   (variables: deploy/env.example)');
    process.exit(2);
  }
  console.log(renderNginx(process.env as NginxEnv, outDir));
}
