import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const deployment = process.env.VITE_DEPLOYMENT === 'production' ? 'production' : 'local';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

/** Files of public/ the offline shell also keeps (the manifest and its icons). */
const publicShellFiles = [
  'manifest.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-192.png',
  'icons/icon-maskable-512.png',
];

/**
 * Emits /sw.js (src/pwa/sw.template.js) with this build's precache list: index.html, every hashed
 * file under assets/, and the manifest with its icons. The version is a hash of that list (the
 * file names carry content hashes), so each deploy installs a new cache and drops the old one.
 */
function offlineShell(): Plugin {
  const template = fileURLToPath(new URL('./src/pwa/sw.template.js', import.meta.url));
  return {
    name: 'offline-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hashed = Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && !file.endsWith('.map'))
        .sort();
      const precache = ['index.html', ...publicShellFiles, ...hashed];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 16);
      const source = readFileSync(template, 'utf8')
        .replace('__VERSION__', version)
        .replace('self.__PRECACHE__', JSON.stringify(precache));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), offlineShell()],
  define: {
    // Replaced at build time so the local-only code (test wallet) is dropped from production builds.
    'import.meta.env.VITE_DEPLOYMENT': JSON.stringify(deployment),
  },
  server: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/rpc': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true },
      '/rpc': { target: apiTarget, changeOrigin: true },
    },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 600 },
});
