import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API server (apps/server) listens on 8080 in development.
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // antd alone is close to 1 MB unminified; routes are lazy so the first load stays small.
    chunkSizeWarningLimit: 1200,
  },
});
