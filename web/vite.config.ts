import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const deployment = process.env.VITE_DEPLOYMENT === 'production' ? 'production' : 'local';
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
