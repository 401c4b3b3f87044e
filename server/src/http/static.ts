/**
 * The built web app at `/`: index.html (and other HTML), the service worker and the manifest must be
 * revalidated on every load so a new deploy is picked up; Vite's content-hashed files under /assets/
 * never change, so they are cached for a year. The build writes brotli and gzip copies of its text
 * files (web/vite.config.ts `precompress`); the one the browser accepts is sent as is, so nothing is
 * compressed per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A precompressed copy (`index.html.br`) is cached like the file it encodes. */
const logicalPath = (filePath: string): string => filePath.replace(/\.(br|gz)$/, '');

export const cacheControlFor = (sentPath: string): string => {
  const filePath = logicalPath(sentPath);
  return filePath.endsWith('.html') ||
    filePath.endsWith('.webmanifest') ||
    path.basename(filePath) === 'sw.js'
    ? 'no-cache'
    : filePath.split(path.sep).includes('assets')
      ? 'public, max-age=31536000, immutable'
      : 'public, max-age=3600';
};

export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const root = path.resolve(webDist);
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`webDist ${root} has no index.html (build the web app first)`);
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });
}
