import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** The web app's own version, shown on the System updates screen as the frontend version. */
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  plugins: [react(), precompress()],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(version) },
  server: {
    port: 5173,
    // The API server (apps/server) listens on 8080 in development.
    proxy: { '/api': 'http://localhost:8080' },
  },
  // The broker worker (src/lib/broker/broker-worker.ts) is a module worker.
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    // antd alone is close to 1 MB unminified; routes are lazy so the first load stays small.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // The router alone in its chunk: grouped automatically it shares a chunk with antd's form
        // and popup code, which the login route would then load too.
        codeSplitting: { groups: [{ name: 'react-router', test: /node_modules[\\/]react-router[\\/]/ }] },
      },
    },
  },
});
