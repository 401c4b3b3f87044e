/**
 * The security headers a signing UI needs, on every response: a strict Content-Security-Policy
 * (scripts only from our own origin and never inline, data to our own /v1 API and /rpc proxy and
 * the RPC nodes the user chose,
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

/** The hashes of the inline styles of `<webDist>/index.html` (none without a web build). */
export function webStyleHashes(webDist: string | undefined): string[] {
  if (!webDist) return [];
  const index = path.join(webDist, 'index.html');
  return fs.existsSync(index) ? inlineStyleHashes(fs.readFileSync(index, 'utf8')) : [];
}

export function contentSecurityPolicy(styleHashes: readonly string[]): string {
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
    "connect-src 'self' https: http://127.0.0.1:* http://localhost:*",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(styleHashes: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(styleHashes),
    // Browsers ignore it over plain HTTP (local runs); behind TLS it pins the site to HTTPS.
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
  };
}

/** Adds the headers to every response of `app`. */
export function registerSecurityHeaders(app: FastifyInstance, webDist: string | undefined): void {
  const headers = securityHeaders(webStyleHashes(webDist));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
