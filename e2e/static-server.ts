/**
 * A plain static file server (no API, no /rpc, no rewrites): what any host of the standalone build
 * would be. Serves `dir` under `prefix` (e.g. '/mirror/app/'), so the build is tried from a path.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.md': 'text/markdown; charset=utf-8',
};

export async function serveStatic(dir: string, prefix: string) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(path);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end();
      return;
    }
    const relative = normalize(path.slice(prefix.length) || 'index.html');
    if (relative.startsWith('..')) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(dir, relative.endsWith('/') ? `${relative}index.html` : relative)).then(
      (body) => {
        res.writeHead(200, {
          'content-type': types[extname(relative)] ?? 'application/octet-stream',
        });
        res.end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
