/**
 * Component tests (`*.component.test.tsx`): forms and dialogs rendered by React into happy-dom, in
 * seconds and without a build (`npm test -w web` runs them after the unit tests). The English texts
 * are the real locale file's; the deployment is the local one, as in `npm start`.
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_DEPLOYMENT': JSON.stringify('local'),
    'import.meta.env.VITE_STANDALONE': JSON.stringify('false'),
    'import.meta.env.VITE_WALLETCONNECT_PROJECT_ID': JSON.stringify(''),
    'import.meta.env.VITE_DEPLOYMENT_CONTRACTS': JSON.stringify(''),
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.component.test.tsx'],
    setupFiles: ['src/test/setup.ts'],
  },
});
