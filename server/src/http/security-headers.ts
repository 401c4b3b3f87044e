/**
 * The security headers a signing UI needs, on every response: a strict Content-Security-Policy
 * (scripts only from our own origin and never inline, data to our own /v1 API and /rpc proxy and
 * the RPC nodes the user chose, and WalletConnect's relay when the build offers it,
 * no framing against clickjacking), HSTS, no MIME sniffing and no Referer to other sites.
 *
 * One definition for both places that send them: this server (its responses and, in the embedded
 * default, the web app) and nginx in production (deploy/render.ts writes these same values into
 * the config). The web build inlines its stylesheet into index.html, so style-src lists the hash of
 * each inline <style> of the built index.html instead of allowing inline styles.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** sha256 sources ('sha256-…') of the inline <style> elements of an HTML page. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}

/**
 * What the page may reach besides the above when its build offers WalletConnect (issue 18 §6):
 * WalletConnect's relay, a WebSocket (the https: already allowed in connect-src covers its verify
 * API, its RPC and its telemetry). Only then: a build without a project id gets none of it.
 */
export const WALLETCONNECT_CONNECT_SOURCES = [
  'wss://relay.walletconnect.org',
  'wss://relay.walletconnect.com',
] as const;

/**
 * And the one frame WalletConnect opens in the page: its verify service's attestation (a hidden
 * iframe through which the wallet learns that the request really comes from this origin). Without
 * it, wallets would warn that the site is unverified.
 */
export const WALLETCONNECT_FRAME_SOURCES = [
  'https://verify.walletconnect.org',
  'https://verify.walletconnect.com',
] as const;

/**
 * Whether the web build offers WalletConnect: its index.html says so (web/vite.config.ts writes
 * the <meta> when built with VITE_WALLETCONNECT_PROJECT_ID).
 */
export function webUsesWalletConnect(webDist: string | undefined): boolean {
  if (!webDist) return false;
  const index = path.join(webDist, 'index.html');
  return (
    fs.existsSync(index) &&
    /<meta name="walletconnect" content="on"/.test(fs.readFileSync(index, 'utf8'))
  );
}

/** What the served web build asks of the policy. */
export interface WebPolicyNeeds {
  /** The build offers WalletConnect (webUsesWalletConnect). */
  walletConnect?: boolean;
}

/** The hashes of the inline styles of `<webDist>/index.html` (none without a web build). */
export function webStyleHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const index = path.join(webDist, 'index.html');
  return fs.existsSync(index) ? inlineStyleHashes(fs.readFileSync(index, 'utf8')) : [];
}

export function contentSecurityPolicy(
  styleHashes: readonly string[],
  needs: WebPolicyNeeds = {},
): string {
  const walletConnect = needs.walletConnect ? ` ${WALLETCONNECT_CONNECT_SOURCES.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    // The favicon is a data: URL in index.html.
    "img-src 'self' data:",
    "font-src 'self'",
    // /v1 and /rpc are on this origin; wallets talk to their own extension, not through the page.
    // Chain reads may also go to an RPC URL the user chose (issue 18 §2: any https node, or one
    // on the user's own machine); scripts stay 'self' only, so no other code can use this.
    `connect-src 'self' https: http://127.0.0.1:* http://localhost:*${walletConnect}`,
    // Frames: none of our own (default-src), only WalletConnect's verify frame when offered.
    ...(needs.walletConnect ? [`frame-src ${WALLETCONNECT_FRAME_SOURCES.join(' ')}`] : []),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(
  styleHashes: readonly string[],
  needs: WebPolicyNeeds = {},
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(styleHashes, needs),
    // Browsers ignore it over plain HTTP (local runs); behind TLS it pins the site to HTTPS.
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

/** Adds the headers to every response of `app`. */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string | undefined): void {
  const headers = securityHeaders(webStyleHashes(webDist), {
    walletConnect: webUsesWalletConnect(webDist),
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
